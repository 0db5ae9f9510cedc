import { Fragment, useMemo, useState } from 'react';
import dayjs from 'dayjs';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useNavigate } from 'react-router-dom';
import { GIORNI_MAX, STATUS_MSG, UNDO_TOAST_MS, type AzioneStato } from '../../../common/status/rules';
import { MOTIVO_MAX } from '../../../common/status/read';
import type { Partita } from '../../../common/matches/read';
import { statoRequestSchema } from '../../../common/status/schema';
import { errorMessage } from '../../api/api';
import DateFilterPicker from './DateFilterPicker';
import { useAnnullaOperazioneMutation, useCambiaStatoMutation } from './statusApi';
import { useGetPartiteQuery } from './matchesApi';
import { CLASH_MSG, type ClashInfo } from '../../../common/occupancy/rules';
import { ClashList } from './ClashWarnings';
import { SlotFinder, slotDay } from '../../components/SlotFinder';
import { useCloseGuard } from '../../components/form/UnsavedChanges';
import type { Slot } from '../../../common/occupancy/slots';
import { SLOT_MSG } from '../../../common/trainings/messages';
import { paths } from '../../config/paths';

/** The clashes of a 409 a bulk move or an undo answered (docs/occupancy.md), or null for any other error. */
function clashesOf(err: unknown): ClashInfo[] | null {
  const e = err as { status?: unknown; data?: { conflitti?: unknown } };
  return e.status === 409 && Array.isArray(e.data?.conflitti) ? (e.data.conflitti as ClashInfo[]) : null;
}

const BAR_ACTIONS: AzioneStato[] = ['rinvia', 'sposta', 'annulla', 'sospendi', 'ripristina'];

export interface StatusActionsProps {
  /** Ids of the matches the filters show (what 'Seleziona tutte' selects). */
  visibleIds: number[];
  selected: ReadonlySet<number>;
  onSelect: (ids: Set<number>) => void;
  today: string;
}

/**
 * The status actions of docs/matches.md (editors and admins): 'Seleziona tutte' for the filtered list, the count selected, and
 * the bulk status actions, each through a dialog listing the matches it changes and asking for the
 * reason; after a change a toast offers 'Annulla operazione' for 10 seconds. Loaded on demand by
 * the signed-in dashboard.
 */
