import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MSG } from '../../common/messages';
import { CenteredCard } from '../components/StatusScreens';

/** The failure card of ComponentErrorBoundary for the public shell, loaded only when something failed. */
export default function PublicErrorFallback({ onRetry }: { onRetry: () => void }) {
  return (
    <CenteredCard title={MSG.screens.componentError} color="error">
      <Typography sx={{ mb: 3 }}>{MSG.screens.componentErrorText}</Typography>
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'center' }}>
        <Button variant="contained" onClick={onRetry}>
          {MSG.screens.retry}
        </Button>
        <Button variant="outlined" onClick={() => window.location.reload()}>
          {MSG.screens.reload}
        </Button>
      </Stack>
    </CenteredCard>
  );
}
