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
import { installGlobalErrorReporting, setReportToken } from './api/errorReporter';
import { AppProviders } from './app/AppProviders';
import { AppRoutes } from './app/AppRoutes';
import { ComponentErrorBoundary } from './components/ErrorBoundaries';

dayjs.locale('it');

const store = setupStore();
setReportToken(() => store.getState().session.accessToken);
void store.dispatch(loadClubConfig());
// A stored session loads supabase-js at once; a visitor without one gets the public page first.
initAuth(store, hasStoredSession());

// Uncaught errors and rejections reach the error log (throttle and dedupe of spec 9 in the reporter).
installGlobalErrorReporting(window);

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
