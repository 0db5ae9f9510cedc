import { useEffect, useState } from 'react';
import { useController, useForm } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CONVOCAZIONI_MSG } from '../../../common/callups/messages';
import type { Convocazione, ConvocazioneInput } from '../../../common/callups/rules';
import { convocazioneFormSchema, convocazioneFormValues, type ConvocazioneFormValues } from '../../../common/callups/form';
import { FormTextField } from '../form/FormTextField';
import { schemaResolver } from '../form/schemaForm';
import { OtherCategoryPicker, type OtherPlayer } from './OtherCategoryPicker';

const M = CONVOCAZIONI_MSG;
const S = M.screen;
const resolver = schemaResolver<ConvocazioneFormValues, ConvocazioneInput>(convocazioneFormSchema);

interface Props {
  data: Convocazione;
  gruppo: string;
  /** The category's roster. */
  rosa: OtherPlayer[];
  busy: boolean;
  /** Saves the body; the call-up as saved, or null when the save failed (the section says why). */
  onSave: (body: ConvocazioneInput) => Promise<Convocazione | null>;
  onSend: (which: 'invia' | 'sollecita') => void;
  /** Whether the form holds changes not saved (the page's unsaved-changes guard, docs/screens.md). */
  onDirtyChange?: (dirty: boolean) => void;
}

/**
 * The coach's part of a call-up on react-hook-form (values: common/callups/form.ts, checked by the server's
 * schema): who is called (the roster, 'fuori quota' from the other categories), ritrovo, deadline, note;
 * 'Salva', 'Invia', 'Sollecita'.
 */
export function CallupEditor({ data, gruppo, rosa, busy, onSave, onSend, onDirtyChange }: Props) {
  const form = useForm<ConvocazioneFormValues, unknown, ConvocazioneInput>({ defaultValues: convocazioneFormValues(data), resolver, shouldFocusError: false });
  const { control, formState, reset, setValue, handleSubmit } = form;
  const { isDirty, errors } = formState;
  const { field: giocatori } = useController({ control, name: 'giocatori' });
  // Players of other categories picked and not saved yet (shown ticked beside the roster).
  const [picked, setPicked] = useState<OtherPlayer[]>([]);

  // The 30 s poll's answer replaces the form only when nothing is being changed: typed input stays.
  useEffect(() => {
    if (!isDirty) reset(convocazioneFormValues(data));
  }, [data, isDirty, reset]);
  useEffect(() => {
    onDirtyChange?.(isDirty);
    return () => onDirtyChange?.(false);
  }, [isDirty, onDirtyChange]);

  const known = new Set(rosa.map((g) => g.id));
  const players: OtherPlayer[] = [...rosa];
  for (const g of [...data.giocatori, ...picked]) {
    if (known.has(g.id)) continue;
    known.add(g.id);
    players.push(g);
  }
  const roster = players.filter((g) => g.gruppo === gruppo);
  const called: number[] = giocatori.value;
  const toggle = (id: number, on: boolean) => giocatori.onChange(on ? [...called, id] : called.filter((g) => g !== id));
  const onPickOther = (p: OtherPlayer) => {
    setPicked((list) => [...list, p]);
    setValue('giocatori', [...called, p.id], { shouldDirty: true, shouldValidate: formState.isSubmitted });
  };
  const submit = handleSubmit(async (body) => {
    const saved = await onSave(body);
    if (!saved) return;
    reset(convocazioneFormValues(saved));
    setPicked([]);
  });

  return (
    <Box sx={{ my: 2 }}>
      <Typography variant="subtitle2" component="h3">
        {S.rosa}
      </Typography>
      {roster.length === 0 && <Typography color="text.secondary">{S.nessunGiocatore}</Typography>}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2 }}>
        {players.map((g) => (
          <FormControlLabel
            key={g.id}
            control={<Checkbox checked={called.includes(g.id)} disabled={busy} onChange={(e) => toggle(g.id, e.target.checked)} />}
            label={
              <>
                {g.cognome} {g.nome}
                {g.gruppo !== gruppo && <Chip size="small" variant="outlined" sx={{ ml: 1 }} label={M.fuoriQuota} title={g.gruppo} />}
              </>
            }
          />
        ))}
      </Box>
      {errors.giocatori?.message && <FormHelperText error>{errors.giocatori.message}</FormHelperText>}
      <OtherCategoryPicker gruppo={gruppo} exclude={players.map((p) => p.id)} disabled={busy} onPick={onPickOther} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 2 }}>
        <FormTextField control={control} name="ora" type="time" label={S.ritrovoOra} disabled={busy} slotProps={{ inputLabel: { shrink: true } }} />
        <FormTextField control={control} name="luogo" label={S.ritrovoLuogo} disabled={busy} />
        <FormTextField control={control} name="scadenza" type="datetime-local" label={S.scadenza} disabled={busy} slotProps={{ inputLabel: { shrink: true } }} />
      </Stack>
      <FormTextField control={control} name="note" label={S.note} disabled={busy} fullWidth multiline minRows={2} sx={{ mt: 2 }} />
      <Stack direction="row" sx={{ mt: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button variant="contained" disabled={busy} onClick={() => void submit()}>
          {S.salva}
        </Button>
        <Button variant="outlined" disabled={busy || isDirty || data.giocatori.length === 0} onClick={() => onSend('invia')}>
          {S.invia}
        </Button>
        {data.inviataIl && (
          <Button variant="outlined" disabled={busy || data.chiusa} onClick={() => onSend('sollecita')}>
            {S.sollecita}
          </Button>
        )}
      </Stack>
    </Box>
  );
}
