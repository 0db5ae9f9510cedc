import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { DIRIGENTI_MSG, RUOLO_LABELS } from '../../../common/dirigenti/messages';
import { QUALIFICA_DI, type Designazioni, type DesignazioniView, type Ruolo } from '../../../common/dirigenti/rules';
import type { DesignazioneConflitto } from '../../../common/dirigenti/types';
import { errorMessage } from '../../api/api';
import { idsOf, personName, RUOLI_ORDER, useGetDirigentiAttiviQuery, useSaveDesignazioniMutation, type DesignazioniBody } from '../../api/designazioniApi';
import { ClashDialog } from './ClashWarnings';

/** The Italian message of a failed designation save, or the clashes of a 409 to confirm (docs/dirigenti.md). */
export function designationFailure(err: unknown): { conflitti: DesignazioneConflitto[] } | { message: string } {
  const status = (err as { status?: unknown }).status;
  const conflitti = (err as { data?: { conflitti?: unknown } }).data?.conflitti;
  if (status === 409 && Array.isArray(conflitti)) return { conflitti: conflitti as DesignazioneConflitto[] };
  // 400/403/404 carry the server's Italian reason (not qualified, the referee alone...).
  if (status === 400 || status === 403 || status === 404) return { message: errorMessage(err) };
  return { message: `${DIRIGENTI_MSG.designationsFailed}: ${errorMessage(err)}` };
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

/**
 * The edit form's 'Designazioni' (docs/dirigenti.md): one picker per role, saved by its own button
 * through PUT /api/partite/{id}/designazioni, apart from the match's save. The server's refusal (400)
 * shows under the pickers; its clashes (409) ask for 'Salva comunque'.
 */
export function DesignazioniSection({ partitaId, designazioni, disabled = false }: { partitaId: number; designazioni: DesignazioniView | undefined; disabled?: boolean }) {
  const { enqueueSnackbar } = useSnackbar();
  const [saved, setSaved] = useState<Designazioni>(() => idsOf(designazioni));
  const [value, setValue] = useState<Designazioni>(saved);
  const [problem, setProblem] = useState<string | null>(null);
  const [conflitti, setConflitti] = useState<DesignazioneConflitto[] | null>(null);
  const [save, { isLoading: saving }] = useSaveDesignazioniMutation();
  const dirty = RUOLI_ORDER.some((r) => value[r] !== saved[r]);
  const refereeAlone = value.arbitro !== null && (value.arbitro === value.accompagnatore || value.arbitro === value.addettoArbitro);

  const send = async (body: DesignazioniBody) => {
    setProblem(null);
    try {
      await save({ id: partitaId, body }).unwrap();
      setSaved({ arbitro: body.arbitro, accompagnatore: body.accompagnatore, addettoArbitro: body.addettoArbitro });
      enqueueSnackbar(DIRIGENTI_MSG.designationsSaved, { variant: 'success' });
    } catch (err) {
      const failure = designationFailure(err);
      if ('conflitti' in failure) setConflitti(failure.conflitti);
      else setProblem(failure.message);
    }
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby="designazioni-title" sx={{ p: 3, mt: 2, maxWidth: 900 }} data-testid="designazioni-section">
      <Typography id="designazioni-title" variant="h6" component="h2" sx={{ mb: 2 }}>
        {DIRIGENTI_MSG.designations}
      </Typography>
      <Grid container spacing={2}>
        {RUOLI_ORDER.map((r) => (
          <Grid key={r} size={{ xs: 12, md: 4 }}>
            <RolePicker
              ruolo={r}
              value={value[r]}
              current={designazioni?.[r]}
              disabled={disabled || saving}
              onChange={(id) => {
                setProblem(null);
                setValue((v) => ({ ...v, [r]: id }));
              }}
            />
          </Grid>
        ))}
      </Grid>
      {refereeAlone && (
        <Alert severity="warning" sx={{ mt: 2 }}>
          {DIRIGENTI_MSG.refereeAlone}
        </Alert>
      )}
      {problem && (
        <Alert severity="error" sx={{ mt: 2 }} data-testid="designazioni-error">
          {problem}
        </Alert>
      )}
      <Stack direction="row" sx={{ mt: 2, justifyContent: 'flex-end' }}>
        <Button variant="contained" disabled={disabled || saving || !dirty || refereeAlone} onClick={() => void send(value)}>
          {saving ? DIRIGENTI_MSG.savingDesignations : DIRIGENTI_MSG.saveDesignations}
        </Button>
      </Stack>
      <ClashDialog
        clashes={conflitti}
        intro={DIRIGENTI_MSG.conflictIntro}
        onClose={() => setConflitti(null)}
        onConfirm={() => {
          setConflitti(null);
          void send({ ...value, confermaSovrapposizioni: true });
        }}
      />
    </Paper>
  );
}
