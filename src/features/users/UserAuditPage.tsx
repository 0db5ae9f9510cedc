import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { itIT as pickersItIT } from '@mui/x-date-pickers/locales';
import type { Dayjs } from 'dayjs';
import 'dayjs/locale/it';
import { MSG } from '../../../common/core/messages';
import { AUDIT_PAGE_SIZE, AUDIT_PAGE_SIZES } from '../../../common/users/rules';
import { errorMessage } from '../../api/api';
import { useFilterForm } from '../../components/form/useFilterForm';
import { ErrorRetryScreen, LoadingScreen } from '../../components/StatusScreens';
import { paths } from '../../config/paths';
import { useGetUserAuditQuery, useGetUsersQuery, type AuditFilters as AuditQuery } from './usersApi';
import { AuditFilters, NO_AUDIT_FILTERS, type PersonOption } from './AuditFilters';
import { AuditTable } from './AuditTable';
import { PageHeader } from '../../components/PageFrame';
import { Pager } from '../../components/Pager';

/** A filter applies 300 ms after the last change, from page 1 (docs/users.md, user audit). */
export const FILTER_DEBOUNCE_MS = 300;

const dateParam = (d: Dayjs | null) => (d && d.isValid() ? d.format('YYYY-MM-DD') : undefined);

/** Registro modifiche utenti (docs/users.md): filters, pagination (50 by default), who changed what. */
export default function UserAuditPage() {
  const f = useFilterForm(NO_AUDIT_FILTERS, AUDIT_PAGE_SIZE, FILTER_DEBOUNCE_MS);
  const { page, limit, applied: debounced } = f;

  const query: AuditQuery = {
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

  if (isLoading) return <LoadingScreen text={MSG.users.auditLoading} />;
  if (isError && !data) {
    return <ErrorRetryScreen message={errorMessage(error)} onRetry={() => void refetch()} />;
  }

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

        <AuditFilters control={f.control} people={people} onClear={f.clear} />

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
          <AuditTable records={data?.data ?? []} />
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
            onPage={f.setPage}
            summary={
              <>
                <TextField
                  select
                  size="small"
                  label={MSG.users.rowsPerPage}
                  value={limit}
                  onChange={(e) => f.setLimit(Number(e.target.value))}
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
