import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { itIT as pickersItIT } from '@mui/x-date-pickers/locales';
import type { Dayjs } from 'dayjs';
import 'dayjs/locale/it';
import { MSG } from '../../../common/core/messages';
import { ROLE_LABEL, type Role } from '../../../common/users/roles';
import { AUDIT_ACTIONS, AUDIT_PAGE_SIZE, AUDIT_PAGE_SIZES, describeChanges, type AuditAction, type UserAuditRecord } from '../../../common/users/rules';
import { errorMessage } from '../../api/api';
import { ErrorRetryScreen, LoadingScreen } from '../../components/StatusScreens';
import { useDebounced } from '../../components/useDebounced';
import { paths } from '../../config/paths';
import { formatInstant } from '../../../common/core/dates';
import { useClubConfig } from '../../store/useClubConfig';
import { useGetUserAuditQuery, useGetUsersQuery, type AuditFilters } from './usersApi';
import { PageHeader } from '../../components/PageFrame';
import { Pager } from '../../components/Pager';

/** Filter changes reset the page to 1 and reload after 300 ms (docs/users.md, user audit). */
export const FILTER_DEBOUNCE_MS = 300;

interface FilterState {
  action_type: AuditAction | '';
  target: PersonOption | null;
  performer: PersonOption | null;
  start: Dayjs | null;
  end: Dayjs | null;
}

interface PersonOption {
  id: string;
  email: string;
}

const EMPTY_FILTERS: FilterState = { action_type: '', target: null, performer: null, start: null, end: null };

const ACTION_COLOR: Record<AuditAction, 'success' | 'info' | 'error' | 'warning'> = {
  CREATE: 'success',
  UPDATE: 'info',
  DELETE: 'error',
  ROLE_CHANGE: 'warning',
};

const dateParam = (d: Dayjs | null) => (d && d.isValid() ? d.format('YYYY-MM-DD') : undefined);
const roleLabel = (r: Role | null) => (r ? ROLE_LABEL[r] : '—');

function Person({ email, id, fallback }: { email: string | null; id: string | null; fallback?: string }) {
  if (!email && !id) return <>{fallback ?? '—'}</>;
  return (
    <Box>
      <Typography variant="body2">{email ?? '—'}</Typography>
      {id && (
        <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
          {id.slice(0, 8)}
        </Typography>
      )}
    </Box>
  );
}

function AuditRow({ r }: { r: UserAuditRecord }) {
  const changes = describeChanges(r.changes);
  const { timezone } = useClubConfig();
  return (
    <TableRow hover>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatInstant(r.created_at, timezone)}</TableCell>
      <TableCell>
        <Chip size="small" color={ACTION_COLOR[r.action_type]} label={MSG.users.actionLabel[r.action_type]} />
      </TableCell>
      <TableCell>
        <Person email={r.target_user_email} id={r.target_user_id} />
      </TableCell>
      <TableCell>
        {r.performed_by_user_id || r.performed_by_email ? (
          <Box>
            <Person email={r.performed_by_email} id={r.performed_by_user_id} />
            {r.performed_by_role && (
              <Typography variant="caption" color="text.secondary">
                {ROLE_LABEL[r.performed_by_role]}
              </Typography>
            )}
          </Box>
        ) : (
          MSG.users.system
        )}
      </TableCell>
      <TableCell>{roleLabel(r.target_user_role_before)}</TableCell>
      <TableCell>{roleLabel(r.target_user_role_after)}</TableCell>
      <TableCell>
        {changes.length === 0
          ? '—'
          : changes.map((line) => (
              <Typography key={line} variant="body2">
                {line}
              </Typography>
            ))}
      </TableCell>
      <TableCell sx={{ fontFamily: 'monospace' }}>{r.ip_address ?? '—'}</TableCell>
    </TableRow>
  );
}

