import Tooltip, { type TooltipProps } from '@mui/material/Tooltip';

/** A block's clashes, one sentence a line ('' without clashes): in its tooltip and its accessible name. */
export const clashLines = (block: { conflitti: ReadonlyArray<{ messaggio: string }> }) => block.conflitti.map((c) => c.messaggio).join('\n');

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
