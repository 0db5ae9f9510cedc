import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { MSG } from '../../common/core/messages';

type Props = Omit<TextFieldProps, 'type' | 'slotProps'> & {
  /** Shown in clear text; leave unset to let the field keep its own state. */
  visible?: boolean;
  onVisibleChange?: (visible: boolean) => void;
  /** The 'Mostra password' / 'Nascondi password' button (default on); off for a field that follows another's. */
  toggle?: boolean;
};

/** A password input with the show/hide button of the login and reset screens. */
export function PasswordField({ visible, onVisibleChange, toggle = true, ...rest }: Props) {
  const [own, setOwn] = useState(false);
  const shown = visible ?? own;
  const flip = () => {
    setOwn(!shown);
    onVisibleChange?.(!shown);
  };
  return (
    <TextField
      {...rest}
      type={shown ? 'text' : 'password'}
      slotProps={
        toggle
          ? {
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <IconButton aria-label={shown ? MSG.screens.loginForm.hidePassword : MSG.screens.loginForm.showPassword} onClick={flip} edge="end">
                      {shown ? <VisibilityOff /> : <Visibility />}
                    </IconButton>
                  </InputAdornment>
                ),
              },
            }
          : undefined
      }
    />
  );
}
