import type { SupabaseClient } from '@supabase/supabase-js';
import { loadPublicConfig } from '../config/publicConfig';
import type { CallMeta } from './api';

let clientPromise: Promise<SupabaseClient> | null = null;

/** The request and answer of each read of the supabase-js road (src/api/supabaseRoad.ts), by the abort signal it gave its query. */
const calls = new WeakMap<AbortSignal, Partial<CallMeta>>();

/**
 * What the client's fetch records of the call `signal` is given to: the request it sent and the
 * answer (fetchBaseQuery's meta), so the base query's layers read the refused token and the
 * answer's headers as on the fetch road.
 */
export function recordCall(signal: AbortSignal): Partial<CallMeta> {
  const record: Partial<CallMeta> = {};
  calls.set(signal, record);
  return record;
}

/** The client's fetch: the fetch of the page (looked up at call time, as the base query's), recording the calls of recordCall. */
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
