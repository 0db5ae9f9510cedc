import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

type Props<T extends FieldValues, Out> = Omit<TextFieldProps, 'name' | 'value' | 'defaultValue' | 'error' | 'onBlur'> & {
  control: Control<T, unknown, Out>;
  name: FieldPath<T>;
};

/**
 * A MUI text field (or `select`) bound to a react-hook-form field: its value, its validation message
 * in red under it (else `helperText`). `onChange` is called after the form took the value.
 */
export function FormTextField<T extends FieldValues, Out>({ control, name, helperText, onChange, ...rest }: Props<T, Out>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <TextField
      {...rest}
      name={field.name}
      value={field.value ?? ''}
      onChange={(event) => {
        field.onChange(event);
        onChange?.(event);
      }}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={!!fieldState.error}
      helperText={fieldState.error?.message ?? helperText}
    />
  );
}
