import { createTheme } from '@mui/material/styles';
import { itIT } from '@mui/material/locale';

/** The club's colours, with MUI's Italian texts (pagination, labels of built-in controls). */
export const theme = createTheme(
  {
    palette: {
      primary: { main: '#0d47a1' },
      secondary: { main: '#c62828' },
      background: { default: '#f4f6fa' },
    },
    shape: { borderRadius: 8 },
  },
  itIT,
);
