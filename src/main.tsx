import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { hasStoredSession } from './api/supabase';
import { installGlobalErrorReporting } from './api/errorReporter';
import { isPublicHome } from './app/publicHome';
import { PublicApp } from './app/PublicApp';
import { registerServiceWorker } from './app/serviceWorker';

// Uncaught errors and rejections reach the error log (throttle and dedupe of spec 9 in the reporter).
installGlobalErrorReporting(window);

const root = createRoot(document.getElementById('root')!);

/** The store, the router and every screen, in a chunk of their own (issue 13). */
function startFullApp() {
  void import('./app/FullApp').then(({ renderFullApp }) => renderFullApp(root));
}

if (!hasStoredSession() && isPublicHome(window.location.pathname)) {
  // A visitor on the home page: only the public page's code runs; 'Login' brings in the rest.
  root.render(
    <StrictMode>
      <PublicApp
        onLogin={() => {
          window.history.pushState(null, '', '/login');
          startFullApp();
        }}
      />
    </StrictMode>,
  );
} else {
  startFullApp();
}

registerServiceWorker();
