import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MSG } from '../../../common/messages';
import { TERRENI, TIPI_GARA, cleanTextFilter, cleanTimeFilter, countActiveFilters, type FilterKey, type PartiteFilters } from '../../../common/partite';

const L = MSG.dashboard.filterLabels;

/** The eight filters of spec 2 with the input rules of spec 5 (time digits and colon, text from a limited set). */
export function FilterPanel({ filters, onChange }: { filters: PartiteFilters; onChange: (f: PartiteFilters) => void }) {
  const set = (key: FilterKey, value: string) => onChange({ ...filters, [key]: value });
  const text = (key: 'squadracasa' | 'squadratrasferta' | 'campo' | 'gruppo') => (
    <TextField
      size="small"
      label={L[key]}
      value={filters[key] ?? ''}
      onChange={(e) => set(key, cleanTextFilter(e.target.value))}
      slotProps={{ htmlInput: { maxLength: 50 } }}
      sx={{ minWidth: 170 }}
    />
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
        <TextField
          size="small"
          type="date"
          label={L.data}
          value={filters.data ?? ''}
          onChange={(e) => set('data', e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          size="small"
          label={L.ora}
          placeholder="HH:MM"
          value={filters.ora ?? ''}
          onChange={(e) => set('ora', cleanTimeFilter(e.target.value))}
          slotProps={{ htmlInput: { maxLength: 5 } }}
          sx={{ width: 110 }}
        />
        {text('squadracasa')}
        {text('squadratrasferta')}
        {text('gruppo')}
        {text('campo')}
        <TextField select size="small" label={L.terreno} value={filters.terreno ?? ''} onChange={(e) => set('terreno', e.target.value)} sx={{ minWidth: 140 }}>
          <MenuItem value="">{MSG.dashboard.all}</MenuItem>
          {TERRENI.map((t) => (
            <MenuItem key={t} value={t}>
              {MSG.match.terrenoLabel[t]}
            </MenuItem>
          ))}
        </TextField>
        <TextField select size="small" label={L.tipoGara} value={filters.tipoGara ?? ''} onChange={(e) => set('tipoGara', e.target.value)} sx={{ minWidth: 150 }}>
          <MenuItem value="">{MSG.dashboard.all}</MenuItem>
          {TIPI_GARA.map((t) => (
            <MenuItem key={t} value={t}>
              {MSG.match.tipoGara[t]}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
    </Paper>
  );
}
