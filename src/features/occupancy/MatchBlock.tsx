import { useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import { matchSpan, timeOf } from '../../../common/occupancy/rules';
import type { OccupancyMatch, OccupancyTraining } from '../../../common/occupancy/types';
import { paths } from '../../config/paths';
import type { BoardItem } from './board';
import { blockSx, firstLineSx } from './blockStyle';
import { TrainingBlock } from './TrainingBlock';
import { BlockTooltip, clashLines } from './BlockTooltip';

const teams = (m: OccupancyMatch) => `${m.squadracasa} - ${m.squadratrasferta}`;

/** A home match on the board: its time, category and teams, outlined in red when it clashes; a click opens it. */
export function MatchBlock({ m, style, compact }: { m: OccupancyMatch; style?: React.CSSProperties; compact?: boolean }) {
  const navigate = useNavigate();
  const { end } = matchSpan(m);
  const clash = m.conflitti.length > 0;
  const time = `${m.ora.slice(0, 5)}-${timeOf(end)}`;
  const block = (
    <Box
      component="button"
      type="button"
      data-testid="occupancy-block"
      data-match-id={m.id}
      data-clash={clash ? 'true' : 'false'}
      aria-label={`${time} ${teams(m)} (${m.gruppo})${clash ? `: ${clashLines(m)}` : ''}`}
      onClick={() => navigate(paths.editMatch.getHref(String(m.id)))}
      style={style}
      sx={[
        blockSx(compact),
        {
          bgcolor: clash ? '#fdecea' : '#e3f2fd',
          border: clash ? '2px solid' : '1px solid',
          borderColor: clash ? 'error.main' : 'primary.light',
        },
      ]}
    >
      <Box component="span" sx={firstLineSx(compact)}>
        <strong>{time}</strong>{' '}
        <Box component="span" sx={{ color: 'text.secondary' }}>
          {m.gruppo}
          {compact && (
            <>
              {' · '}
              <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                {m.campo}
              </Box>
            </>
          )}
        </Box>
      </Box>
      <Box component="span" data-testid="occupancy-names" sx={{ display: 'block' }}>
        {teams(m)}
      </Box>
    </Box>
  );
  return (
    <BlockTooltip text={`${time} ${teams(m)}\n${m.gruppo} · ${m.campo}`} clashes={clashLines(m)}>
      {block}
    </BlockTooltip>
  );
}

/** A match's or a training's block. */
export function ItemBlock({ item, style, compact, onSkip }: { item: BoardItem; style?: React.CSSProperties; compact?: boolean; onSkip?: (t: OccupancyTraining) => void }) {
  return item.kind === 'partita' ? <MatchBlock m={item.m} style={style} compact={compact} /> : <TrainingBlock t={item.t} style={style} compact={compact} onSkip={onSkip} />;
}
