import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CONVOCAZIONI_MSG } from '../../../common/callups/messages';
import type { Convocazione, ConvocazioneInput } from '../../../common/callups/rules';
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
import { CallupAnswers, CallupCounts } from './CallupAnswers';
import { CallupEditor } from './CallupEditor';
import { TeamSheetLink } from './TeamSheetLink';

const M = CONVOCAZIONI_MSG;
const S = M.screen;

/**
 * The call-up of a match (docs/callups.md), on the match's edit screen and on the 'Convocazioni' screen: the
 * players picked from the category's roster (others, 'fuori quota', from the other categories one follows),
 * ritrovo and deadline (the server's defaults until changed), a note; 'Salva', 'Invia', 'Sollecita'; the
 * answers with their counts, read again every 30 seconds while open; 'Distinta', the match's team sheet.
 * `readOnly` (readers): everything shown, nothing changed. `teamSheetLink` false where the screen shows the
 * team sheet's own section (the edit screen), so 'Distinta' is not offered twice. `onDirtyChange`: the call-up
 * holds changes not saved, for the page's one unsaved-changes guard (docs/screens.md).
 */
export function CallupSection({
  partitaId,
  gruppo,
  readOnly,
  teamSheetLink = true,
  onDirtyChange,
}: {
  partitaId: number;
  gruppo: string;
  readOnly: boolean;
  teamSheetLink?: boolean;
  onDirtyChange?: (dirty: boolean) => void;
}) {
  const tz = useAppSelector(selectTimezone);
  const { data, error, isLoading } = useGetConvocazioneQuery(partitaId, { pollingInterval: CALLUP_POLLING_MS, skipPollingIfUnfocused: true });
  const { data: rosa = [] } = useGetRosaQuery(gruppo, { skip: readOnly });
  const [save, { isLoading: saving }] = useSaveConvocazioneMutation();
  const [invia, { isLoading: sending }] = useInviaConvocazioneMutation();
  const [sollecita, { isLoading: reminding }] = useSollecitaConvocazioneMutation();
  const [setRisposta] = useSetRispostaMutation();
  const [notice, setNotice] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const [daAvvisare, setDaAvvisare] = useState<DaAvvisare[] | null>(null);

  if (isLoading) return <Typography color="text.secondary">{S.loading}</Typography>;
  // A failed poll keeps the call-up on screen (and what is being typed) under its reason.
  if (error && !data) return <Alert severity="error">{errorMessage(error)}</Alert>;
  if (!data) return null;
  const busy = saving || sending || reminding;

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
  const onSave = (body: ConvocazioneInput) => run(() => save({ id: partitaId, body }).unwrap(), () => S.salvata) as Promise<Convocazione | null>;
  const onSend = async (which: 'invia' | 'sollecita') => {
    const r = (await run(
      () => (which === 'invia' ? invia(partitaId) : sollecita(partitaId)).unwrap(),
      (res: { inviate: number }) => (which === 'invia' ? S.inviata(res.inviate) : S.sollecitata(res.inviate)),
    )) as { daAvvisare: DaAvvisare[] } | null;
    if (r) setDaAvvisare(r.daAvvisare);
  };
  const voce = daAvvisare ?? (data.inviataIl ? data.giocatori.filter((g) => !g.avvisabile) : []);

  return (
    <Paper variant="outlined" component="section" aria-labelledby="callup-title" sx={{ p: { xs: 2, sm: 3 }, mt: 3, maxWidth: 900 }}>
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography id="callup-title" variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {S.title}
        </Typography>
        {teamSheetLink && <TeamSheetLink matchId={partitaId} />}
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {data.inviataIl ? S.inviataIl(formatInstant(data.inviataIl, tz)) : S.nonInviata}
      </Typography>
      {error && <Alert severity="error">{errorMessage(error)}</Alert>}
      <CallupCounts conteggi={data.conteggi} />
      {readOnly && <Alert severity="info">{S.sola}</Alert>}
      {!readOnly && (
        <CallupEditor
          data={data}
          gruppo={gruppo}
          rosa={rosa}
          busy={busy}
          onSave={onSave}
          onSend={(which) => void onSend(which)}
          onDirtyChange={onDirtyChange}
        />
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
      <CallupAnswers
        giocatori={data.giocatori}
        gruppo={gruppo}
        readOnly={readOnly}
        onSet={(giocatoreId, risposta) => void run(() => setRisposta({ id: partitaId, giocatoreId, risposta }).unwrap(), () => S.salvata)}
      />
    </Paper>
  );
}
