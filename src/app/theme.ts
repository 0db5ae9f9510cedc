import { createTheme } from '@mui/material/styles';
import { itIT } from '@mui/material/locale';
import { PALETTE, RADIUS } from '../../common/core/palette';

/** The club's colours (common/core/palette.ts), with MUI's Italian texts (pagination, labels of built-in controls). */
export const theme = createTheme(
  {
    palette: {
      primary: { main: PALETTE.primary },
      secondary: { main: PALETTE.secondary },
      info: { main: PALETTE.info },
      success: { main: PALETTE.success },
      warning: { main: PALETTE.warning },
      background: { default: PALETTE.background },
    },
    shape: { borderRadius: RADIUS },
  },
  itIT,
);
