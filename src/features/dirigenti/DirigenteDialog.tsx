import { useEffect, useState, type FocusEvent, type FormEvent, type InputHTMLAttributes, type RefObject } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import { DIRIGENTI_MSG, QUALIFICA_LABELS } from '../../../common/dirigenti/messages';
import { QUALIFICHE, dirigentePayloadSchema, fullName, type Dirigente, type Qualifica } from '../../../common/dirigenti/rules';
import { PARTITA_TEXT_MAX } from '../../../common/partite/read';
import { errorMessage } from '../../api/api';
import { ConfirmDeleteDialog } from '../../components/ConfirmDeleteDialog';
import { useNotify } from '../../components/toast';
import { useCreateDirigenteMutation, useDeleteDirigenteMutation, useGetCalendarioDirigenteQuery, useRevocaCalendarioDirigenteMutation, useUpdateDirigenteMutation } from './dirigentiApi';
import { FormDialog, useReportDirty, type FormDialogControls } from '../../components/FormDialog';
import { sameValues } from '../../components/UnsavedChanges';

const M = DIRIGENTI_MSG;
const F = M.fields;

interface FormValues {
  nome: string;
  cognome: string;
  email: string;
  telefono: string;
  qualifiche: Qualifica[];
  attivo: boolean;
}

const EMPTY: FormValues = { nome: '', cognome: '', email: '', telefono: '', qualifiche: [], attivo: true };
const fromDirigente = (d: Dirigente): FormValues => ({ nome: d.nome, cognome: d.cognome, email: d.email, telefono: d.telefono ?? '', qualifiche: [...d.qualifiche], attivo: d.attivo });

export interface DirigenteDialogProps {
  open: boolean;
  /** Changes at each opening: the form then starts again from the person's current values. */
  formKey?: number;
  /** The person being edited; absent when adding one. */
  dirigente?: Dirigente | null;
  onClose: () => void;
}

/** Create and edit form of an official (docs/dirigenti.md), with delete and the personal calendar link. */
export default function DirigenteDialog({ open, formKey = 0, dirigente = null, onClose }: DirigenteDialogProps) {
  // While saving or asking (delete, revoke) Escape does not close the form.
  return (
    <FormDialog open={open} onClose={onClose} titleId="dirigente-form-title" maxWidth="sm">
      {(busy, controls) => <DirigenteForm key={formKey} dirigente={dirigente} onClose={onClose} busy={busy} controls={controls} />}
    </FormDialog>
  );
}

