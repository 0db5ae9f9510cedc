import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CONVOCAZIONI_MSG } from '../../../common/callups/messages';
import type { Convocazione } from '../../../common/callups/rules';
import { OtherCategoryPicker, type OtherPlayer } from './OtherCategoryPicker';

const M = CONVOCAZIONI_MSG;
const S = M.screen;

/** What the coach edits before 'Salva': the players called, the ritrovo, the deadline ('YYYY-MM-DDTHH:mm' local), the note. */
export interface Draft {
  giocatori: number[];
  ora: string;
  luogo: string;
  scadenza: string;
  note: string;
}

export const draftOf = (c: Convocazione): Draft => ({
  giocatori: c.giocatori.map((g) => g.id),
  ora: c.ritrovo.ora,
  luogo: c.ritrovo.luogo,
  scadenza: c.scadenza.slice(0, 16),
  note: c.note ?? '',
});

interface Props {
  data: Convocazione;
  gruppo: string;
  /** The players to pick from: the category's roster, then those of other categories called or picked. */
  players: OtherPlayer[];
  current: Draft;
  dirty: boolean;
  busy: boolean;
  edit: (patch: Partial<Draft>) => void;
  onPickOther: (p: OtherPlayer) => void;
  onSave: () => void;
  onSend: (which: 'invia' | 'sollecita') => void;
}

/** The coach's part of a call-up: who is called (the roster, 'fuori quota' from the other categories), ritrovo, deadline, note; 'Salva', 'Invia', 'Sollecita'. */
export function CallupEditor({ data, gruppo, players, current, dirty, busy, edit, onPickOther, onSave, onSend }: Props) {
  const toggle = (id: number, on: boolean) => edit({ giocatori: on ? [...current.giocatori, id] : current.giocatori.filter((g) => g !== id) });
  const roster = players.filter((g) => g.gruppo === gruppo);
  return (
    <Box sx={{ my: 2 }}>
      <Typography variant="subtitle2" component="h3">
        {S.rosa}
      </Typography>
      {roster.length === 0 && <Typography color="text.secondary">{S.nessunGiocatore}</Typography>}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2 }}>
        {players.map((g) => (
          <FormControlLabel
            key={g.id}
            control={<Checkbox checked={current.giocatori.includes(g.id)} disabled={busy} onChange={(e) => toggle(g.id, e.target.checked)} />}
            label={
              <>
                {g.cognome} {g.nome}
                {g.gruppo !== gruppo && <Chip size="small" variant="outlined" sx={{ ml: 1 }} label={M.fuoriQuota} title={g.gruppo} />}
              </>
            }
          />
        ))}
      </Box>
      <OtherCategoryPicker gruppo={gruppo} exclude={players.map((p) => p.id)} disabled={busy} onPick={onPickOther} />
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
      <Stack direction="row" sx={{ mt: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button variant="contained" disabled={busy} onClick={onSave}>
          {S.salva}
        </Button>
        <Button variant="outlined" disabled={busy || dirty || data.giocatori.length === 0} onClick={() => onSend('invia')}>
          {S.invia}
        </Button>
        {data.inviataIl && (
          <Button variant="outlined" disabled={busy || data.chiusa} onClick={() => onSend('sollecita')}>
            {S.sollecita}
          </Button>
        )}
      </Stack>
    </Box>
  );
}