/** Registro modifiche utenti (docs/users.md): filters, pagination (50 by default), who changed what. */
export default function UserAuditPage() {
  const [filters, setFilters] = useState<FilterState>(EMPTY_FILTERS);
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<number>(AUDIT_PAGE_SIZE);
  const debounced = useDebounced(filters, FILTER_DEBOUNCE_MS);

  const query: AuditFilters = {
    page,
    limit,
    action_type: debounced.action_type,
    target_user_id: debounced.target?.id,
    performed_by_user_id: debounced.performer?.id,
    start_date: dateParam(debounced.start),
    end_date: dateParam(debounced.end),
  };
  const { data, isLoading, isError, error, refetch, isFetching } = useGetUserAuditQuery(query);
  const { data: users } = useGetUsersQuery();

  // People to pick: current accounts, plus those named by the records on screen (deleted ones too).
  const people = useMemo(() => {
    const map = new Map<string, PersonOption>();
    for (const u of users?.data ?? []) map.set(u.id, { id: u.id, email: u.email });
    for (const r of data?.data ?? []) {
      if (r.target_user_id && !map.has(r.target_user_id)) map.set(r.target_user_id, { id: r.target_user_id, email: r.target_user_email ?? r.target_user_id });
      if (r.performed_by_user_id && !map.has(r.performed_by_user_id))
        map.set(r.performed_by_user_id, { id: r.performed_by_user_id, email: r.performed_by_email ?? r.performed_by_user_id });
    }
    return [...map.values()].sort((a, b) => a.email.localeCompare(b.email, 'it'));
  }, [users, data]);

  const change = (patch: Partial<FilterState>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
  };

  if (isLoading) return <LoadingScreen text={MSG.users.auditLoading} />;
  if (isError && !data) {
    return <ErrorRetryScreen message={errorMessage(error)} onRetry={() => void refetch()} />;
  }

  const personPicker = (label: string, value: PersonOption | null, onChange: (v: PersonOption | null) => void) => (
    <Autocomplete
      options={people}
      value={value}
      onChange={(_e, v) => onChange(v)}
      getOptionLabel={(o) => o.email}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      renderOption={(props, o) => (
        <li {...props} key={o.id}>
          {o.email}
        </li>
      )}
      renderInput={(params) => <TextField {...params} label={label} size="small" />}
      sx={{ minWidth: 240, flex: 1 }}
      noOptionsText="—"
    />
  );

  const total = data?.count ?? 0;
  const totalPages = data?.totalPages ?? 1;

  return (
    <LocalizationProvider
      dateAdapter={AdapterDayjs}
      adapterLocale="it"
      localeText={pickersItIT.components.MuiLocalizationProvider.defaultProps.localeText}
    >
      <Box>
        <PageHeader
          title={MSG.users.auditTitle}
          actions={
            <Button component={RouterLink} to={paths.users.getHref()} startIcon={<ArrowBackIcon />}>
              {MSG.users.backToUsers}
            </Button>
          }
        />

        <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
          <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
            <TextField
              select
              label={MSG.users.actionType}
              value={filters.action_type}
              onChange={(e) => change({ action_type: e.target.value as AuditAction | '' })}
              size="small"
              slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
              sx={{ minWidth: 180 }}
            >
              <MenuItem value="">{MSG.users.allActions}</MenuItem>
              {AUDIT_ACTIONS.map((a) => (
                <MenuItem key={a} value={a}>
                  {MSG.users.actionLabel[a]}
                </MenuItem>
              ))}
            </TextField>
            {personPicker(MSG.users.targetUser, filters.target, (v) => change({ target: v }))}
            {personPicker(MSG.users.performer, filters.performer, (v) => change({ performer: v }))}
            <DatePicker
              label={MSG.users.startDate}
              value={filters.start}
              onChange={(v) => change({ start: v })}
              maxDate={filters.end ?? undefined}
              slotProps={{ textField: { size: 'small', sx: { width: 200 } }, field: { clearable: true } }}
            />
            <DatePicker
              label={MSG.users.endDate}
              value={filters.end}
              onChange={(v) => change({ end: v })}
              minDate={filters.start ?? undefined}
              slotProps={{ textField: { size: 'small', sx: { width: 200 } }, field: { clearable: true } }}
            />
            <Button onClick={() => change(EMPTY_FILTERS)}>{MSG.users.clearFilters}</Button>
          </Stack>
        </Paper>

        {isError && (
          <Typography color="error" sx={{ mb: 1 }}>
            {errorMessage(error)}
          </Typography>
        )}
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} role="status">
          {MSG.users.auditTotal(total, page, totalPages)}
        </Typography>

        <Paper variant="outlined">
          {isFetching && <LinearProgress aria-label={MSG.screens.loading} />}
          <TableContainer>
            <Table size="small" aria-label={MSG.users.auditTitle}>
              <TableHead>
                <TableRow>
                  <TableCell>{MSG.users.auditDate}</TableCell>
                  <TableCell>{MSG.users.auditAction}</TableCell>
                  <TableCell>{MSG.users.targetUser}</TableCell>
                  <TableCell>{MSG.users.performer}</TableCell>
                  <TableCell>{MSG.users.roleBefore}</TableCell>
                  <TableCell>{MSG.users.roleAfter}</TableCell>
                  <TableCell>{MSG.users.changes}</TableCell>
                  <TableCell>{MSG.users.ipAddress}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {(data?.data ?? []).map((r) => (
                  <AuditRow key={r.id} r={r} />
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          {/* Below the table, not in a row of it: on a phone the table scrolls sideways, the notice stays whole. */}
          {data && data.data.length === 0 && (
            <Typography align="center" sx={{ py: 4 }}>
              {MSG.users.auditEmpty}
            </Typography>
          )}
          {/* The app's one pager (docs/screens.md), with this list's page size beside it. */}
          <Pager
            page={Math.max(1, Math.min(page, totalPages))}
            totalPages={totalPages}
            onPage={setPage}
            summary={
              <>
                <TextField
                  select
                  size="small"
                  label={MSG.users.rowsPerPage}
                  value={limit}
                  onChange={(e) => {
                    setLimit(Number(e.target.value));
                    setPage(1);
                  }}
                  sx={{ minWidth: 150 }}
                >
                  {AUDIT_PAGE_SIZES.map((n) => (
                    <MenuItem key={n} value={n}>
                      {n}
                    </MenuItem>
                  ))}
                </TextField>
                <Typography variant="body2" color="text.secondary">
                  {MSG.users.displayedRows(total === 0 ? 0 : (page - 1) * limit + 1, Math.min(page * limit, total), total)}
                </Typography>
              </>
            }
          />
        </Paper>
      </Box>
    </LocalizationProvider>
  );
}
