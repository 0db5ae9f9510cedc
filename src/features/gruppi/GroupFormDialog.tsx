import { useEffect, useState, type FormEvent, type MutableRefObject } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { MSG } from '../../../common/core/messages';
import {
  GRUPPO_NAME_MAX,
  REFERENTE_TEXT_MAX,
  REFERENTI_MAX,
  gruppoFieldErrors,
  gruppoInputSchema,
  type Gruppo,
  type GruppoInput,
} from '../../../common/gruppi/rules';
import { arbitroSocietaDefault } from '../../../common/dirigenti/rules';
import { FormDialog, useReportDirty, type FormDialogControls } from '../../components/FormDialog';
import { sameValues } from '../../components/UnsavedChanges';
import { EMAIL_MAX, canChooseNotifiche, NOTIFICHE_DEFAULT, NOTIFICHE_LABEL, NOTIFICHE_MSG, NOTIFICHE_SCELTE, type NotificheScelta } from '../../../common/notifiche/rules';

interface ReferenteRow {
  key: number;
  nome: string;
  cognome: string;
  telefono: string;
  email: string;
  notifiche: NotificheScelta;
}

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

let nextKey = 1;
const row = (r: Partial<ReferenteRow> = {}): ReferenteRow => ({
  key: nextKey++,
  nome: '',
  cognome: '',
  telefono: '',
  email: '',
  notifiche: NOTIFICHE_DEFAULT,
  ...r,
});

const toRaw = (name: string, rows: ReferenteRow[]) => ({
  name,
  // Without an email the only choice is 'Nessuna' (the field shows it, disabled); the choice made
  // comes back when an address is typed.
  components: rows.map(({ nome, cognome, telefono, email, notifiche }) => ({ nome, cognome, telefono, email, notifiche: canChooseNotifiche(email) ? notifiche : 'nessuna' })),
});

/** Create and edit modal of a category with its referent rows (docs/gruppi.md). */
export default function GroupFormDialog({ open, formKey = 0, gruppo, onSubmit, onClose }: GroupFormDialogProps) {
  return (
    <FormDialog open={open} onClose={onClose} titleId="group-form-title" maxWidth="md">
      {(busy, controls) => <GroupForm key={formKey} gruppo={gruppo} onSubmit={onSubmit} busy={busy} controls={controls} />}
    </FormDialog>
  );
}

