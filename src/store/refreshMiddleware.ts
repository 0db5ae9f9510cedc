import { createListenerMiddleware, type ListenerEffectAPI, type ThunkDispatch, type UnknownAction } from '@reduxjs/toolkit';
import type { SessionRefresher, SessionStore } from '../api/api';
import { refreshStarted, refreshSuggested, sessionChanged, signedOut, type SessionState } from './sessionSlice';

/** Token refresh thresholds (docs/auth.md). */
const REFRESH_RULES = {
  autoAfterMs: 35 * 60 * 1000,
  minIntervalMs: 60 * 1000,
  minRemainingSeconds: 300,
  checkEveryMs: 30 * 1000,
} as const;

interface RefreshInput {
  now: number;
  /** Seconds since epoch. */
  issuedAt: number | null;
  expiresAt: number | null;
  /** Milliseconds since epoch of the last refresh attempt. */
  lastRefreshAt: number | null;
  suggested?: boolean;
}

/** Whether to refresh the token now (never more than once a minute). */
export function refreshDecision({ now, issuedAt, expiresAt, lastRefreshAt, suggested = false }: RefreshInput): boolean {
  const age = issuedAt === null ? 0 : now - issuedAt * 1000;
  const throttled = lastRefreshAt !== null && now - lastRefreshAt < REFRESH_RULES.minIntervalMs;
  const nearExpiry = expiresAt !== null && expiresAt - now / 1000 < REFRESH_RULES.minRemainingSeconds;
  const old = age > REFRESH_RULES.autoAfterMs;
  return !throttled && (old || nearExpiry || suggested);
}

type State = { session: SessionState };
type Api = ListenerEffectAPI<State, ThunkDispatch<State, unknown, UnknownAction>>;

/**
 * The one refresh of a store's access token (SessionRefresher of src/api/api.ts): the timer below
 * (proactive, docs/auth.md) and the base query's re-authorization after a 401 (reactive) both go
 * through it, so a refresh one of them started is joined, never doubled: one call of the
 * authentication service however many callers. supabase-js's own timer is off (src/api/supabase.ts).
 * `refresh` gets a new access token into the store (the session gateway's refreshSession,
 * src/features/auth/session.ts: supabase-js's TOKEN_REFRESHED reaches the store before it
 * resolves); `endSession` is the signed-out flow (its signOut) for a token the server refused and
 * that could not be refreshed.
 */
export function createSessionRefresher(
  refresh: () => Promise<unknown>,
  endSession: () => Promise<unknown>,
  now: () => number = () => Date.now(),
): SessionRefresher {
  // Single flight: the promise of the refresh in flight, shared by every caller until it settles.
  let refreshing: Promise<void> | null = null;
  let ending: Promise<void> | null = null;

  function shared(): Promise<void> {
    if (!refreshing) {
      const flight = (async () => {
        await refresh();
      })();
      refreshing = flight;
      // Registered before any caller's await, so a caller that resumes sees no flight.
      const done = () => {
        if (refreshing === flight) refreshing = null;
      };
      flight.then(done, done);
    }
    return refreshing;
  }

  async function reauthorize(store: SessionStore): Promise<boolean> {
    if (ending) {
      await ending;
      return false;
    }
    if (!refreshing) store.dispatch(refreshStarted(now()));
    try {
      await shared();
      return true;
    } catch (err) {
      // Every caller of the failed refresh gets here in turn: the first one ends the session.
      if (!ending && (store.getState() as State).session.status === 'signedIn') {
        console.warn('Aggiornamento del token non riuscito dopo un 401: fine della sessione', err);
        const end = endSession().then(
          () => undefined,
          (e: unknown) => console.warn('Chiusura della sessione non riuscita', e),
        );
        ending = end;
        void end.then(() => {
          if (ending === end) ending = null;
        });
      }
      return false;
    }
  }

  async function settled(): Promise<void> {
    for (let flight = refreshing ?? ending; flight; flight = refreshing ?? ending) {
      await flight.then(
        () => undefined,
        () => undefined,
      );
    }
  }

  return { refresh: shared, reauthorize, settled };
}

/**
 * Listener middleware keeping the access token fresh, the one owner of the proactive refresh
 * (docs/auth.md): checks every 30 s while signed in, at once on a new token, and when a response
 * suggests a refresh. `refresh` is the store's shared one (SessionRefresher.refresh).
 */
export function createRefreshListener(refresh: () => Promise<unknown>, now: () => number = () => Date.now()) {
  const listener = createListenerMiddleware();
  const startListening = listener.startListening.withTypes<State, ThunkDispatch<State, unknown, UnknownAction>>();

  async function check(api: Api, suggested: boolean) {
    const s = api.getState().session;
    if (s.status !== 'signedIn') return;
    if (refreshDecision({ now: now(), issuedAt: s.issuedAt, expiresAt: s.expiresAt, lastRefreshAt: s.lastRefreshAt, suggested })) {
      api.dispatch(refreshStarted(now()));
      try {
        await refresh();
      } catch (err) {
        console.warn('Aggiornamento del token non riuscito', err);
      }
    }
  }

  startListening({
    predicate: (action) => sessionChanged.match(action) || signedOut.match(action),
    effect: async (action, api) => {
      // One checking loop per session: a newer token replaces the loop of the older one, sign-out ends it.
      api.cancelActiveListeners();
      if (signedOut.match(action)) return;
      await check(api, false);
      while (api.getState().session.status === 'signedIn') {
        await api.delay(REFRESH_RULES.checkEveryMs);
        await check(api, false);
      }
    },
  });
  startListening({
    actionCreator: refreshSuggested,
    effect: async (_action, api) => {
      await check(api, true);
    },
  });
  return listener;
}
