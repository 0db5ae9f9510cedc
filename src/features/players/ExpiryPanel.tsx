import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { GIOCATORI_MSG, PLAYERS_UI } from '../../../common/players/messages';
import type { VoceScadenza } from '../../../common/players/rules';
import type { StatoCertificato } from './certificate';
import { fullName } from './list';

const E = PLAYERS_UI.expiry;
/** Lines shown before 'Mostra tutte'. */
const FIRST = 5;

/** What a line says besides its reason, and whether it is already a problem (red) or is coming (orange). */
function detail(v: VoceScadenza, stato: StatoCertificato | undefined): { date: string | null; now: boolean } {
  switch (v.motivo) {
    case 'scaduto':
      return { date: v.data && GIOCATORI_MSG.scadutoIl(v.data), now: true };
    case 'in_scadenza':
      return { date: v.data && GIOCATORI_MSG.scadeIl(v.data), now: false };
    case 'tipo_non_valido':
      // Not enough today, or from the season that starts within the panel's days.
      return stato?.stato === 'tipo_in_scadenza' ? { date: E.dal(stato.dal), now: false } : { date: null, now: true };
    case 'certificato_mancante':
      return { date: null, now: true };
    case 'tessera_mancante':
      return { date: null, now: false };
  }
}

/**
 * 'Scadenze' (docs/players.md): the certificates expired, not enough or expiring within 30 days and the
 * missing cards of the categories one follows, by date, computed with the shared rule
 * (common/players/rules.ts scadenze) over the players on screen. An editor opens the player from a line.
 */
export function ExpiryPanel({ voci, statoOf, onOpen }: { voci: readonly VoceScadenza[]; statoOf: (id: number) => StatoCertificato | undefined; onOpen?: (id: number) => void }) {
  const [all, setAll] = useState(false);
  const shown = all ? voci : voci.slice(0, FIRST);
  return (
    <Paper variant="outlined" component="section" aria-labelledby="scadenze-title" sx={{ p: 2, mb: 2 }} data-testid="scadenze-panel">
      <Typography id="scadenze-title" variant="h6" component="h2">
        {voci.length ? E.titleCount(voci.length) : E.title}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {voci.length ? E.intro : E.none}
      </Typography>
      {voci.length > 0 && (
        <List dense disablePadding sx={{ mt: 1 }}>
          {shown.map((v) => {
            const name = fullName(v);
            const { date, now } = detail(v, statoOf(v.id));
            return (
              <ListItem key={`${v.id}-${v.motivo}`} disableGutters data-testid="scadenza" data-motivo={v.motivo} sx={{ flexWrap: 'wrap', columnGap: 1 }}>
                {onOpen ? (
                  <Link component="button" type="button" onClick={() => onOpen(v.id)} aria-label={E.open(name)} sx={{ fontWeight: 600, textAlign: 'left' }}>
                    {name}
                  </Link>
                ) : (
                  <Box component="span" sx={{ fontWeight: 600 }}>
                    {name}
                  </Box>
                )}
                <Typography component="span" variant="body2" color="text.secondary">
                  {v.gruppo}
                </Typography>
                <Typography component="span" variant="body2" sx={{ color: now ? 'error.dark' : '#8a4b00' }}>
                  {GIOCATORI_MSG.motivi[v.motivo]}
                  {date && ` · ${date}`}
                </Typography>
              </ListItem>
            );
          })}
        </List>
      )}
      {voci.length > FIRST && (
        <Button size="small" onClick={() => setAll((a) => !a)} sx={{ mt: 1 }}>
          {all ? E.showLess : E.showAll(voci.length)}
        </Button>
      )}
    </Paper>
  );
}
