import type { SupabaseClient } from '@supabase/supabase-js';
import { loadPublicConfig } from '../config/publicConfig';

let clientPromise: Promise<SupabaseClient> | null = null;

/**
 * The one supabase client, created on first use: supabase-js is loaded with a dynamic import so
 * the anonymous public page does not download it.
 */
export function getSupabase(): Promise<SupabaseClient> {
  if (!clientPromise) {
    const promise = (async () => {
      const [config, { createClient }] = await Promise.all([loadPublicConfig(), import('@supabase/supabase-js')]);
      if (!config.supabaseAnonKey) throw new Error('config senza chiave pubblica');
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
