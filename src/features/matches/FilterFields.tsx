import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import { DASHBOARD_MSG, MATCH_OPTION_MSG } from '../../../common/matches/messages';
import { PUBLIC_MSG } from '../../../common/matches/public-page';
import { TERRENI, TIPI_GARA, cleanTextFilter, cleanTimeFilter, type FilterKey, type PartiteFilters } from '../../../common/matches/read';
import { STATI } from '../../../common/status/read';
import { STATO_LABELS } from '../../../common/status/labels';

const L = DASHBOARD_MSG.filterLabels;

// The Italian picker of the match form, fetched the first time someone opens the date filter (docs/public-page.md).
const loadDatePicker = () => import('./DateFilterPicker');
const DateFilterPicker = lazy(loadDatePicker);

/** Phones (under 600 px): fields full width and at least 44 px tall, for a finger (docs/public-page.md, phones). */
const PHONE_FIELD = {
  '& .MuiInputBase-input': { py: { xs: '12.5px', sm: '8.5px' } },
  '& .MuiInputLabel-root:not(.MuiInputLabel-shrink)': { transform: { xs: 'translate(14px, 13px) scale(1)', sm: 'translate(14px, 9px) scale(1)' } },
} as const;

/**
 * An outlined field with a floating label, built from FormControl + InputLabel + OutlinedInput
 * rather than TextField: TextField always bundles Select, Menu, Popover and Modal (about 24 KB gzip).
 */
function Field({ label, shrink, width, children }: { label: string; shrink?: boolean; width: number; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <FormControl size="small" variant="outlined" sx={{ minWidth: { xs: '100%', sm: width }, ...PHONE_FIELD }}>
      <InputLabel htmlFor={id} shrink={shrink}>
        {label}
      </InputLabel>
      {children(id)}
    </FormControl>
  );
}

const toItalian = (iso: string) => (/^\d{4}-\d{2}-\d{2}$/.test(iso) ? iso.split('-').reverse().join('/') : '');

/**
 * The date filter: until it is first used, a look-alike field showing gg/mm/aaaa; focusing or touching
 * it loads the real picker, which takes its place with the focus on the day.
 */
function DateFilter({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const [wanted, setWanted] = useState(false);
  const open = () => setWanted(true);
  const placeholder = (
    <Field label={L.data} shrink width={190}>
      {(id) => (
        <OutlinedInput
          id={id}
          label={L.data}
          notched
          readOnly
          placeholder={PUBLIC_MSG.datePlaceholder}
          value={toItalian(value)}
          onFocus={open}
          onPointerDown={open}
          onPointerEnter={() => void loadDatePicker()}
          inputProps={{ 'data-testid': 'date-filter-placeholder' }}
        />
      )}
    </Field>
  );
  if (!wanted) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <Box sx={{ width: { xs: '100%', sm: 'auto' } }}>
        <DateFilterPicker label={L.data} value={value} onChange={onChange} autoFocus />
      </Box>
    </Suspense>
  );
}

/**
 * The eight filter fields of the dashboards with their input rules (docs/matches.md, dashboard filters: time digits and colon, text from a
 * limited set). A chunk of its own, loaded by FilterPanel when the fields are on screen: at once on a
 * wide screen, when 'Filtri' is pressed on a phone (docs/public-page.md).
 */
export default function FilterFields({ filters, onChange }: { filters: PartiteFilters; onChange: (f: PartiteFilters) => void }) {
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
  const select = (key: 'terreno' | 'tipoGara' | 'stato', options: ReadonlyArray<{ value: string; label: string }>, width: number, label: string = key === 'stato' ? 'Stato' : L[key]) => (
    <Field label={label} shrink width={width}>
      {(id) => (
        <NativeSelect
          id={id}
          value={filters[key] ?? ''}
          onChange={(e) => set(key, e.target.value)}
          input={<OutlinedInput label={label} notched />}
        >
          <option value="">{DASHBOARD_MSG.all}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect>
      )}
    </Field>
  );
  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }} data-testid="filter-fields">
      <DateFilter value={filters.data ?? ''} onChange={(v) => set('data', v)} />
      <Field label={L.ora} width={110}>
        {(id) => (
          <OutlinedInput
            id={id}
            label={L.ora}
            placeholder="HH:MM"
            value={filters.ora ?? ''}
            onChange={(e) => set('ora', cleanTimeFilter(e.target.value))}
            inputProps={{ maxLength: 5 }}
          />
        )}
      </Field>
      {text('squadracasa')}
      {text('squadratrasferta')}
      {text('gruppo')}
      {text('campo')}
      {select('terreno', TERRENI.map((t) => ({ value: t, label: MATCH_OPTION_MSG.terrenoLabel[t] })), 140)}
      {select('tipoGara', TIPI_GARA.map((t) => ({ value: t, label: MATCH_OPTION_MSG.tipoGara[t] })), 150)}
      {/* The match status (docs/matches.md, status). */}
      {select('stato', STATI.map((t) => ({ value: t, label: STATO_LABELS[t] })), 150)}
    </Box>
  );
}
