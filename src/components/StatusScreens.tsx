import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MSG } from '../../common/core/messages';

/** A centred card for full-screen states (loading, errors, login prompt). */
export function CenteredCard({ title, children, color }: { title: string; children?: ReactNode; color?: 'error' | 'primary' }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: '60vh', p: 2 }}>
      <Paper sx={{ p: 4, maxWidth: 520, width: '100%', textAlign: 'center' }} elevation={2}>
        <Typography variant="h5" component="h1" gutterBottom color={color === 'error' ? 'error' : undefined}>
          {title}
        </Typography>
        {children}
      </Paper>
    </Box>
  );
}

export function LoadingScreen({ text = MSG.screens.loading }: { text?: string }) {
  return (
    <Box role="status" sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, py: 8 }}>
      <CircularProgress aria-label={text} />
      <Typography color="text.secondary">{text}</Typography>
    </Box>
  );
}

export function CheckingPermissions() {
  return <LoadingScreen text={MSG.screens.checkingPermissions} />;
}

export function AuthErrorScreen({ onRetry }: { onRetry: () => void }) {
  return (
    <CenteredCard title={MSG.screens.authError} color="error">
      <Typography sx={{ mb: 3 }}>{MSG.screens.authErrorText}</Typography>
      <Button variant="contained" onClick={onRetry}>
        {MSG.screens.retry}
      </Button>
    </CenteredCard>
  );
}

export function LoginRequiredScreen({ onLogin }: { onLogin: () => void }) {
  return (
    <CenteredCard title={MSG.screens.loginRequired}>
      <Typography sx={{ mb: 3 }}>{MSG.screens.loginPrompt}</Typography>
      <Button variant="contained" onClick={onLogin}>
        {MSG.screens.goToLogin}
      </Button>
    </CenteredCard>
  );
}

/** A screen whose data could not load: 'Errore', the message, and 'Riprova' (disabled while a retry runs). */
export function ErrorRetryScreen({ message, onRetry, retrying = false }: { message: string; onRetry: () => void; retrying?: boolean }) {
  return (
    <CenteredCard title={MSG.screens.error} color="error">
      <Typography sx={{ mb: 3 }}>{message}</Typography>
      <Button variant="contained" onClick={onRetry} disabled={retrying}>
        {MSG.screens.retry}
      </Button>
    </CenteredCard>
  );
}

/** A failure card: title, text, 'Riprova' and a second way out (reload, back to home). */
function FailureScreen({ title, text, onRetry, other }: { title: string; text: string; onRetry: () => void; other: { label: string; onClick: () => void } }) {
  return (
    <CenteredCard title={title} color="error">
      <Typography sx={{ mb: 3 }}>{text}</Typography>
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'center' }}>
        <Button variant="contained" onClick={onRetry}>
          {MSG.screens.retry}
        </Button>
        <Button variant="outlined" onClick={other.onClick}>
          {other.label}
        </Button>
      </Stack>
    </CenteredCard>
  );
}

/** A component's failure: 'Oops! Qualcosa è andato storto' with retry and reload (ComponentErrorBoundary, the public shell). */
export function ComponentErrorScreen({ onRetry }: { onRetry: () => void }) {
  return (
    <FailureScreen
      title={MSG.screens.componentError}
      text={MSG.screens.componentErrorText}
      onRetry={onRetry}
      other={{ label: MSG.screens.reload, onClick: () => window.location.reload() }}
    />
  );
}

/** A page's failure: 'Errore nella Pagina' with retry and back to home (PageErrorBoundary). */
export function PageErrorScreen({ onRetry }: { onRetry: () => void }) {
  return (
    <FailureScreen
      title={MSG.screens.pageError}
      text={MSG.screens.pageErrorText}
      onRetry={onRetry}
      other={{ label: MSG.screens.backHome, onClick: () => window.location.assign('/') }}
    />
  );
}