function DirigenteForm({ dirigente, onClose, busy, controls }: { dirigente: Dirigente | null; onClose: () => void; busy: RefObject<boolean>; controls: FormDialogControls }) {
  const notify = useNotify();
  const [v, setV] = useState<FormValues>(() => (dirigente ? fromDirigente(dirigente) : EMPTY));
  const [opened] = useState(v);
  useReportDirty(controls, !sameValues(v, opened));
  // Fields changed by the editor: their problems show in red (a new form does not open all red).
  const [touched, setTouched] = useState<ReadonlySet<keyof FormValues>>(new Set());
  const [saving, setSaving] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [createDirigente] = useCreateDirigenteMutation();
  const [updateDirigente] = useUpdateDirigenteMutation();
  const [deleteDirigente] = useDeleteDirigenteMutation();

  const disabled = saving || deleting;
  const [calendarBusy, setCalendarBusy] = useState(false);
  useEffect(() => {
    busy.current = disabled || asking || calendarBusy;
  }, [busy, disabled, asking, calendarBusy]);

  // Live check with the server's own schema: the first problem in words, the save waits until none.
  const parsed = dirigentePayloadSchema.safeParse(v);
  const issues = parsed.success ? [] : parsed.error.issues;
  const problem = issues[0]?.message ?? null;
  const errorOf = (key: keyof FormValues) => (touched.has(key) ? issues.find((i) => i.path[0] === key)?.message : undefined);

  const set = <K extends keyof FormValues>(key: K, value: FormValues[K]) => {
    setTouched((t) => new Set(t).add(key));
    setServerError(null);
    setV((prev) => ({ ...prev, [key]: value }));
  };
  const toggleQualifica = (q: Qualifica, on: boolean) => set('qualifiche', on ? QUALIFICHE.filter((x) => x === q || v.qualifiche.includes(x)) : v.qualifiche.filter((x) => x !== q));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!parsed.success || disabled) return;
    setSaving(true);
    setServerError(null);
    try {
      if (dirigente) await updateDirigente({ id: dirigente.id, body: parsed.data }).unwrap();
      else await createDirigente(parsed.data).unwrap();
      notify(dirigente ? M.updated : M.created, 'success');
      setSaving(false);
      onClose();
    } catch (err) {
      setSaving(false);
      const status = (err as { status?: unknown }).status;
      // 400/403/404/409 carry the server's Italian reason (409: the email is someone else's).
      setServerError(status === 400 || status === 403 || status === 404 || status === 409 ? errorMessage(err) : `${M.saveError}: ${errorMessage(err)}`);
    }
  };

  const remove = async () => {
    if (!dirigente) return;
    setDeleting(true);
    setDeleteError(null);
    try {
      await deleteDirigente(dirigente.id).unwrap();
      notify(M.deleted, 'success');
      setAsking(false);
      onClose();
    } catch (err) {
      setDeleting(false);
      const status = (err as { status?: unknown }).status;
      // 409: designated to coming matches; the server says how many.
      setDeleteError(status === 403 || status === 404 || status === 409 ? errorMessage(err) : `${M.deleteError}: ${errorMessage(err)}`);
    }
  };

  const close = () => {
    if (!disabled) controls.requestClose();
  };

  const text = (key: 'nome' | 'cognome' | 'email' | 'telefono', props: { required?: boolean; autoFocus?: boolean; type?: string; inputMode?: 'email' | 'tel'; maxLength: number; helper?: string; autoComplete?: string }) => {
    const error = errorOf(key);
    return (
      <TextField
        label={F[key]}
        value={v[key]}
        onChange={(e) => set(key, e.target.value)}
        error={!!error}
        helperText={error ?? props.helper}
        required={props.required}
        autoFocus={props.autoFocus}
        type={props.type}
        disabled={disabled}
        fullWidth
        slotProps={{ htmlInput: { maxLength: props.maxLength, inputMode: props.inputMode, autoComplete: props.autoComplete ?? 'off' } }}
      />
    );
  };

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: 1 }}>
      <DialogTitle id="dirigente-form-title">{dirigente ? M.edit : M.add}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          {serverError && (
            <Alert severity="error" role="alert">
              {serverError}
            </Alert>
          )}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {text('nome', { required: true, autoFocus: !dirigente, maxLength: PARTITA_TEXT_MAX })}
            {text('cognome', { required: true, maxLength: PARTITA_TEXT_MAX })}
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {text('email', { required: true, type: 'email', inputMode: 'email', maxLength: 254 })}
            {text('telefono', { inputMode: 'tel', maxLength: 20, helper: M.phoneHint })}
          </Stack>
          <FormControl component="fieldset" disabled={disabled} error={!!errorOf('qualifiche')}>
            <FormLabel component="legend">{F.qualifiche}</FormLabel>
            <FormGroup>
              {QUALIFICHE.map((q) => (
                <FormControlLabel
                  key={q}
                  control={<Checkbox checked={v.qualifiche.includes(q)} onChange={(e) => toggleQualifica(q, e.target.checked)} />}
                  label={QUALIFICA_LABELS[q]}
                />
              ))}
            </FormGroup>
          </FormControl>
          <Box>
            <FormControlLabel control={<Switch checked={v.attivo} onChange={(e) => set('attivo', e.target.checked)} disabled={disabled} />} label={F.attivo} />
            <FormHelperText sx={{ mt: 0 }}>{M.attivoHint}</FormHelperText>
          </Box>

          {problem && (touched.size > 0 || dirigente) && (
            <Alert severity="warning" role="status" data-testid="dirigente-problem">
              {problem}
            </Alert>
          )}

          {dirigente && (
            <>
              <Divider />
              <CalendarLink dirigente={dirigente} onBusy={setCalendarBusy} />
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {dirigente && (
          <Button color="error" startIcon={<DeleteOutlineIcon />} disabled={disabled} onClick={() => setAsking(true)} sx={{ mr: 'auto' }}>
            {M.delete}
          </Button>
        )}
        <Button onClick={close} disabled={disabled}>
          {M.cancel}
        </Button>
        <Button type="submit" variant="contained" disabled={!parsed.success || disabled} startIcon={saving ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}>
          {saving ? M.saving : M.save}
        </Button>
      </DialogActions>

      {dirigente && (
        <ConfirmDeleteDialog
          open={asking}
          titleId="dirigente-delete-title"
          title={M.deleteTitle}
          text={M.deleteText(fullName(dirigente))}
          error={deleteError}
          busy={deleting}
          cancelLabel={M.cancel}
          confirmLabel={M.deleteConfirm}
          busyLabel={M.deleting}
          onCancel={() => setAsking(false)}
          onConfirm={() => void remove()}
        />
      )}
    </Box>
  );
}

