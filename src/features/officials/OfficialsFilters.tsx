import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import type { UseFormReturn } from 'react-hook-form';
import { DIRIGENTI_MSG, QUALIFICA_LABELS } from '../../../common/officials/messages';
import { QUALIFICHE, type Qualifica } from '../../../common/officials/rules';
import { FormTextField } from '../../components/form/FormTextField';
import type { Stato } from './list';
import { FILTER_SLOTS, searchSlots } from '../../components/form/ListFilters';

const M = DIRIGENTI_MSG;
/** A filter shows 'Tutte le qualifiche' / 'Tutti' when it is off. */

export interface OfficialsFilterValues {
  search: string;
  qualifica: Qualifica | '';
  stato: Stato;
}

export const NO_FILTERS: OfficialsFilterValues = { search: '', qualifica: '', stato: '' };

/** The list's filters (docs/officials.md): a search on name and email, a qualification, the state; 'Azzera filtri' while one is set. */
export function OfficialsFilters({ form, filtering, onSearch }: { form: UseFormReturn<OfficialsFilterValues>; filtering: boolean; onSearch: () => void }) {
  const { control, reset } = form;
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
      <FormTextField
        control={control}
        name="search"
        label={M.search}
        onChange={onSearch}
        size="small"
        sx={{ flex: 1 }}
        slotProps={searchSlots(100)}
      />
      <FormTextField control={control} name="qualifica" select size="small" label={M.fields.qualifiche} sx={{ minWidth: 220 }} slotProps={FILTER_SLOTS}>
        <MenuItem value="">{M.allQualifiche}</MenuItem>
        {QUALIFICHE.map((q) => (
          <MenuItem key={q} value={q}>
            {QUALIFICA_LABELS[q]}
          </MenuItem>
        ))}
      </FormTextField>
      <FormTextField control={control} name="stato" select size="small" label={M.stato} sx={{ minWidth: 160 }} slotProps={FILTER_SLOTS}>
        <MenuItem value="">{M.allStati}</MenuItem>
        <MenuItem value="attivi">{M.soloAttivi}</MenuItem>
        <MenuItem value="non_attivi">{M.soloNonAttivi}</MenuItem>
      </FormTextField>
      {filtering && (
        <Button onClick={() => reset()} sx={{ alignSelf: { xs: 'flex-start', md: 'center' }, flexShrink: 0 }}>
          {M.clearFilters}
        </Button>
      )}
    </Stack>
  );
}
