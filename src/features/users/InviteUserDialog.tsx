import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useSnackbar } from 'notistack';
import { MSG } from '../../../common/core/messages';
import { DEFAULT_ROLE, ROLES, ROLE_LABEL } from '../../../common/users/roles';
import { inviteUserSchema } from '../../../common/users/rules';
import { errorMessage } from '../../api/api';
import { FormDialog } from '../../components/form/FormDialog';
import { FormTextField } from '../../components/form/FormTextField';
import { SERVER_ERROR } from '../../components/form/validation';
import { useInviteUserMutation } from './usersApi';

/** The invite modal closes 2 s after success (docs/users.md). */
export const INVITE_CLOSE_DELAY_MS = 2000;

/** Invite modal (docs/users.md): email required and well formed, role defaults to reader. */
export default function InviteUserDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  // Checked with the body's schema when sent; the email's message goes away as it is edited.
  const { control, formState, handleSubmit, setError, clearErrors, reset } = useForm({
    resolver: zodResolver(inviteUserSchema),
    defaultValues: { email: '', role: DEFAULT_ROLE },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const [success, setSuccess] = useState<string | null>(null);
  const [invite] = useInviteUserMutation();
  const { enqueueSnackbar } = useSnackbar();
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const sending = formState.isSubmitting;

  useEffect(() => () => {
    if (closeTimer.current) clearTimeout(closeTimer.current);
  }, []);

  const close = () => {
    if (sending) return;
    if (closeTimer.current) clearTimeout(closeTimer.current);
    closeTimer.current = null;
    reset();
    setSuccess(null);
    onClose();
  };

  const submit = handleSubmit(async (body) => {
    try {
      const result = await invite(body).unwrap();
      setSuccess(result.message);
      enqueueSnackbar(result.message, { variant: 'success' });
      closeTimer.current = setTimeout(close, INVITE_CLOSE_DELAY_MS);
    } catch (err) {
      setError(SERVER_ERROR, { message: errorMessage(err) });
    }
  });

  const serverError = formState.errors.root?.server?.message;
  return (
    // Typed and not yet sent: closing asks first (docs/screens.md); once sent, nothing is lost.
    <FormDialog open={open} onClose={close} titleId="invite-user-title" maxWidth="sm" dirty={!success && formState.isDirty} busy={sending}>
      {(_busy, controls) => (
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle id="invite-user-title">{MSG.users.inviteTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{MSG.users.inviteHint}</DialogContentText>
          <Stack spacing={2}>
            <FormTextField
              control={control}
              name="email"
              label={MSG.users.email}
              type="email"
              onChange={() => clearErrors('email')}
              helperText=" "
              disabled={sending || !!success}
              autoFocus
              fullWidth
              required
            />
            <FormTextField control={control} name="role" select label={MSG.users.role} disabled={sending || !!success} fullWidth>
              {ROLES.map((r) => (
                <MenuItem key={r} value={r}>
                  {ROLE_LABEL[r]}
                </MenuItem>
              ))}
            </FormTextField>
            {serverError && <Alert severity="error">{serverError}</Alert>}
            {success && <Alert severity="success">{success}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={controls.requestClose} disabled={sending}>
            {success ? MSG.users.close : MSG.users.cancel}
          </Button>
          <Button type="submit" variant="contained" disabled={sending || !!success}>
            {sending ? MSG.users.sending : MSG.users.sendInvite}
          </Button>
        </DialogActions>
      </form>
      )}
    </FormDialog>
  );
}
