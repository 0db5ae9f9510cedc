import { useEffect, useState, type RefObject } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { DIRIGENTI_MSG } from '../../../common/officials/messages';
import { dirigentePayloadSchema, fullName, type Dirigente } from '../../../common/officials/rules';
import { errorMessage } from '../../api/api';
import { ConfirmDeleteDialog } from '../../components/ConfirmDeleteDialog';
import { useNotify } from '../../components/Toasts';
import { FormDialog, useReportDirty, type FormDialogControls } from '../../components/form/FormDialog';
import { SERVER_ERROR, useClearServerErrorOnChange, useSchemaProblem } from '../../components/form/validation';
import { useCreateDirigenteMutation, useDeleteDirigenteMutation, useUpdateDirigenteMutation } from './officialsApi';
import { OfficialCalendarLink } from './OfficialCalendarLink';
import { OfficialFields, type OfficialFormValues } from './OfficialFields';

const M = DIRIGENTI_MSG;

const EMPTY: OfficialFormValues = { nome: '', cognome: '', email: '', telefono: '', qualifiche: [], attivo: true, numeroTessera: '' };
const fromDirigente = (d: Dirigente): OfficialFormValues => ({ nome: d.nome, cognome: d.cognome, email: d.email, telefono: d.telefono ?? '', qualifiche: [...d.qualifiche], attivo: d.attivo, numeroTessera: d.numeroTessera ?? '' });

/** Whether the refusal carries the server's own Italian reason (409: the email is someone else's; designated to coming matches). */
const answeredWith = (err: unknown, statuses: readonly number[]) => statuses.includes((err as { status?: unknown }).status as number);

export interface DirigenteDialogProps {
  open: boolean;
  /** Changes at each opening: the form then starts again from the person's current values. */
  formKey?: number;
  /** The person being edited; absent when adding one. */
  dirigente?: Dirigente | null;
  onClose: () => void;
}

/** Create and edit form of an official (docs/officials.md), with delete and the personal calendar link. */
export default function OfficialDialog({ open, formKey = 0, dirigente = null, onClose }: DirigenteDialogProps) {
  // While saving or asking (delete, revoke) Escape does not close the form.
  return (
    <FormDialog open={open} onClose={onClose} titleId="dirigente-form-title" maxWidth="sm">
      {(busy, controls) => <DirigenteForm key={formKey} dirigente={dirigente} onClose={onClose} busy={busy} controls={controls} />}
    </FormDialog>
  );
}

function DirigenteForm({ dirigente, onClose, busy, controls }: { dirigente: Dirigente | null; onClose: () => void; busy: RefObject<boolean>; controls: FormDialogControls }) {
  const notify = useNotify();
  // Checked with the server's own schema as typed: a changed field shows its problem in red (a new form does not open all red).
  const form = useForm({ resolver: zodResolver(dirigentePayloadSchema), mode: 'onChange', defaultValues: dirigente ? fromDirigente(dirigente) : EMPTY });
  const { control, formState, handleSubmit, setError } = form;
  useReportDirty(controls, formState.isDirty);
  useClearServerErrorOnChange(form);
  // The first problem of the whole form in words; the save waits until there is none.
  const problem = useSchemaProblem(control, dirigentePayloadSchema);
  const [asking, setAsking] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [calendarBusy, setCalendarBusy] = useState(false);
  const [createDirigente] = useCreateDirigenteMutation();
  const [updateDirigente] = useUpdateDirigenteMutation();
  const [deleteDirigente] = useDeleteDirigenteMutation();

  // A successful save keeps the form disabled while the dialog fades out.
  const saving = formState.isSubmitting || formState.isSubmitSuccessful;
  const disabled = saving || deleting;
  useEffect(() => {
    busy.current = disabled || asking || calendarBusy;
  }, [busy, disabled, asking, calendarBusy]);

  const save = handleSubmit(async (body) => {
    try {
      if (dirigente) await updateDirigente({ id: dirigente.id, body }).unwrap();
      else await createDirigente(body).unwrap();
      notify(dirigente ? M.updated : M.created, 'success');
      onClose();
    } catch (err) {
      setError(SERVER_ERROR, { message: answeredWith(err, [400, 403, 404, 409]) ? errorMessage(err) : `${M.saveError}: ${errorMessage(err)}` });
    }
  });

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
      // 409: designated to coming matches; the server says how many.
      setDeleteError(answeredWith(err, [403, 404, 409]) ? errorMessage(err) : `${M.deleteError}: ${errorMessage(err)}`);
    }
  };

  const serverError = formState.errors.root?.server?.message;
  const changed = formState.isDirty || Object.keys(formState.errors).length > 0;

  return (
    <Box component="form" noValidate onSubmit={(e) => void save(e)} sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: 1 }}>
      <DialogTitle id="dirigente-form-title">{dirigente ? M.edit : M.add}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          {serverError && (
            <Alert severity="error" role="alert">
              {serverError}
            </Alert>
          )}
          <OfficialFields control={control} disabled={disabled} adding={!dirigente} />

          {problem && (changed || dirigente) && (
            <Alert severity="warning" role="status" data-testid="dirigente-problem">
              {problem}
            </Alert>
          )}

          {dirigente && (
            <>
              <Divider />
              <OfficialCalendarLink dirigente={dirigente} onBusy={setCalendarBusy} />
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
        <Button onClick={controls.requestClose} disabled={disabled}>
          {M.cancel}
        </Button>
        <Button type="submit" variant="contained" disabled={problem !== null || disabled} startIcon={saving ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}>
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
