import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import DialogActions from '@mui/material/DialogActions';
import Typography from '@mui/material/Typography';
import dayjs, { type Dayjs } from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import 'dayjs/locale/it';
import type { Severity } from '../../../common/logs/constants';
import { LOGS_MSG } from '../../../common/logs/messages';
import { ROLE_LABEL, type Role } from '../../../common/users/roles';
import { ErrorRetryScreen } from '../../components/StatusScreens';

dayjs.extend(utc);
dayjs.extend(timezone);

const S = LOGS_MSG.screen;

/** A picked date-time as the filter parameter: the club's local wall time; an end keeps its whole minute. */
export function dateTimeParam(d: Dayjs | null, end = false): string | undefined {
  if (!d || !d.isValid()) return undefined;
  return d.format(end ? 'YYYY-MM-DDTHH:mm:59' : 'YYYY-MM-DDTHH:mm');
}

/** Severity colours (docs/logs.md): low green, medium amber, high red, critical dark red; text colours with AA contrast (4.5:1 or more). */
export const SEVERITY_COLOURS: Record<Severity, { bg: string; fg: string }> = {
  low: { bg: '#1b5e20', fg: '#ffffff' },
  medium: { bg: '#ffb300', fg: '#1a1a1a' },
  high: { bg: '#c62828', fg: '#ffffff' },
  critical: { bg: '#5d0000', fg: '#ffffff' },
};

export function SeverityChip({ severity }: { severity: Severity }) {
  const c = SEVERITY_COLOURS[severity];
  return <Chip size="small" label={S.severityLabel[severity]} sx={{ bgcolor: c.bg, color: c.fg, fontWeight: 600 }} />;
}

/** Email and role of a log entry's user, or 'Anonimo' (docs/logs.md); the role label defaults to 'Utente'. */
export function UserCell({ email, role }: { email: string | null; role: Role | null }) {
  if (!email) return <Typography variant="body2">{LOGS_MSG.anonymous}</Typography>;
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" noWrap title={email}>
        {email}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {role ? ROLE_LABEL[role] : LOGS_MSG.defaultRole}
      </Typography>
    </Box>
  );
}


/** One labelled field of a detail modal; nothing when the value is absent (docs/logs.md: each only if present). */
export function DetailField({ label, children, mono }: { label: string; children: ReactNode; mono?: boolean }) {
  if (children === null || children === undefined || children === '') return null;
  return (
    <Box component="div" sx={{ display: 'grid', gridTemplateColumns: '170px 1fr', gap: 2, py: 0.75, borderBottom: 1, borderColor: 'divider' }}>
      <Typography component="dt" variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-word', ...(mono ? { fontFamily: 'monospace' } : {}) }}>
        {children}
      </Typography>
    </Box>
  );
}

/** A block of preformatted text (stack trace, context) that scrolls inside the modal. */
export function Preformatted({ label, text }: { label: string; text: string | null | undefined }) {
  if (!text) return null;
  return (
    <Box sx={{ py: 1 }}>
      <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 600, mb: 0.5 }}>
        {label}
      </Typography>
      <Box
        component="pre"
        aria-label={label}
        sx={{ m: 0, p: 1.5, bgcolor: 'grey.100', borderRadius: 1, fontSize: 12, maxHeight: 240, overflow: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
      >
        {text}
      </Box>
    </Box>
  );
}

/** A context object as indented JSON for the detail modal; null when it is missing or empty. */
export const json = (value: unknown) => (value && typeof value === 'object' && Object.keys(value).length > 0 ? JSON.stringify(value, null, 2) : null);

/** The detail modal's action row: one "close" button. */
export function CloseActions({ onClose }: { onClose: () => void }) {
  return (
    <DialogActions>
      <Button onClick={onClose}>{S.close}</Button>
    </DialogActions>
  );
}

/** A log screen whose first load failed: its header, then 'Errore: ...' with 'Riprova' (messages of docs/api.md). */
export function LoadFailure({ header, message, onRetry, retrying }: { header: ReactNode; message: string | null; onRetry: () => void; retrying: boolean }) {
  return (
    <Box>
      {header}
      <ErrorRetryScreen message={message ?? ''} onRetry={onRetry} retrying={retrying} />
    </Box>
  );
}
