import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CONVOCAZIONI_MSG } from '../../../common/callups/messages';
import type { Conteggi, Convocato, Risposta } from '../../../common/callups/rules';

const M = CONVOCAZIONI_MSG;
const S = M.screen;

const answerText = (r: Risposta | null) => (r === 'si' ? M.risposte.si : r === 'no' ? M.risposte.no : S.inAttesa);

/** 'Convocati N', 'Sì N', 'No N', 'In attesa N'. */
export function CallupCounts({ conteggi }: { conteggi: Conteggi }) {
  return (
    <Stack direction="row" sx={{ my: 1, flexWrap: 'wrap', gap: 1 }} data-testid="callup-counts">
      <Chip label={`${M.conteggi.convocati} ${conteggi.convocati}`} />
      <Chip color="success" label={`${M.conteggi.si} ${conteggi.si}`} />
      <Chip color="error" label={`${M.conteggi.no} ${conteggi.no}`} />
      <Chip label={`${M.conteggi.inAttesa} ${conteggi.inAttesa}`} />
    </Stack>
  );
}

/** The players called with their answers and notes; editors may set an answer on the family's behalf. */
export function CallupAnswers({ giocatori, gruppo, readOnly, onSet }: { giocatori: Convocato[]; gruppo: string; readOnly: boolean; onSet: (id: number, r: Risposta | null) => void }) {
  if (giocatori.length === 0) return null;
  return (
    <Box component="ul" aria-label={S.risposte} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {giocatori.map((g) => (
        <AnswerRow key={g.id} g={g} gruppo={gruppo} readOnly={readOnly} onSet={(r) => onSet(g.id, r)} />
      ))}
    </Box>
  );
}

/** One player called: the answer, its note, who set it; editors may set it on the family's behalf. */
function AnswerRow({ g, gruppo, readOnly, onSet }: { g: Convocato; gruppo: string; readOnly: boolean; onSet: (r: Risposta | null) => void }) {
  const name = `${g.cognome} ${g.nome}`;
  return (
    <Box component="li" data-testid={`callup-row-${g.id}`} sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, py: 0.5, borderBottom: 1, borderColor: 'divider' }}>
      <Typography sx={{ minWidth: 160 }}>{name}</Typography>
      {g.fuoriQuota || g.gruppo !== gruppo ? <Chip size="small" variant="outlined" label={M.fuoriQuota} title={g.gruppo} /> : null}
      {readOnly ? (
        <Chip size="small" color={g.risposta === 'si' ? 'success' : g.risposta === 'no' ? 'error' : 'default'} label={answerText(g.risposta)} />
      ) : (
        <TextField
          select
          size="small"
          label={S.rispostaDi(name)}
          value={g.risposta ?? ''}
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
