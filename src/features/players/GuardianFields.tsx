import { useController, useFieldArray, useFormContext } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { GIOCATORI_MSG, PLAYERS_UI } from '../../../common/players/messages';
import { CONTATTI_MAX, GIOCATORE_NOME_MAX, RELAZIONE_MAX } from '../../../common/players/rules';
import { EMAIL_MAX_LENGTH } from '../../../common/auth/schemas';
import { textFieldBinding } from '../../components/form/FormTextField';
import { emptyContatto, type PlayerFormValues } from './formValues';

const F = GIOCATORI_MSG.fields;
const U = PLAYERS_UI.form;

/**
 * A guardian's field with its message under it once something was typed in it or it was left (or a save
 * tried): a row just added is not red (react-hook-form checks the whole list when a row is added).
 */
function GuardianText({
  name,
  label,
  helper,
  required,
  disabled,
  type,
  maxLength,
  inputMode,
}: {
  name: `contatti.${number}.${'nome' | 'relazione' | 'email' | 'telefono'}`;
  label: string;
  helper?: string;
  required?: boolean;
  disabled: boolean;
  type?: string;
  maxLength: number;
  inputMode?: 'email' | 'tel';
}) {
  const { field, fieldState, formState } = useController<PlayerFormValues, typeof name>({ name });
  const message = fieldState.error && (fieldState.isTouched || field.value !== '' || formState.submitCount > 0) ? fieldState.error.message : undefined;
  return (
    <TextField
      {...textFieldBinding(field)}
      label={label}
      required={required}
      disabled={disabled}
      type={type}
      error={!!message}
      helperText={message ?? helper}
      sx={{ flex: 1, minWidth: { sm: 150 } }}
      slotProps={{ htmlInput: { maxLength, inputMode, autoComplete: 'off' } }}
    />
  );
}

/** The player's guardians (0-3): name and relation, email and phone; each row removable. */
export function GuardianFields({ disabled }: { disabled: boolean }) {
  const { control } = useFormContext<PlayerFormValues>();
  const contatti = useFieldArray({ control, name: 'contatti' });
  const field = (i: number, key: 'nome' | 'relazione' | 'email' | 'telefono', props: { label: string; required?: boolean; maxLength: number; inputMode?: 'email' | 'tel'; helper?: string }) => (
    <GuardianText
      name={`contatti.${i}.${key}`}
      label={props.label}
      helper={props.helper}
      required={props.required}
      disabled={disabled}
      type={key === 'email' ? 'email' : undefined}
      maxLength={props.maxLength}
      inputMode={props.inputMode}
    />
  );
  return (
    <Stack spacing={1.5} role="group" aria-labelledby="giocatore-contatti-label">
      <Box>
        <Typography id="giocatore-contatti-label" variant="subtitle2" component="h3">
          {U.contatti}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {U.contattiHint}
        </Typography>
      </Box>
      {contatti.fields.map((c, i) => (
        <Stack key={c.id} role="group" aria-label={U.contatto(i + 1)} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Typography sx={{ minWidth: 20, pt: 2, color: 'text.secondary' }}>{i + 1}.</Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} useFlexGap spacing={1} sx={{ flex: 1, flexWrap: { sm: 'wrap' } }}>
            {field(i, 'nome', { label: F.nome, required: true, maxLength: GIOCATORE_NOME_MAX })}
            {field(i, 'relazione', { label: F.relazione, maxLength: RELAZIONE_MAX, helper: U.relazioneHint })}
            {field(i, 'email', { label: F.email, maxLength: EMAIL_MAX_LENGTH, inputMode: 'email' })}
            {field(i, 'telefono', { label: F.telefono, maxLength: 20, inputMode: 'tel' })}
          </Stack>
          <Tooltip title={U.removeContact(i + 1)}>
            <span>
              <IconButton aria-label={U.removeContact(i + 1)} onClick={() => contatti.remove(i)} disabled={disabled} sx={{ mt: 1 }}>
                <DeleteOutlineIcon />
              </IconButton>
            </span>
          </Tooltip>
        </Stack>
      ))}
      <Box>
        <Button startIcon={<AddIcon />} onClick={() => contatti.append(emptyContatto(), { shouldFocus: true })} disabled={disabled || contatti.fields.length >= CONTATTI_MAX}>
          {U.addContact}
        </Button>
      </Box>
    </Stack>
  );
}
