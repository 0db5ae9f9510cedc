// Issue 16: the status badge and reason of a match not In programma. Loaded by MatchCard only
// when such a match is shown, so the public page's start-up download does not grow (issue 13).
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { MOTIVO_LABEL, STATO_COLORS, statoLabel } from '../../../common/matchStatusLabels';
import type { StatoPartita } from '../../../common/matchStatusRead';

/** The status in its AA colours (common/matchStatus.test.ts checks the contrast). */
export default function MatchStatusBadge({ stato }: { stato: StatoPartita }) {
  const { bg, fg } = STATO_COLORS[stato];
  return (
    <Box
      component="span"
      data-testid="match-status"
      sx={{ display: 'inline-flex', alignItems: 'center', height: 24, px: 1, borderRadius: 12, fontSize: '0.8125rem', fontWeight: 700, lineHeight: 1, whiteSpace: 'nowrap', bgcolor: bg, color: fg }}
    >
      {statoLabel(stato)}
    </Box>
  );
}

export function MatchStatusReason({ motivo }: { motivo: string }) {
  return (
    <Typography variant="body2" sx={{ mt: 1 }}>
      {MOTIVO_LABEL}: {motivo}
    </Typography>
  );
}
