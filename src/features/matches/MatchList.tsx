import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MSG } from '../../../common/messages';
import type { Partita } from '../../../common/partiteRead';
import { MatchCard } from './MatchCard';

/** The cards, or the empty state of spec 2 (no matches at all versus none passing the filters). */
export function MatchList({ partite, filtered, onOpen }: { partite: Partita[]; filtered: boolean; onOpen: (p: Partita) => void }) {
  if (partite.length === 0) {
    // A plain outlined notice rather than Alert: Alert brings IconButton and its icons to the public page (issue 3).
    return (
      <Paper variant="outlined" role="status" sx={{ p: 3, textAlign: 'center' }}>
        <Typography color="text.secondary">{filtered ? MSG.dashboard.noFilteredMatches : MSG.dashboard.noMatches}</Typography>
      </Paper>
    );
  }
  return (
    <Stack spacing={2}>
      {partite.map((p) => (
        <MatchCard key={p.id} partita={p} onClick={() => onOpen(p)} />
      ))}
    </Stack>
  );
}

export function ListTitle({ count }: { count: number }) {
  return (
    <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
      {MSG.dashboard.upcoming(count)}
    </Typography>
  );
}
