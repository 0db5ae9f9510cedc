import type { MouseEventHandler, ReactNode } from 'react';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';

export interface LiteButtonProps {
  variant?: 'contained' | 'outlined' | 'text';
  /** Renders a link (<a href>) instead of a <button>. */
  href?: string;
  onClick?: MouseEventHandler<HTMLElement>;
  disabled?: boolean;
  children: ReactNode;
  sx?: SxProps<Theme>;
  id?: string;
  'aria-label'?: string;
  'aria-expanded'?: boolean;
  'aria-controls'?: string;
  'aria-busy'?: boolean;
  'data-testid'?: string;
}

/**
 * A button drawn like MUI's Button (same colours, shape, type) from a plain <button> or <a>: the public
 * page's start-up bundle has no room for ButtonBase and its ripple (docs/public-page.md). Focus shows an outline.
 */
export function LiteButton({ variant = 'text', href, disabled, children, sx, ...rest }: LiteButtonProps) {
  return (
    <Box
      component={href ? 'a' : 'button'}
      {...(href ? { href } : { type: 'button', disabled })}
      {...rest}
      sx={[
        (theme) => {
          const main = theme.palette.primary.main;
          return {
            display: 'inline-flex',
            alignItems: 'center',
            justifyContent: 'center',
            gap: 1,
            minHeight: 36,
            px: 2,
            py: 0.75,
            m: 0,
            borderRadius: `${theme.shape.borderRadius}px`,
            border: '1px solid',
            borderColor: variant === 'outlined' ? main : 'transparent',
            bgcolor: variant === 'contained' ? main : 'transparent',
            color: variant === 'contained' ? theme.palette.primary.contrastText : main,
            boxShadow: variant === 'contained' ? theme.shadows[2] : 'none',
            fontFamily: theme.typography.fontFamily,
            fontWeight: 500,
            fontSize: theme.typography.pxToRem(14),
            lineHeight: 1.75,
            letterSpacing: '0.02857em',
            textTransform: 'uppercase',
            textDecoration: 'none',
            whiteSpace: 'nowrap',
            cursor: 'pointer',
            transition: 'background-color 200ms',
            '&:hover': { bgcolor: variant === 'contained' ? theme.palette.primary.dark : theme.palette.action.hover },
            '&:focus-visible': { outline: `3px solid ${theme.palette.primary.light}`, outlineOffset: 2 },
            '&:disabled': { cursor: 'default', color: theme.palette.action.disabled, borderColor: variant === 'outlined' ? theme.palette.action.disabledBackground : 'transparent', bgcolor: variant === 'contained' ? theme.palette.action.disabledBackground : 'transparent', boxShadow: 'none' },
          };
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {children}
    </Box>
  );
}
