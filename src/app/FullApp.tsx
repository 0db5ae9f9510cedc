import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { Provider } from 'react-redux';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import dayjs from 'dayjs';
import 'dayjs/locale/it';
import { setupStore } from '../store/store';
import { loadClubConfig } from '../store/configSlice';
import { initAuth, sessionOptions } from '../features/auth/session';
import { hasStoredSession } from '../api/supabase';
import { setReportToken } from '../api/errorReporter';
import { AppProviders } from './AppProviders';
import { appRoutes } from './AppRoutes';
import { ComponentErrorBoundary } from '../components/ErrorBoundaries';
import { preloadScreen } from './shellScreens';

/**
 * The whole app (store, router, every screen): rendered at once for a stored session or any route but
 * the public home, else when a visitor of the public shell presses 'Login' (docs/public-page.md).
 */
export function renderFullApp(root: Root): void {
  dayjs.locale('it');
  // The store renews and ends its session through the session gateway (docs/auth.md).
  const store = setupStore(undefined, sessionOptions);
  setReportToken(() => store.getState().session.accessToken);
  void store.dispatch(loadClubConfig());
  // A stored session loads supabase-js at once; a visitor without one gets the public page first.
  initAuth(store, hasStoredSession());
  // The screen of the address first (src/app/screens.ts): React's first picture is that screen, not a spinner.
  // A data router: its blocker lets forms ask before typed input is lost (docs/screens.md).
  void preloadScreen(window.location.pathname, hasStoredSession()).then(() => root.render(
    <StrictMode>
      <Provider store={store}>
        <AppProviders>
          <ComponentErrorBoundary>
            <RouterProvider router={createBrowserRouter(appRoutes)} />
          </ComponentErrorBoundary>
        </AppProviders>
      </Provider>
    </StrictMode>,
  ));
}
