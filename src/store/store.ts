import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { api, type BaseQueryExtra } from '../api/api';
import { sessionSlice } from './sessionSlice';
import { configSlice } from './configSlice';
import { createRefreshListener, createSessionRefresher } from './refreshMiddleware';
import { refreshSession, signOut } from './authClient';
import { errorReportingMiddleware } from './errorReportingMiddleware';
import { activityRefreshMiddleware } from './activityRefresh';

const rootReducer = combineSlices(sessionSlice, configSlice, api);
export type RootState = ReturnType<typeof rootReducer>;

export interface StoreOptions {
  /** How the token is refreshed (default: the supabase client's refreshSession). */
  refresh?: () => Promise<unknown>;
  /** How the session ends when the server refused its token and the refresh failed (default: local sign-out). */
  endSession?: () => Promise<unknown>;
}

/**
 * Builds a store; tests pass a preloaded state (renderWithProviders). Its one refresh (single
 * flight) is shared by the proactive refresh timer (docs/auth.md) and the base query's re-authorization after a 401, which
 * finds it in the thunk extra argument (BaseQueryApi.extra).
 */
export function setupStore(preloadedState?: Partial<RootState>, options: StoreOptions = {}) {
  const session = createSessionRefresher(options.refresh ?? refreshSession, options.endSession ?? (() => signOut('local')));
  const refreshListener = createRefreshListener(session.refresh);
  const extra: BaseQueryExtra = { session };
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
