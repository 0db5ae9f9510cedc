import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { useController, useWatch, type Control } from 'react-hook-form';
import { MSG } from '../../../common/core/messages';
import { REFERENTE_TEXT_MAX, type GruppoInput } from '../../../common/groups/rules';
import { EMAIL_MAX, canChooseNotifiche, NOTIFICHE_LABEL, NOTIFICHE_MSG, NOTIFICHE_SCELTE, type NotificheScelta } from '../../../common/notifications/rules';
import { FormTextField } from '../../components/form/FormTextField';

/** A referent row as typed. */
export interface ReferenteValues {
  nome: string;
  cognome: string;
  telefono: string;
  email: string;
  notifiche: NotificheScelta;
}

/** The category form's values as typed; `arbitroSocieta` is unset while a new category's follows its name. */
export interface GroupFormValues {
  name: string;
  arbitroSocieta?: boolean;
  /** The birth years and the team sheet's size as typed ('' while empty; docs/players.md). */
  annoDa: string;
  annoA: string;
  maxDistinta: string;
  components: ReferenteValues[];
}

export type GroupFormControl = Control<GroupFormValues, unknown, GruppoInput>;

/** The row's four text fields, in order, each as wide as its `flex` beside the others. */
const REFERENTE_TEXT_FIELDS = [
  { key: 'nome', label: MSG.groups.referentName, required: true, flex: 1, slotProps: { htmlInput: { maxLength: REFERENTE_TEXT_MAX } } },
  { key: 'cognome', label: MSG.groups.referentSurname, required: true, flex: 1, slotProps: { htmlInput: { maxLength: REFERENTE_TEXT_MAX } } },
  { key: 'telefono', label: MSG.groups.referentPhone, helperText: MSG.groups.phoneHint, flex: 1, slotProps: { htmlInput: { inputMode: 'tel', maxLength: 20 } } },
  { key: 'email', label: NOTIFICHE_MSG.emailLabel, type: 'email', flex: 1.4, slotProps: { htmlInput: { inputMode: 'email', maxLength: EMAIL_MAX } } },
] as const;

/** One referent's row of the category form (docs/groups.md, docs/notifications.md); `onRemove` absent while it is the only one. */
export function ReferenteFields({ control, index, disabled, onRemove }: { control: GroupFormControl; index: number; disabled: boolean; onRemove?: () => void }) {
  const n = index + 1;
  return (
    // On a phone one field a line: five in a row would leave each a few pixels and no readable label.
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      useFlexGap
      spacing={1}
      sx={{ alignItems: { xs: 'stretch', sm: 'flex-start' }, flexWrap: { sm: 'wrap' } }}
      role="group"
      aria-label={MSG.groups.referent(n)}
    >
      <Typography sx={{ minWidth: 28, pt: { sm: 2 }, color: 'text.secondary' }}>{n}.</Typography>
      {REFERENTE_TEXT_FIELDS.map(({ key, label, flex, ...rest }) => (
        <FormTextField key={key} control={control} name={`components.${index}.${key}`} label={label} disabled={disabled} sx={{ flex: { sm: flex } }} {...rest} />
      ))}
      <NotificheField control={control} index={index} disabled={disabled} />
      {onRemove && (
        <Tooltip title={MSG.groups.removeReferent(n)}>
          <Box component="span" sx={{ alignSelf: { xs: 'flex-start', sm: 'auto' } }}>
            <IconButton aria-label={MSG.groups.removeReferent(n)} onClick={onRemove} disabled={disabled} sx={{ mt: { sm: 1 } }}>
              <DeleteOutlineIcon />
            </IconButton>
          </Box>
        </Tooltip>
      )}
    </Stack>
  );
}

/**
 * Without an email the only choice is 'Nessuna' (shown, disabled, with a hint saying why); the choice
 * made comes back when an address is typed.
 */
function NotificheField({ control, index, disabled }: { control: GroupFormControl; index: number; disabled: boolean }) {
  const { field, fieldState } = useController({ control, name: `components.${index}.notifiche` });
  const email = useWatch({ control, name: `components.${index}.email` });
  const choosable = canChooseNotifiche(email);
  return (
    <TextField
      select
      label={NOTIFICHE_MSG.notificheLabel}
      name={field.name}
      value={choosable ? field.value : 'nessuna'}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={!!fieldState.error}
      helperText={fieldState.error?.message ?? (choosable ? undefined : NOTIFICHE_MSG.notificheNoEmailHint)}
      disabled={disabled || !choosable}
      sx={{ flex: { sm: 1.2 }, minWidth: 170 }}
      // The hint says why the field is off: readable (AA contrast), not greyed like the field.
      slotProps={{ formHelperText: { sx: { '&.Mui-disabled': { color: 'text.secondary' } } } }}
    >
      {NOTIFICHE_SCELTE.map((s) => (
        <MenuItem key={s} value={s}>
          {NOTIFICHE_LABEL[s]}
        </MenuItem>
      ))}
    </TextField>
  );
}
