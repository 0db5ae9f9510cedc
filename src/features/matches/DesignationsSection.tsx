import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DIRIGENTI_MSG, RUOLO_LABELS } from '../../../common/officials/messages';
import { QUALIFICA_DI, type Designazioni, type DesignazioniView, type Ruolo } from '../../../common/officials/rules';
import type { DesignazioneConflitto } from '../../../common/officials/types';
import { refusalMessage } from '../../api/api';
import { personName, RUOLI_ORDER, useGetDirigentiAttiviQuery } from '../../api/designationsApi';

/** The Italian message of a failed designation save, or the clashes of a 409 to confirm (docs/officials.md). */
export function designationFailure(err: unknown): { conflitti: DesignazioneConflitto[] } | { message: string } {
  const status = (err as { status?: unknown }).status;
  const conflitti = (err as { data?: { conflitti?: unknown } }).data?.conflitti;
  if (status === 409 && Array.isArray(conflitti)) return { conflitti: conflitti as DesignazioneConflitto[] };
  // 400/403/404 carry the server's Italian reason (not qualified, the referee alone...).
  return { message: refusalMessage(err, [400, 403, 404], DIRIGENTI_MSG.designationsFailed) };
}

/** One role's picker: the active people holding the role's qualification (and whoever holds the role now). */
function RolePicker({ ruolo, value, current, disabled, onChange }: { ruolo: Ruolo; value: number | null; current: DesignazioniView[Ruolo] | undefined; disabled: boolean; onChange: (id: number | null) => void }) {
  const { data: people = [], isLoading } = useGetDirigentiAttiviQuery(QUALIFICA_DI[ruolo]);
  // The person designated now stays an option even when no longer active or qualified: the server says what is wrong.
  const options = current && !people.some((p) => p.id === current.id) ? [current, ...people] : people;
  const known = value === null || options.some((p) => p.id === value);
  return (
    <TextField
      select
      fullWidth
      label={RUOLO_LABELS[ruolo]}
      value={value === null || !known ? '' : String(value)}
      disabled={disabled || isLoading}
      onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
      slotProps={{ select: { name: `designazione-${ruolo}` } }}
    >
      <MenuItem value="">{DIRIGENTI_MSG.none}</MenuItem>
      {options.map((p) => (
        <MenuItem key={p.id} value={String(p.id)}>
          {personName(p)}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Whether the referee holds another role too (refused by the server: designazioniProblem). */
export const refereeNotAlone = (d: Designazioni) => d.arbitro !== null && (d.arbitro === d.accompagnatore || d.arbitro === d.addettoArbitro);

/**
 * The edit form's 'Designazioni' (docs/officials.md): one picker per role, part of the match's form and
 * saved with it by 'Salva modifiche' (PUT /api/partite/{id} with `designazioni`, one transaction). The
 * server's refusal (400) comes as the save's error; its clashes (409) in the save's dialog.
 */
export function DesignationsSection({
  value,
  current,
  disabled = false,
  onChange,
}: {
  value: Designazioni;
  /** The designations as stored (their people stay options). */
  current: DesignazioniView | undefined;
  disabled?: boolean;
  onChange: (value: Designazioni) => void;
}) {
  return (
    <Box component="section" aria-labelledby="designazioni-title" sx={{ mt: 3, pt: 2, borderTop: 1, borderColor: 'divider' }} data-testid="designazioni-section">
      <Typography id="designazioni-title" variant="h6" component="h2" sx={{ mb: 2 }}>
        {DIRIGENTI_MSG.designations}
      </Typography>
      <Grid container spacing={2}>
        {RUOLI_ORDER.map((r) => (
          <Grid key={r} size={{ xs: 12, md: 4 }}>
            <RolePicker ruolo={r} value={value[r]} current={current?.[r]} disabled={disabled} onChange={(id) => onChange({ ...value, [r]: id })} />
          </Grid>
        ))}
      </Grid>
      {refereeNotAlone(value) && (
        <Alert severity="warning" sx={{ mt: 2 }}>
          {DIRIGENTI_MSG.refereeAlone}
        </Alert>
      )}
    </Box>
  );
}
