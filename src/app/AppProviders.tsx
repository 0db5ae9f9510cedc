import { useCallback, useMemo, type ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { useSnackbar } from 'notistack';
import { theme } from './theme';
import { ClubContext } from '../components/ClubContext';
import { NotifyProvider } from '../components/Toasts';
import type { Notify } from '../components/toastTypes';
import { ToastProvider } from '../components/LazySnackbarHost';
import { useClubConfig } from '../store/useClubConfig';

/** useNotify and useClub of the components shared with the public shell, from notistack and the store. */
function Bridges({ children }: { children: ReactNode }) {
  const { enqueueSnackbar } = useSnackbar();
  const notify = useCallback<Notify>((message, variant) => void enqueueSnackbar(message, { variant }), [enqueueSnackbar]);
  const { clubName, timezone } = useClubConfig();
  const club = useMemo(() => ({ clubName, timezone }), [clubName, timezone]);
  return (
    <NotifyProvider value={notify}>
      <ClubContext.Provider value={club}>{children}</ClubContext.Provider>
    </NotifyProvider>
  );
}

/** Theme (Italian locale) and toasts: top-right (bottom-centre on a phone), 5 s, variants success/error/info/warning. Needs the store. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <ToastProvider>
        <Bridges>{children}</Bridges>
      </ToastProvider>
    </ThemeProvider>
  );
}