function GroupForm({
  gruppo,
  onSubmit,
  busy,
  controls,
}: Pick<GroupFormDialogProps, 'gruppo' | 'onSubmit'> & { busy: MutableRefObject<boolean>; controls: FormDialogControls }) {
  const [name, setName] = useState(gruppo?.name ?? '');
  const [rows, setRows] = useState<ReferenteRow[]>(() =>
    gruppo?.components.length ? gruppo.components.map((r) => row({ ...r, telefono: r.telefono ?? '', email: r.email ?? '', notifiche: r.notifiche ?? NOTIFICHE_DEFAULT })) : [row()],
  );
  // Whether the club supplies the home referee: a new category's follows its name (the youngest
  // categories, as the server would decide) until the editor sets it.
  const [arbitroSocieta, setArbitroSocieta] = useState<boolean | null>(() => (gruppo ? (gruppo.arbitroSocieta ?? arbitroSocietaDefault(gruppo.name)) : null));
  const arbitro = arbitroSocieta ?? arbitroSocietaDefault(name);
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  // Esc, a click beside the dialog and 'Annulla' ask first once something changed (docs/screens.md).
  const [opened] = useState(() => ({ name, rows: toRaw(name, rows).components, arbitroSocieta }));
  useReportDirty(controls, !sameValues({ name, rows: toRaw(name, rows).components, arbitroSocieta }, opened));
  // A modal cannot be closed while it is saving (docs/gruppi.md, screen).
  useEffect(() => {
    busy.current = saving;
  }, [busy, saving]);

  // Errors appear after the first save attempt, then follow every keystroke.
  const errors = submitted ? gruppoFieldErrors(toRaw(name, rows)) : {};

  const updateRow = (key: number, field: 'nome' | 'cognome' | 'telefono' | 'email' | 'notifiche', value: string) =>
    setRows((current) => current.map((r) => (r.key === key ? { ...r, [field]: value } : r)));

  const close = () => {
    if (!saving) controls.requestClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setServerError(null);
    const parsed = gruppoInputSchema.safeParse(toRaw(name, rows));
    if (!parsed.success) return;
    setSaving(true);
    try {
      await onSubmit({ ...parsed.data, arbitroSocieta: arbitro });
    } catch (err) {
      setServerError(err instanceof Error ? err.message : String(err));
      setSaving(false);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <DialogTitle id="group-form-title">{gruppo ? MSG.groups.editTitle : MSG.groups.createTitle}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {serverError && (
            <Alert severity="error" role="alert">
              {serverError}
            </Alert>
          )}
          <TextField
            label={MSG.groups.name}
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={!!errors.name}
            helperText={errors.name}
            required
            autoFocus
            disabled={saving}
            slotProps={{ htmlInput: { maxLength: GRUPPO_NAME_MAX } }}
          />
          <Box>
            <FormControlLabel
              control={<Switch checked={arbitro} onChange={(e) => setArbitroSocieta(e.target.checked)} disabled={saving} />}
              label={MSG.groups.arbitroSocieta}
            />
            <FormHelperText sx={{ mt: 0 }}>{MSG.groups.arbitroSocietaHint}</FormHelperText>
          </Box>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            {MSG.groups.referents}
          </Typography>
          {errors.components && (
            <Alert severity="error" role="alert">
              {errors.components}
            </Alert>
          )}
          {rows.map((r, i) => (
            <Stack key={r.key} direction="row" useFlexGap spacing={1} sx={{ alignItems: 'flex-start', flexWrap: 'wrap' }} role="group" aria-label={MSG.groups.referent(i + 1)}>
              <Typography sx={{ minWidth: 28, pt: 2, color: 'text.secondary' }}>{i + 1}.</Typography>
              <TextField
                label={MSG.groups.referentName}
                value={r.nome}
                onChange={(e) => updateRow(r.key, 'nome', e.target.value)}
                error={!!errors[`components.${i}.nome`]}
                helperText={errors[`components.${i}.nome`]}
                required
                disabled={saving}
                sx={{ flex: 1 }}
                slotProps={{ htmlInput: { maxLength: REFERENTE_TEXT_MAX } }}
              />
              <TextField
                label={MSG.groups.referentSurname}
                value={r.cognome}
                onChange={(e) => updateRow(r.key, 'cognome', e.target.value)}
                error={!!errors[`components.${i}.cognome`]}
                helperText={errors[`components.${i}.cognome`]}
                required
                disabled={saving}
                sx={{ flex: 1 }}
                slotProps={{ htmlInput: { maxLength: REFERENTE_TEXT_MAX } }}
              />
              <TextField
                label={MSG.groups.referentPhone}
                value={r.telefono}
                onChange={(e) => updateRow(r.key, 'telefono', e.target.value)}
                error={!!errors[`components.${i}.telefono`]}
                helperText={errors[`components.${i}.telefono`] ?? MSG.groups.phoneHint}
                disabled={saving}
                sx={{ flex: 1 }}
                slotProps={{ htmlInput: { inputMode: 'tel', maxLength: 20 } }}
              />
              <TextField
                label={NOTIFICHE_MSG.emailLabel}
                type="email"
                value={r.email}
                onChange={(e) => updateRow(r.key, 'email', e.target.value)}
                error={!!errors[`components.${i}.email`]}
                helperText={errors[`components.${i}.email`]}
                disabled={saving}
                sx={{ flex: 1.4 }}
                slotProps={{ htmlInput: { inputMode: 'email', maxLength: EMAIL_MAX } }}
              />
              <TextField
                select
                label={NOTIFICHE_MSG.notificheLabel}
                value={canChooseNotifiche(r.email) ? r.notifiche : 'nessuna'}
                onChange={(e) => updateRow(r.key, 'notifiche', e.target.value)}
                error={!!errors[`components.${i}.notifiche`]}
                helperText={errors[`components.${i}.notifiche`] ?? (canChooseNotifiche(r.email) ? undefined : NOTIFICHE_MSG.notificheNoEmailHint)}
                disabled={saving || !canChooseNotifiche(r.email)}
                sx={{ flex: 1.2, minWidth: 170 }}
                // The hint says why the field is off: readable (AA contrast), not greyed like the field.
                slotProps={{ formHelperText: { sx: { '&.Mui-disabled': { color: 'text.secondary' } } } }}
              >
                {NOTIFICHE_SCELTE.map((s) => (
                  <MenuItem key={s} value={s}>
                    {NOTIFICHE_LABEL[s]}
                  </MenuItem>
                ))}
              </TextField>
              {/* At least one referent row remains (docs/gruppi.md). */}
              {rows.length > 1 && (
                <Tooltip title={MSG.groups.removeReferent(i + 1)}>
                  <span>
                    <IconButton
                      aria-label={MSG.groups.removeReferent(i + 1)}
                      onClick={() => setRows((current) => current.filter((x) => x.key !== r.key))}
                      disabled={saving}
                      sx={{ mt: 1 }}
                    >
                      <DeleteOutlineIcon />
                    </IconButton>
                  </span>
                </Tooltip>
              )}
            </Stack>
          ))}
          <Box>
            <Button
              startIcon={<AddIcon />}
              onClick={() => setRows((current) => [...current, row()])}
              disabled={saving || rows.length >= REFERENTI_MAX}
            >
              {MSG.groups.addReferent}
            </Button>
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={saving}>
          {MSG.groups.cancel}
        </Button>
        <Button type="submit" variant="contained" disabled={saving} startIcon={saving ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}>
          {saving ? MSG.groups.saving : MSG.groups.save}
        </Button>
      </DialogActions>
    </Box>
  );
}
