import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { Controller, useFormContext } from 'react-hook-form';
import { MSG } from '../../../common/core/messages';
import { SLOT_MSG } from '../../../common/trainings/messages';
import type { Slot } from '../../../common/occupancy/slots';
import type { SlotLiberiArgs } from '../../api/slotsApi';
import { SlotFinder } from '../../components/SlotFinder';
import { FormDatePicker, FormTimePicker } from '../../components/form/FormPickers';
import type { FormValues } from './matchFormValues';
import type { useMatchForm } from './useMatchForm';

const L = MSG.match.labels;

/** The match form's first row: date, start, home or away, and 'Trova uno slot' on the edit form. */
export function MatchWhenFields({
  busy,
  today,
  home,
  homeFixed,
  typing,
  slotFinder,
}: {
  busy: boolean;
  today: string;
  home: boolean;
  /** The club's name in the home team: a home match whatever the switch says. */
  homeFixed: boolean;
  typing: ReturnType<typeof useMatchForm>['typing'];
  slotFinder?: { query: SlotLiberiArgs; onChoose: (slot: Slot) => void };
}) {
  const { control } = useFormContext<FormValues>();
  const { cells, dateTyped, timeTyped, firstEmpty } = typing;
  return (
    <>
      <Grid size={{ xs: 12, md: 4 }} {...dateTyped}>
        <FormDatePicker<FormValues> name="data" label={L.data} autoFocus={firstEmpty === 'data'} min={today} disabled={busy} />
      </Grid>
      <Grid size={{ xs: 12, md: 4 }} ref={cells.ora} {...timeTyped}>
        <FormTimePicker<FormValues> name="ora" label={L.ora} autoFocus={firstEmpty === 'ora'} disabled={busy} />
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <Controller
          name="isHouseMatch"
          control={control}
          render={({ field }) => (
            <FormControlLabel control={<Switch checked={home} disabled={busy || homeFixed} onChange={(e) => field.onChange(e.target.checked)} />} label={MSG.match.homeMatch} />
          )}
        />
      </Grid>
      {slotFinder && (
        <Grid size={12}>
          <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <SlotFinder query={slotFinder.query} onChoose={slotFinder.onChoose} disabled={busy || !slotFinder.query.gruppo} />
            {!slotFinder.query.gruppo && (
              <Typography variant="body2" color="text.secondary">
                {SLOT_MSG.needsGruppo}
              </Typography>
            )}
          </Stack>
        </Grid>
      )}
    </>
  );
}
