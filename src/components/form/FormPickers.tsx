import { memo, useCallback, useMemo } from 'react';
import type dayjs from 'dayjs';
import { useController, type FieldPath, type FieldValues } from 'react-hook-form';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { TimePicker } from '@mui/x-date-pickers/TimePicker';
import { dateValue, hhmm, isoDate, timeValue } from './pickerValues';

// The pickers re-render only when their own props change: MUI's field keeps what is being typed in a
// section (a year's first digits) across renders only as long as no other render comes between (one
// of react-hook-form's own state updates after a change, such as the submit's).
const StableDatePicker = memo(DatePicker);
const StableTimePicker = memo(TimePicker);

interface PickerProps<T extends FieldValues> {
  /** The form's field ('yyyy-mm-dd' or 'HH:mm', '' until whole); also the input's name. */
  name: FieldPath<T>;
  label: string;
  disabled: boolean;
  required?: boolean;
  autoFocus?: boolean;
  /** The field shows its problem in red. */
  error?: boolean;
  helperText?: string;
}

function usePickerField<T extends FieldValues>({ name, required = true, error = false, helperText }: PickerProps<T>) {
  const { field } = useController<T, FieldPath<T>>({ name });
  const slotProps = useMemo(() => ({ textField: { fullWidth: true, required, name, error, helperText } }), [required, name, error, helperText]);
  return { value: String(field.value ?? ''), onChange: field.onChange, slotProps };
}

/** A date picker bound to a react-hook-form field of the form around it (FormProvider). */
export function FormDatePicker<T extends FieldValues>(props: PickerProps<T> & { min?: string }) {
  const { value, onChange, slotProps } = usePickerField(props);
  const picked = useMemo(() => dateValue(value), [value]);
  const minDate = useMemo(() => (props.min ? (dateValue(props.min) ?? undefined) : undefined), [props.min]);
  const change = useCallback((d: dayjs.Dayjs | null) => onChange(isoDate(d)), [onChange]);
  return <StableDatePicker label={props.label} autoFocus={props.autoFocus} value={picked} minDate={minDate} disabled={props.disabled} onChange={change} slotProps={slotProps} />;
}

/** A 24-hour time picker bound to a react-hook-form field of the form around it (FormProvider). */
export function FormTimePicker<T extends FieldValues>(props: PickerProps<T>) {
  const { value, onChange, slotProps } = usePickerField(props);
  const picked = useMemo(() => timeValue(value), [value]);
  const change = useCallback((d: dayjs.Dayjs | null) => onChange(hhmm(d)), [onChange]);
  return <StableTimePicker label={props.label} autoFocus={props.autoFocus} ampm={false} value={picked} disabled={props.disabled} onChange={change} slotProps={slotProps} />;
}
