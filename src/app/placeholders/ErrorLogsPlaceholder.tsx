import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { MSG } from '../../../common/messages';

// Placeholder until the issue of this screen lands.
export default function ErrorLogsPlaceholder() {
  return (
    <Paper sx={{ p: 4 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {MSG.screens.placeholders.errorLogsTitle}
      </Typography>
      <Typography color="text.secondary">{MSG.screens.placeholders.comingSoon}</Typography>
    </Paper>
  );
}
