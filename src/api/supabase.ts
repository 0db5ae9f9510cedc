import type { BaseQueryApi } from '@reduxjs/toolkit/query/react';
import type { SupabaseClient } from '@supabase/supabase-js';
import { loadPublicConfig } from '../config/publicConfig';
import { withPolicies, type CallMeta, type Road, type RoadResult } from './api';

let clientPromise: Promise<SupabaseClient> | null = null;

/** The request and answer of each read of supabaseRoad, by the abort signal it gave its query. */
const calls = new WeakMap<AbortSignal, Partial<CallMeta>>();

/**
 * The client's fetch: the fetch of the page (looked up at call time, as the base query's), which
 * records, for a read of supabaseRoad, the request it sent and the answer (fetchBaseQuery's meta),
 * so the base query's layers read the refused token and the answer's headers as on the fetch road.
 */
function recordingFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const record = init?.signal ? calls.get(init.signal) : undefined;
  if (!record) return fetch(input, init);
  const request = new Request(input, init);
  record.request = request;
  return fetch(request).then((response) => {
    record.response = response;
    return response;
  });
}

/**
 * The one supabase client, created on first use: supabase-js is loaded with a dynamic import so
 * the anonymous public page does not download it. Its own refresh timer is off
 * (`autoRefreshToken: false`): the access token is refreshed by one owner only, the proactive timer
 * of src/store/refreshMiddleware.ts (docs/auth.md; and, after a 401, the base query's re-authorization through
 * the same shared refresh), never by supabase-js behind its back. Nothing in the SPA may call
 * `auth.startAutoRefresh()`. supabase-js still renews, on its own, a session it reads with less
 * than 90 s left (getSession, e.g. the INITIAL_SESSION of a page load after a long absence, or
 * setSession of an expired token): no timer, a session that could not be used otherwise.
 */
export function getSupabase(): Promise<SupabaseClient> {
  if (!clientPromise) {
    const promise = (async () => {
      const [config, { createClient }] = await Promise.all([loadPublicConfig(), import('@supabase/supabase-js')]);
      if (!config.supabaseAnonKey) throw new Error('config senza chiave pubblica');
      return createClient(config.supabaseUrl, config.supabaseAnonKey, {
        auth: { detectSessionInUrl: false, flowType: 'implicit', persistSession: true, autoRefreshToken: false },
        global: { fetch: recordingFetch },
      });
    })();
    clientPromise = promise;
    // A failed load (server down, chunk missing) may be retried later.
    promise.catch(() => {
      if (clientPromise === promise) clientPromise = null;
    });
  }
  return clientPromise;
}

/** Protocol doc 1: supabase-js keeps the session in localStorage under sb-<host first label>-auth-token. */
const STORAGE_KEY = /^sb-.+-auth-token$/;

export function storedSessionKeys(): string[] {
  try {
    return Object.keys(window.localStorage).filter((k) => STORAGE_KEY.test(k));
  } catch {
    return [];
  }
}

/** Whether a session was stored by an earlier visit (decides whether to load supabase-js at once). */
export function hasStoredSession(): boolean {
  return storedSessionKeys().length > 0;
}

export function clearStoredSession(): void {
  for (const key of storedSessionKeys()) window.localStorage.removeItem(key);
}

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
 * supabase-js's road (the dashboard's read of `partite`, docs/partite.md): one try of the query,
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
    const record: Partial<CallMeta> = {};
    calls.set(controller.signal, record);
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
