import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useController, type Control, type ControllerRenderProps, type FieldPath, type FieldValues } from 'react-hook-form';

/** A react-hook-form field's binding as MUI text fields take it (the ref on the input element). */
export function textFieldBinding<T extends FieldValues>(field: ControllerRenderProps<T, FieldPath<T>>) {
  return { name: field.name, value: field.value ?? '', onChange: field.onChange, onBlur: field.onBlur, inputRef: field.ref };
}

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
  const binding = textFieldBinding(field);
  return (
    <TextField
      {...rest}
      {...binding}
      onChange={(event) => {
        binding.onChange(event);
        onChange?.(event);
      }}
      error={!!fieldState.error}
      helperText={fieldState.error?.message ?? helperText}
    />
  );
}
