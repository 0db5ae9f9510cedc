import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import { DIRIGENTI_MSG } from '../../../common/officials/messages';
import { dirigentePayloadSchema, fullName, type Dirigente } from '../../../common/officials/rules';
import { ConfirmDeleteDialog, DeleteButton, useConfirmDelete } from '../../components/ConfirmDeleteDialog';
import { useNotify } from '../../components/Toasts';
import { FormDialog, type FormDialogControls } from '../../components/form/FormDialog';
import { FormDialogForm, ProblemAlert, SaveButton, useFormSubmit } from '../../components/form/FormSubmit';
import { refusalMessage } from '../../api/api';
import { useSchemaProblem } from '../../components/form/validation';
import { useCreateDirigenteMutation, useDeleteDirigenteMutation, useUpdateDirigenteMutation } from './officialsApi';
import { OfficialCalendarLink } from './OfficialCalendarLink';
import { OfficialFields, type OfficialFormValues } from './OfficialFields';

const M = DIRIGENTI_MSG;

const EMPTY: OfficialFormValues = { nome: '', cognome: '', email: '', telefono: '', qualifiche: [], attivo: true, numeroTessera: '' };
const fromDirigente = (d: Dirigente): OfficialFormValues => ({ nome: d.nome, cognome: d.cognome, email: d.email, telefono: d.telefono ?? '', qualifiche: [...d.qualifiche], attivo: d.attivo, numeroTessera: d.numeroTessera ?? '' });

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
      {(_busy, controls) => <DirigenteForm key={formKey} dirigente={dirigente} onClose={onClose} controls={controls} />}
    </FormDialog>
  );
}

function DirigenteForm({ dirigente, onClose, controls }: { dirigente: Dirigente | null; onClose: () => void; controls: FormDialogControls }) {
  const notify = useNotify();
  // Checked with the server's own schema as typed: a changed field shows its problem in red (a new form does not open all red).
  const form = useForm({ resolver: zodResolver(dirigentePayloadSchema), mode: 'onChange', defaultValues: dirigente ? fromDirigente(dirigente) : EMPTY });
  const { control, formState } = form;
  // The first problem of the whole form in words; the save waits until there is none.
  const problem = useSchemaProblem(control, dirigentePayloadSchema);
  const [calendarBusy, setCalendarBusy] = useState(false);
  const [createDirigente] = useCreateDirigenteMutation();
  const [updateDirigente] = useUpdateDirigenteMutation();
  const [deleteDirigente] = useDeleteDirigenteMutation();
  const { asking, deleting, ask, dialog } = useConfirmDelete({
    remove: () => (dirigente ? deleteDirigente(dirigente.id).unwrap() : Promise.resolve()),
    onDeleted: () => {
      notify(M.deleted, 'success');
      onClose();
    },
    // 409: designated to coming matches; the server says how many.
    refusal: (err) => refusalMessage(err, [403, 404, 409], M.deleteError),
  });

  // While deleting or asking (delete, revoke) the dialog stays open; a successful save keeps the form disabled while it fades out.
  const { submit, saving, serverError } = useFormSubmit(form, controls, {
    send: (body) => (dirigente ? updateDirigente({ id: dirigente.id, body }).unwrap() : createDirigente(body).unwrap()),
    onSaved: () => {
      notify(dirigente ? M.updated : M.created, 'success');
      onClose();
    },
    // 409: the email is someone else's.
    refusal: (err) => refusalMessage(err, [400, 403, 404, 409], M.saveError),
    busy: deleting || asking || calendarBusy,
  });
  const disabled = saving || deleting;
  const save = submit('save');

  const changed = formState.isDirty || Object.keys(formState.errors).length > 0;

  return (
    <FormDialogForm
      titleId="dirigente-form-title"
      title={dirigente ? M.edit : M.add}
      onSubmit={save}
      serverError={serverError}
      actions={
        <>
          {dirigente && <DeleteButton label={M.delete} disabled={disabled} onClick={ask} />}
          <Button onClick={controls.requestClose} disabled={disabled}>
            {M.cancel}
          </Button>
          <SaveButton saving={saving} disabled={problem !== null || disabled} label={M.save} savingLabel={M.saving} />
        </>
      }
      dialogs={
        dirigente && (
          <ConfirmDeleteDialog
            {...dialog}
            titleId="dirigente-delete-title"
            title={M.deleteTitle}
            text={M.deleteText(fullName(dirigente))}
            cancelLabel={M.cancel}
            confirmLabel={M.deleteConfirm}
            busyLabel={M.deleting}
          />
        )
      }
    >
      <OfficialFields control={control} disabled={disabled} adding={!dirigente} />

      <ProblemAlert problem={changed || dirigente ? problem : null} testId="dirigente-problem" />

      {dirigente && (
        <>
          <Divider />
          <OfficialCalendarLink dirigente={dirigente} onBusy={setCalendarBusy} />
        </>
      )}
    </FormDialogForm>
  );
}
