import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { FIXABLE_FIELDS, type FixedValues, type Mapping } from '../../../common/import/constants';
import { IMPORT_MSG as M } from '../../../common/import/messages';
import { MSG } from '../../../common/core/messages';
import { TERRENI, TIPI_GARA } from '../../../common/matches/read';

const FIXED_OPTIONS: Record<'tipoGara' | 'terreno', ReadonlyArray<{ value: string; label: string }>> = {
  tipoGara: TIPI_GARA.map((t) => ({ value: t, label: MSG.match.tipoGara[t] })),
  terreno: TERRENI.map((t) => ({ value: t, label: MSG.match.terrenoLabel[t] })),
};

interface Props {
  mapping: Mapping;
  fixed: FixedValues;
  categories: readonly string[];
  onChange: (f: FixedValues) => void;
}

/**
 * 'Valori per tutte le righe': one value for a field no column fills (a category's fixture list has
 * no 'Categoria' column), read by buildRows as a cell of that field would be.
 */
export function FixedValuesFields({ mapping, fixed, categories, onChange }: Props) {
  const open = FIXABLE_FIELDS.filter((f) => !mapping.includes(f));
  if (open.length === 0) return null;
  const set = (field: (typeof FIXABLE_FIELDS)[number], value: string) => onChange({ ...fixed, [field]: value });
  return (
    <Box component="section" aria-label={M.fixedTitle} sx={{ mt: 2 }}>
      <Typography variant="subtitle2" component="h3">
        {M.fixedTitle}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {M.fixedHint}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(170px, 1fr))', gap: 1.5 }}>
        {open.map((field) => {
          const label = M.fields[field];
          if (field === 'campo') {
            return (
              <TextField key={field} size="small" label={label} value={fixed.campo ?? ''} onChange={(e) => set('campo', e.target.value)} slotProps={{ htmlInput: { maxLength: 100 } }} />
            );
          }
          const options = field === 'gruppo' ? categories.map((c) => ({ value: c, label: c })) : FIXED_OPTIONS[field];
          return (
            <TextField
              key={field}
              select
              size="small"
              label={label}
              value={fixed[field] ?? ''}
              onChange={(e) => set(field, e.target.value)}
              slotProps={{ select: { SelectDisplayProps: { 'aria-label': label } as object } }}
            >
              <MenuItem value="">{M.fixedNone}</MenuItem>
              {options.map((o) => (
                <MenuItem key={o.value} value={o.value}>
                  {o.label}
                </MenuItem>
              ))}
            </TextField>
          );
        })}
      </Box>
    </Box>
  );
}
