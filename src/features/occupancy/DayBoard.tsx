import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { CLASH_MSG as M, timeOf } from '../../../common/occupancy/rules';
import type { OccupancyTraining } from '../../../common/occupancy/types';
import { fractionOf } from './layout';
import { columnsOf, placementsOf, type BoardItem } from './board';
import { ItemBlock } from './MatchBlock';

const HOUR_PX = 60;
/** Narrowest a lane of a column gets: overlapping blocks widen their column (and the board scrolls) before getting narrower. */
const LANE_MIN_PX = 120;

/** A day: a column per pitch and changing room, the hours down the side (docs/occupancy.md). */
export function DayBoard({ items, onSkip }: { items: BoardItem[]; onSkip?: (t: OccupancyTraining) => void }) {
  const columns = columnsOf(items);
  if (columns.length === 0) return <Alert severity="info">{M.boardEmptyDayWithTrainings}</Alert>;
  const first = Math.min(8, Math.floor(Math.min(...items.map((s) => s.start)) / 60));
  const last = Math.max(20, Math.ceil(Math.max(...items.map((s) => s.end)) / 60));
  const hours = Array.from({ length: last - first + 1 }, (_, i) => first + i);
  const height = (last - first) * HOUR_PX;
  const y = (min: number) => ((min - first * 60) / 60) * HOUR_PX;
  return (
    <Box data-testid="occupancy-day" sx={{ display: 'flex', overflowX: 'auto', pb: 1.5, '@media print': { overflow: 'visible' } }}>
      <Box sx={{ width: 48, flex: '0 0 48px', pt: '32px', position: 'relative', height: height + 32 }}>
        {hours.map((h) => (
          <Typography key={h} variant="caption" sx={{ position: 'absolute', top: 32 + y(h * 60) - 8, right: 6 }}>
            {timeOf(h * 60)}
          </Typography>
        ))}
      </Box>
      {columns.map((c) => {
        // Matches and trainings together: a block takes the column's width unless it overlaps another.
        const placements = placementsOf(c.items);
        const lanes = Math.max(1, ...[...placements.values()].map((p) => p.lanes));
        const min = LANE_MIN_PX * lanes;
        return (
          <Box key={c.key} data-testid="occupancy-column" sx={{ flex: `${lanes} 0 ${min}px`, minWidth: min, borderLeft: 1, borderColor: 'divider' }}>
            <Typography variant="subtitle2" noWrap title={c.label} sx={{ height: 32, lineHeight: '32px', px: 0.5, textAlign: 'center', bgcolor: 'grey.100' }}>
              {c.label}
            </Typography>
            <Box sx={{ position: 'relative', height }}>
              {hours.slice(1).map((h) => (
                <Box key={h} sx={{ position: 'absolute', left: 0, right: 0, top: y(h * 60), borderTop: 1, borderColor: 'grey.200' }} />
              ))}
              {c.items.map((item) => {
                const { left, width } = fractionOf(placements.get(item.key) ?? { lane: 0, span: 1, lanes: 1 });
                const height = Math.max(18, y(item.end) - y(item.start));
                return (
                  <ItemBlock
                    key={item.key}
                    item={item}
                    onSkip={onSkip}
                    style={
                      {
                        top: y(item.start),
                        height,
                        '--block-height': `${height}px`,
                        left: `calc(${100 * left}% + 2px)`,
                        width: `calc(${100 * width}% - 4px)`,
                      } as React.CSSProperties
                    }
                  />
                );
              })}
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
