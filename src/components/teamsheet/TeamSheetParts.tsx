import { useWatch, type Control } from 'react-hook-form';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DISTINTA_MSG } from '../../../common/teamsheet/messages';
import type { Distinta, GiocatoreDistinta } from '../../../common/teamsheet/types';
import { personName, useGetDirigentiAttiviQuery } from '../../api/designationsApi';
import { useGetAmmissibiliQuery } from '../../api/teamsheetApi';
import { TEAMSHEET_UI as UI } from './messages';
import type { SheetValues } from './sheetForm';

/** A player's verdict on the sheet: allowed or not, the call-up's answer, the reasons and warnings. */
export function Reasons({ g, except }: { g: GiocatoreDistinta; except?: string }) {
  return (
    <Stack spacing={0.5}>
      <Box>
        <Chip size="small" color={g.idoneo ? 'success' : 'error'} label={g.idoneo ? UI.idoneo : UI.nonIdoneo} />
        {g.convocazione && <Chip size="small" variant="outlined" sx={{ ml: 0.5 }} label={UI.convocazione[g.convocazione]} />}
      </Box>
      {/* The reason the save was refused for is shown once, as the row's alert. */}
      {g.motivi.filter((m) => m !== except).map((m) => (
        <Typography key={m} variant="body2" color="error">
          {m}
        </Typography>
      ))}
      {g.avvisi.map((m) => (
        <Typography key={m} variant="body2" color="warning.main">
          {m}
        </Typography>
      ))}
    </Stack>
  );
}

/** The staff: the designations as read, the coach (officials with the 'allenatore' qualification) and the others. */
export function StaffFields({ distinta, control, readOnly, setValue }: { distinta: Distinta; control: Control<SheetValues>; readOnly: boolean; setValue: (k: 'allenatore' | 'altri', v: number | null | number[]) => void }) {
  const { data: coaches = [] } = useGetDirigentiAttiviQuery('allenatore', { skip: readOnly });
  const { data: people = [] } = useGetAmmissibiliQuery(undefined, { skip: readOnly });
  const allenatore = useWatch({ control, name: 'allenatore' });
  const altri = useWatch({ control, name: 'altri' });
  const designated = distinta.staff.filter((s) => s.ruolo === 'accompagnatore' || s.ruolo === 'addettoArbitro');
  const stored = distinta.staff.filter((s) => s.ruolo === 'allenatore' || s.ruolo === 'altro');
  const coachOptions = [...stored.filter((s) => s.ruolo === 'allenatore' && !coaches.some((c) => c.id === s.id)), ...coaches];
  const otherOptions = [...stored.filter((s) => s.ruolo === 'altro' && !people.some((c) => c.id === s.id)), ...people];
  return (
    <Box sx={{ mt: 3 }}>
      <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
        {UI.staff}
      </Typography>
      {designated.map((s) => (
        <Typography key={s.ruolo}>
          {DISTINTA_MSG.ruoli[s.ruolo]}: {personName(s)}
          {s.numeroTessera ? ` (${s.numeroTessera})` : ''}
        </Typography>
      ))}
      {readOnly ? (
        stored.map((s) => (
          <Typography key={`${s.ruolo}-${s.id}`}>
            {DISTINTA_MSG.ruoli[s.ruolo]}: {personName(s)}
          </Typography>
        ))
      ) : (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 1 }}>
          <TextField select fullWidth label={UI.coach} value={allenatore === null ? '' : String(allenatore)} onChange={(e) => setValue('allenatore', e.target.value === '' ? null : Number(e.target.value))}>
            <MenuItem value="">{UI.none}</MenuItem>
            {coachOptions.map((p) => (
              <MenuItem key={p.id} value={String(p.id)}>
                {personName(p)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            fullWidth
            label={UI.others}
            value={altri.map(String)}
            slotProps={{ select: { multiple: true } }}
            onChange={(e) => setValue('altri', (e.target.value as unknown as string[]).map(Number))}
          >
            {otherOptions.map((p) => (
              <MenuItem key={p.id} value={String(p.id)}>
                {personName(p)}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      )}
    </Box>
  );
}

