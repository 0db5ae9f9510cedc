// The status badge and reason of a match not In programma (docs/matches.md, status). Loaded by MatchCard only
// when such a match is shown, so the public page's start-up download does not grow (docs/public-page.md).
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { MEANING_COLORS, MOTIVO_LABEL } from '../../../common/status/labels';
import type { MatchCardText } from '../../../common/matches/card-text';

/** The status as every output reads it (common/matches/meaning.ts), in its AA colours (common/status/rules.test.ts checks the contrast). */
export default function MatchStatusBadge({ status }: { status: NonNullable<MatchCardText['status']> }) {
  const { bg, fg } = MEANING_COLORS[status.meaning];
  return (
    <Box
      component="span"
      data-testid="match-status"
      sx={{ display: 'inline-flex', alignItems: 'center', height: 24, px: 1, borderRadius: 12, fontSize: '0.8125rem', fontWeight: 700, lineHeight: 1, whiteSpace: 'nowrap', bgcolor: bg, color: fg }}
    >
      {status.label}
    </Box>
  );
}

export function MatchStatusReason({ motivo, inline = false }: { motivo: string; inline?: boolean }) {
  return (
    <Typography variant="body2" sx={inline ? undefined : { mt: 1 }}>
      {MOTIVO_LABEL}: {motivo}
    </Typography>
  );
}
