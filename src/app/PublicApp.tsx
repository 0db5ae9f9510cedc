import { Component, lazy, startTransition, StrictMode, Suspense, useEffect, useState, type ErrorInfo, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import Box from '@mui/material/Box';
import { ThemeProvider } from '@mui/system';
import { theme } from './theme';
import { ClubContext } from '../components/ClubContext';
import { reportLater } from './lazyErrorReporting';
import { LazyToasts } from '../components/Toasts';
import { DEFAULT_CLUB_CONFIG, loadPublicConfig, type ClubConfig } from '../config/publicConfig';
import PublicDashboardPage from '../features/matches/PublicDashboardPage';
import type { PublicStart } from './publicHome';

/**
 * What @mui/material's ThemeProvider passes on for a theme without CSS variables (this one): the
 * system's provider with vars null, without the CSS-variables provider's code (10 KB; the public page's budget, docs/testing.md).
 */
const publicTheme = { ...theme, vars: null };

const PublicErrorFallback = lazy(() => import('./PublicErrorFallback'));

/**
 * ComponentErrorBoundary's behaviour (record the failure, 'Oops! Qualcosa è andato storto' with retry
 * and reload) with its card loaded only on a failure: the shell's bundle stays small (docs/public-page.md).
 */
class PublicErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    // No fixed severity: the reporter applies the severity rule of docs/logs.md (severityOf, common/logs/rules.ts) to the
    // error's name and message (network, auth, CORS high; validation, not found medium; else low).
    reportLater({
      type: 'frontend',
      message: error.message || String(error),
      name: error.name,
      stack: `${error.stack ?? ''}\n${info.componentStack ?? ''}`,
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
 * The shell a visitor without a stored session gets on / (docs/public-page.md, two shells): theme, the club's settings and
 * the public page, with no Redux store, router, supabase-js or signed-in screen. 'Login' hands over to
 * the full app (src/app/FullApp.tsx), loaded then.
 */
export function PublicApp({ onLogin, start, onReady }: { onLogin: () => void; start?: PublicStart; onReady?: () => void }) {
  const [club, setClub] = useState<ClubConfig>(DEFAULT_CLUB_CONFIG);
  useEffect(() => {
    loadPublicConfig().then(
      (c) => setClub({ clubName: c.clubName, timezone: c.timezone }),
      () => undefined, // the defaults stay, as in the full app
    );
  }, []);
  useEffect(() => onReady?.(), [onReady]);
  return (
    <ThemeProvider theme={publicTheme}>
      <ClubContext.Provider value={club}>
        <LazyToasts>
          <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
            {/* As the full app's <Container maxWidth="xl">, without Container in this bundle. */}
            <Box component="main" sx={{ maxWidth: 1536, mx: 'auto', px: { xs: 2, sm: 3 }, py: { xs: 2, sm: 3 } }}>
              <PublicErrorBoundary>
                <PublicDashboardPage onLogin={onLogin} start={start} />
              </PublicErrorBoundary>
            </Box>
          </Box>
        </LazyToasts>
      </ClubContext.Provider>
    </ThemeProvider>
  );
}

let root: Root | null = null;

/** The one React root of the page (#root): the public shell's, then the full app's after 'Login'. */
export function appRoot(): Root {
  root ??= createRoot(document.getElementById('root')!);
  return root;
}

/**
 * Renders the public shell into #root, replacing the server's HTML of / if any (src/main.tsx). A
 * transition: React's work is cut in short slices. Resolves once React's page is on screen.
 */
export function mountPublicApp(onLogin: () => void, start?: PublicStart): Promise<void> {
  return new Promise((resolve) =>
    startTransition(() =>
      appRoot().render(
        <StrictMode>
          <PublicApp onLogin={onLogin} start={start} onReady={resolve} />
        </StrictMode>,
      ),
    ),
  );
}
