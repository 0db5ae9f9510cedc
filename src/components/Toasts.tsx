import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { Notify, Toast } from './toastTypes';

const NotifyContext = createContext<Notify>(() => undefined);

/** Shows a toast: notistack's in the signed-in app, the same notistack loaded on first use on the public page. */
export const useNotify = (): Notify => useContext(NotifyContext);

/** For a shell that already has notistack's SnackbarProvider: hands its enqueueSnackbar to useNotify. */
export const NotifyProvider = NotifyContext.Provider;

const SnackbarHost = lazy(() => import('./LazySnackbarHost'));

/**
 * Toasts for the public page's shell: notistack (about 7 KB gzip) is downloaded the first time a toast
 * is asked for, not with the page (docs/public-page.md); the queue waits for it.
 */
export function LazyToasts({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<Toast[]>([]);
  const [started, setStarted] = useState(false);
  const notify = useCallback<Notify>((message, variant) => {
    setStarted(true);
    setQueue((q) => [...q, { id: Date.now() + Math.random(), message, variant }]);
  }, []);
  const shown = useCallback((ids: number[]) => setQueue((q) => q.filter((t) => !ids.includes(t.id))), []);
  const value = useMemo(() => notify, [notify]);
  return (
    <NotifyContext.Provider value={value}>
      {children}
      {started && (
        <Suspense fallback={null}>
          <SnackbarHost queue={queue} onShown={shown} />
        </Suspense>
      )}
    </NotifyContext.Provider>
  );
}
