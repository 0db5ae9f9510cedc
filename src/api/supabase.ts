import type { SupabaseClient } from '@supabase/supabase-js';

/** What GET /api/config tells the SPA: where the authentication service lives and its public key. */
export interface PublicConfig {
  supabaseUrl: string;
  supabaseAnonKey: string;
}

/** Reads the runtime config (never build-time constants), tolerating the usual field names. */
export async function fetchPublicConfig(): Promise<PublicConfig> {
  const response = await fetch('/api/config', { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const body = (await response.json()) as Record<string, unknown> & { supabase?: Record<string, unknown> };
  const pick = (...values: unknown[]) => values.find((v): v is string => typeof v === 'string' && v.length > 0);
  const url = pick(body.supabaseUrl, body.url, body.supabase?.url) ?? '/';
  const key = pick(body.supabaseAnonKey, body.anonKey, body.supabaseKey, body.supabase?.anonKey, body.supabase?.key);
  if (!key) throw new Error('config senza chiave pubblica');
  return { supabaseUrl: new URL(url, window.location.origin).toString().replace(/\/+$/, ''), supabaseAnonKey: key };
}

let clientPromise: Promise<SupabaseClient> | null = null;

/**
 * The one supabase client, created on first use: supabase-js is loaded with a dynamic import so
 * the anonymous public page does not download it.
 */
export function getSupabase(): Promise<SupabaseClient> {
  if (!clientPromise) {
    const promise = (async () => {
      const [config, { createClient }] = await Promise.all([fetchPublicConfig(), import('@supabase/supabase-js')]);
      return createClient(config.supabaseUrl, config.supabaseAnonKey, {
        auth: { detectSessionInUrl: false, flowType: 'implicit', persistSession: true, autoRefreshToken: true },
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
