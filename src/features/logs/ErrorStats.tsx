import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { STATS_CARDS } from '../../../common/logs/constants';
import { LOGS_MSG } from '../../../common/logs/messages';
import type { ErrorStat } from '../../../common/logs/rules';
import { SEVERITY_COLOURS } from './LogParts';

const S = LOGS_MSG.screen;

function StatCard({ stat }: { stat: ErrorStat }) {
  const c = SEVERITY_COLOURS[stat.severity];
  return (
    <Card
      component="li"
      sx={{ bgcolor: c.bg, color: c.fg, flex: '1 1 0', minWidth: 170, listStyle: 'none' }}
      aria-label={`${S.typeLabel[stat.error_type]} ${S.severityLabel[stat.severity]}: ${S.statTotal(stat.total_errors)}, ${S.statUnresolved(stat.unresolved_errors)}`}
    >
      <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
        <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
          {S.statTotal(stat.total_errors)}
        </Typography>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {S.typeLabel[stat.error_type]} · {S.severityLabel[stat.severity]}
        </Typography>
        <Typography variant="body2">{S.statUnresolved(stat.unresolved_errors)}</Typography>
      </CardContent>
    </Card>
  );
}

/** The error log's statistics (docs/logs.md): a card per type and severity, the first STATS_CARDS of them. */
export function ErrorStats({ stats }: { stats: readonly ErrorStat[] }) {
  return (
    <Stack component="ul" direction="row" aria-label={S.statistics} sx={{ gap: 1.5, p: 0, m: 0, mb: 2, flexWrap: 'wrap' }}>
      {stats.slice(0, STATS_CARDS).map((s) => (
        <StatCard key={`${s.error_type}-${s.severity}`} stat={s} />
      ))}
    </Stack>
  );
}