export default function StatusActions({ visibleIds, selected, onSelect, today }: StatusActionsProps) {
  const [azione, setAzione] = useState<AzioneStato | null>(null);
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  // The toasts are drawn outside the router: their links navigate through this.
  const navigate = useNavigate();
  const [annulla] = useAnnullaOperazioneMutation();
  const all = visibleIds.length > 0 && visibleIds.every((id) => selected.has(id));
  const some = visibleIds.some((id) => selected.has(id));
  const count = selected.size;
  // The dashboard's own list (same query, same cache entry): what the dialog names.
  const { data: partite } = useGetPartiteQuery(today);

  const undo = async (operazione: string, key: string | number, confermaSovrapposizioni = false) => {
    closeSnackbar(key);
    try {
      await annulla(confermaSovrapposizioni ? { operazione, confermaSovrapposizioni } : operazione).unwrap();
      enqueueSnackbar(STATUS_MSG.undone, { variant: 'success' });
    } catch (err) {
      const clashes = clashesOf(err);
      // docs/occupancy.md: the matches would go back onto places taken since; the editor may confirm.
      // The clashes one a line under the server's message (a toast at most 560 px wide).
      const message = clashes ? (
        <span>
          {errorMessage(err)}:
          {clashes.map((c, i) => (
            <Fragment key={i}>
              <br />
              {c.messaggio}
            </Fragment>
          ))}
        </span>
      ) : (
        errorMessage(err)
      );
      enqueueSnackbar(message, {
        variant: 'error',
        ...(clashes && {
          persist: true,
          action: (k) => (
            <>
              <Button color="inherit" size="small" onClick={() => void undo(operazione, k, true)}>
                {CLASH_MSG.bulkConfirm}
              </Button>
              <Button color="inherit" size="small" onClick={() => closeSnackbar(k)}>
                {CLASH_MSG.dialogCancel}
              </Button>
            </>
          ),
        }),
      });
    }
  };

  /** After a change; `moved`: the one match postponed to a chosen slot, which the toast can open (it reads the whole slot). */
  const done = (operazione: string, aggiornate: number, moved?: { id: number }) => {
    onSelect(new Set());
    setAzione(null);
    const edit = moved ? paths.editMatch.getHref(String(moved.id)) : null;
    enqueueSnackbar(STATUS_MSG.updated(aggiornate), {
      variant: 'success',
      autoHideDuration: UNDO_TOAST_MS,
      action: (key) => (
        <>
          {edit && (
            <Button
              color="inherit"
              size="small"
              href={edit}
              onClick={(e) => {
                e.preventDefault();
                closeSnackbar(key);
                void navigate(edit);
              }}
            >
              {SLOT_MSG.openMatch}
            </Button>
          )}
          <Button color="inherit" size="small" onClick={() => void undo(operazione, key)}>
            {STATUS_MSG.undo}
          </Button>
        </>
      ),
    });
  };

  // Nothing selected: only 'Seleziona tutte' (one short line); the count and the five actions appear
  // with the first selection, so on a phone the matches start right under the filters.
  const selectAllBox = (
      <FormControlLabel
        control={
          <Checkbox
            checked={all}
            indeterminate={some && !all}
            disabled={visibleIds.length === 0}
            onChange={(e) => {
              const next = new Set(selected);
              for (const id of visibleIds) {
                if (e.target.checked) next.add(id);
                else next.delete(id);
              }
              onSelect(next);
            }}
          />
        }
        label={STATUS_MSG.selectAll}
      />
  );
  if (count === 0 && !azione)
    return (
      <Box data-testid="status-actions" sx={{ mb: 1, px: 1 }}>
        {selectAllBox}
      </Box>
    );
  return (
    <Paper variant="outlined" data-testid="status-actions" sx={{ p: 1, mb: 2, display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
      {selectAllBox}
      <Typography role="status" color="text.secondary" sx={{ mr: 'auto' }}>
        {STATUS_MSG.selected(count)}
      </Typography>
      {BAR_ACTIONS.map((a) => (
        <Button key={a} variant="outlined" size="small" disabled={count === 0} onClick={() => setAzione(a)}>
          {STATUS_MSG.actions[a]}
        </Button>
      ))}
      {azione && (
        <StatusDialog
          azione={azione}
          ids={[...selected]}
          partite={partite ?? []}
          today={today}
          onClose={() => setAzione(null)}
          onDone={done}
        />
      )}
    </Paper>
  );
}

/** The body fields of a chosen slot (common/status/schema.ts): the server applies them with the new date. */
function slotFields(slot: Slot) {
  return {
    ora: slot.ora,
    oraFine: slot.oraFine,
    campo: slot.campo,
    spogliatoioGari: slot.spogliatoi[0] ?? null,
    spogliatoioOspiti: slot.spogliatoi[1] ?? null,
  };
}

/**
 * What a chosen slot will make of the match, on one line: 'Sabato 5 dicembre, 10:30-11:45, Campo 2, spogliatoi 3 e 4';
 * an away match keeps no end time nor rooms, so only its start is said.
 */
function appliedSlot(slot: Slot, match: Partita, today: string): string {
  const giorno = slotDay(slot.data, today);
  const day = giorno.charAt(0).toLocaleUpperCase('it') + giorno.slice(1);
  if (!match.is_house_match) return [day, slot.ora, slot.campo].filter(Boolean).join(', ');
  return SLOT_MSG.describe(day, slot.ora, slot.oraFine, slot.campo, slot.spogliatoi);
}

/** The days of 'Sposta di N giorni' once they are a valid number, for the title and the button. */
function chosenDays(giorni: string): number | null {
  const n = Number(giorni);
  return giorni.trim() !== '' && Number.isInteger(n) && n >= 1 && n <= GIORNI_MAX ? n : null;
}

/** The matches a bulk action changes, one a line ('28/11/2026 10:00 Garibaldina 2013 - Virtus'), scrolling when long. */
function AffectedMatches({ ids, partite }: { ids: number[]; partite: Partita[] }) {
  const chosen = useMemo(() => {
    const set = new Set(ids);
    return partite.filter((p) => set.has(p.id));
  }, [ids, partite]);
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" id="status-dialog-list">
        {STATUS_MSG.affectedList}
      </Typography>
      <Box
        component="ul"
        aria-labelledby="status-dialog-list"
        // Focusable, so a keyboard can scroll a long list.
        tabIndex={0}
        sx={{ m: 0, mt: 0.5, p: 0, listStyle: 'none', maxHeight: 220, overflowY: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}
      >
        {chosen.map((p) => (
          <Box component="li" key={p.id} sx={{ px: 1.5, py: 0.5, display: 'flex', gap: 1.5, '&:not(:last-of-type)': { borderBottom: 1, borderColor: 'divider' } }}>
            <Box component="span" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums', color: 'text.secondary' }}>
              {dayjs(p.data).format('DD/MM/YYYY')} {p.ora.slice(0, 5)}
            </Box>{' '}
            <span>
              {p.squadracasa} - {p.squadratrasferta}
            </span>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

function StatusDialog({
  azione,
  ids,
  partite,
  today,
  onClose,
  onDone,
}: {
  azione: AzioneStato;
  ids: number[];
  partite: Partita[];
  today: string;
  onClose: () => void;
  onDone: (operazione: string, aggiornate: number, moved?: { id: number }) => void;
}) {
  const [motivo, setMotivo] = useState('');
  const [nuovaData, setNuovaData] = useState('');
  const [giorni, setGiorni] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState('');
  // The clashes the server answered (409, docs/occupancy.md); the next submit confirms them.
  const [clashes, setClashes] = useState<ClashInfo[] | null>(null);
  const [cambia, { isLoading }] = useCambiaStatoMutation();
  // 'Trova uno slot' (docs/trainings.md) when one match is postponed: the slot chosen, while the date is still its;
  // the postponement applies the whole of it (date, start, end, pitch, rooms: docs/matches.md, status).
  const [slot, setSlot] = useState<Slot | null>(null);
  const single = azione === 'rinvia' && ids.length === 1 ? partite.find((p) => p.id === ids[0]) : undefined;
  const chosen = slot && slot.data === nuovaData ? slot : null;
  // Typed and not yet applied: closing asks first (docs/screens.md).
  const guard = useCloseGuard(motivo !== '' || nuovaData !== '' || giorni !== '', onClose);

  const submit = async () => {
    setServerError('');
    const body = {
      ids,
      azione,
      motivo: motivo.trim() || null,
      ...(azione === 'rinvia' ? { nuovaData: nuovaData || null } : {}),
      ...(single && chosen ? slotFields(chosen) : {}),
      ...(azione === 'sposta' ? { giorni: giorni.trim() === '' ? null : Number(giorni) } : {}),
      ...(clashes ? { confermaSovrapposizioni: true } : {}),
    };
    // The server's own schema, so the form shows its rules and messages before sending.
    const parsed = statoRequestSchema(today).safeParse(body);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? 'form'), i.message])));
      return;
    }
    setErrors({});
    try {
      const result = await cambia(body).unwrap();
      onDone(result.operazione, result.aggiornate, single && chosen ? { id: single.id } : undefined);
    } catch (err) {
      setClashes(clashesOf(err));
      setServerError(errorMessage(err));
    }
  };
  // A changed date or number of days is another move: its clashes are checked again.
  const change = (set: (v: string) => void) => (v: string) => {
    setClashes(null);
    set(v);
  };

  const days = azione === 'sposta' ? chosenDays(giorni) : null;
  const title = STATUS_MSG.confirmTitle[azione](ids.length, days);
  return (
    <Dialog open onClose={guard.requestClose} fullWidth maxWidth="sm" aria-labelledby="status-dialog-title">
      <DialogTitle id="status-dialog-title">{title}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
        <AffectedMatches ids={ids} partite={partite} />
        {azione === 'rinvia' && (
          <Box>
            <DateFilterPicker fullWidth label={STATUS_MSG.nuovaDataLabel} value={nuovaData} onChange={change(setNuovaData)} />
            {errors.nuovaData && (
              <Typography color="error" variant="body2" role="alert">
                {errors.nuovaData}
              </Typography>
            )}
            {single && (
              <Box sx={{ mt: 1 }}>
                <SlotFinder
                  // From the day after the match's date (the server starts from today at the earliest); its length, teams and home/away.
                  query={{ gruppo: single.gruppo, partita: single.id, dal: dayjs(single.data).add(1, 'day').format('YYYY-MM-DD') }}
                  onChoose={(s) => {
                    setSlot(s);
                    setClashes(null);
                    change(setNuovaData)(s.data);
                  }}
                />
              </Box>
            )}
            {single && chosen && (
              <Alert severity="info" sx={{ mt: 1 }} data-testid="rinvia-slot-note">
                {STATUS_MSG.slotApplied(appliedSlot(chosen, single, today))}
              </Alert>
            )}
          </Box>
        )}
        {azione === 'sposta' && (
          <TextField
            label={STATUS_MSG.giorniLabel}
            type="number"
            value={giorni}
            onChange={(e) => change(setGiorni)(e.target.value)}
            error={Boolean(errors.giorni)}
            helperText={errors.giorni}
            slotProps={{ htmlInput: { min: 1, step: 1 } }}
            required
            autoFocus
          />
        )}
        <TextField
          label={STATUS_MSG.motivoLabel}
          value={motivo}
          onChange={(e) => setMotivo(e.target.value)}
          error={Boolean(errors.motivo)}
          helperText={errors.motivo ?? `${motivo.trim().length}/${MOTIVO_MAX}`}
          multiline
          minRows={2}
        />
        {(serverError || errors.ids || errors.azione || errors.form) && (
          <Typography color="error" role="alert">
            {serverError || errors.ids || errors.azione || errors.form}
          </Typography>
        )}
        {clashes && <ClashList clashes={clashes} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={guard.requestClose}>{STATUS_MSG.cancel}</Button>
        <Button variant="contained" color="error" onClick={() => void submit()} disabled={isLoading}>
          {clashes ? CLASH_MSG.bulkConfirm : STATUS_MSG.confirmButton[azione](ids.length, days)}
        </Button>
      </DialogActions>
      {guard.prompt}
    </Dialog>
  );
}
