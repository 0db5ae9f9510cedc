import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';

type BadgeColor = 'default' | 'primary' | 'secondary' | 'info' | 'success' | 'warning';

/**
 * A small read-only label drawn like MUI's small Chip. The card's badges are never clickable or
 * deletable, so a styled span does the job without Chip's 2.7 KB gzip on the public page (its budget: docs/testing.md).
 */
export function MatchBadge({
  label,
  color = 'default',
  variant = 'filled',
  title,
  testId,
}: {
  label: string;
  color?: BadgeColor;
  variant?: 'filled' | 'outlined';
  /** What the label means, shown on hover. */
  title?: string;
  testId?: string;
}) {
  return (
    <Box
      component="span"
      title={title}
      data-testid={testId}
      sx={(theme) => {
        const main = color === 'default' ? theme.palette.text.primary : theme.palette[color].main;
        const outlined = variant === 'outlined';
        return {
          display: 'inline-flex',
          alignItems: 'center',
          height: 24,
          px: 1,
          borderRadius: 12,
          fontSize: theme.typography.pxToRem(13),
          lineHeight: 1,
          whiteSpace: 'nowrap',
          border: '1px solid',
          borderColor: outlined ? (color === 'default' ? theme.palette.grey[400] : alpha(main, 0.7)) : 'transparent',
          color: outlined ? main : color === 'default' ? theme.palette.text.primary : theme.palette[color].contrastText,
          bgcolor: outlined ? 'transparent' : color === 'default' ? theme.palette.action.selected : main,
        };
      }}
    >
      {label}
    </Box>
  );
}
