import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { api, type BaseQueryExtra } from '../api/api';
import { refreshSuggested, sessionSlice, type SessionState } from './sessionSlice';
import { configSlice } from './configSlice';
import { createRefreshListener, createSessionRefresher } from './refreshMiddleware';
import { errorReportingMiddleware } from './errorReportingMiddleware';
import { activityRefreshMiddleware } from './activityRefresh';

const rootReducer = combineSlices(sessionSlice, configSlice, api);
export type RootState = ReturnType<typeof rootReducer>;

/** How the store's session is renewed and ended: the session gateway's (src/features/auth/session.ts, sessionOptions). */
export interface StoreOptions {
  /** How the token is refreshed (without one: a refresh fails, as with no authentication service). */
  refresh?: () => Promise<unknown>;
  /** How the session ends when the server refused its token and the refresh failed (without one: nothing, the session being the gateway's). */
  endSession?: () => Promise<unknown>;
}

const noRefresh = () => Promise.reject(new Error('Nessun servizio di autenticazione collegato allo store'));
const noEnd = async () => undefined;

/**
 * Builds a store; tests pass a preloaded state (renderWithProviders). Its one refresh (single
 * flight) is shared by the proactive refresh timer (docs/auth.md) and the base query's
 * re-authorization after a 401, which finds it, with the session's token, in the thunk extra
 * argument (BaseQueryApi.extra): src/api never imports the store.
 */
export function setupStore(preloadedState?: Partial<RootState>, options: StoreOptions = {}) {
  const session = createSessionRefresher(options.refresh ?? noRefresh, options.endSession ?? noEnd);
  const refreshListener = createRefreshListener(session.refresh);
  const extra: BaseQueryExtra = {
    accessToken: (state) => (state as { session: SessionState }).session.accessToken,
    refreshSuggested,
    session,
  };
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) =>
      getDefault({ thunk: { extraArgument: extra } })
        .prepend(refreshListener.middleware)
        .concat(api.middleware, errorReportingMiddleware, activityRefreshMiddleware),
  });
}

export type AppStore = ReturnType<typeof setupStore>;
export type AppDispatch = AppStore['dispatch'];
