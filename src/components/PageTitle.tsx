import type { ReactNode } from 'react';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';

/**
 * The h1 of a signed-in screen: MUI's h4 look on a tablet or wider, 1.5rem under 600 px so titles such
 * as 'Registro Modifiche Utenti' keep to one or two lines on a phone (same sizes as the public page's title).
 */
export function PageTitle({ children, sx }: { children: ReactNode; sx?: SxProps<Theme> }) {
  return (
    <Typography
      variant="h4"
      component="h1"
      sx={[{ fontSize: { xs: '1.5rem', sm: '2.125rem' }, overflowWrap: 'anywhere' }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      {children}
    </Typography>
  );
}
