import { useController, useFieldArray, useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { MSG } from '../../../common/core/messages';
import { GRUPPO_NAME_MAX, MAX_DISTINTA_DEFAULT, REFERENTI_MAX, gruppoInputSchema, type Gruppo, type GruppoInput } from '../../../common/groups/rules';
import { arbitroSocietaDefault } from '../../../common/officials/rules';
import { canChooseNotifiche, NOTIFICHE_DEFAULT } from '../../../common/notifications/rules';
import { FormDialog, type FormDialogControls } from '../../components/form/FormDialog';
import { SaveButton, ServerErrorAlert, useFormSubmit } from '../../components/form/FormSubmit';
import { FormTextField } from '../../components/form/FormTextField';
import { useRevalidateAfterSubmit } from '../../components/form/validation';
import { ReferenteFields, type GroupFormControl, type GroupFormValues, type ReferenteValues } from './ReferenteFields';

export interface GroupFormDialogProps {
  open: boolean;
  /** Changes at each opening: the form then starts again from the category's current values. */
  formKey?: number;
  /** The category being edited; absent when creating one. */
  gruppo?: Gruppo | null;
  /** Saves the validated input (with arbitroSocieta, always sent); rejects with an Error whose message is shown in the dialog. */
  onSubmit: (input: GruppoInput & { arbitroSocieta: boolean }) => Promise<void>;
  onClose: () => void;
}

const emptyReferente = (): ReferenteValues => ({ nome: '', cognome: '', telefono: '', email: '', notifiche: NOTIFICHE_DEFAULT });

const yearText = (y: number | null | undefined) => (y == null ? '' : String(y));

function openingValues(gruppo: Gruppo | null | undefined): GroupFormValues {
  if (!gruppo) return { name: '', arbitroSocieta: undefined, annoDa: '', annoA: '', maxDistinta: String(MAX_DISTINTA_DEFAULT), components: [emptyReferente()] };
  return {
    name: gruppo.name,
    arbitroSocieta: gruppo.arbitroSocieta ?? arbitroSocietaDefault(gruppo.name),
    annoDa: yearText(gruppo.annoDa),
    annoA: yearText(gruppo.annoA),
    maxDistinta: String(gruppo.maxDistinta ?? MAX_DISTINTA_DEFAULT),
    components: gruppo.components.length
      ? gruppo.components.map((r) => ({ nome: r.nome, cognome: r.cognome, telefono: r.telefono ?? '', email: r.email ?? '', notifiche: r.notifiche ?? NOTIFICHE_DEFAULT }))
      : [emptyReferente()],
  };
}

const checkGruppo = zodResolver(gruppoInputSchema);
/** A year as the schema reads it: none when empty; what is not a number stays one it refuses. */
const year = (v: string) => (v.trim() === '' ? null : Number(v.trim()));

/**
 * The shared schema reads what would be saved: a referent without an email gets 'Nessuna' (the row
 * keeps its choice for when an address is typed); the years and the team sheet's size as numbers;
 * `arbitroSocieta` is not its business here.
 */
const resolver: Resolver<GroupFormValues, unknown, GruppoInput> = (values, context, options) =>
  checkGruppo(
    {
      name: values.name,
      annoDa: year(values.annoDa),
      annoA: year(values.annoA),
      maxDistinta: Number(values.maxDistinta.trim()),
      components: values.components.map((r) => ({ ...r, notifiche: canChooseNotifiche(r.email) ? r.notifiche : 'nessuna' })),
    },
    context,
    options as unknown as Parameters<typeof checkGruppo>[2],
  ) as ReturnType<Resolver<GroupFormValues, unknown, GruppoInput>>;

/** Create and edit modal of a category with its referent rows (docs/groups.md). */
export default function GroupFormDialog({ open, formKey = 0, gruppo, onSubmit, onClose }: GroupFormDialogProps) {
  return (
    <FormDialog open={open} onClose={onClose} titleId="group-form-title" maxWidth="md">
      {(_busy, controls) => <GroupForm key={formKey} gruppo={gruppo} onSubmit={onSubmit} controls={controls} />}
    </FormDialog>
  );
}

function GroupForm({ gruppo, onSubmit, controls }: Pick<GroupFormDialogProps, 'gruppo' | 'onSubmit'> & { controls: FormDialogControls }) {
  // Errors appear after the first save attempt, then follow every keystroke.
  const form = useForm<GroupFormValues, unknown, GruppoInput>({ resolver, defaultValues: openingValues(gruppo), shouldFocusError: false });
  const { control, formState } = form;
  useRevalidateAfterSubmit(form);
  const referenti = useFieldArray({ control, name: 'components' });
  // Esc, a click beside the dialog and 'Annulla' ask first once something changed; never while saving (docs/groups.md, screen).
  // A successful save closes the modal (the owner's onSubmit): it stays disabled while it fades out. The refusal stays until the next save.
  const { submit, saving, serverError } = useFormSubmit(form, controls, {
    send: (input) => onSubmit({ ...input, arbitroSocieta: form.getValues('arbitroSocieta') ?? arbitroSocietaDefault(form.getValues('name')) }),
    refusal: (err) => (err instanceof Error ? err.message : String(err)),
    clearOnChange: false,
  });
  const save = submit('save');
  const listError = formState.errors.components?.root?.message ?? formState.errors.components?.message;

  return (
    <Box component="form" noValidate onSubmit={(e) => void save(e)}>
      <DialogTitle id="group-form-title">{gruppo ? MSG.groups.editTitle : MSG.groups.createTitle}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <ServerErrorAlert message={serverError} />
          <FormTextField control={control} name="name" label={MSG.groups.name} required autoFocus disabled={saving} slotProps={{ htmlInput: { maxLength: GRUPPO_NAME_MAX } }} />
          <ArbitroSocietaField control={control} disabled={saving} />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {(['annoDa', 'annoA', 'maxDistinta'] as const).map((name) => (
              <FormTextField
                key={name}
                control={control}
                name={name}
                label={MSG.groups[name]}
                disabled={saving}
                fullWidth
                slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: name === 'maxDistinta' ? 2 : 4, autoComplete: 'off' } }}
              />
            ))}
          </Stack>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            {MSG.groups.referents}
          </Typography>
          {listError && (
            <Alert severity="error" role="alert">
              {listError}
            </Alert>
          )}
          {referenti.fields.map((r, i) => (
            // At least one referent row remains (docs/groups.md).
            <ReferenteFields key={r.id} control={control} index={i} disabled={saving} onRemove={referenti.fields.length > 1 ? () => referenti.remove(i) : undefined} />
          ))}
          <Box>
            <Button startIcon={<AddIcon />} onClick={() => referenti.append(emptyReferente(), { shouldFocus: false })} disabled={saving || referenti.fields.length >= REFERENTI_MAX}>
              {MSG.groups.addReferent}
            </Button>
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={controls.requestClose} disabled={saving}>
          {MSG.groups.cancel}
        </Button>
        <SaveButton saving={saving} disabled={saving} label={MSG.groups.save} savingLabel={MSG.groups.saving} />
      </DialogActions>
    </Box>
  );
}

/** Whether the club supplies the home referee: a new category's follows its name (the youngest categories, as the server would decide) until the editor sets it. */
function ArbitroSocietaField({ control, disabled }: { control: GroupFormControl; disabled: boolean }) {
  const { field } = useController({ control, name: 'arbitroSocieta' });
  const name = useWatch({ control, name: 'name' });
  return (
    <Box>
      <FormControlLabel
        control={<Switch checked={field.value ?? arbitroSocietaDefault(name)} onChange={(e) => field.onChange(e.target.checked)} disabled={disabled} />}
        label={MSG.groups.arbitroSocieta}
      />
      <FormHelperText sx={{ mt: 0 }}>{MSG.groups.arbitroSocietaHint}</FormHelperText>
    </Box>
  );
}
