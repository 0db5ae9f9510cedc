import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ClearAllIcon from '@mui/icons-material/ClearAll';
import FilterListIcon from '@mui/icons-material/FilterList';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import type { Dayjs } from 'dayjs';
import { useController, useWatch, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { FILTER_DEBOUNCE_MS, LOG_PAGE_SIZES } from '../../../common/logs/constants';
import { LOGS_MSG } from '../../../common/logs/messages';
import { hasActiveFilters } from '../../../common/logs/rules';
import { FormTextField } from '../../components/form/FormTextField';
import { useFilterForm } from '../../components/form/useFilterForm';

const S = LOGS_MSG.screen;

/** The date range every log screen filters on. */
export interface RangeFilters {
  start: Dayjs | null;
  end: Dayjs | null;
}

/**
 * Filters, page and page size of a log screen (docs/logs.md): filter edits reach the query 300 ms
 * after the last change; the page goes back to 1 when the applied filters or the page size change.
 */
export function useLogFilters<F extends FieldValues & RangeFilters>(empty: F, initialLimit: number) {
  const f = useFilterForm(empty, initialLimit, FILTER_DEBOUNCE_MS);
  return {
    ...f,
    /** A filter is set (page and page size aside): the ATTIVI badge, the clear button. */
    active: hasActiveFilters(f.filters),
    /** A filter is applied to the rows shown: their empty state speaks of filters. */
    filtered: hasActiveFilters(f.applied),
  };
}

export type LogFilters<F extends FieldValues & RangeFilters> = ReturnType<typeof useLogFilters<F>>;

/** A filter's width: its own on a wide screen, the whole line on a phone (one filter a line). */
const fieldWidth = (width: number) => ({ xs: '100%', sm: width });

/** A free-text filter of the filter bar (at most 200 characters). */
export function TextFilter<T extends FieldValues>({ control, name, label, width }: { control: Control<T>; name: FieldPath<T>; label: string; width: number }) {
  return <FormTextField control={control} name={name} size="small" label={label} sx={{ width: fieldWidth(width) }} slotProps={{ htmlInput: { maxLength: 200 } }} />;
}

/** A choice of the filter bar; '' is `all` (shown when nothing is chosen). */
export function SelectFilter<T extends FieldValues>({
  control,
  name,
  label,
  options,
  all,
  width,
}: {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  options: ReadonlyArray<readonly [string, string]>;
  all: string;
  width: number;
}) {
  return (
    <FormTextField control={control} name={name} select label={label} size="small" slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }} sx={{ width: fieldWidth(width) }}>
      <MenuItem value="">{all}</MenuItem>
      {options.map(([v, l]) => (
        <MenuItem key={v} value={v}>
          {l}
        </MenuItem>
      ))}
    </FormTextField>
  );
}

/** Italian date-time picker of a filter (the screen wraps it in PickersProvider). */
function DateTimeFilter({ control, name, label, min, max }: { control: Control<RangeFilters>; name: keyof RangeFilters; label: string; min?: Dayjs | null; max?: Dayjs | null }) {
  const { field } = useController({ control, name });
  return (
    <DateTimePicker
      label={label}
      value={field.value}
      onChange={(v) => field.onChange(v)}
      ampm={false}
      minDateTime={min ?? undefined}
      maxDateTime={max ?? undefined}
      slotProps={{ textField: { size: 'small', sx: { width: fieldWidth(250) }, onBlur: field.onBlur }, field: { clearable: true } }}
    />
  );
}

/** The end of a log screen's filter bar: the date range, the page size and "clear filters". */
export function FilterBarEnd<F extends FieldValues & RangeFilters>({ f, pageSizeWidth }: { f: LogFilters<F>; pageSizeWidth: number }) {
  // Every log form holds the range: its two fields are read through that part of the form.
  const control = f.control as unknown as Control<RangeFilters>;
  const [start, end] = useWatch({ control, name: ['start', 'end'] });
  return (
    <>
      {/* The range wraps as one: 'Dal' and 'Al' stay side by side. */}
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1.5, width: { xs: '100%', sm: 'auto' } }}>
        <DateTimeFilter control={control} name="start" label={S.startDate} max={end} />
        <DateTimeFilter control={control} name="end" label={S.endDate} min={start} />
      </Stack>
      <TextField select size="small" label={S.pageSize} value={String(f.limit)} onChange={(e) => f.setLimit(Number(e.target.value))} sx={{ width: pageSizeWidth }}>
        {LOG_PAGE_SIZES.map((n) => (
          <MenuItem key={n} value={String(n)}>
            {n}
          </MenuItem>
        ))}
      </TextField>
      <Button startIcon={<ClearAllIcon />} onClick={f.clear} disabled={!f.active}>
        {S.clearFilters}
      </Button>
    </>
  );
}

/** The filter panel of a log screen: its heading with the ATTIVI badge, then the filter bar. */
export function FilterSection({ active, children }: { active: boolean; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} component="section" aria-label={S.filters}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1.5 }}>
        <FilterListIcon fontSize="small" color="action" />
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {S.filters}
        </Typography>
        {active && <Chip size="small" color="primary" label={LOGS_MSG.activeFilters} />}
      </Stack>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
        {children}
      </Stack>
    </Paper>
  );
}
