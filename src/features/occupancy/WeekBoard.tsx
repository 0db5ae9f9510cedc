import dayjs from 'dayjs';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { CLASH_MSG as M } from '../../../common/occupancy/rules';
import type { OccupancyMatch, OccupancyTraining } from '../../../common/occupancy/types';
import { formatWeekday } from '../../../common/export/rules';
import { CHIUSURE_MSG } from '../../../common/closures/messages';
import { closureOn, type Chiusura } from '../../../common/closures/rules';
import { itemsOf } from './board';
import { ItemBlock } from './MatchBlock';

/** A week: a box a day with its closure and its blocks in time order. */
export function WeekBoard({
  monday,
  partite,
  allenamenti,
  chiusure,
  onSkip,
}: {
  monday: string;
  partite: OccupancyMatch[];
  allenamenti: OccupancyTraining[];
  chiusure: Chiusura[];
  onSkip?: (t: OccupancyTraining) => void;
}) {
  const days = Array.from({ length: 7 }, (_, i) => dayjs(monday).add(i, 'day').format('YYYY-MM-DD'));
  if (itemsOf(partite, allenamenti).length === 0 && chiusure.length === 0) return <Alert severity="info">{M.boardEmptyWithTrainings}</Alert>;
  return (
    <Box data-testid="occupancy-week" sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, minmax(120px, 1fr))', gap: 1, overflowX: 'auto' }}>
      {days.map((d) => (
        <Box key={d} data-testid="occupancy-week-day" data-date={d} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 0.5, minHeight: 120 }}>
          <Typography variant="subtitle2" sx={{ '&::first-letter': { textTransform: 'uppercase' }, mb: 0.5 }}>
            {formatWeekday(d)}
          </Typography>
          {closureOn(d, chiusure) && (
            <Typography variant="caption" component="p" color="warning.dark" data-testid="occupancy-closed-day" sx={{ fontWeight: 600, mb: 0.5 }}>
              {CHIUSURE_MSG.boardClosed(closureOn(d, chiusure)!.nome)}
            </Typography>
          )}
          {itemsOf(partite, allenamenti, d).map((item) => (
            <ItemBlock key={item.key} item={item} compact onSkip={onSkip} />
          ))}
        </Box>
      ))}
    </Box>
  );
}
