import { Component, lazy, Suspense, useEffect, useState, type ErrorInfo, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { theme } from './theme';
import { ClubContext } from '../components/ClubContext';
import { reportLater } from './lazyErrorReporting';
import { LazyToasts } from '../components/toast';
import { DEFAULT_CLUB_CONFIG, loadPublicConfig, type ClubConfig } from '../config/publicConfig';
import PublicDashboardPage from '../features/matches/PublicDashboardPage';

const PublicErrorFallback = lazy(() => import('./PublicErrorFallback'));

/**
 * ComponentErrorBoundary's behaviour (record the failure, 'Oops! Qualcosa è andato storto' with retry
 * and reload) with its card loaded only on a failure: the shell's bundle stays small (issue 13).
 */
class PublicErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    reportLater({
      type: 'frontend',
      severity: 'high',
      message: error.message || String(error),
      stack: `${error.stack ?? ''}\n${info.componentStack ?? ''}`,
      context: { errorName: error.name },
    });
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Suspense fallback={null}>
        <PublicErrorFallback onRetry={() => this.setState({ failed: false })} />
      </Suspense>
    );
  }
}

/**
 * The shell a visitor without a stored session gets on / (issue 13): theme, the club's settings and
 * the public page, with no Redux store, router, supabase-js or signed-in screen. 'Login' hands over to
 * the full app (src/app/FullApp.tsx), loaded then.
 */
export function PublicApp({ onLogin }: { onLogin: () => void }) {
  const [club, setClub] = useState<ClubConfig>(DEFAULT_CLUB_CONFIG);
  useEffect(() => {
    loadPublicConfig().then(
      (c) => setClub({ clubName: c.clubName, timezone: c.timezone }),
      () => undefined, // the defaults stay, as in the full app
    );
  }, []);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <ClubContext.Provider value={club}>
        <LazyToasts>
          <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
            {/* As the full app's <Container maxWidth="xl">, without Container in this bundle. */}
            <Box component="main" sx={{ maxWidth: 1536, mx: 'auto', px: { xs: 2, sm: 3 }, py: { xs: 2, sm: 3 } }}>
              <PublicErrorBoundary>
                <PublicDashboardPage onLogin={onLogin} />
              </PublicErrorBoundary>
            </Box>
          </Box>
        </LazyToasts>
      </ClubContext.Provider>
    </ThemeProvider>
  );
}
