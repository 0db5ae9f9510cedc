import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { DASHBOARD_MSG } from '../../../common/matches/messages';
import type { Partita } from '../../../common/matches/read';
import { MatchCard } from './MatchCard';

/** The cards, or the dashboards' empty state (docs/matches.md; no matches at all versus none passing the filters). */
export function MatchList({
  partite,
  filtered,
  onOpen,
  sample = false,
}: {
  partite: Partita[];
  filtered: boolean;
  onOpen: (p: Partita) => void;
  /** The sample matches (docs/matches.md): badged 'Esempio', greyed, never opened. */
  sample?: boolean;
}) {
  if (partite.length === 0) {
    // A plain outlined notice rather than Alert: Alert brings IconButton and its icons to the public page (its budget: docs/testing.md).
    return (
      <Paper variant="outlined" role="status" sx={{ p: 3, textAlign: 'center' }}>
        <Typography color="text.secondary">{filtered ? DASHBOARD_MSG.noFilteredMatches : DASHBOARD_MSG.noMatches}</Typography>
      </Paper>
    );
  }
  return (
    // Box rather than Stack: the public page's bundle has no Stack (docs/public-page.md).
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {partite.map((p) => (
        <MatchCard key={p.id} partita={p} onClick={() => onOpen(p)} sample={sample} />
      ))}
    </Box>
  );
}

export function ListTitle({ count }: { count: number }) {
  return (
    <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
      {DASHBOARD_MSG.upcoming(count)}
    </Typography>
  );
}
