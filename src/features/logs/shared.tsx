import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import DialogActions from '@mui/material/DialogActions';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ClearAllIcon from '@mui/icons-material/ClearAll';
import FilterListIcon from '@mui/icons-material/FilterList';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import dayjs, { type Dayjs } from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import 'dayjs/locale/it';
import { FILTER_DEBOUNCE_MS, LOG_PAGE_SIZES, type Severity } from '../../../common/logs/constants';
import { LOGS_MSG } from '../../../common/logs/messages';
import { hasActiveFilters } from '../../../common/logs/rules';
import { ROLE_LABEL, type Role } from '../../../common/users/roles';
import { useDebounced } from '../../components/useDebounced';
import { ErrorRetryScreen } from '../../components/StatusScreens';

dayjs.extend(utc);
dayjs.extend(timezone);

const S = LOGS_MSG.screen;

/** An instant as the club reads it, the one format of the app (common/core/dates.ts). */

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


/** Italian date-time picker of a filter (the screen wraps it in PickersProvider). */
export function DateTimeFilter({ label, value, onChange, min, max }: { label: string; value: Dayjs | null; onChange: (v: Dayjs | null) => void; min?: Dayjs | null; max?: Dayjs | null }) {
  return (
    <DateTimePicker
      label={label}
      value={value}
      onChange={(v) => onChange(v)}
      ampm={false}
      minDateTime={min ?? undefined}
      maxDateTime={max ?? undefined}
      slotProps={{ textField: { size: 'small', sx: { width: 250 } }, field: { clearable: true } }}
    />
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

/** A free-text filter of the filter bar (at most 200 characters). */
export function TextFilter({ label, value, onChange, width }: { label: string; value: string; onChange: (v: string) => void; width: number }) {
  return <TextField size="small" label={label} value={value} onChange={(e) => onChange(e.target.value)} sx={{ width }} slotProps={{ htmlInput: { maxLength: 200 } }} />;
}

interface RangeFilters {
  start: Dayjs | null;
  end: Dayjs | null;
}

/** The end of a log screen's filter bar: the date range, the page size and "clear filters". */
export function FilterBarEnd({
  f,
  active,
  pageSizeWidth,
}: {
  f: { filters: RangeFilters; change: (patch: Partial<RangeFilters>) => void; limit: number; setLimit: (l: number) => void; clear: () => void };
  active: boolean;
  pageSizeWidth: number;
}) {
  return (
    <>
      <DateTimeFilter label={S.startDate} value={f.filters.start} onChange={(v) => f.change({ start: v })} max={f.filters.end} />
      <DateTimeFilter label={S.endDate} value={f.filters.end} onChange={(v) => f.change({ end: v })} min={f.filters.start} />
      <TextField select size="small" label={S.pageSize} value={String(f.limit)} onChange={(e) => f.setLimit(Number(e.target.value))} sx={{ width: pageSizeWidth }}>
        {LOG_PAGE_SIZES.map((n) => (
          <MenuItem key={n} value={String(n)}>
            {n}
          </MenuItem>
        ))}
      </TextField>
      <Button startIcon={<ClearAllIcon />} onClick={f.clear} disabled={!active}>
        {S.clearFilters}
      </Button>
    </>
  );
}

/**
 * Filters, page and page size of a log screen (docs/logs.md): filter edits reach the query 300 ms
 * after the last change; the page goes back to 1 when the applied filters or the page size change.
 */
export function useLogFilters<F extends object>(empty: F, initialLimit: number) {
  const [filters, setFilters] = useState<F>(empty);
  const [limit, setLimitState] = useState(initialLimit);
  const applied = useDebounced(filters, FILTER_DEBOUNCE_MS);
  const key = `${JSON.stringify(applied)}|${limit}`;
  const [paging, setPaging] = useState({ key, page: 1 });
  const page = paging.key === key ? paging.page : 1;
  return {
    filters,
    applied,
    limit,
    page,
    /** A filter is set (page and page size aside): the ATTIVI badge, the clear button. */
    active: hasActiveFilters(filters as Record<string, unknown>),
    /** A filter is applied to the rows shown: their empty state speaks of filters. */
    filtered: hasActiveFilters(applied as Record<string, unknown>),
    /** Changes as long as the applied filters, page size and page stay the same (selection, etc.). */
    viewKey: `${key}|${page}`,
    change: (patch: Partial<F>) => setFilters((f) => ({ ...f, ...patch })),
    clear: () => setFilters(empty),
    setLimit: (l: number) => setLimitState(l),
    setPage: (p: number) => setPaging({ key, page: p }),
  };
}

/** The filter panel of a log screen: its heading with the ATTIVI badge, then the filter bar. */
export function FilterSection({ active, children }: { active: boolean; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} component="section" aria-label={S.filters}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1.5 }}>
        <FilterListIcon fontSize="small" color="action" />
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {S.filters}
        </Typography>
        {active && <Chip size="small" color="primary" label={LOGS_MSG.activeFilters} />}
      </Stack>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
        {children}
      </Stack>
    </Paper>
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
