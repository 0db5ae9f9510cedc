import { useMemo } from 'react';
import dayjs from 'dayjs';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { STATUS_MSG } from '../../../common/status/rules';
import type { Partita } from '../../../common/matches/read';

/** The matches a bulk action changes, one a line ('28/11/2026 10:00 Garibaldina 2013 - Virtus'), scrolling when long. */
export function AffectedMatches({ ids, partite }: { ids: number[]; partite: Partita[] }) {
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
