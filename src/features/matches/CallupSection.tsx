import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CONVOCAZIONI_MSG } from '../../../common/callups/messages';
import type { Convocazione, Convocato, Risposta } from '../../../common/callups/rules';
import type { DaAvvisare } from '../../../common/callups/types';
import { formatInstant } from '../../../common/core/dates';
import { errorMessage } from '../../api/api';
import { useAppSelector } from '../../store/hooks';
import { selectTimezone } from '../../store/configSlice';
import {
  CALLUP_POLLING_MS,
  useGetConvocazioneQuery,
  useGetRosaQuery,
  useInviaConvocazioneMutation,
  useSaveConvocazioneMutation,
  useSetRispostaMutation,
  useSollecitaConvocazioneMutation,
} from '../../api/callupsApi';

const M = CONVOCAZIONI_MSG;
const S = M.screen;

/** What the coach edits before 'Salva': the players called, the ritrovo, the deadline ('YYYY-MM-DDTHH:mm' local), the note. */
interface Draft {
  giocatori: number[];
  ora: string;
  luogo: string;
  scadenza: string;
  note: string;
}

const draftOf = (c: Convocazione): Draft => ({
  giocatori: c.giocatori.map((g) => g.id),
  ora: c.ritrovo.ora,
  luogo: c.ritrovo.luogo,
  scadenza: c.scadenza.slice(0, 16),
  note: c.note ?? '',
});

const answerText = (r: Risposta | null) => (r === 'si' ? M.risposte.si : r === 'no' ? M.risposte.no : S.inAttesa);

/**
 * The call-up of a match on its edit screen (docs/callups.md): the players picked from the category's roster
 * (others shown 'fuori quota'), ritrovo and deadline (the server's defaults until changed), a note; 'Salva',
 * 'Invia', 'Sollecita'; the answers with their counts, read again every 30 seconds while the screen is open.
 * `readOnly` (readers): everything shown, nothing changed.
 */
