import { useEffect } from 'react';
import { SnackbarProvider, useSnackbar } from 'notistack';
import type { Toast } from './toast';

/** Same placement and timing as the signed-in app's toasts (AppProviders). */
export const SNACKBAR_OPTIONS = { anchorOrigin: { vertical: 'top', horizontal: 'right' }, autoHideDuration: 5000, maxSnack: 4 } as const;

function Drain({ queue, onShown }: { queue: Toast[]; onShown: (ids: number[]) => void }) {
  const { enqueueSnackbar } = useSnackbar();
  useEffect(() => {
    if (queue.length === 0) return;
    for (const t of queue) enqueueSnackbar(t.message, { variant: t.variant });
    onShown(queue.map((t) => t.id));
  }, [queue, onShown, enqueueSnackbar]);
  return null;
}

/** notistack for the public page's shell, loaded by LazyToasts on the first toast. */
export default function LazySnackbarHost({ queue, onShown }: { queue: Toast[]; onShown: (ids: number[]) => void }) {
  return (
    <SnackbarProvider {...SNACKBAR_OPTIONS}>
      <Drain queue={queue} onShown={onShown} />
    </SnackbarProvider>
  );
}
