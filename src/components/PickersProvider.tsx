import type { ReactNode } from 'react';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { itIT } from '@mui/x-date-pickers/locales';
import 'dayjs/locale/it';

const localeText = itIT.components.MuiLocalizationProvider.defaultProps.localeText;

/** Italian date and time pickers; only the lazily loaded form screens use it, so the public page never downloads them. */
export function PickersProvider({ children }: { children: ReactNode }) {
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="it" localeText={localeText}>
      {children}
    </LocalizationProvider>
  );
}
