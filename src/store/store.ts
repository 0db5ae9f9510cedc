import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { api } from '../api/api';
import { sessionSlice } from './sessionSlice';
import { configSlice } from './configSlice';
import { createRefreshListener } from './refreshMiddleware';
import { refreshSession } from './authClient';
import { errorReportingMiddleware } from './errorReportingMiddleware';
import { activityRefreshMiddleware } from './activityRefresh';

const rootReducer = combineSlices(sessionSlice, configSlice, api);
export type RootState = ReturnType<typeof rootReducer>;

export interface StoreOptions {
  /** How the token is refreshed (default: the supabase client). */
  refresh?: () => Promise<unknown>;
}

/** Builds a store; tests pass a preloaded state (renderWithProviders). */
export function setupStore(preloadedState?: Partial<RootState>, options: StoreOptions = {}) {
  const refreshListener = createRefreshListener(options.refresh ?? refreshSession);
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().prepend(refreshListener.middleware).concat(api.middleware, errorReportingMiddleware, activityRefreshMiddleware),
  });
}

export type AppStore = ReturnType<typeof setupStore>;
export type AppDispatch = AppStore['dispatch'];