export function CallupSection({ partitaId, gruppo, readOnly }: { partitaId: number; gruppo: string; readOnly: boolean }) {
  const tz = useAppSelector(selectTimezone);
  const { data, error, isLoading } = useGetConvocazioneQuery(partitaId, { pollingInterval: CALLUP_POLLING_MS, skipPollingIfUnfocused: true });
  const { data: rosa = [] } = useGetRosaQuery(gruppo, { skip: readOnly });
  const [save, { isLoading: saving }] = useSaveConvocazioneMutation();
  const [invia, { isLoading: sending }] = useInviaConvocazioneMutation();
  const [sollecita, { isLoading: reminding }] = useSollecitaConvocazioneMutation();
  const [setRisposta] = useSetRispostaMutation();
  // The coach's changes (null: as stored); a poll never overwrites what is being typed.
  const [draft, setDraft] = useState<Draft | null>(null);
  const [notice, setNotice] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const [daAvvisare, setDaAvvisare] = useState<DaAvvisare[] | null>(null);

  if (isLoading) return <Typography color="text.secondary">{S.loading}</Typography>;
  if (error) return <Alert severity="error">{errorMessage(error)}</Alert>;
  // An answer without the call-up's shape (an older server) shows nothing rather than breaking the edit screen.
  if (!data || !Array.isArray(data.giocatori)) return null;
  const current = draft ?? draftOf(data);
  const busy = saving || sending || reminding;
  const edit = (patch: Partial<Draft>) => setDraft({ ...current, ...patch });
  const toggle = (id: number, on: boolean) => edit({ giocatori: on ? [...current.giocatori, id] : current.giocatori.filter((g) => g !== id) });
  const rosaIds = new Set(rosa.map((g) => g.id));
  const altri = data.giocatori.filter((g) => !rosaIds.has(g.id));

  const run = async (action: () => Promise<unknown>, ok: (r: never) => string) => {
    setNotice(null);
    try {
      const r = await action();
      setNotice({ severity: 'success', text: ok(r as never) });
      return r;
    } catch (err) {
      setNotice({ severity: 'error', text: errorMessage(err) });
      return null;
    }
  };
  const onSave = async () => {
    const offset = data.scadenza.slice(19);
    const body = {
      giocatori: current.giocatori,
      ritrovo: { ora: current.ora, luogo: current.luogo.trim() || null },
      scadenza: `${current.scadenza}:00${offset}`,
      note: current.note.trim() || null,
    };
    if (await run(() => save({ id: partitaId, body }).unwrap(), () => S.salvata)) setDraft(null);
  };
  const onSend = async (which: 'invia' | 'sollecita') => {
    const r = (await run(
      () => (which === 'invia' ? invia(partitaId) : sollecita(partitaId)).unwrap(),
      (res: { inviate: number }) => (which === 'invia' ? S.inviata(res.inviate) : S.sollecitata(res.inviate)),
    )) as { daAvvisare: DaAvvisare[] } | null;
    if (r) setDaAvvisare(r.daAvvisare);
  };
  const voce = daAvvisare ?? (data.inviataIl ? data.giocatori.filter((g) => !g.avvisabile) : []);

  return (
    <Paper variant="outlined" component="section" aria-labelledby="callup-title" sx={{ p: 3, mt: 3, maxWidth: 900 }}>
      <Typography id="callup-title" variant="h6" component="h2">
        {S.title}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {data.inviataIl ? S.inviataIl(formatInstant(data.inviataIl, tz)) : S.nonInviata}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ my: 1 }} data-testid="callup-counts">
        <Chip label={`${M.conteggi.convocati} ${data.conteggi.convocati}`} />
        <Chip color="success" label={`${M.conteggi.si} ${data.conteggi.si}`} />
        <Chip color="error" label={`${M.conteggi.no} ${data.conteggi.no}`} />
        <Chip label={`${M.conteggi.inAttesa} ${data.conteggi.inAttesa}`} />
      </Stack>
      {readOnly && <Alert severity="info">{S.sola}</Alert>}
      {!readOnly && (
        <Box sx={{ my: 2 }}>
          <Typography variant="subtitle2" component="h3">
            {S.rosa}
          </Typography>
          {rosa.length === 0 && <Typography color="text.secondary">{S.nessunGiocatore}</Typography>}
          <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2 }}>
            {[...rosa, ...altri].map((g) => (
              <FormControlLabel
                key={g.id}
                control={<Checkbox checked={current.giocatori.includes(g.id)} disabled={busy} onChange={(e) => toggle(g.id, e.target.checked)} />}
                label={
                  <>
                    {g.cognome} {g.nome}
                    {g.gruppo !== gruppo && <Chip size="small" variant="outlined" sx={{ ml: 1 }} label={M.fuoriQuota} />}
                  </>
                }
              />
            ))}
          </Box>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 2 }}>
            <TextField type="time" label={S.ritrovoOra} value={current.ora} disabled={busy} onChange={(e) => edit({ ora: e.target.value })} slotProps={{ inputLabel: { shrink: true } }} />
            <TextField label={S.ritrovoLuogo} value={current.luogo} disabled={busy} onChange={(e) => edit({ luogo: e.target.value })} />
            <TextField
              type="datetime-local"
              label={S.scadenza}
              value={current.scadenza}
              disabled={busy}
              onChange={(e) => edit({ scadenza: e.target.value })}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Stack>
          <TextField label={S.note} value={current.note} disabled={busy} onChange={(e) => edit({ note: e.target.value })} fullWidth multiline minRows={2} sx={{ mt: 2 }} />
          <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
            <Button variant="contained" disabled={busy} onClick={() => void onSave()}>
              {S.salva}
            </Button>
            <Button variant="outlined" disabled={busy || draft !== null || data.giocatori.length === 0} onClick={() => void onSend('invia')}>
              {S.invia}
            </Button>
            {data.inviataIl && (
              <Button variant="outlined" disabled={busy || data.chiusa} onClick={() => void onSend('sollecita')}>
                {S.sollecita}
              </Button>
            )}
          </Stack>
        </Box>
      )}
      {notice && (
        <Alert severity={notice.severity} sx={{ my: 1 }} onClose={() => setNotice(null)}>
          {notice.text}
        </Alert>
      )}
      {voce.length > 0 && (
        <Alert severity="warning" sx={{ my: 1 }} data-testid="callup-voce">
          {S.daAvvisareTitle} {voce.map((g) => `${g.cognome} ${g.nome}`).join(', ')}
        </Alert>
      )}
      {data.giocatori.length > 0 && (
        <Box component="ul" aria-label={S.risposte} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {data.giocatori.map((g) => (
            <AnswerRow key={g.id} g={g} gruppo={gruppo} readOnly={readOnly} onSet={(risposta) => void run(() => setRisposta({ id: partitaId, giocatoreId: g.id, risposta }).unwrap(), () => S.salvata)} />
          ))}
        </Box>
      )}
    </Paper>
  );
}

/** One player called: the answer, its note, who set it; editors may set it on the family's behalf. */
function AnswerRow({ g, gruppo, readOnly, onSet }: { g: Convocato; gruppo: string; readOnly: boolean; onSet: (r: Risposta | null) => void }) {
  const name = `${g.cognome} ${g.nome}`;
  return (
    <Box component="li" data-testid={`callup-row-${g.id}`} sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, py: 0.5, borderBottom: 1, borderColor: 'divider' }}>
      <Typography sx={{ minWidth: 160 }}>{name}</Typography>
      {g.fuoriQuota || g.gruppo !== gruppo ? <Chip size="small" variant="outlined" label={M.fuoriQuota} /> : null}
      {readOnly ? (
        <Chip size="small" color={g.risposta === 'si' ? 'success' : g.risposta === 'no' ? 'error' : 'default'} label={answerText(g.risposta)} />
      ) : (
        <TextField select size="small" label={S.rispostaDi(name)} value={g.risposta ?? ''}
          onChange={(e) => onSet((e.target.value || null) as Risposta | null)}
          // 'In attesa' shown for no answer, under its label.
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="">{S.inAttesa}</MenuItem>
          <MenuItem value="si">{M.risposte.si}</MenuItem>
          <MenuItem value="no">{M.risposte.no}</MenuItem>
        </TextField>
      )}
      {g.rispostaStaff && <Chip size="small" variant="outlined" color="info" label={M.rispostaStaff} />}
      {!g.avvisabile && <Chip size="small" variant="outlined" color="warning" label={M.daAvvisare} />}
      {g.nota && (
        <Typography variant="body2" color="text.secondary">
          {g.nota}
        </Typography>
      )}
    </Box>
  );
}
