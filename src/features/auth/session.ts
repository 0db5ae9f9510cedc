import type { Session, SupabaseClient } from '@supabase/supabase-js';
import type { UnknownAction } from '@reduxjs/toolkit';
import { api } from '../../api/api';
import { clearStoredSession, getSupabase } from '../../api/supabase';
import type { StoreOptions } from '../../store/store';
import { roleStatusChanged, sessionChanged, sessionLoading, signedOut, type SessionState } from '../../store/sessionSlice';
import { cachedRole, clearRoleCache, decodeJwt } from './roleResolution';

/*
 * The session gateway (docs/auth.md): the one place where supabase-js's session meets the store.
 * supabase-js keeps the session (localStorage) and renews it; every change it reports
 * (onAuthStateChange) is handed to the store here; sign-in, sign-out and the store's refresh go
 * through here.
 */

/** The store as this module needs it. */
interface StoreLike {
  dispatch: (action: UnknownAction) => unknown;
  getState: () => { session: SessionState };
}

let store: StoreLike | null = null;
let subscribed: SupabaseClient | null = null;
let lastUserId: string | null = null;
/** The access token of the last session supabase-js handed to the store (refreshSession compares). */
let appliedToken: string | null = null;

/** Feeds the store from a supabase session (or its absence). */
function applySession(target: StoreLike, session: Session | null): void {
  if (!session) {
    clearLocalState(target);
    return;
  }
  if (lastUserId && lastUserId !== session.user.id) target.dispatch(api.util.resetApiState());
  lastUserId = session.user.id;
  appliedToken = session.access_token;
  const claims = decodeJwt(session.access_token);
  const now = Math.floor(Date.now() / 1000);
  target.dispatch(
    sessionChanged({
      user: { id: session.user.id, email: session.user.email ?? '', role: cachedRole(session) },
      accessToken: session.access_token,
      expiresAt: session.expires_at ?? now + (session.expires_in ?? 3600),
      issuedAt: typeof claims?.iat === 'number' ? claims.iat : now,
    }),
  );
}

/** Sign-out as the store sees it: no user, no cached data, no stored token. */
function clearLocalState(target: StoreLike): void {
  const wasSignedIn = target.getState().session.status !== 'signedOut' || lastUserId !== null;
  lastUserId = null;
  appliedToken = null;
  clearRoleCache();
  target.dispatch(signedOut());
  if (wasSignedIn) target.dispatch(api.util.resetApiState());
  clearStoredSession();
}

/** Remembers the store the supabase client feeds, without touching its state (tests). */
export function bindAuthStore(target: StoreLike): void {
  store = target;
}

/** Remembers the store; with a stored session it loads the client at once (roles show as loading). */
export function initAuth(target: StoreLike, hasStoredSession: boolean): void {
  store = target;
  if (hasStoredSession) void connect(true);
  else target.dispatch(signedOut());
}

async function connect(showLoading: boolean): Promise<SupabaseClient> {
  if (!store) throw new Error('initAuth non chiamato');
  const target = store;
  if (showLoading) target.dispatch(sessionLoading());
  try {
    const client = await getSupabase();
    if (subscribed !== client) {
      subscribed = client;
      // supabase-js replays the stored session as INITIAL_SESSION right after subscribing.
      client.auth.onAuthStateChange((_event, session) => applySession(store ?? target, session));
    }
    return client;
  } catch (err) {
    if (showLoading) target.dispatch(roleStatusChanged('error'));
    throw err;
  }
}

/** The supabase client, wired to the store (loads supabase-js on first use). */
export function getAuthClient(): Promise<SupabaseClient> {
  return connect(false);
}

/** The retry action of the 'Errore di Autenticazione' screen. */
export function retryAuth(): Promise<unknown> {
  return connect(true).catch(() => undefined);
}

/**
 * Ends the session (this device only with scope 'local') and clears store, caches and stored token.
 * Also the end of a session whose token the server refused and could not be refreshed (setupStore, 'local').
 */
export async function signOut(scope: 'global' | 'local' = 'global'): Promise<void> {
  try {
    const client = await getAuthClient();
    await client.auth.signOut({ scope });
  } catch (err) {
    console.warn('Logout dal servizio di autenticazione non riuscito', err);
  } finally {
    if (store) clearLocalState(store);
  }
}

/**
 * Asks the authentication service for a new access token: the store's one refresh function
 * (setupStore shares it, single flight, between the proactive timer of docs/auth.md and the base query's
 * re-authorization after a 401). supabase-js hands TOKEN_REFRESHED to applySession before this
 * resolves, so the store already holds the new token then; a failure throws.
 */
export async function refreshSession(): Promise<void> {
  const client = await getAuthClient();
  const held = appliedToken;
  // supabase-js renews by itself, while reading it, a session with less than 90 s left (a token
  // that expired while the laptop slept), and its refreshSession would then renew it a second time
  // with the rotated refresh token: read the session first, and refresh only if that did not.
  const { data, error: readError } = await client.auth.getSession();
  if (readError) throw readError;
  if (!data.session) throw new Error('Nessuna sessione da aggiornare');
  if (held !== null && data.session.access_token !== held) {
    // Renewed while being read (TOKEN_REFRESHED already fed the store), or by another tab.
    if (store && store.getState().session.accessToken !== data.session.access_token) applySession(store, data.session);
    return;
  }
  const { error } = await client.auth.refreshSession();
  if (error) throw error;
}

/** The session a sign-in answered (POST /auth/v1/token, docs/auth.md): its tokens. */
export interface SignedInSession {
  access_token: string;
  refresh_token: string;
}

/**
 * Hands the session a sign-in answered to supabase-js (setSession: it reads the user, GET
 * /auth/v1/user, stores the session and reports SIGNED_IN, which feeds the store). The password
 * crossed the wire once, in the sign-in call; this sends tokens only. Throws when supabase-js
 * cannot load or refuses the session.
 */
export async function adoptSession(session: SignedInSession): Promise<void> {
  const client = await getAuthClient();
  const { error } = await client.auth.setSession({ access_token: session.access_token, refresh_token: session.refresh_token });
  if (error) throw error;
}

/** The store's refresh and end of a session through this gateway (setupStore's options: the app, and tests of the whole flow). */
export const sessionOptions: Required<StoreOptions> = {
  refresh: refreshSession,
  endSession: () => signOut('local'),
};
