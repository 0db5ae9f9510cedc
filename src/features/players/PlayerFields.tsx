import { get, useFormContext, useFormState, useWatch, type FieldPath } from 'react-hook-form';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isIsoDate } from '../../../common/core/date-text';
import { GIOCATORI_MSG, PLAYERS_UI } from '../../../common/players/messages';
import { certificatoRichiesto, GIOCATORE_NOME_MAX, NOTE_MAX, TESSERA_MAX, TIPI_CERTIFICATO, type RegolaCertificato } from '../../../common/players/rules';
import { FormDatePicker } from '../../components/form/FormPickers';
import { FormTextField } from '../../components/form/FormTextField';
import { statoCertificato } from './certificate';
import { CertificateChip } from './CertificateChip';
import type { PlayerFormValues } from './formValues';

const F = GIOCATORI_MSG.fields;
const U = PLAYERS_UI.form;

/** A date picker of the player form, its problem in red under it once the field was changed. */
function DateField({ name, label, disabled, required = false, autoFocus }: { name: FieldPath<PlayerFormValues>; label: string; disabled: boolean; required?: boolean; autoFocus?: boolean }) {
  const { errors } = useFormState<PlayerFormValues>({ name });
  const message = (get(errors, name) as { message?: string } | undefined)?.message;
  return <FormDatePicker<PlayerFormValues> name={name} label={label} disabled={disabled} required={required} autoFocus={autoFocus} error={!!message} helperText={message} />;
}

/** Which certificate the player needs today, and the state of the one typed as the roster's chip shows it. */
function RequiredCertificate({ today, regola }: { today: string; regola: RegolaCertificato }) {
  const [dataNascita, tipo, scadenza] = useWatch<PlayerFormValues, ['dataNascita', 'certificato.tipo', 'certificato.scadenza']>({
    name: ['dataNascita', 'certificato.tipo', 'certificato.scadenza'],
  });
  if (!isIsoDate(dataNascita) || dataNascita >= today) return null;
  const certificato = tipo === '' ? null : isIsoDate(scadenza) ? { tipo, scadenza } : undefined;
  return (
    <Stack direction="row" useFlexGap spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <Typography variant="body2" color="text.secondary" data-testid="certificato-richiesto">
        {U.richiesto[certificatoRichiesto(dataNascita, today, regola)]}
      </Typography>
      {certificato !== undefined && <CertificateChip stato={statoCertificato({ dataNascita, certificato }, today, regola)} />}
    </Stack>
  );
}

/**
 * The player's own fields (docs/players.md): names, birth date, category, card, suspension, the medical
 * certificate (type and expiry, or none) and a short note.
 */
export function PlayerFields({ gruppi, disabled, adding, today, regola }: { gruppi: readonly string[]; disabled: boolean; adding: boolean; today: string; regola: RegolaCertificato }) {
  const { control } = useFormContext<PlayerFormValues>();
  const tipo = useWatch({ control, name: 'certificato.tipo' });
  const text = (name: 'nome' | 'cognome' | 'numeroTessera' | 'note', props: { required?: boolean; autoFocus?: boolean; maxLength: number; helper?: string }) => (
    <FormTextField
      control={control}
      name={name}
      label={F[name]}
      helperText={props.helper}
      required={props.required}
      autoFocus={props.autoFocus}
      disabled={disabled}
      fullWidth
      slotProps={{ htmlInput: { maxLength: props.maxLength, autoComplete: 'off' } }}
    />
  );
  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {text('nome', { required: true, autoFocus: adding, maxLength: GIOCATORE_NOME_MAX })}
        {text('cognome', { required: true, maxLength: GIOCATORE_NOME_MAX })}
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <DateField name="dataNascita" label={F.dataNascita} disabled={disabled} required />
        <FormTextField control={control} name="gruppo" select required label={F.gruppo} disabled={disabled} fullWidth>
          {gruppi.map((g) => (
            <MenuItem key={g} value={g}>
              {g}
            </MenuItem>
          ))}
        </FormTextField>
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {text('numeroTessera', { maxLength: TESSERA_MAX, helper: U.tesseraHint })}
        <DateField name="squalificatoFino" label={F.squalificatoFino} disabled={disabled} />
      </Stack>
      <Stack spacing={1} role="group" aria-labelledby="giocatore-certificato-label">
        <Typography id="giocatore-certificato-label" variant="subtitle2" component="h3">
          {F.certificato}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormTextField
            control={control}
            name="certificato.tipo"
            select
            label={F.tipo}
            disabled={disabled}
            fullWidth
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">{U.nessunCertificato}</MenuItem>
            {TIPI_CERTIFICATO.map((t) => (
              <MenuItem key={t} value={t}>
                {GIOCATORI_MSG.tipi[t]}
              </MenuItem>
            ))}
          </FormTextField>
          <DateField name="certificato.scadenza" label={F.scadenza} disabled={disabled} required={tipo !== ''} />
        </Stack>
        <RequiredCertificate today={today} regola={regola} />
      </Stack>
      {text('note', { maxLength: NOTE_MAX, helper: U.noteHint })}
    </>
  );
}
