import { createListenerMiddleware, type ListenerEffectAPI, type ThunkDispatch, type UnknownAction } from '@reduxjs/toolkit';
import { refreshFlagged, refreshStarted, refreshSuggested, sessionChanged, signedOut, type SessionState } from './sessionSlice';

/** Spec 4 and 9: token refresh thresholds. */
export const REFRESH_RULES = {
  flagAfterMs: 30 * 60 * 1000,
  autoAfterMs: 35 * 60 * 1000,
  minIntervalMs: 60 * 1000,
  minRemainingSeconds: 300,
  checkEveryMs: 30 * 1000,
} as const;

export interface RefreshInput {
  now: number;
  /** Seconds since epoch. */
  issuedAt: number | null;
  expiresAt: number | null;
  /** Milliseconds since epoch of the last refresh attempt. */
  lastRefreshAt: number | null;
  suggested?: boolean;
}

/** Whether to flag the token and whether to refresh it now (never more than once a minute). */
export function refreshDecision({ now, issuedAt, expiresAt, lastRefreshAt, suggested = false }: RefreshInput) {
  const age = issuedAt === null ? 0 : now - issuedAt * 1000;
  const flag = age >= REFRESH_RULES.flagAfterMs;
  const throttled = lastRefreshAt !== null && now - lastRefreshAt < REFRESH_RULES.minIntervalMs;
  const nearExpiry = expiresAt !== null && expiresAt - now / 1000 < REFRESH_RULES.minRemainingSeconds;
  const old = age > REFRESH_RULES.autoAfterMs;
  return { flag, refresh: !throttled && (old || nearExpiry || suggested) };
}

type State = { session: SessionState };
type Api = ListenerEffectAPI<State, ThunkDispatch<State, unknown, UnknownAction>>;

/**
 * Listener middleware keeping the access token fresh: checks every 30 s while signed in, at
 * once on a new token, and when a response suggests a refresh.
 */
export function createRefreshListener(refresh: () => Promise<unknown>, now: () => number = () => Date.now()) {
  const listener = createListenerMiddleware();
  const startListening = listener.startListening.withTypes<State, ThunkDispatch<State, unknown, UnknownAction>>();

  async function check(api: Api, suggested: boolean) {
    const s = api.getState().session;
    if (s.status !== 'signedIn') return;
    const decision = refreshDecision({ now: now(), issuedAt: s.issuedAt, expiresAt: s.expiresAt, lastRefreshAt: s.lastRefreshAt, suggested });
    if (decision.flag && !s.refreshFlagged) api.dispatch(refreshFlagged());
    if (decision.refresh) {
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
