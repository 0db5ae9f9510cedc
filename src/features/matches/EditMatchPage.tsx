import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation, useParams } from 'react-router-dom';
import { paths } from '../../config/paths';
import { readSlotPrefill, type SlotPrefill } from '../../config/slotPrefill';
import { SLOT_MSG } from '../../../common/trainings/messages';
import { SPOGLIATOIO_MAX, SPOGLIATOIO_MIN } from '../../../common/matches/read';
import { MSG } from '../../../common/core/messages';
import { hasRole } from '../../../common/users/roles';
import { partitaToValues } from '../../../common/matches/rules';
import { errorMessage, type ApiError } from '../../api/api';
import { useAppSelector } from '../../store/hooks';
import { selectRole } from '../../store/sessionSlice';
import { useDeletePartitaMutation, useGetPartitaQuery, useUpdatePartitaMutation } from './matchesApi';
import { MatchForm } from './MatchForm';
import { toFormValues, type FormValues } from './matchFormValues';
import { useSaveFlow } from './useSaveFlow';
import { DesignationsSection, refereeNotAlone } from './DesignationsSection';
import type { Designazioni } from '../../../common/officials/rules';
import { idsOf, RUOLI_ORDER } from '../../api/designationsApi';
import { useUnsavedChanges } from '../../components/form/UnsavedChanges';
import { CallupSection } from '../../components/callups/CallupSection';
import { TeamSheetSection } from '../../components/teamsheet/TeamSheetSection';

/** The form's values with a chosen slot's (the 'Rinvia' dialog's 'Apri la partita'; an away match's slot has no rooms). */
function withSlot(values: FormValues, slot: Partial<SlotPrefill>): FormValues {
  const room = (n: number | undefined) => (n !== undefined && n >= SPOGLIATOIO_MIN && n <= SPOGLIATOIO_MAX ? n : null);
  return {
    ...values,
    ...(slot.data ? { data: slot.data } : {}),
    ...(slot.ora ? { ora: slot.ora } : {}),
    ...(slot.oraFine ? { oraFine: slot.oraFine } : {}),
    ...(slot.campo ? { campo: slot.campo } : {}),
    ...(slot.spogliatoi ? { spogliatoioGari: room(slot.spogliatoi[0]), spogliatoioOspiti: room(slot.spogliatoi[1]) } : {}),
  };
}

/**
 * /modifica-partita/{id} (editor and above): edit, delete with confirmation, 'Partita non trovata!' on a bad id.
 * Query parameters of editMatchWithSlot (src/config/slotPrefill.ts) prefill a chosen slot's date, times, pitch and rooms.
 */
