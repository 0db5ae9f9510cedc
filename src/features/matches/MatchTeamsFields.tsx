import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { Controller, useFormContext } from 'react-hook-form';
import { MSG } from '../../../common/core/messages';
import { TERRENI, TIPI_GARA } from '../../../common/matches/read';
import { useCategoryNames } from '../../api/categoriesApi';
import { useLazyGetCampiSuggestionsQuery, useLazyGetSquadreSuggestionsQuery } from '../../api/suggestionsApi';
import { SuggestionInput } from '../../components/SuggestionInput';
import { CategorySelect } from '../../components/form/CategorySelect';
import type { FormValues } from './matchFormValues';
import type { useMatchForm } from './useMatchForm';

const L = MSG.match.labels;

/** The match form's teams, pitch, category, competition and ground (suggestions for names, docs/matches.md). */
export function MatchTeamsFields({ busy, typing, selectPitch }: { busy: boolean; typing: ReturnType<typeof useMatchForm>['typing']; selectPitch: boolean }) {
  const { control } = useFormContext<FormValues>();
  const { cells, firstEmpty } = typing;
  const { names: categorie, loaded: categoriesLoaded } = useCategoryNames();
  const [loadSquadre, squadre] = useLazyGetSquadreSuggestionsQuery();
  const [loadCampi, campi] = useLazyGetCampiSuggestionsQuery();
  return (
    <>
      <Grid size={{ xs: 12, md: 6 }} ref={cells.squadraCasa}>
        <Controller
          name="squadraCasa"
          control={control}
          render={({ field }) => (
            <SuggestionInput autoFocus={firstEmpty === 'squadraCasa'} label={L.squadraCasa} required value={field.value} onChange={field.onChange} load={(s) => void loadSquadre(s, true)} suggestions={squadre.data} disabled={busy} />
          )}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }} ref={cells.squadraTrasferta}>
        <Controller
          name="squadraTrasferta"
          control={control}
          render={({ field }) => (
            <SuggestionInput label={L.squadraTrasferta} required value={field.value} onChange={field.onChange} load={(s) => void loadSquadre(s, true)} suggestions={squadre.data} disabled={busy} />
          )}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }} ref={cells.campo}>
        <Controller
          name="campo"
          control={control}
          render={({ field }) => (
            <SuggestionInput selectOnFocus={selectPitch} label={L.campo} required value={field.value} onChange={field.onChange} load={(s) => void loadCampi(s, true)} suggestions={campi.data} disabled={busy} />
          )}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Controller
          name="gruppo"
          control={control}
          render={({ field }) => (
            <CategorySelect
              label={L.gruppo}
              value={categorie.includes(field.value) || !field.value ? field.value : ''}
              onChange={field.onChange}
              categories={categorie}
              loaded={categoriesLoaded}
              noCategories={MSG.groups.noCategoriesForMatch}
              disabled={busy}
            />
          )}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Controller
          name="tipoGara"
          control={control}
          render={({ field }) => (
            <TextField select fullWidth required label={L.tipoGara} value={field.value} disabled={busy} onChange={(e) => field.onChange(e.target.value)}>
              {TIPI_GARA.map((t) => (
                <MenuItem key={t} value={t}>
                  {MSG.match.tipoGara[t]}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Controller
          name="terreno"
          control={control}
          render={({ field }) => (
            <TextField select fullWidth label={MSG.match.terreno} value={field.value} disabled={busy} onChange={(e) => field.onChange(e.target.value)}>
              <MenuItem value="">{MSG.match.none}</MenuItem>
              {TERRENI.map((t) => (
                <MenuItem key={t} value={t}>
                  {MSG.match.terrenoLabel[t]}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      </Grid>
    </>
  );
}
