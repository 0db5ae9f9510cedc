import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import type { Dayjs } from 'dayjs';
import { useController, useWatch, type Control } from 'react-hook-form';
import { MSG } from '../../../common/core/messages';
import { AUDIT_ACTIONS, type AuditAction } from '../../../common/users/rules';
import { FormTextField } from '../../components/form/FormTextField';

/** A person to pick: an account, or one named by the records on screen (deleted ones too). */
export interface PersonOption {
  id: string;
  email: string;
}

export interface AuditFilterValues {
  action_type: AuditAction | '';
  target: PersonOption | null;
  performer: PersonOption | null;
  start: Dayjs | null;
  end: Dayjs | null;
}

export const NO_AUDIT_FILTERS: AuditFilterValues = { action_type: '', target: null, performer: null, start: null, end: null };

type AuditControl = Control<AuditFilterValues>;

/** The user audit's filters (docs/users.md): action, target, author and dates, and 'Azzera filtri'. */
export function AuditFilters({ control, people, onClear }: { control: AuditControl; people: readonly PersonOption[]; onClear: () => void }) {
  const [start, end] = useWatch({ control, name: ['start', 'end'] });
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <FormTextField
          control={control}
          name="action_type"
          select
          label={MSG.users.actionType}
          size="small"
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
          sx={{ minWidth: 180, width: { xs: '100%', sm: 'auto' } }}
        >
          <MenuItem value="">{MSG.users.allActions}</MenuItem>
          {AUDIT_ACTIONS.map((a) => (
            <MenuItem key={a} value={a}>
              {MSG.users.actionLabel[a]}
            </MenuItem>
          ))}
        </FormTextField>
        <PersonPicker control={control} name="target" label={MSG.users.targetUser} people={people} />
        <PersonPicker control={control} name="performer" label={MSG.users.performer} people={people} />
        <DateFilter control={control} name="start" label={MSG.users.startDate} max={end} />
        <DateFilter control={control} name="end" label={MSG.users.endDate} min={start} />
        <Button onClick={onClear}>{MSG.users.clearFilters}</Button>
      </Stack>
    </Paper>
  );
}

function PersonPicker({ control, name, label, people }: { control: AuditControl; name: 'target' | 'performer'; label: string; people: readonly PersonOption[] }) {
  const { field } = useController({ control, name });
  return (
    <Autocomplete
      options={people}
      value={field.value}
      onChange={(_e, v) => field.onChange(v)}
      onBlur={field.onBlur}
      getOptionLabel={(o) => o.email}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      renderOption={(props, o) => (
        <li {...props} key={o.id}>
          {o.email}
        </li>
      )}
      renderInput={(params) => <TextField {...params} label={label} size="small" />}
      sx={{ minWidth: 240, flex: 1 }}
      noOptionsText="—"
    />
  );
}

function DateFilter({ control, name, label, min, max }: { control: AuditControl; name: 'start' | 'end'; label: string; min?: Dayjs | null; max?: Dayjs | null }) {
  const { field } = useController({ control, name });
  return (
    <DatePicker
      label={label}
      value={field.value}
      onChange={(v) => field.onChange(v)}
      minDate={min ?? undefined}
      maxDate={max ?? undefined}
      slotProps={{ textField: { size: 'small', sx: { width: { xs: '100%', sm: 200 } } }, field: { clearable: true } }}
    />
  );
}