export default function EditMatchPage() {
  const { id = '' } = useParams();
  const { search } = useLocation();
  const role = useAppSelector(selectRole);
  const allowed = hasRole(role, 'editor');
  const { data: partita, isLoading, isError, error, refetch, isFetching } = useGetPartitaQuery(id, { skip: !allowed });
  const [update, { isLoading: saving }] = useUpdatePartitaMutation();
  const [remove, { isLoading: deleting }] = useDeletePartitaMutation();
  const [confirming, setConfirming] = useState(false);
  // The designations chosen in the form (null: as stored); saved with the match by the one button.
  const [chosen, setChosen] = useState<Designazioni | null>(null);
  const flow = useSaveFlow();
  // Leaving a changed form asks first (docs/screens.md); after a save or delete nothing is asked.
  const [dirty, setDirty] = useState(false);
  // Designations chosen and not saved count as typed input too; only a change goes out with the save.
  const storedDesignazioni = partita ? idsOf(partita.designazioni) : null;
  const designazioniChanged = !!storedDesignazioni && chosen !== null && RUOLI_ORDER.some((r) => chosen[r] !== storedDesignazioni[r]);
  // So does a call-up changed and not saved (its own save, below the form). A match saved while its call-up
  // holds changes keeps the call-up on screen, and the return to / asks first: the typed call-up is not lost.
  const [callupDirty, setCallupDirty] = useState(false);
  const [deleted, setDeleted] = useState(false);
  const [callupKept, setCallupKept] = useState(false);
  const callupShown = !deleted && (!flow.done || callupDirty || callupKept);
  useEffect(() => {
    if (flow.done && callupDirty && !deleted) setCallupKept(true);
  }, [flow.done, callupDirty, deleted]);
  useUnsavedChanges(((dirty || designazioniChanged) && !flow.done) || (callupShown && callupDirty));

  if (!allowed) return <Alert severity="error">{MSG.match.notAuthorizedEdit}</Alert>;
  if (isLoading) return <Typography color="text.secondary">{MSG.match.loading}</Typography>;
  // A failed read (no connection, server down) is not a missing match: say which, and offer a retry.
  const status = (error as ApiError | undefined)?.status;
  if (isError && status !== 404 && status !== 400 && !flow.done) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Alert severity="error">{errorMessage(error)}</Alert>
        <Stack direction="row" spacing={1}>
          <Button variant="contained" disabled={isFetching} onClick={() => void refetch()}>
            {MSG.screens.retry}
          </Button>
          <Button onClick={flow.cancel}>{MSG.match.cancel}</Button>
        </Stack>
      </Stack>
    );
  }
  if ((isError || !partita) && !flow.done) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Alert severity="error">{MSG.match.loadNotFound}</Alert>
        <Button onClick={flow.cancel}>{MSG.match.cancel}</Button>
      </Stack>
    );
  }
  if (!partita) return null;
  const prefill = readSlotPrefill(search);
  const stored = toFormValues(partitaToValues(partita));
  const initial = prefill ? withSlot(stored, prefill) : stored;
  const busy = saving || deleting || flow.done;
  const designazioni = chosen ?? storedDesignazioni!;
  return (
    <>
      <MatchForm
        key={partita.id}
        mode="edit"
        title={MSG.match.editTitle}
        initial={initial}
        busy={busy}
        saveLabel={MSG.match.saveChanges}
        busyLabel={deleting ? MSG.match.deleting : MSG.match.saving}
        onCancel={flow.cancel}
        matchId={partita.id}
        slotFinder
        onDirtyChange={setDirty}
        notice={prefill ? <Alert severity="info">{SLOT_MSG.prefilled}</Alert> : undefined}
        serverConflicts={flow.conflicts}
        onConflictsClose={flow.clearConflicts}
        onSave={(body) =>
          void flow.run(() => update({ id, body: designazioniChanged ? { ...body, designazioni } : body }).unwrap(), MSG.match.updated, MSG.match.updateFailed)
        }
        blocked={refereeNotAlone(designazioni)}
        actions={
          <>
            <Button color="error" variant="outlined" disabled={busy} onClick={() => setConfirming(true)}>
              {deleting ? MSG.match.deleting : MSG.match.delete}
            </Button>
            {/* 'Duplica' (docs/planning.md): the add form filled from this match (another date, another opponent...). */}
            <Button variant="outlined" disabled={busy} component={RouterLink} to={`${paths.addMatch.getHref()}?da=${encodeURIComponent(String(partita.id))}`}>
              {MSG.match.duplicate}
            </Button>
          </>
        }
      >
        {/* The officials of the match (docs/officials.md): part of the form, saved with the match. */}
        <DesignationsSection value={designazioni} current={partita.designazioni} disabled={busy} onChange={setChosen} />
      </MatchForm>
      {/* The call-up (docs/callups.md): its own save, outside the match's form. */}
      {callupShown && <CallupSection partitaId={partita.id} gruppo={partita.gruppo} readOnly={!allowed} teamSheetLink={false} onDirtyChange={setCallupDirty} />}
      {/* The team sheet (docs/teamsheet.md): its own dialog and save, outside the match's form. */}
      {!flow.done && <TeamSheetSection matchId={partita.id} />}
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby="delete-match-title">
        <DialogTitle id="delete-match-title">{MSG.match.confirmDeleteTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText>{MSG.match.confirmDeleteText(partita.squadracasa, partita.squadratrasferta)}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>{MSG.match.cancel}</Button>
          <Button
            color="error"
            variant="contained"
            onClick={() => {
              setConfirming(false);
              void flow.run(
                () => remove(id).unwrap().then(() => setDeleted(true)),
                MSG.match.deleted,
                MSG.match.deleteFailed,
              );
            }}
          >
            {MSG.match.delete}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
