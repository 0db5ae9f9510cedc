import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { useController, type Control } from 'react-hook-form';
import { DIRIGENTI_MSG, QUALIFICA_LABELS } from '../../../common/officials/messages';
import type { z } from '../../../common/core/zod';
import { DIRIGENTE_TESSERA_MAX, QUALIFICHE, type dirigentePayloadSchema } from '../../../common/officials/rules';
import { PARTITA_TEXT_MAX } from '../../../common/matches/read';
import { FormTextField } from '../../components/form/FormTextField';

const M = DIRIGENTI_MSG;
const F = M.fields;

/** The official form's values as typed (the body's schema reads them: trimmed, the phone's digits). */
export type OfficialFormValues = z.input<typeof dirigentePayloadSchema>;
export type OfficialFormControl = Control<OfficialFormValues, unknown, z.output<typeof dirigentePayloadSchema>>;

type TextKey = 'nome' | 'cognome' | 'email' | 'telefono' | 'numeroTessera';

/** The person's fields of the official form (docs/officials.md): name, contact, card number, qualifications, active. */
export function OfficialFields({ control, disabled, adding }: { control: OfficialFormControl; disabled: boolean; adding: boolean }) {
  const text = (name: TextKey, props: { required?: boolean; autoFocus?: boolean; type?: string; inputMode?: 'email' | 'tel'; maxLength: number; helper?: string }) => (
    <FormTextField
      control={control}
      name={name}
      label={F[name]}
      helperText={props.helper}
      required={props.required}
      autoFocus={props.autoFocus}
      type={props.type}
      disabled={disabled}
      fullWidth
      slotProps={{ htmlInput: { maxLength: props.maxLength, inputMode: props.inputMode, autoComplete: 'off' } }}
    />
  );
  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {text('nome', { required: true, autoFocus: adding, maxLength: PARTITA_TEXT_MAX })}
        {text('cognome', { required: true, maxLength: PARTITA_TEXT_MAX })}
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {text('email', { required: true, type: 'email', inputMode: 'email', maxLength: 254 })}
        {text('telefono', { inputMode: 'tel', maxLength: 20, helper: M.phoneHint })}
      </Stack>
      {/* The card the team sheet prints beside the person (docs/teamsheet.md). */}
      {text('numeroTessera', { maxLength: DIRIGENTE_TESSERA_MAX, helper: M.tesseraHint })}
      <QualificheField control={control} disabled={disabled} />
      <AttivoField control={control} disabled={disabled} />
    </>
  );
}

function QualificheField({ control, disabled }: { control: OfficialFormControl; disabled: boolean }) {
  const { field, fieldState } = useController({ control, name: 'qualifiche' });
  const chosen = field.value;
  // The chosen qualifications keep the catalogue's order, so unticking and ticking again changes nothing.
  const toggle = (q: (typeof QUALIFICHE)[number], on: boolean) => field.onChange(on ? QUALIFICHE.filter((x) => x === q || chosen.includes(x)) : chosen.filter((x) => x !== q));
  return (
    <FormControl component="fieldset" disabled={disabled} error={!!fieldState.error}>
      <FormLabel component="legend">{F.qualifiche}</FormLabel>
      <FormGroup>
        {QUALIFICHE.map((q) => (
          <FormControlLabel key={q} control={<Checkbox checked={chosen.includes(q)} onChange={(e) => toggle(q, e.target.checked)} />} label={QUALIFICA_LABELS[q]} />
        ))}
      </FormGroup>
    </FormControl>
  );
}

function AttivoField({ control, disabled }: { control: OfficialFormControl; disabled: boolean }) {
  const { field } = useController({ control, name: 'attivo' });
  return (
    <Box>
      <FormControlLabel control={<Switch checked={field.value ?? true} onChange={(e) => field.onChange(e.target.checked)} disabled={disabled} />} label={F.attivo} />
      <FormHelperText sx={{ mt: 0 }}>{M.attivoHint}</FormHelperText>
    </Box>
  );
}
