import { useCallback, useMemo, useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import { isIsoDate } from '../../../common/core/date-text';
import { todayIn } from '../../../common/core/dates';
import { GIOCATORI_MSG, PLAYERS_UI } from '../../../common/players/messages';
import { avvisiGiocatore, type Giocatore, type GiocatoreInput, type RegolaCertificato } from '../../../common/players/rules';
import { useNotify } from '../../components/Toasts';
import type { FormDialogControls } from '../../components/form/FormDialog';
import { FormDialogForm, ProblemAlert, SaveAnotherButton, SaveButton, useFormSubmit, useSavedAnotherNote, type SaveAnotherRounds } from '../../components/form/FormSubmit';
import { refusalMessage } from '../../api/api';
import { schemaResolver, useSchemaCheck } from '../../components/form/schemaForm';
import { useClubConfig } from '../../store/useClubConfig';
import { emptyPlayer, playerFormSchema, type PlayerFormValues } from './formValues';
import { GuardianFields } from './GuardianFields';
import { PlayerAdminActions } from './PlayerAdminActions';
import { PlayerFields } from './PlayerFields';
import { useCreateGiocatoreMutation, useUpdateGiocatoreMutation } from './playersApi';

const U = PLAYERS_UI.form;

type SaveKind = 'save' | 'another';

export interface PlayerFormProps {
  /** The player being edited; null when adding one. */
  giocatore: Giocatore | null;
  /** This opening's round: what the form opens with, the player just saved by 'Salva e aggiungi un altro', the next round. */
  round: SaveAnotherRounds<PlayerFormValues>;
  /** The categories offered. */
  gruppi: readonly string[];
  regola: RegolaCertificato;
  /** 'Esporta dati' and 'Elimina' (administrators). */
  isAdmin: boolean;
  onClose: () => void;
  controls: FormDialogControls;
}

/** The warning of a minor without a reachable guardian, as the save will answer it (saved all the same). */
function NoContactWarning({ today, show }: { today: string; show: boolean }) {
  const [dataNascita, contatti] = useWatch<PlayerFormValues, ['dataNascita', 'contatti']>({ name: ['dataNascita', 'contatti'] });
  if (!show || !isIsoDate(dataNascita)) return null;
  const [avviso] = avvisiGiocatore({ dataNascita, contatti: contatti.map((c) => ({ nome: c.nome, relazione: null, email: c.email.trim() || null, telefono: c.telefono.trim() || null })) }, today);
  return avviso ? (
    <Alert severity="info" data-testid="giocatore-avviso">
      {avviso}
    </Alert>
  ) : null;
}

/**
 * A player's form (docs/players.md) on react-hook-form, checked as typed with the server's own schema
 * (giocatoreInputSchema): each changed field shows its problem under it, the form's first problem
 * shows in a warning and 'Salva' waits until there is none. A refused save keeps every value.
 */
export function PlayerForm({ giocatore, round, gruppi, regola, isAdmin, onClose, controls }: PlayerFormProps) {
  const { start } = round;
  const notify = useNotify();
  const { timezone } = useClubConfig();
  const today = todayIn(timezone);
  const schema = useMemo(() => playerFormSchema(() => todayIn(timezone)), [timezone]);
  const resolver = useMemo(() => schemaResolver<PlayerFormValues, GiocatoreInput>(schema), [schema]);
  // Each field's message as it is typed (a guardian's row just added waits for its first input: GuardianFields).
  const form = useForm<PlayerFormValues, unknown, GiocatoreInput>({ defaultValues: start, resolver, mode: 'onChange', shouldFocusError: false });
  const { formState } = form;
  const savedAnother = useSavedAnotherNote(form, round.savedAnother);
  const [adminBusy, setAdminBusy] = useState(false);
  const onAdminBusy = useCallback((busy: boolean) => setAdminBusy(busy), []);
  const [createGiocatore] = useCreateGiocatoreMutation();
  const [updateGiocatore] = useUpdateGiocatoreMutation();
  const check = useSchemaCheck(form, schema, giocatore !== null);
  // A successful save closes the dialog (or starts the next form): it stays disabled meanwhile.
  const { submit: save, saving: disabled, sending, serverError } = useFormSubmit(form, controls, {
    send: (body, _kind: SaveKind) => (giocatore ? updateGiocatore({ id: giocatore.id, body }).unwrap() : createGiocatore(body).unwrap()),
    onSaved: (answer, body, kind) => {
      notify(giocatore ? GIOCATORI_MSG.updated : GIOCATORI_MSG.created, 'success');
      // A warning of the save (a minor nobody can be asked about): saved all the same.
      for (const avviso of answer.avvisi) notify(avviso, 'warning');
      if (kind === 'save' || giocatore) return onClose();
      // Quick repeat entry: the next player of the same category.
      round.next(emptyPlayer(body.gruppo), U.savedAnother(`${answer.data.nome} ${answer.data.cognome}`));
    },
    // 400: a category that does not exist; 403: one not followed.
    refusal: (err) => refusalMessage(err, [400, 403, 404], U.saveError),
    busy: adminBusy,
  });
  const changed = formState.isDirty || formState.submitCount > 0 || giocatore !== null;
  // A category no longer offered (renamed or not followed) stays choosable for the player who has it.
  const offered = start.gruppo && !gruppi.includes(start.gruppo) ? [start.gruppo, ...gruppi] : gruppi;

  return (
    <FormProvider {...form}>
      <FormDialogForm
        titleId="giocatore-form-title"
        title={giocatore ? U.editTitle : U.addTitle}
        onSubmit={save('save')}
        serverError={serverError}
        before={
          savedAnother && (
            <Alert severity="success" data-testid="giocatore-saved-another">
              {savedAnother}
            </Alert>
          )
        }
        actions={
          <>
            {giocatore && isAdmin && <PlayerAdminActions giocatore={giocatore} disabled={disabled} onBusy={onAdminBusy} onErased={onClose} />}
            <Button onClick={controls.requestClose} disabled={disabled}>
              {U.cancel}
            </Button>
            {!giocatore && <SaveAnotherButton label={U.saveAndAddAnother} disabled={!check.valid || disabled} onClick={save('another')} />}
            <SaveButton saving={disabled} spinning={sending} disabled={!check.valid || disabled} label={U.save} savingLabel={U.saving} />
          </>
        }
      >
        <PlayerFields gruppi={offered} disabled={disabled} adding={!giocatore} today={today} regola={regola} />
        <Divider />
        <GuardianFields disabled={disabled} />
        <NoContactWarning today={today} show={changed} />
        <ProblemAlert problem={check.problem} testId="giocatore-problem" />
      </FormDialogForm>
    </FormProvider>
  );
}
