import type { Theme } from '@mui/material/styles';
import type { SystemStyleObject } from '@mui/system';

/**
 * What every block of the board shares, match or training: placed by the day's column (absolute)
 * or listed in the week (static); names wrap (a long word too) and are never cut on the right; a
 * block too short for its text grows over what is below while pointed at or focused; it prints
 * whole and with its colours.
 */
export const blockSx = (compact: boolean | undefined): SystemStyleObject<Theme> => ({
  position: compact ? 'static' : 'absolute',
  display: 'block',
  width: compact ? '100%' : undefined,
  boxSizing: 'border-box',
  overflow: 'hidden',
  textAlign: 'left',
  font: 'inherit',
  fontSize: 12,
  lineHeight: 1.2,
  px: 0.5,
  py: '2px',
  mb: compact ? 0.5 : 0,
  cursor: 'pointer',
  color: 'text.primary',
  borderRadius: 1,
  overflowWrap: 'anywhere',
  ...(compact
    ? {}
    : {
        '&:hover, &:focus-visible': {
          height: 'auto !important',
          minHeight: 'var(--block-height)',
          zIndex: 2,
          boxShadow: 3,
          '& > span': { whiteSpace: 'normal' },
        },
      }),
  '@media print': { breakInside: 'avoid', printColorAdjust: 'exact', WebkitPrintColorAdjust: 'exact' },
});

/** The first line of a block: one line on the day's board (the whole of it on hover and in the tooltip); in the week it wraps. */
export const firstLineSx = (compact: boolean | undefined): SystemStyleObject<Theme> => ({
  display: 'block',
  fontSize: 11,
  ...(compact ? {} : { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }),
});
