import { useId, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MSG } from '../../../common/messages';
import { TERRENI, TIPI_GARA, cleanTextFilter, cleanTimeFilter, countActiveFilters, type FilterKey, type PartiteFilters } from '../../../common/partiteRead';

const L = MSG.dashboard.filterLabels;

/**
 * An outlined field with a floating label, built from FormControl + InputLabel + OutlinedInput
 * rather than TextField: TextField always bundles Select, Menu, Popover and Modal (about 24 KB
 * gzip), which would push the public page over its 200 KB budget (issue 3).
 */
function Field({ label, shrink, width, children }: { label: string; shrink?: boolean; width: number; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <FormControl size="small" variant="outlined" sx={{ minWidth: width }}>
      <InputLabel htmlFor={id} shrink={shrink}>
        {label}
      </InputLabel>
      {children(id)}
    </FormControl>
  );
}

/** The eight filters of spec 2 with the input rules of spec 5 (time digits and colon, text from a limited set). */
export function FilterPanel({ filters, onChange }: { filters: PartiteFilters; onChange: (f: PartiteFilters) => void }) {
  const set = (key: FilterKey, value: string) => onChange({ ...filters, [key]: value });
  const text = (key: 'squadracasa' | 'squadratrasferta' | 'campo' | 'gruppo') => (
    <Field label={L[key]} width={170}>
      {(id) => (
        <OutlinedInput
          id={id}
          label={L[key]}
          value={filters[key] ?? ''}
          onChange={(e) => set(key, cleanTextFilter(e.target.value))}
          inputProps={{ maxLength: 50 }}
        />
      )}
    </Field>
  );
  // Native selects: no menu, popover or modal in the bundle, and the system's own list on any device.
  const select = (key: 'terreno' | 'tipoGara', options: ReadonlyArray<{ value: string; label: string }>, width: number) => (
    <Field label={L[key]} shrink width={width}>
      {(id) => (
        <NativeSelect
          id={id}
          value={filters[key] ?? ''}
          onChange={(e) => set(key, e.target.value)}
          input={<OutlinedInput label={L[key]} notched />}
        >
          <option value="">{MSG.dashboard.all}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect>
      )}
    </Field>
  );
  const active = countActiveFilters(filters);
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 3 }} component="section" aria-label={MSG.dashboard.filters}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
        <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
          {MSG.dashboard.filters}
        </Typography>
        <Typography variant="body2" color="text.secondary" data-testid="active-filters">
          {MSG.dashboard.activeFilters(active)}
        </Typography>
        <Button size="small" onClick={() => onChange({})} disabled={active === 0 && Object.values(filters).every((v) => !v)}>
          {MSG.dashboard.resetFilters}
        </Button>
      </Stack>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Field label={L.data} shrink width={160}>
          {(id) => <OutlinedInput id={id} type="date" label={L.data} notched value={filters.data ?? ''} onChange={(e) => set('data', e.target.value)} />}
        </Field>
        <Field label={L.ora} width={110}>
          {(id) => (
            <OutlinedInput
              id={id}
              label={L.ora}
              placeholder="HH:MM"
              value={filters.ora ?? ''}
              onChange={(e) => set('ora', cleanTimeFilter(e.target.value))}
              inputProps={{ maxLength: 5 }}
              sx={{ width: 110 }}
            />
          )}
        </Field>
        {text('squadracasa')}
        {text('squadratrasferta')}
        {text('gruppo')}
        {text('campo')}
        {select('terreno', TERRENI.map((t) => ({ value: t, label: MSG.match.terrenoLabel[t] })), 140)}
        {select('tipoGara', TIPI_GARA.map((t) => ({ value: t, label: MSG.match.tipoGara[t] })), 150)}
      </Stack>
    </Paper>
  );
}
