import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { STATUS_MSG, type AzioneStato } from '../../../common/status/rules';
import { useGetPartiteQuery } from './matchesApi';
import { StatusDialog } from './StatusDialog';
import { useStatusToasts } from './StatusToasts';

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
 * reason (StatusDialog); after a change a toast offers 'Annulla operazione' for 10 seconds
 * (StatusToasts). Loaded on demand by the signed-in dashboard.
 */
export default function StatusActions({ visibleIds, selected, onSelect, today }: StatusActionsProps) {
  const [azione, setAzione] = useState<AzioneStato | null>(null);
  const all = visibleIds.length > 0 && visibleIds.every((id) => selected.has(id));
  const some = visibleIds.some((id) => selected.has(id));
  const count = selected.size;
  // The dashboard's own list (same query, same cache entry): what the dialog names.
  const { data: partite } = useGetPartiteQuery(today);
  const done = useStatusToasts(() => {
    onSelect(new Set());
    setAzione(null);
  });

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
