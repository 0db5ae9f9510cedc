import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { MSG } from '../../../common/core/messages';
import { defaultDurationMinutes } from '../../../common/calendar/rules';
import { SPOGLIATOIO_MAX, SPOGLIATOIO_MIN } from '../../../common/matches/read';
import { FormTimePicker } from '../../components/form/FormPickers';
import type { FormValues } from './matchFormValues';

const ROOMS = Array.from({ length: SPOGLIATOIO_MAX - SPOGLIATOIO_MIN + 1 }, (_, i) => SPOGLIATOIO_MIN + i);

/** A changing room's select ('Nessuno' or a room of the club). */
function RoomField({ name, label, busy }: { name: 'spogliatoioGari' | 'spogliatoioOspiti'; label: string; busy: boolean }) {
  const { control } = useFormContext<FormValues>();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <TextField
          select
          fullWidth
          label={label}
          value={field.value ?? ''}
          disabled={busy}
          onChange={(e) => field.onChange(e.target.value === '' ? null : Number(e.target.value))}
          helperText={MSG.match.roomsRange}
        >
          <MenuItem value="">{MSG.match.none}</MenuItem>
          {ROOMS.map((n) => (
            <MenuItem key={n} value={n}>
              {n}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}

/** A home match's end time (proposed from the category, docs/planning.md) and changing rooms. */
export function MatchRoomsFields({ busy, endProposed }: { busy: boolean; endProposed: boolean }) {
  const { control } = useFormContext<FormValues>();
  const [gruppo, oraFine] = useWatch({ control, name: ['gruppo', 'oraFine'] });
  return (
    <>
      <Grid size={{ xs: 12, md: 4 }}>
        <FormTimePicker<FormValues>
          name="oraFine"
          label={MSG.match.labels.oraFine}
          disabled={busy}
          helperText={endProposed && oraFine && gruppo ? MSG.match.endProposed(defaultDurationMinutes(gruppo)) : undefined}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <RoomField name="spogliatoioGari" label={MSG.match.roomClub} busy={busy} />
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <RoomField name="spogliatoioOspiti" label={MSG.match.roomGuests} busy={busy} />
      </Grid>
    </>
  );
}
