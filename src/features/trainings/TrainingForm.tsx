import { useEffect, useMemo, useRef, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { ALLENAMENTI_MSG } from '../../../common/trainings/messages';
import { allenamentoPayloadSchema, describeAllenamento, type Allenamento, type AllenamentoPayload } from '../../../common/trainings/rules';
import type { AllenamentoConflitto } from '../../../common/trainings/types';
import { isTime } from '../../../common/core/dates';
import { ConfirmDeleteDialog, DeleteButton, useConfirmDelete } from '../../components/ConfirmDeleteDialog';
import type { FormDialogControls } from '../../components/form/FormDialog';
import { FormDialogForm, ProblemAlert, SaveAnotherButton, SaveButton, useFormSubmit, useSavedAnotherNote, type SaveAnotherRounds } from '../../components/form/FormSubmit';
import { refusalMessage } from '../../api/api';
import { schemaResolver, useSchemaCheck } from '../../components/form/schemaForm';
import { useNotify } from '../../components/Toasts';
import { useCreateAllenamentoMutation, useDeleteAllenamentoMutation, useUpdateAllenamentoMutation, type AllenamentoBody } from './trainingsApi';
import { PROPOSED_MINUTES, addMinutes, formatDate, type FormValues } from './grid';
import { SeriesClashDialog } from './SeriesClashDialog';
import { SeriesFields, type FirstEmpty } from './SeriesFields';
import { SkipDatesSection } from './SkipDatesSection';

const M = ALLENAMENTI_MSG;

type SaveKind = 'save' | 'another';

export interface TrainingFormProps {
  /** The series being edited; null when creating one. */
  allenamento: Allenamento | null;
  /** This opening's round: what the form opens with (a new series' known fields, or what the last 'Salva e aggiungi un altro' left), the series it saved, the next round. */
  round: SaveAnotherRounds<FormValues>;
  /** The pitches the series already use, offered first. */
  campi: readonly string[];
  onClose: () => void;
  controls: FormDialogControls;
}

/**
 * A weekly training series' form (docs/trainings.md) on react-hook-form, validated by the server's
 * own schema (allenamentoPayloadSchema): the series' fields, its skipped dates, the clash
 * confirmation and the delete.
 */
export function TrainingForm({ allenamento, round, campi, onClose, controls }: TrainingFormProps) {
  const { start } = round;
  const notify = useNotify();
  const resolver = useMemo(() => schemaResolver<FormValues, AllenamentoPayload>(allenamentoPayloadSchema), []);
  // No focus moves on a refused save: the button waits, the warning names the problem.
  const form = useForm<FormValues, unknown, AllenamentoPayload>({ defaultValues: start, resolver, shouldFocusError: false, reValidateMode: 'onSubmit' });
  const { getValues, setValue, subscribe, formState } = form;
  // The end follows the start (+90 minutes) until the editor sets it.
  const endProposed = useRef(!allenamento && !start.oraFine);
  const savedAnother = useSavedAnotherNote(form, round.savedAnother);
  const [conflicts, setConflicts] = useState<{ list: AllenamentoConflitto[]; body: AllenamentoPayload; kind: SaveKind } | null>(null);
  const [hasDraft, setHasDraft] = useState(false);
  // Where the typing starts, decided once (MUI's Select focuses whenever autoFocus turns true): the first empty field.
  const [firstEmpty] = useState<FirstEmpty>(() => (allenamento ? null : !start.gruppo ? 'gruppo' : !start.campo ? 'campo' : start.giorno === null ? 'giorno' : null));
  const [createAllenamento, { isLoading: creating }] = useCreateAllenamentoMutation();
  const [updateAllenamento, { isLoading: updating }] = useUpdateAllenamentoMutation();
  const [deleteAllenamento] = useDeleteAllenamentoMutation();
  const { asking, deleting, ask, dialog } = useConfirmDelete({
    remove: () => (allenamento ? deleteAllenamento(allenamento.id).unwrap() : Promise.resolve()),
    onDeleted: () => {
      notify(M.deleted, 'success');
      onClose();
    },
    refusal: (err) => refusalMessage(err, [403, 404], M.deleteError),
  });
  // While saving or asking (clashes, delete) Escape does not close the form; a skip date typed and not added is input too.
  const { submit, resend, saving, serverError } = useFormSubmit(form, controls, {
    send: (body, _kind: SaveKind) => (allenamento ? updateAllenamento({ id: allenamento.id, body }).unwrap() : createAllenamento(body).unwrap()),
    onSaved: (saved, _body, kind) => {
      notify(allenamento ? M.updated : M.created, 'success');
      if (kind === 'save' || allenamento) return onClose();
      // Quick repeat entry: the next series of the same category, pitch and period; the day is chosen again.
      round.next({ ...getValues(), giorno: null, saltate: [] }, M.savedAnother(describeAllenamento(saved)));
    },
    // 409 with the clashes: 'Salva comunque' is asked (SeriesClashDialog).
    onRefused: (err, body, kind) => {
      const status = (err as { status?: unknown }).status;
      const conflitti = (err as { data?: { conflitti?: unknown } }).data?.conflitti;
      if (status !== 409 || !Array.isArray(conflitti) || conflitti.length === 0) return false;
      setConflicts({ list: conflitti as AllenamentoConflitto[], body, kind });
      return true;
    },
    // 400/403/404 carry the server's Italian reason; anything else gets the operation's message.
    refusal: (err) => refusalMessage(err, [400, 403, 404], M.saveError),
    busy: deleting || conflicts !== null || asking,
    dirty: hasDraft,
  });
  const disabled = saving || deleting;

  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ name, type }) => {
          if (!name) return;
          if (name === 'oraFine' && type === 'change') endProposed.current = false;
          const inizio = getValues('oraInizio');
          if (name === 'oraInizio' && endProposed.current) setValue('oraFine', isTime(inizio) ? addMinutes(inizio, PROPOSED_MINUTES) : '', { shouldDirty: true });
        },
      }),
    [subscribe, getValues, setValue],
  );
  // Live check with the server's own schema: the first problem in words (an edit form's at once), the save waits until none.
  const check = useSchemaCheck(form, allenamentoPayloadSchema, allenamento !== null);
  const wrong = (field: keyof FormValues) => !!formState.dirtyFields[field] && check.wrong(field);

  return (
    <FormProvider {...form}>
      <FormDialogForm
        titleId="allenamento-form-title"
        title={allenamento ? M.edit : M.add}
        onSubmit={submit('save')}
        serverError={serverError}
        before={savedAnother && <Alert severity="success">{savedAnother}</Alert>}
        actions={
          <>
            {allenamento && <DeleteButton label={M.delete} disabled={disabled} onClick={ask} />}
            <Button onClick={() => !disabled && controls.requestClose()} disabled={disabled}>
              {M.cancel}
            </Button>
            {!allenamento && <SaveAnotherButton label={M.saveAndAddAnother} disabled={!check.valid || disabled} onClick={submit('another')} />}
            <SaveButton saving={disabled} spinning={creating || updating} disabled={!check.valid || disabled} label={M.save} savingLabel={M.saving} />
          </>
        }
        dialogs={
          <>
            <SeriesClashDialog
              conflicts={conflicts?.list ?? null}
              onClose={() => setConflicts(null)}
              onConfirm={() => {
                if (!conflicts) return;
                const { body, kind } = conflicts;
                setConflicts(null);
                const confirmed: AllenamentoBody = { ...body, confermaSovrapposizioni: true };
                void resend(confirmed, kind);
              }}
            />
            {allenamento && (
              <ConfirmDeleteDialog
                {...dialog}
                titleId="allenamento-delete-title"
                title={M.deleteTitle}
                text={M.deleteText(describeAllenamento(allenamento), M.period(formatDate(allenamento.dal), formatDate(allenamento.al)))}
                cancelLabel={M.cancel}
                confirmLabel={M.deleteConfirm}
                busyLabel={M.deleting}
              />
            )}
          </>
        }
      >
        <SeriesFields disabled={disabled} firstEmpty={firstEmpty} endProposed={endProposed.current} campi={campi} wrong={wrong} />
        <SkipDatesSection disabled={disabled} onDraftChange={setHasDraft} />
        <ProblemAlert problem={check.problem} testId="allenamento-problem" />
      </FormDialogForm>
    </FormProvider>
  );
}
