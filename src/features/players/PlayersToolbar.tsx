import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { UseFormReturn } from 'react-hook-form';
import { PLAYERS_UI } from '../../../common/players/messages';
import { FormTextField } from '../../components/form/FormTextField';
import { CONTEGGI, type Conteggio } from './certificate';
import type { PlayerFilterValues } from './list';
import { FILTER_SLOTS, searchSlots } from '../../components/form/ListFilters';

const U = PLAYERS_UI;
/** A filter shows 'Tutti' when it is off. */
const ACCENT: Record<Conteggio, string> = { valido: '#2e7d32', in_scadenza: '#8a4b00', scaduto: '#c62828', mancante: '#c62828' };

/** The category picker: the categories one follows, each with its number of players. */
export function CategoryPicker({ categories, counts, value, onChange }: { categories: readonly string[]; counts: ReadonlyMap<string, number>; value: string; onChange: (gruppo: string) => void }) {
  return (
    <TextField select size="small" label={U.categoryPicker} value={value} onChange={(e) => onChange(e.target.value)} sx={{ minWidth: 220 }} slotProps={FILTER_SLOTS}>
      <MenuItem value="">{U.allCategories}</MenuItem>
      {categories.map((c) => (
        <MenuItem key={c} value={c}>
          {U.categoryOption(c, counts.get(c) ?? 0)}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The four certificate counts of the category (valid, expiring, expired or not enough, missing); each one filters the roster. */
export function CertificateCounts({ counts, active, onPick }: { counts: Record<Conteggio, number>; active: Conteggio | ''; onPick: (c: Conteggio | '') => void }) {
  return (
    <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap', mb: 2 }} data-testid="certificato-counts">
      {CONTEGGI.map((c) => (
        <Paper
          key={c}
          variant="outlined"
          component={ButtonBase}
          onClick={() => onPick(active === c ? '' : c)}
          aria-pressed={active === c}
          title={U.countFilterHint}
          data-testid={`count-${c}`}
          sx={{ flex: '1 1 140px', p: 1.5, display: 'block', textAlign: 'left', borderLeft: `4px solid ${ACCENT[c]}`, bgcolor: active === c ? 'action.selected' : undefined }}
        >
          <Typography variant="body2" color="text.secondary">
            {U.counts[c]}
          </Typography>
          <Typography variant="h5" component="p">
            {counts[c]}
          </Typography>
        </Paper>
      ))}
    </Stack>
  );
}

/** The roster's filters (docs/players.md): a search on name and card, the certificate's count; 'Azzera filtri' while one is set. */
export function PlayersFilters({ form, filtering }: { form: UseFormReturn<PlayerFilterValues>; filtering: boolean }) {
  const { control, reset } = form;
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ flex: 1, minWidth: 0 }}>
      <FormTextField
        control={control}
        name="search"
        label={U.search}
        size="small"
        sx={{ flex: 1 }}
        slotProps={searchSlots(100)}
      />
      <FormTextField control={control} name="stato" select size="small" label={U.stateFilter} sx={{ minWidth: 200 }} slotProps={FILTER_SLOTS}>
        <MenuItem value="">{U.allStates}</MenuItem>
        {CONTEGGI.map((c) => (
          <MenuItem key={c} value={c}>
            {U.counts[c]}
          </MenuItem>
        ))}
      </FormTextField>
      {filtering && (
        <Button onClick={() => reset()} sx={{ alignSelf: { xs: 'flex-start', md: 'center' }, flexShrink: 0 }}>
          {U.clearFilters}
        </Button>
      )}
    </Stack>
  );
}
