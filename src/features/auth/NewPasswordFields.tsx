import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import CheckCircle from '@mui/icons-material/CheckCircle';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import Cancel from '@mui/icons-material/Cancel';
import { MSG } from '../../../common/core/messages';
import { PASSWORD_CRITERIA, passwordStrength, strengthLabel } from '../../../common/auth/password';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import { PasswordField } from '../../components/PasswordField';
import { textFieldBinding } from '../../components/form/FormTextField';

const F = MSG.screens.resetForm;

const strengthColor = (percent: number) => (percent < 40 ? 'error' : percent < 70 ? 'warning' : percent < 100 ? 'info' : 'success');

/** The two fields of a form that sets a new password (its FormProvider's values). */
export interface NewPasswordValues {
  password: string;
  confirm: string;
}

interface Props {
  /** Prefix of the two inputs' ids ('new-password', 'confirm-password' without one). */
  idPrefix?: string;
  visible: boolean;
  onVisibleChange: (visible: boolean) => void;
  disabled?: boolean;
}

/**
 * A new password (docs/auth.md): the field, the strength bar with its label, the five criteria ticked as
 * they are met, and the confirmation with its match line. The reset screen and 'Cambia password', whose
 * forms (react-hook-form, through FormProvider) hold `password` and `confirm`.
 */
export function NewPasswordFields({ idPrefix = '', visible, onVisibleChange, disabled }: Props) {
  const { control } = useFormContext<NewPasswordValues>();
  const passwordField = useController({ control, name: 'password' });
  const confirmField = useController({ control, name: 'confirm' });
  const [password, confirm] = useWatch({ control, name: ['password', 'confirm'] });
  const strength = passwordStrength(password);
  const matches = confirm.length > 0 && password === confirm;
  return (
    <>
      <PasswordField
        id={`${idPrefix}new-password`}
        label={F.newPassword}
        visible={visible}
        onVisibleChange={onVisibleChange}
        autoComplete="new-password"
        {...textFieldBinding(passwordField.field)}
        disabled={disabled}
        fullWidth
      />
      <Box>
        <LinearProgress variant="determinate" value={strength} color={strengthColor(strength)} aria-label={F.strength(strengthLabel(strength))} sx={{ height: 8, borderRadius: 4 }} />
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          {F.strength(strengthLabel(strength))}
        </Typography>
      </Box>
      <List dense disablePadding aria-label="Criteri della password">
        {PASSWORD_CRITERIA.map((c) => {
          const ok = c.test(password);
          return (
            <ListItem key={c.key} disableGutters data-met={ok ? 'true' : 'false'}>
              <ListItemIcon sx={{ minWidth: 32 }}>
                {ok ? <CheckCircle color="success" fontSize="small" /> : <RadioButtonUnchecked color="disabled" fontSize="small" />}
              </ListItemIcon>
              <ListItemText primary={c.label} slotProps={{ primary: { color: ok ? 'success.main' : 'text.secondary' } }} />
            </ListItem>
          );
        })}
      </List>
      {/* Shown and hidden together with the new password, by its button. */}
      <PasswordField
        id={`${idPrefix}confirm-password`}
        label={F.confirmPassword}
        visible={visible}
        toggle={false}
        autoComplete="new-password"
        {...textFieldBinding(confirmField.field)}
        disabled={disabled}
        fullWidth
        error={confirm.length > 0 && !matches}
        helperText={
          confirm.length === 0 ? ' ' : matches ? (
            <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color: 'success.main' }}>
              <CheckCircle fontSize="inherit" /> {F.match}
            </Box>
          ) : (
            <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
              <Cancel fontSize="inherit" /> {MSG.reset.mismatch}
            </Box>
          )
        }
      />
    </>
  );
}
