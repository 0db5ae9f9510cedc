import { useState } from 'react';
import { useController, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MSG } from '../../../common/core/messages';
import { forgotPasswordFormSchema } from '../../../common/auth/schemas';
import type { ApiError } from '../../api/api';
import { textFieldBinding } from '../../components/form/FormTextField';
import { SERVER_ERROR, firstErrorMessage } from '../../components/form/validation';
import { useForgotPasswordMutation } from './authApi';
import { forgotFailure } from './authMessages';

const F = MSG.screens.loginForm;

/** 'Password dimenticata?' of the login screen (docs/auth.md): the recovery link is mailed to the address typed. */
export function ForgotPasswordForm({ initialEmail, onClose }: { initialEmail: string; onClose: () => void }) {
  const { control, formState, handleSubmit, setError } = useForm({
    resolver: zodResolver(forgotPasswordFormSchema),
    defaultValues: { email: initialEmail },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const email = useController({ control, name: 'email' });
  const [sent, setSent] = useState<string | null>(null);
  const [forgot, { isLoading }] = useForgotPasswordMutation();
  const error = firstErrorMessage(formState.errors);

  const submit = handleSubmit(async (body) => {
    try {
      const result = await forgot(body).unwrap();
      setSent(result.message ?? MSG.forgot.sent);
    } catch (err) {
      setError(SERVER_ERROR, { message: forgotFailure(err as ApiError) });
    }
  });

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        setSent(null);
        void submit(event);
      }}
      sx={{ mt: 3, p: 2, border: 1, borderColor: 'divider', borderRadius: 1 }}
    >
      <Typography variant="subtitle1" component="h2" gutterBottom>
        {F.resetTitle}
      </Typography>
      <Stack spacing={2}>
        <TextField id="reset-email" label={F.email} type="email" autoComplete="email" {...textFieldBinding(email.field)} fullWidth size="small" />
        {error && <Alert severity="error">{error}</Alert>}
        {sent && <Alert severity="success">{sent}</Alert>}
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>{MSG.login.cancel}</Button>
          <Button type="submit" variant="contained" disabled={isLoading}>
            {MSG.login.sendReset}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
