// The 'Aggiungi al calendario' dialog (docs/calendar.md), loaded only when its button is clicked
// (CalendarButton): the feed's webcal:// and https links with copy buttons ('Solo partite in casa'
// and 'Includi allenamenti' switches choose the address), a QR code of the link, and three short
// steps for Google Calendar, Apple Calendar and Outlook.
import { useEffect, useState, type FocusEvent, type InputHTMLAttributes } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import QRCode from 'qrcode';
import { CALENDAR_MSG, feedUrls } from '../../common/calendar/rules';

export interface CalendarDialogProps {
  open: boolean;
  onClose: () => void;
  categoryId?: number;
  categoryName?: string;
}

/** Copies with the Clipboard API; false when the browser refuses (no permission, not a secure context). */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

const selectAll = (e: FocusEvent<HTMLInputElement>) => e.target.select();

function LinkField({ label, value, testId, onCopy }: { label: string; value: string; testId: string; onCopy: (text: string) => void }) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
      <TextField
        label={label}
        value={value}
        size="small"
        fullWidth
        slotProps={{ htmlInput: { readOnly: true, 'data-testid': testId, onFocus: selectAll } as InputHTMLAttributes<HTMLInputElement> }}
      />
      <Button variant="outlined" onClick={() => onCopy(value)} sx={{ flexShrink: 0, minHeight: 40 }} aria-label={`${CALENDAR_MSG.copy}: ${label}`}>
        {CALENDAR_MSG.copy}
      </Button>
    </Stack>
  );
}

export default function CalendarDialog({ open, onClose, categoryId, categoryName }: CalendarDialogProps) {
  const [homeOnly, setHomeOnly] = useState(false);
  const [trainings, setTrainings] = useState(false);
  const [qr, setQr] = useState<{ text: string; src: string } | null>(null);
  const [toast, setToast] = useState<string | null>(null);
  const urls = feedUrls(window.location.origin, categoryId ?? null, homeOnly, trainings);
  const name = categoryName ?? CALENDAR_MSG.clubFeed;

  // The QR code carries the https link: phone cameras open it everywhere (Android has no webcal:
  // handler), and Apple's Calendar offers to subscribe to it.
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(urls.https, { errorCorrectionLevel: 'M', margin: 2, width: 220 })
      .then((src) => live && setQr({ text: urls.https, src }))
      .catch(() => live && setQr(null));
    return () => {
      live = false;
    };
  }, [urls.https]);

  const copy = async (text: string) => setToast((await copyText(text)) ? CALENDAR_MSG.copied : CALENDAR_MSG.copyFailed);

  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="calendar-dialog-title">
      <DialogTitle id="calendar-dialog-title">{CALENDAR_MSG.title(name)}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography variant="body2">{CALENDAR_MSG.intro}</Typography>
          <Stack>
            <FormControlLabel control={<Switch checked={homeOnly} onChange={(e) => setHomeOnly(e.target.checked)} />} label={CALENDAR_MSG.homeOnly} />
            <FormControlLabel
              control={<Switch checked={trainings} onChange={(e) => setTrainings(e.target.checked)} slotProps={{ input: { 'aria-describedby': 'calendar-trainings-hint' } }} />}
              label={CALENDAR_MSG.includeTrainings}
            />
            <Typography id="calendar-trainings-hint" variant="caption" color="text.secondary">
              {CALENDAR_MSG.includeTrainingsHint}
            </Typography>
          </Stack>
          <LinkField label={CALENDAR_MSG.webcalLabel} value={urls.webcal} testId="calendar-webcal" onCopy={copy} />
          <LinkField label={CALENDAR_MSG.httpsLabel} value={urls.https} testId="calendar-https" onCopy={copy} />
          <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 0.5 }}>
            {qr && qr.text === urls.https ? (
              <img src={qr.src} alt={CALENDAR_MSG.qrAlt} width={180} height={180} data-testid="calendar-qr" data-qr-text={qr.text} />
            ) : (
              <Box sx={{ width: 180, height: 180, display: 'grid', placeItems: 'center' }}>
                <Typography variant="body2" color="text.secondary">
                  {CALENDAR_MSG.loading}
                </Typography>
              </Box>
            )}
            <Typography variant="caption" color="text.secondary">
              {CALENDAR_MSG.qrHint}
            </Typography>
          </Box>
          <Box>
            <Typography variant="subtitle2" component="h3" gutterBottom>
              {CALENDAR_MSG.stepsTitle}
            </Typography>
            <Box component="ol" sx={{ pl: 2.5, m: 0, '& li': { mb: 1 } }}>
              {CALENDAR_MSG.steps.map((s) => (
                <li key={s.app}>
                  <Typography variant="body2">
                    <strong>{s.app}</strong>: {s.text}
                  </Typography>
                </li>
              ))}
            </Box>
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button href={urls.webcal}>{CALENDAR_MSG.open}</Button>
        <Button onClick={onClose} variant="contained">
          {CALENDAR_MSG.close}
        </Button>
      </DialogActions>
      <Snackbar open={toast !== null} autoHideDuration={3000} onClose={() => setToast(null)} message={toast ?? ''} anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }} />
    </Dialog>
  );
}
