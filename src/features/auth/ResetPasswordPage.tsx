import { useEffect, useRef, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { MSG } from '../../../common/core/messages';
import { newPasswordFormSchema } from '../../../common/auth/schemas';
import { reportClientError } from '../../api/errorReporter';
import { useAppSelector } from '../../store/hooks';
import { selectSessionStatus } from '../../store/sessionSlice';
import { getAuthClient, signOut } from './session';
import { CheckingPermissions, LoadingScreen } from '../../components/StatusScreens';
import { SERVER_ERROR, firstErrorMessage, useSchemaProblem } from '../../components/form/validation';
import { NewPasswordFields } from './NewPasswordFields';
import { paths } from '../../config/paths';
import { hasLinkParams, parseResetLink, resetLinkProblem, sessionErrorMessage, updateErrorMessage } from './authMessages';

const F = MSG.screens.resetForm;
const REDIRECT_AFTER_MS = 2000;

type LinkState = { kind: 'verifying' } | { kind: 'valid' } | { kind: 'invalid'; message: string };

/**
 * Longest detail a report carries. The intake refuses a context over 4 KB (CONTEXT_MAX_BYTES,
 * common/logs/constants.ts), and the detail may come from the link itself (error_code), so any length
 * could arrive.
 */
const REPORT_DETAIL_MAX = 300;

/** The detail of a failure as a short string: an error's name and message, a link's error code. */
function reportDetail(detail: unknown): string | undefined {
  if (detail === undefined || detail === null || detail === '') return undefined;
  let text: string;
  if (detail instanceof Error) text = `${detail.name}: ${detail.message}`;
  else if (typeof detail === 'string') text = detail;
  else {
    try {
      text = JSON.stringify(detail) ?? String(detail);
    } catch {
      text = String(detail);
    }
  }
  return text.slice(0, REPORT_DETAIL_MAX);
}

/** Reset link (docs/auth.md): failures go to the error log (docs/logs.md) as type auth, category auth, severity medium or high. */
function reportAuthFailure(message: string, severity: 'medium' | 'high', detail?: unknown) {
  const text = reportDetail(detail);
  reportClientError({ type: 'auth', severity, message, context: { category: 'auth', ...(text ? { detail: text } : {}) } });
}

/** Set a new password (docs/auth.md) from an emailed recovery (or invitation) link. */
export default function ResetPasswordPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const status = useAppSelector(selectSessionStatus);
  // The link is read once: its tokens are removed from the address bar after use.
  const [link] = useState(() => parseResetLink(location.search, location.hash));
  const fromLink = hasLinkParams(link);
  // An invitation (docs/users.md): 'Scegli la tua password', and choosing it signs the person in.
  const [invitation] = useState(() => link.type === 'invite' || new URLSearchParams(location.search).get('invito') === '1');
  const [state, setState] = useState<LinkState>(() => {
    const problem = resetLinkProblem(link);
    return problem ? { kind: 'invalid', message: problem } : { kind: 'verifying' };
  });
  // The new password, checked with the form's shared schema as typed: the button waits for a valid one.
  const form = useForm({ resolver: zodResolver(newPasswordFormSchema), defaultValues: { password: '', confirm: '' }, reValidateMode: 'onSubmit', shouldFocusError: false });
  const { control, formState, handleSubmit, setError } = form;
  const problem = useSchemaProblem(control, newPasswordFormSchema);
  const [show, setShow] = useState(false);
  const [done, setDone] = useState(false);
  const submitting = formState.isSubmitting;
  const sessionSet = useRef(false);
  const completed = useRef(false);
  // The account the link is for: the login screen after it is filled with it (an invitation ends there).
  const accountEmail = useRef<string | null>(null);

  // Verify the link: set the session from its tokens.
  useEffect(() => {
    if (!fromLink) return;
    const problem = resetLinkProblem(link);
    if (problem) {
      reportAuthFailure(problem, 'medium', link.errorCode ?? link.error);
      return;
    }
    let cancelled = false;
    (async () => {
      try {
        const client = await getAuthClient();
        const { error: setError } = await client.auth.setSession({ access_token: link.accessToken!, refresh_token: link.refreshToken! });
        if (setError) throw setError;
        sessionSet.current = true;
        const { data } = await client.auth.getSession();
        if (!data.session) {
          if (!cancelled) setState({ kind: 'invalid', message: MSG.reset.sessionInvalid });
          reportAuthFailure(MSG.reset.sessionInvalid, 'high');
          return;
        }
        accountEmail.current = data.session.user.email ?? null;
        // The tokens leave the address bar (history, screenshots); the router needs no news of it.
        window.history.replaceState(window.history.state, '', paths.resetPassword.getHref());
        if (!cancelled) setState({ kind: 'valid' });
      } catch (err) {
        const message = sessionErrorMessage(err as { name?: string; message?: string; code?: string });
        reportAuthFailure(message, 'high', err);
        if (!cancelled) setState({ kind: 'invalid', message });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [fromLink, link]);

  // Leaving without completing (unload, tab hidden, unmount) ends the local session.
  useEffect(() => {
    const end = () => {
      if (sessionSet.current && !completed.current) {
        sessionSet.current = false;
        void signOut('local');
      }
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') end();
    };
    window.addEventListener('beforeunload', end);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('beforeunload', end);
      document.removeEventListener('visibilitychange', onVisibility);
      end();
    };
  }, []);

  // After success: local sign-out already done; go to /login after 2 s with the message.
  useEffect(() => {
    if (!done) return;
    const id = setTimeout(
      () => navigate(paths.login.getHref(), { replace: true, state: { message: MSG.reset.updated, email: accountEmail.current ?? undefined } }),
      REDIRECT_AFTER_MS,
    );
    return () => clearTimeout(id);
  }, [done, navigate]);

  if (!fromLink) {
    if (status === 'loading') return <CheckingPermissions />;
    if (status === 'signedIn') return <Navigate to={paths.home.getHref()} replace />;
  }

  const canSubmit = problem === null && !submitting && !done;
  const error = firstErrorMessage(formState.errors);

  const submit = handleSubmit(async ({ password }) => {
    const fail = (message: string) => setError(SERVER_ERROR, { message });
    try {
      const client = await getAuthClient();
      const { error: updateError } = await client.auth.updateUser({ password });
      if (updateError) {
        const message = updateErrorMessage(updateError as { name?: string; message?: string; code?: string });
        fail(message);
        reportAuthFailure(message, 'medium', updateError);
        return;
      }
      completed.current = true;
      sessionSet.current = false;
      if (invitation) {
        // The link's session stays: the person lands on the dashboard, signed in.
        navigate(paths.home.getHref(), { replace: true });
        return;
      }
      setDone(true);
      await signOut('local');
    } catch (err) {
      fail(MSG.reset.unexpected);
      reportAuthFailure(MSG.reset.unexpected, 'high', err);
    }
  });

  const backToLogin = (
    <Button variant="outlined" onClick={() => navigate(paths.login.getHref())}>
      {MSG.reset.backToLogin}
    </Button>
  );

  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', pt: { xs: 2, md: 6 } }}>
      <Paper elevation={3} sx={{ p: 4, width: '100%', maxWidth: 480 }}>
        <Stack spacing={1} sx={{ mb: 3, alignItems: 'center' }}>
          <img src="/favicon.svg" alt={MSG.screens.logoAlt} width={56} height={56} />
          <Typography variant="h5" component="h1">
            {state.kind === 'invalid' ? F.invalidTitle : invitation ? MSG.invite.title : F.title}
          </Typography>
        </Stack>

        {state.kind === 'verifying' && <LoadingScreen text={MSG.reset.verifying} />}

        {state.kind === 'invalid' && (
          <Stack spacing={3} sx={{ alignItems: 'center' }}>
            <Alert severity="error" sx={{ width: '100%' }}>
              {invitation ? MSG.invite.expiredLink : state.message}
            </Alert>
            {backToLogin}
          </Stack>
        )}

        {state.kind === 'valid' && (
          <FormProvider {...form}>
          <Box component="form" noValidate onSubmit={(e) => void submit(e)}>
            <Stack spacing={2}>
              <NewPasswordFields
                visible={show}
                onVisibleChange={setShow}
                disabled={submitting || done}
              />
              {error && <Alert severity="error">{error}</Alert>}
              {done && <Alert severity="success">{MSG.reset.updated}</Alert>}
              <Button type="submit" variant="contained" size="large" disabled={!canSubmit}>
                {invitation ? MSG.invite.submit : MSG.reset.update}
              </Button>
              {backToLogin}
            </Stack>
          </Box>
          </FormProvider>
        )}
      </Paper>
    </Box>
  );
}
