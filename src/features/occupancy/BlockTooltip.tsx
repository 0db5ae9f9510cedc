import Tooltip, { type TooltipProps } from '@mui/material/Tooltip';
import { CLASH_MSG } from '../../../common/occupancy/rules';

/**
 * A block's clashes, one sentence a line ('' without clashes): in its tooltip and its accessible name. A match
 * lists its first ones, then 'e altre N sovrapposizioni' when it has more (`altre`, docs/occupancy.md).
 */
export const clashLines = (block: { conflitti: ReadonlyArray<{ messaggio: string }>; altre?: number }) =>
  [...block.conflitti.map((c) => c.messaggio), ...(block.altre ? [CLASH_MSG.andMore(block.altre)] : [])].join('\n');

type Props = Omit<TooltipProps, 'title'> & {
  /** What the block is, lines apart. */
  text: string;
  /** The block's clash sentences (clashLines), each on a line after the text. */
  clashes: string;
};

/** The tooltip of every block of the board, match or training: its text, then its clashes; above it, with an arrow, describing it. */
export function BlockTooltip({ text, clashes, children, ...rest }: Props) {
  return (
    <Tooltip
      title={
        <span style={{ whiteSpace: 'pre-line' }}>
          {text}
          {clashes ? `\n${clashes}` : ''}
        </span>
      }
      placement="top"
      arrow
      describeChild
      {...rest}
    >
      {children}
    </Tooltip>
  );
}
