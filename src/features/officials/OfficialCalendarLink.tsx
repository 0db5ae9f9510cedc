import { useEffect, useState, type FocusEvent, type InputHTMLAttributes } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import { DIRIGENTI_MSG } from '../../../common/officials/messages';
import { fullName, type Dirigente } from '../../../common/officials/rules';
import { errorMessage } from '../../api/api';
import { useNotify } from '../../components/Toasts';
import { useGetCalendarioDirigenteQuery, useRevocaCalendarioDirigenteMutation } from './officialsApi';

const M = DIRIGENTI_MSG;

const selectAll = (e: FocusEvent<HTMLInputElement>) => e.target.select();

/** The person's private calendar address: copy it, or revoke it (a new one replaces it) after a confirmation. */
export function OfficialCalendarLink({ dirigente, onBusy }: { dirigente: Dirigente; onBusy: (busy: boolean) => void }) {
  const notify = useNotify();
  const { data: url, isLoading, isError, refetch } = useGetCalendarioDirigenteQuery(dirigente.id);
  const [revoca, { isLoading: revoking }] = useRevocaCalendarioDirigenteMutation();
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => onBusy(asking || revoking), [onBusy, asking, revoking]);

  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      notify(M.calendarCopied, 'success');
    } catch {
      notify(M.calendarCopyFailed, 'error');
    }
  };

  const revoke = async () => {
    setError(null);
    try {
      await revoca(dirigente.id).unwrap();
      notify(M.calendarRevoked, 'success');
      setAsking(false);
    } catch (err) {
      setError(`${M.calendarRevokeError}: ${errorMessage(err)}`);
    }
  };

  return (
    <Box component="section" aria-labelledby="dirigente-calendar-title">
      <Typography id="dirigente-calendar-title" variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {M.calendarLink}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {M.calendarHint}
      </Typography>
      {isLoading ? (
        <Typography variant="body2" color="text.secondary" role="status">
          {M.calendarLoading}
        </Typography>
      ) : isError || !url ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void refetch()}>
              {M.retry}
            </Button>
          }
        >
          {M.calendarError}
        </Alert>
      ) : (
        <Stack spacing={1}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
            <TextField
              label={M.calendarLink}
              value={url}
              size="small"
              fullWidth
              slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'dirigente-calendar-url', onFocus: selectAll } as InputHTMLAttributes<HTMLInputElement> }}
            />
            <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={() => void copy()} sx={{ flexShrink: 0, minHeight: 40 }}>
              {M.calendarCopy}
            </Button>
          </Stack>
          <Box>
            <Button color="warning" startIcon={<LinkOffIcon />} onClick={() => setAsking(true)} disabled={revoking}>
              {M.calendarRevoke}
            </Button>
          </Box>
        </Stack>
      )}

      <Dialog open={asking} onClose={() => !revoking && setAsking(false)} aria-labelledby="dirigente-revoke-title" maxWidth="sm" fullWidth>
        <DialogTitle id="dirigente-revoke-title">{M.calendarRevoke}</DialogTitle>
        <DialogContent>
          {error && (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {error}
            </Alert>
          )}
          <DialogContentText>{M.calendarRevokeText(fullName(dirigente))}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(false)} disabled={revoking}>
            {M.cancel}
          </Button>
          <Button
            onClick={() => void revoke()}
            color="warning"
            variant="contained"
            disabled={revoking}
            startIcon={revoking ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
            sx={{ color: 'rgba(0, 0, 0, 0.87)' }}
          >
            {revoking ? M.calendarRevoking : M.calendarRevokeConfirm}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
