import { PUBLIC_PAGE_CACHE } from '../../common/matches/public-page';

/** Stores the server's page of / in the worker's cache for it (the same public page for everyone, no token). */
function keepPublicPage() {
  if (!('caches' in window)) return;
  caches
    .open(PUBLIC_PAGE_CACHE)
    .then((cache) => cache.add('/'))
    .catch(() => {
      // No room or no network now: the worker keeps the page at the next visit instead.
    });
}

/**
 * Registers the service worker that vite-plugin-pwa builds (vite.config.ts): it keeps the app shell and
 * the last public list, so / opens with no signal (docs/public-page.md, offline). Built files only: the dev server has none.
 * The worker takes over at once (skipWaiting, clientsClaim), so a new version serves the next visit.
 */
export function registerServiceWorker(): void {
  // Vite replaces import.meta.env at build time (the project has no vite/client types).
  const env = (import.meta as ImportMeta & { env?: { PROD?: boolean } }).env;
  if (!env?.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    // The first visit's page came before the worker: when the worker takes this page over, the page
    // of / is kept at once, so the very next visit opens with no signal too (docs/public-page.md, offline).
    if (!navigator.serviceWorker.controller && window.location.pathname === '/') {
      navigator.serviceWorker.addEventListener('controllerchange', keepPublicPage, { once: true });
    }
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
      // No worker (private mode, an old browser): the page works as before, only not offline.
    });
  };
  // After the page's own downloads and when the main thread is idle, so the precache never competes
  // with the first screen (docs/public-page.md).
  const whenIdle = () => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(register, { timeout: 5000 });
    else setTimeout(register, 1000);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
