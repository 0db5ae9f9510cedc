import { useEffect, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useController, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import KeyboardCapslock from '@mui/icons-material/KeyboardCapslock';
import LockClock from '@mui/icons-material/LockClock';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSnackbar } from 'notistack';
import { MSG } from '../../../common/core/messages';
import { loginSchema } from '../../../common/auth/schemas';
import type { ApiError } from '../../api/api';
import { PasswordField } from '../../components/PasswordField';
import { textFieldBinding } from '../../components/form/FormTextField';
import { firstErrorMessage } from '../../components/form/validation';
import { paths } from '../../config/paths';
import { getAuthClient } from './session';
import { useSignInMutation } from './authApi';
import { formatCountdown, loginFailure } from './authMessages';
import { ForgotPasswordForm } from './ForgotPasswordForm';

const F = MSG.screens.loginForm;

/**
 * Seconds left until `until` (ms), ticking every second; 0 once past. `now` only moves forward from the
 * moment the lock was set: the last tick before it (the page may have been open for minutes) never
 * shows a longer wait than the server's.
 */
function useCountdown(lock: { until: number; setAt: number } | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (lock === null) return;
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [lock]);
  return lock === null ? 0 : Math.max(0, Math.ceil((lock.until - Math.max(now, lock.setAt)) / 1000));
}

/** Sign-in (docs/auth.md): one call with the password, whose session is handed to supabase-js (authApi's signIn). */
export default function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const { enqueueSnackbar } = useSnackbar();
  const [signIn] = useSignInMutation();
  const arrival = location.state as { message?: string; email?: string } | null;
  const notice = arrival?.message ?? null;
  // After a reset or an accepted invitation the account is known: its email is filled, the password awaited.
  const knownEmail = typeof arrival?.email === 'string' ? arrival.email : '';

  // Checked with the sign-in body's schema when sent; the call's refusal is `error`.
  const { control, formState, getValues, handleSubmit } = useForm({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: knownEmail, password: '' },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const emailField = useController({ control, name: 'email' });
  const passwordField = useController({ control, name: 'password' });
  const submitting = formState.isSubmitting;
  const [capsLock, setCapsLock] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [lock, setLock] = useState<{ until: number; setAt: number } | null>(null);
  const [forgotOpen, setForgotOpen] = useState(false);
  const remaining = useCountdown(lock);
  const locked = lock !== null && remaining > 0;

  // Load the identity client while the user types.
  useEffect(() => {
    getAuthClient().catch(() => undefined);
  }, []);

  // The lock lifts by itself when the countdown ends.
  useEffect(() => {
    if (lock !== null && remaining === 0) {
      setLock(null);
      setError(null);
    }
  }, [lock, remaining]);

  const onKey = (event: KeyboardEvent) => setCapsLock(event.getModifierState?.('CapsLock') ?? false);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (locked) {
      setError(MSG.login.wait);
      return;
    }
    setError(null);
    void submit(event);
  };

  const submit = handleSubmit(async ({ email, password }) => {
    try {
      await signIn({ email: email.trim(), password }).unwrap();
      enqueueSnackbar(MSG.login.success, { variant: 'success' });
      navigate(paths.home.getHref(), { replace: true });
    } catch (err) {
      // Anything but a refused call (a fault of this page) is the provider's refusal, as before.
      const refused = err as Partial<ApiError>;
      const failure = loginFailure(refused.status !== undefined ? (refused as ApiError) : { status: 'CUSTOM_ERROR', message: MSG.login.providerRefused });
      setError(failure.message);
      if (failure.lockSeconds) {
        const setAt = Date.now();
        setLock({ until: setAt + failure.lockSeconds * 1000, setAt });
      }
    }
  });
  const shownError = error ?? firstErrorMessage(formState.errors);

  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', pt: { xs: 2, md: 6 } }}>
      <Paper elevation={3} sx={{ p: 4, width: '100%', maxWidth: 440 }}>
        <Stack spacing={1} sx={{ mb: 3, alignItems: 'center' }}>
          <img src="/favicon.svg" alt={MSG.screens.logoAlt} width={56} height={56} />
          <Typography variant="h5" component="h1">
            {F.title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {MSG.screens.appTitle}
          </Typography>
        </Stack>

        {notice && (
          <Alert severity="success" sx={{ mb: 2 }}>
            {notice}
          </Alert>
        )}

        <Box component="form" noValidate onSubmit={onSubmit}>
          <Stack spacing={2}>
            <TextField
              id="login-email"
              label={F.email}
              type="email"
              autoComplete="username"
              {...textFieldBinding(emailField.field)}
              fullWidth
              autoFocus={!knownEmail}
              disabled={submitting}
            />
            <PasswordField
              id="login-password"
              label={F.password}
              autoComplete="current-password"
              {...textFieldBinding(passwordField.field)}
              onKeyDown={onKey}
              onKeyUp={onKey}
              fullWidth
              autoFocus={!!knownEmail}
              disabled={submitting}
            />
            {capsLock && (
              <Alert severity="warning" icon={<KeyboardCapslock />} role="status">
                {F.capsLock}
              </Alert>
            )}
            {locked ? (
              <Alert severity="warning" icon={<LockClock />} role="alert">
                <AlertTitle>{MSG.login.lockNotice}</AlertTitle>
                {shownError && <Typography variant="body2">{shownError}</Typography>}
                <Typography variant="h6" component="p" sx={{ fontVariantNumeric: 'tabular-nums' }} data-testid="lock-countdown">
                  {F.retryIn(formatCountdown(remaining))}
                </Typography>
                <Typography variant="body2">{MSG.login.wait}</Typography>
              </Alert>
            ) : (
              shownError && (
                <Alert severity="error" role="alert">
                  {shownError}
                </Alert>
              )
            )}
            <Button type="submit" variant="contained" size="large" disabled={submitting || locked} fullWidth>
              {MSG.login.submit}
            </Button>
            <Link component="button" type="button" variant="body2" onClick={() => setForgotOpen((o) => !o)} sx={{ alignSelf: 'center' }}>
              {MSG.login.forgot}
            </Link>
          </Stack>
        </Box>
        <Collapse in={forgotOpen} unmountOnExit>
          <ForgotPasswordForm initialEmail={getValues('email')} onClose={() => setForgotOpen(false)} />
        </Collapse>
      </Paper>
    </Box>
  );
}
