import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import dayjs from 'dayjs';
import 'dayjs/locale/it';
import { setupStore } from './store/store';
import { loadClubConfig } from './store/configSlice';
import { initAuth } from './store/authClient';
import { hasStoredSession } from './api/supabase';
import { reportClientError, setReportToken } from './api/errorReporter';
import { AppProviders } from './app/AppProviders';
import { AppRoutes } from './app/AppRoutes';
import { ComponentErrorBoundary } from './components/ErrorBoundaries';

dayjs.locale('it');

const store = setupStore();
setReportToken(() => store.getState().session.accessToken);
void store.dispatch(loadClubConfig());
// A stored session loads supabase-js at once; a visitor without one gets the public page first.
initAuth(store, hasStoredSession());

// Uncaught errors reach the error log, at most one every 10 s (spec 9).
let lastGlobalReport = 0;
function reportGlobal(error: unknown) {
  const now = Date.now();
  if (now - lastGlobalReport < 10_000) return;
  lastGlobalReport = now;
  const e = error instanceof Error ? error : new Error(String(error));
  reportClientError({ type: 'frontend', message: e.message, stack: e.stack, context: { errorName: e.name } });
}
window.addEventListener('error', (event) => reportGlobal(event.error ?? event.message));
window.addEventListener('unhandledrejection', (event) => reportGlobal(event.reason));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={store}>
      <AppProviders>
        <ComponentErrorBoundary>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </ComponentErrorBoundary>
      </AppProviders>
    </Provider>
  </StrictMode>,
);
