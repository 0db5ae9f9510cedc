import { useEffect } from 'react';
import { MaterialDesignContent, SnackbarProvider, useSnackbar } from 'notistack';
import { styled } from '@mui/material/styles';
import type { Toast } from './toast';

/**
 * notistack's toasts with colours that keep white text at WCAG AA contrast (its defaults: success
 * 3.3:1, warning 2.1:1, info 3.7:1); issue 13.
 */
const ContrastContent = styled(MaterialDesignContent)(() => ({
  '&.notistack-MuiContent-success': { backgroundColor: '#1b5e20' },
  '&.notistack-MuiContent-error': { backgroundColor: '#b71c1c' },
  '&.notistack-MuiContent-warning': { backgroundColor: '#8a4500' },
  '&.notistack-MuiContent-info': { backgroundColor: '#01579b' },
}));

/** Same placement, timing and colours for every toast of the app (AppProviders and the public shell). */
export const SNACKBAR_OPTIONS = {
  anchorOrigin: { vertical: 'top', horizontal: 'right' },
  autoHideDuration: 5000,
  maxSnack: 4,
  Components: { success: ContrastContent, error: ContrastContent, warning: ContrastContent, info: ContrastContent },
} as const;

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
