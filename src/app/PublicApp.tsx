import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { theme } from './theme';
import { ClubContext } from '../components/ClubContext';
import { ComponentErrorBoundary } from '../components/ErrorBoundaries';
import { LazyToasts } from '../components/toast';
import { DEFAULT_CLUB_CONFIG, loadPublicConfig, type ClubConfig } from '../config/publicConfig';
import PublicDashboardPage from '../features/matches/PublicDashboardPage';

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
            <Container maxWidth="xl" component="main" sx={{ py: { xs: 2, sm: 3 } }}>
              <ComponentErrorBoundary>
                <PublicDashboardPage onLogin={onLogin} />
              </ComponentErrorBoundary>
            </Container>
          </Box>
        </LazyToasts>
      </ClubContext.Provider>
    </ThemeProvider>
  );
}
