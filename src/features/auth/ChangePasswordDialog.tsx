import { useState } from 'react';
import { FormProvider, useController, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { MSG } from '../../../common/core/messages';
import { changePasswordFormSchema } from '../../../common/auth/schemas';
import type { ApiError } from '../../api/api';
import { useAppSelector } from '../../store/hooks';
import { selectSessionUser } from '../../store/sessionSlice';
import { getAuthClient } from './session';
import { PasswordField } from '../../components/PasswordField';
import { FormDialog } from '../../components/form/FormDialog';
import { textFieldBinding } from '../../components/form/FormTextField';
import { SERVER_ERROR, firstErrorMessage } from '../../components/form/validation';
import { useLoginMutation } from './authApi';
import { loginFailure, updateErrorMessage } from './authMessages';
import { NewPasswordFields } from './NewPasswordFields';

const C = MSG.changePassword;

const EMPTY = { current: '', password: '', confirm: '' };

/** updateUser's refusal in this dialog's words (a missing session means signing in again, not a new link). */
function updateFailure(error: { name?: string; message?: string; code?: string }): string {
  const message = updateErrorMessage(error);
  if (message === MSG.reset.sessionMissing) return MSG.http.unauthorized;
  if (message === MSG.reset.updateFailed) return C.failed;
  return message;
}

/**
 * 'Cambia password' of the account menu: the current password is checked first (POST /api/login,
 * the sign-in's own check: a wrong one changes nothing and counts toward the lock-out like a
 * sign-in), then the new one is set on this session (supabase-js updateUser, PUT /auth/v1/user),
 * which ends the account's other sessions. The criteria of docs/auth.md and the strength bar, as on the reset screen.
 */
export default function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const user = useAppSelector(selectSessionUser);
  const { enqueueSnackbar } = useSnackbar();
  const [checkPassword] = useLoginMutation();
  // Checked with the form's shared schema when sent: the first problem shows until the next attempt.
  const form = useForm({ resolver: zodResolver(changePasswordFormSchema), defaultValues: EMPTY, reValidateMode: 'onSubmit', shouldFocusError: false });
  const { control, formState, handleSubmit, reset, setError } = form;
  const current = useController({ control, name: 'current' });
  const [show, setShow] = useState(false);
  const submitting = formState.isSubmitting;
  const error = firstErrorMessage(formState.errors);

  // Closed, the dialog forgets what was typed.
  const finish = () => {
    reset();
    setShow(false);
    onClose();
  };
  const close = () => {
    if (!submitting) finish();
  };

  const submit = handleSubmit(async ({ current: currentPassword, password: next }) => {
    const fail = (message: string) => setError(SERVER_ERROR, { message });
    if (!user) {
      fail(MSG.http.unauthorized);
      return;
    }
    try {
      try {
        await checkPassword({ email: user.email, password: currentPassword }).unwrap();
      } catch (err) {
        const e = err as ApiError;
        fail(e.status === 401 ? C.wrongCurrent : loginFailure(e).message);
        return;
      }
      const client = await getAuthClient();
      const { error: updateError } = await client.auth.updateUser({ password: next });
      if (updateError) {
        fail(updateFailure(updateError as { name?: string; message?: string; code?: string }));
        return;
      }
      enqueueSnackbar(C.changed, { variant: 'success' });
      finish();
    } catch {
      fail(C.failed);
    }
  });

  return (
    // Anything typed: closing asks first (docs/screens.md).
    <FormDialog open={open} onClose={close} titleId="change-password-title" maxWidth="xs" dirty={formState.isDirty} busy={submitting}>
      {(_busy, controls) => (
      <FormProvider {...form}>
      <form noValidate onSubmit={(e) => void submit(e)}>
        <DialogTitle id="change-password-title">{C.title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 0.5 }}>
            <Typography variant="body2" color="text.secondary">
              {C.intro}
            </Typography>
            {/* The account's email, for password managers (hidden, read-only). */}
            <input type="email" name="username" autoComplete="username" value={user?.email ?? ''} readOnly hidden />
            <PasswordField
              id="current-password"
              label={C.current}
              autoComplete="current-password"
              {...textFieldBinding(current.field)}
              disabled={submitting}
              fullWidth
              autoFocus
            />
            <NewPasswordFields
              idPrefix="change-"
              visible={show}
              onVisibleChange={setShow}
              disabled={submitting}
            />
            {error && (
              <Alert severity="error" role="alert">
                {error}
              </Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={controls.requestClose} disabled={submitting}>
            {C.cancel}
          </Button>
          <Button type="submit" variant="contained" disabled={submitting}>
            {submitting ? C.checking : C.submit}
          </Button>
        </DialogActions>
      </form>
      </FormProvider>
      )}
    </FormDialog>
  );
}