const selectAll = (e: FocusEvent<HTMLInputElement>) => e.target.select();

/** The person's private calendar address: copy it, or revoke it (a new one replaces it) after a confirmation. */
function CalendarLink({ dirigente, onBusy }: { dirigente: Dirigente; onBusy: (busy: boolean) => void }) {
  const notify = useNotify();
  const { data: url, isLoading, isError, refetch } = useGetCalendarioDirigenteQuery(dirigente.id);
  const [revoca, { isLoading: revoking }] = useRevocaCalendarioDirigenteMutation();
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => onBusy(asking || revoking), [onBusy, asking, revoking]);

  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      notify(M.calendarCopied, 'success');
    } catch {
      notify(M.calendarCopyFailed, 'error');
    }
  };

  const revoke = async () => {
    setError(null);
    try {
      await revoca(dirigente.id).unwrap();
      notify(M.calendarRevoked, 'success');
      setAsking(false);
    } catch (err) {
      setError(`${M.calendarRevokeError}: ${errorMessage(err)}`);
    }
  };

  return (
    <Box component="section" aria-labelledby="dirigente-calendar-title">
      <Typography id="dirigente-calendar-title" variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {M.calendarLink}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {M.calendarHint}
      </Typography>
      {isLoading ? (
        <Typography variant="body2" color="text.secondary" role="status">
          {M.calendarLoading}
        </Typography>
      ) : isError || !url ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void refetch()}>
              {M.retry}
            </Button>
          }
        >
          {M.calendarError}
        </Alert>
      ) : (
        <Stack spacing={1}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
            <TextField
              label={M.calendarLink}
              value={url}
              size="small"
              fullWidth
              slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'dirigente-calendar-url', onFocus: selectAll } as InputHTMLAttributes<HTMLInputElement> }}
            />
            <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={() => void copy()} sx={{ flexShrink: 0, minHeight: 40 }}>
              {M.calendarCopy}
            </Button>
          </Stack>
          <Box>
            <Button color="warning" startIcon={<LinkOffIcon />} onClick={() => setAsking(true)} disabled={revoking}>
              {M.calendarRevoke}
            </Button>
          </Box>
        </Stack>
      )}

      <Dialog open={asking} onClose={() => !revoking && setAsking(false)} aria-labelledby="dirigente-revoke-title" maxWidth="sm" fullWidth>
        <DialogTitle id="dirigente-revoke-title">{M.calendarRevoke}</DialogTitle>
        <DialogContent>
          {error && (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {error}
            </Alert>
          )}
          <DialogContentText>{M.calendarRevokeText(fullName(dirigente))}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(false)} disabled={revoking}>
            {M.cancel}
          </Button>
          <Button
            onClick={() => void revoke()}
            color="warning"
            variant="contained"
            disabled={revoking}
            startIcon={revoking ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
            sx={{ color: 'rgba(0, 0, 0, 0.87)' }}
          >
            {revoking ? M.calendarRevoking : M.calendarRevokeConfirm}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
