import { useEffect, type ReactNode } from 'react';
import { MaterialDesignContent, SnackbarProvider, useSnackbar } from 'notistack';
import { styled } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Toast } from './toastTypes';
import { PALETTE } from '../../common/core/palette';

/**
 * notistack's toasts with colours that keep white text at WCAG AA contrast (its defaults: success
 * 3.3:1, warning 2.1:1, info 3.7:1); docs/public-page.md, accessibility. From 600 px at most 560 px wide: a long message (an
 * undo's clashes) wraps instead of spreading over the page.
 */
const ContrastContent = styled(MaterialDesignContent)(() => ({
  '@media (min-width:600px)': { maxWidth: 560 },
  '&.notistack-MuiContent-success': { backgroundColor: '#1b5e20' },
  '&.notistack-MuiContent-error': { backgroundColor: '#b71c1c' },
  '&.notistack-MuiContent-warning': { backgroundColor: '#8a4500' },
  '&.notistack-MuiContent-info': { backgroundColor: PALETTE.info },
}));

/** Same placement, timing and colours for every toast of the app (AppProviders and the public shell). */
export const SNACKBAR_OPTIONS = {
  anchorOrigin: { vertical: 'top', horizontal: 'right' },
  autoHideDuration: 5000,
  maxSnack: 4,
  Components: { success: ContrastContent, error: ContrastContent, warning: ContrastContent, info: ContrastContent },
} as const;

/** Under 600 px (MUI's xs) toasts sit at the bottom: at the top they would cover the bar and its menu. */
export const PHONE_TOAST_QUERY = '(max-width:599.95px)';
const PHONE_ANCHOR = { vertical: 'bottom', horizontal: 'center' } as const;

/** notistack with SNACKBAR_OPTIONS: top-right on a tablet or wider, bottom-centre on a phone. */
export function ToastProvider({ children }: { children?: ReactNode }) {
  // noSsr: read the width on the first render, so the first toast (e.g. 'Login effettuato!') is already placed right.
  const phone = useMediaQuery(PHONE_TOAST_QUERY, { noSsr: true });
  return (
    <SnackbarProvider {...SNACKBAR_OPTIONS} anchorOrigin={phone ? PHONE_ANCHOR : SNACKBAR_OPTIONS.anchorOrigin}>
      {children}
    </SnackbarProvider>
  );
}

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
    <ToastProvider>
      <Drain queue={queue} onShown={onShown} />
    </ToastProvider>
  );
}
