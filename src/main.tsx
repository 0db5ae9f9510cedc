import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { hasStoredSession } from './api/supabase';
import { installLazyErrorReporting, installNow } from './app/lazyErrorReporting';
import { isPublicHome } from './app/publicHome';
import { PublicApp } from './app/PublicApp';
import { registerServiceWorker } from './app/serviceWorker';

// Uncaught errors and rejections reach the error log (throttle and dedupe of spec 9 in the reporter,
// which loads on the first error: issue 13).
installLazyErrorReporting(window);

const root = createRoot(document.getElementById('root')!);

/** The store, the router and every screen, in a chunk of their own (issue 13). */
function startFullApp() {
  void installNow();
  void import('./app/FullApp').then(({ renderFullApp }) => renderFullApp(root));
}

if (!hasStoredSession() && isPublicHome(window.location.pathname)) {
  // A visitor on the home page: only the public page's code runs; 'Login' brings in the rest.
  // The server's HTML already shows the list (issue 13): React's first render is a transition, cut
  // in short slices that never block the main thread for long, and replaces that HTML when done.
  const renderPublic = () =>
    startTransition(() =>
      root.render(
        <StrictMode>
          <PublicApp
            onLogin={() => {
              window.history.pushState(null, '', '/login');
              startFullApp();
            }}
          />
        </StrictMode>,
      ),
    );
  // Let the browser paint the server's HTML first (the frame after this one), then start React.
  if (document.getElementById('public-partite')) requestAnimationFrame(() => setTimeout(renderPublic, 0));
  else renderPublic();
} else {
  startFullApp();
}

registerServiceWorker();
