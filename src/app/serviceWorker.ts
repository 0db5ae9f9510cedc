/**
 * Registers the service worker that vite-plugin-pwa builds (vite.config.ts): it keeps the app shell and
 * the last public list, so / opens with no signal (issue 13). Built files only: the dev server has none.
 * The worker takes over at once (skipWaiting, clientsClaim), so a new version serves the next visit.
 */
export function registerServiceWorker(): void {
  // Vite replaces import.meta.env at build time (the project has no vite/client types).
  const env = (import.meta as ImportMeta & { env?: { PROD?: boolean } }).env;
  if (!env?.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
      // No worker (private mode, an old browser): the page works as before, only not offline.
    });
  };
  // After the page's own downloads and when the main thread is idle, so the precache never competes
  // with the first screen (issue 13).
  const whenIdle = () => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(register, { timeout: 5000 });
    else setTimeout(register, 1000);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
