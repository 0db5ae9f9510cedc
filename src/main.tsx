import { hasStoredSession } from './api/supabase';
import { installLazyErrorReporting, installNow } from './app/lazyErrorReporting';
import { enhanceServerPage, isKeptCopy, isPublicHome, type PublicStart } from './app/publicHome';
import { registerServiceWorker } from './app/serviceWorker';

// The entry is a few KB with no React (docs/public-page.md): on a phone the server's HTML of / is the page until a
// control is used; React, MUI and the public shell are the chunk of src/app/PublicApp.tsx ('public-app').

// Uncaught errors and rejections reach the error log (throttle and dedupe of docs/logs.md in the reporter,
// which loads on the first error: docs/public-page.md).
installLazyErrorReporting(window);

const loadPublicApp = () => import('./app/PublicApp');

/** The store, the router and every screen, in a chunk of their own (docs/public-page.md). */
function startFullApp() {
  void installNow();
  void Promise.all([loadPublicApp(), import('./app/FullApp')]).then(([{ appRoot }, { renderFullApp }]) => renderFullApp(appRoot()));
}

function login() {
  window.history.pushState(null, '', '/login');
  startFullApp();
}

const startPublicApp = (start?: PublicStart) => loadPublicApp().then(({ mountPublicApp }) => mountPublicApp(login, start));

if (!hasStoredSession() && isPublicHome(window.location.pathname)) {
  // A visitor on the home page: only the public page's code runs; 'Login' brings in the rest.
  const serverPage = document.getElementById('public-page');
  // The server put the list in the page (server/shared/public-home.ts): it stays as it is until used,
  // unless it is the service worker's old copy (offline), which React marks as such at once.
  if (serverPage && isKeptCopy(serverPage)) void startPublicApp({ fromServerPage: true });
  else if (serverPage) enhanceServerPage(serverPage, startPublicApp, login);
  // The app's shell alone (the service worker's fallback): React draws the page from the API.
  else void startPublicApp();
} else {
  // Signed in: the server's public list of / is not this person's page; it does not flash before the dashboard.
  if (hasStoredSession()) document.getElementById('public-page')?.remove();
  startFullApp();
}

registerServiceWorker();
