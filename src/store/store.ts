import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { api } from '../api/api';
import { sessionSlice } from './sessionSlice';

const rootReducer = combineSlices(sessionSlice, api);
export type RootState = ReturnType<typeof rootReducer>;

/** Builds a store; tests pass a preloaded state (renderWithProviders). */
export function setupStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof setupStore>;
export type AppDispatch = AppStore['dispatch'];
