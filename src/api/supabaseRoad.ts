import type { BaseQueryApi } from '@reduxjs/toolkit/query/react';
import type { SupabaseClient } from '@supabase/supabase-js';
import { withPolicies, type CallMeta, type Road, type RoadResult } from './api';
import { getSupabase, recordCall } from './supabase';

// Beside src/api/supabase.ts, not in it: the page's entry reads the stored session there without
// loading RTK Query.

/** What a supabase-js query answers (PostgrestResponse, as the road reads it). */
interface SupabaseAnswer {
  data: unknown;
  error: { message: string } | null;
  status: number;
}

/** The part of supabase-js's query builder (PostgrestFilterBuilder) the road drives. */
interface SupabaseQuery extends PromiseLike<SupabaseAnswer> {
  setHeader(name: string, value: string): SupabaseQuery;
  abortSignal(signal: AbortSignal): SupabaseQuery;
  retry(enabled: boolean): SupabaseQuery;
}

/** A read through supabase-js: the query, built on the client (e.g. `(db) => db.from('partite').select('*')`). */
type SupabaseRead = (client: SupabaseClient) => SupabaseQuery;

/**
 * supabase-js's road (the dashboard's read of `partite`, docs/matches.md): one try of the query,
 * with the token the layers chose as its bearer, the call's own abort signal, and supabase-js's own
 * retries off (the layers retry, on their policy). Answers in fetchBaseQuery's shapes: a PostgREST
 * error with its HTTP status and body, a call that got no answer as FETCH_ERROR.
 */
const supabaseRoad: Road<SupabaseRead> = {
  isPublic: () => false,
  async send(read: SupabaseRead, baseApi: BaseQueryApi, token: string | null): Promise<RoadResult> {
    let client: SupabaseClient;
    try {
      client = await getSupabase();
    } catch (err) {
      return { error: { status: 'FETCH_ERROR', error: String(err) } };
    }
    // A signal of this try only, following RTK Query's: it tells recordingFetch which call it sends.
    const controller = new AbortController();
    const abort = () => controller.abort();
    baseApi.signal.addEventListener('abort', abort, { once: true });
    const record = recordCall(controller.signal);
    try {
      let query = read(client).abortSignal(controller.signal).retry(false);
      if (token) query = query.setHeader('Authorization', `Bearer ${token}`);
      const { data, error, status } = await query;
      const meta = record.request ? (record as CallMeta) : undefined;
      if (!error) return { data, meta };
      if (!status) return { error: { status: 'FETCH_ERROR', error: error.message }, meta };
      return { error: { status, data: error }, meta };
    } finally {
      baseApi.signal.removeEventListener('abort', abort);
    }
  },
};

/** The base query of supabase-js reads: supabaseRoad with the layers of every call (src/api/api.ts, withPolicies). */
export const supabaseBaseQuery = withPolicies(supabaseRoad);
