import { useMemo } from 'react';
import { Controller, useController, useFormContext, useWatch } from 'react-hook-form';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ALLENAMENTI_MSG, GIORNI } from '../../../common/trainings/messages';
import { occurrencesOf } from '../../../common/trainings/rules';
import { isIsoDate } from '../../../common/core/date-text';
import { SPOGLIATOIO_MAX, SPOGLIATOIO_MIN } from '../../../common/matches/read';
import { useCategoryNames } from '../../api/categoriesApi';
import { useLazyGetCampiSuggestionsQuery } from '../../api/suggestionsApi';
import { SuggestionInput } from '../../components/SuggestionInput';
import { CategorySelect } from '../../components/form/CategorySelect';
import { FormDatePicker, FormTimePicker } from '../../components/form/FormPickers';
import { PROPOSED_MINUTES, capitalized, type FormValues } from './grid';

const M = ALLENAMENTI_MSG;
const F = M.fields;
const ROOMS = Array.from({ length: SPOGLIATOIO_MAX - SPOGLIATOIO_MIN + 1 }, (_, i) => SPOGLIATOIO_MIN + i);

/** Where the typing starts in a new series: its first empty field. */
export type FirstEmpty = 'gruppo' | 'campo' | 'giorno' | null;


/** The changing rooms: one toggle per room of the club. */
function RoomChips({ disabled }: { disabled: boolean }) {
  const { field } = useController<FormValues, 'spogliatoi'>({ name: 'spogliatoi' });
  const rooms = field.value;
  const toggle = (n: number) => field.onChange(rooms.includes(n) ? rooms.filter((r) => r !== n) : [...rooms, n].sort((a, b) => a - b));
  return (
    <Box role="group" aria-labelledby="allenamento-rooms-label">
      <Typography id="allenamento-rooms-label" variant="subtitle2" component="h3">
        {F.spogliatoi}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 0.5 }}>
        {M.roomsHint}
      </Typography>
      <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }}>
        {ROOMS.map((n) => {
          const on = rooms.includes(n);
          return (
            <Chip
              key={n}
              label={n}
              aria-label={M.room(n)}
              aria-pressed={on}
              color={on ? 'primary' : 'default'}
              variant={on ? 'filled' : 'outlined'}
              disabled={disabled}
              onClick={() => toggle(n)}
              sx={{ minWidth: 44, fontWeight: on ? 700 : 400 }}
            />
          );
        })}
      </Stack>
    </Box>
  );
}

/** A series' own fields (docs/trainings.md): category, pitch, weekday, times, period, rooms. */
export function SeriesFields({
  disabled,
  firstEmpty,
  endProposed,
  campi,
  wrong,
}: {
  disabled: boolean;
  firstEmpty: FirstEmpty;
  endProposed: boolean;
  campi: readonly string[];
  /** The field shows its problem in red (once the editor changed it: a new form does not open all red). */
  wrong: (field: keyof FormValues) => boolean;
}) {
  const { control } = useFormContext<FormValues>();
  const [gruppo, giorno, oraFine, dal, al, saltate] = useWatch({ control, name: ['gruppo', 'giorno', 'oraFine', 'dal', 'al', 'saltate'] });
  const { names: categorie, loaded: categoriesLoaded } = useCategoryNames();
  const [loadCampi, campiFound] = useLazyGetCampiSuggestionsQuery();
  const gruppi = useMemo(() => (gruppo && !categorie.includes(gruppo) ? [gruppo, ...categorie] : categorie), [categorie, gruppo]);
  const occurrences = giorno !== null && isIsoDate(dal) && isIsoDate(al) && dal <= al ? occurrencesOf({ giorno, dal, al, saltate }, dal, al).length : null;
  return (
    <>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Controller
            name="gruppo"
            control={control}
            render={({ field }) => (
              <CategorySelect
                label={F.gruppo}
                value={field.value}
                onChange={field.onChange}
                categories={gruppi}
                loaded={categoriesLoaded}
                noCategories={M.noCategories}
                error={wrong(field.name)}
                disabled={disabled}
                autoFocus={firstEmpty === 'gruppo'}
              />
            )}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          {/* Any name may be typed; the dropdown offers the series' pitches, then those of the matches (GET /api/campi/suggestions). */}
          <Controller
            name="campo"
            control={control}
            render={({ field }) => (
              <SuggestionInput
                label={F.campo}
                required
                value={field.value}
                onChange={field.onChange}
                load={(s) => void loadCampi(s, true)}
                suggestions={campiFound.data}
                known={campi}
                error={wrong(field.name)}
                disabled={disabled}
                autoFocus={firstEmpty === 'campo'}
              />
            )}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <Controller
            name="giorno"
            control={control}
            render={({ field }) => (
              <TextField
                select
                fullWidth
                required
                autoFocus={firstEmpty === 'giorno'}
                label={F.giorno}
                value={field.value ?? ''}
                error={wrong(field.name)}
                disabled={disabled}
                onChange={(e) => field.onChange(e.target.value === '' ? null : Number(e.target.value))}
              >
                {GIORNI.map((g, i) => (
                  <MenuItem key={g} value={i + 1}>
                    {capitalized(g)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </Grid>
        <Grid size={{ xs: 6, sm: 4 }}>
          <FormTimePicker<FormValues> name="oraInizio" label={F.oraInizio} disabled={disabled} error={wrong('oraInizio')} />
        </Grid>
        <Grid size={{ xs: 6, sm: 4 }}>
          <FormTimePicker<FormValues> name="oraFine" label={F.oraFine} disabled={disabled} error={wrong('oraFine')} helperText={endProposed && oraFine ? M.endProposed(PROPOSED_MINUTES) : undefined} />
        </Grid>
        <Grid size={{ xs: 6, sm: 4 }}>
          <FormDatePicker<FormValues> name="dal" label={F.dal} disabled={disabled} error={wrong('dal')} />
        </Grid>
        <Grid size={{ xs: 6, sm: 4 }}>
          <FormDatePicker<FormValues> name="al" label={F.al} disabled={disabled} error={wrong('al')} min={dal} />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }} sx={{ display: 'flex', alignItems: 'center' }}>
          {occurrences !== null && (
            <Typography variant="body2" color="text.secondary" data-testid="allenamento-occurrences">
              {M.occurrences(occurrences)}
            </Typography>
          )}
        </Grid>
      </Grid>
      <RoomChips disabled={disabled} />
    </>
  );
}
