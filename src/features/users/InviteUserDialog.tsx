import { useEffect, useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useSnackbar } from 'notistack';
import { MSG } from '../../../common/core/messages';
import { DEFAULT_ROLE, ROLES, ROLE_LABEL, type Role } from '../../../common/users/roles';
import { inviteUserSchema } from '../../../common/users/rules';
import { errorMessage } from '../../api/api';
import { FormDialog } from '../../components/FormDialog';
import { useInviteUserMutation } from './usersApi';

/** The invite modal closes 2 s after success (docs/users.md). */
export const INVITE_CLOSE_DELAY_MS = 2000;

/** Invite modal (docs/users.md): email required and well formed, role defaults to reader. */
export default function InviteUserDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>(DEFAULT_ROLE);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [invite, { isLoading }] = useInviteUserMutation();
  const { enqueueSnackbar } = useSnackbar();
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => () => {
    if (closeTimer.current) clearTimeout(closeTimer.current);
  }, []);

  const reset = () => {
    setEmail('');
    setRole(DEFAULT_ROLE);
    setFieldError(null);
    setServerError(null);
    setSuccess(null);
  };

  const close = () => {
    if (isLoading) return;
    if (closeTimer.current) clearTimeout(closeTimer.current);
    closeTimer.current = null;
    reset();
    onClose();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setServerError(null);
    const parsed = inviteUserSchema.safeParse({ email, role });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0].message);
      return;
    }
    setFieldError(null);
    try {
      const result = await invite(parsed.data).unwrap();
      setSuccess(result.message);
      enqueueSnackbar(result.message, { variant: 'success' });
      closeTimer.current = setTimeout(close, INVITE_CLOSE_DELAY_MS);
    } catch (err) {
      setServerError(errorMessage(err));
    }
  };

  return (
    // Typed and not yet sent: closing asks first (docs/screens.md); once sent, nothing is lost.
    <FormDialog open={open} onClose={close} titleId="invite-user-title" maxWidth="sm" dirty={!success && (email !== '' || role !== DEFAULT_ROLE)} busy={isLoading}>
      {(_busy, controls) => (
      <form onSubmit={submit} noValidate>
        <DialogTitle id="invite-user-title">{MSG.users.inviteTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{MSG.users.inviteHint}</DialogContentText>
          <Stack spacing={2}>
            <TextField
              label={MSG.users.email}
              type="email"
              value={email}
              onChange={(e) => {
                setEmail(e.target.value);
                if (fieldError) setFieldError(null);
              }}
              error={!!fieldError}
              helperText={fieldError ?? ' '}
              disabled={isLoading || !!success}
              autoFocus
              fullWidth
              required
            />
            <TextField
              select
              label={MSG.users.role}
              value={role}
              onChange={(e) => setRole(e.target.value as Role)}
              disabled={isLoading || !!success}
              fullWidth
            >
              {ROLES.map((r) => (
                <MenuItem key={r} value={r}>
                  {ROLE_LABEL[r]}
                </MenuItem>
              ))}
            </TextField>
            {serverError && <Alert severity="error">{serverError}</Alert>}
            {success && <Alert severity="success">{success}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={controls.requestClose} disabled={isLoading}>
            {success ? MSG.users.close : MSG.users.cancel}
          </Button>
          <Button type="submit" variant="contained" disabled={isLoading || !!success}>
            {isLoading ? MSG.users.sending : MSG.users.sendInvite}
          </Button>
        </DialogActions>
      </form>
      )}
    </FormDialog>
  );
}
