import dayjs from 'dayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { PickersProvider } from '../../components/PickersProvider';

export interface DateFilterPickerProps {
  label: string;
  /** 'YYYY-MM-DD' or ''. */
  value: string;
  onChange: (value: string) => void;
  /** Focus the day section at once: the field replaces the placeholder the user has just focused. */
  autoFocus?: boolean;
  /** The whole width of its container (a dialog's field), so a long label is never cut. */
  fullWidth?: boolean;
}

/**
 * The dashboards' date filter (docs/public-page.md): the match form's Italian picker (gg/mm/aaaa whatever the
 * browser's language). Loaded on demand by FilterPanel, so the public page's first download has no pickers.
 */
export default function DateFilterPicker({ label, value, onChange, autoFocus, fullWidth = false }: DateFilterPickerProps) {
  const parsed = value ? dayjs(value) : null;
  return (
    <PickersProvider>
      <DatePicker
        label={label}
        value={parsed && parsed.isValid() ? parsed : null}
        onChange={(d) => onChange(d && d.isValid() ? d.format('YYYY-MM-DD') : '')}
        slotProps={{
          textField: { size: 'small', autoFocus, sx: { width: fullWidth ? '100%' : { xs: '100%', sm: 190 } } },
          field: { clearable: true },
        }}
      />
    </PickersProvider>
  );
}
