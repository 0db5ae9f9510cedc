import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { GridColDef, GridRowSelectionModel } from '@mui/x-data-grid';
import TimelineIcon from '@mui/icons-material/Timeline';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import { useSnackbar } from 'notistack';
import type { Dayjs } from 'dayjs';
import { FILTER_ERROR_TYPES, LOG_PAGE_SIZE, LOG_PAGE_SIZES, SEVERITIES, STATS_CARDS, type ErrorType, type Severity } from '../../../common/logs/constants';
import { LOGS_MSG } from '../../../common/logs/messages';
import { type ErrorLogEntry, type ErrorStat } from '../../../common/logs/rules';
import { errorMessage } from '../../api/api';
import ItalianDataGrid from '../../components/ItalianDataGrid';
import { PickersProvider } from '../../components/PickersProvider';
import { LoadingScreen } from '../../components/StatusScreens';
import { useClubConfig } from '../../store/useClubConfig';
import { paths } from '../../config/paths';
import { useGetErrorLogsQuery, useGetErrorStatsQuery, type ErrorQuery } from './logsApi';
import { FilterBarEnd, TextFilter, SEVERITY_COLOURS, SeverityChip, UserCell, dateTimeParam, useLogFilters, FilterSection, LoadFailure } from './shared';
import { formatInstant } from '../../../common/core/dates';
import { ErrorDetailDialog, ResolveDialog, ResolveManyDialog } from './ErrorDialogs';
import { PageHeader } from '../../components/PageFrame';
import { Pager } from '../../components/Pager';

const S = LOGS_MSG.screen;

interface ErrorFilterState {
  error_type: ErrorType | '';
  severity: Severity | '';
  resolved: '' | 'true' | 'false';
  user_email: string;
  error_message: string;
  start: Dayjs | null;
  end: Dayjs | null;
}

const EMPTY: ErrorFilterState = { error_type: '', severity: '', resolved: '', user_email: '', error_message: '', start: null, end: null };
const EMPTY_SELECTION: GridRowSelectionModel = { type: 'include', ids: new Set() };

function toQuery(f: ErrorFilterState, page: number, limit: number): ErrorQuery {
  return {
    page,
    limit,
    error_type: f.error_type || undefined,
    severity: f.severity || undefined,
    resolved: f.resolved === '' ? undefined : f.resolved === 'true',
    user_email: f.user_email.trim() || undefined,
    error_message: f.error_message.trim() || undefined,
    start_date: dateTimeParam(f.start),
    end_date: dateTimeParam(f.end, true),
  };
}

function StatCard({ stat }: { stat: ErrorStat }) {
  const c = SEVERITY_COLOURS[stat.severity];
  return (
    <Card
      component="li"
      sx={{ bgcolor: c.bg, color: c.fg, flex: '1 1 0', minWidth: 170, listStyle: 'none' }}
      aria-label={`${S.typeLabel[stat.error_type]} ${S.severityLabel[stat.severity]}: ${S.statTotal(stat.total_errors)}, ${S.statUnresolved(stat.unresolved_errors)}`}
    >
      <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
        <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
          {S.statTotal(stat.total_errors)}
        </Typography>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {S.typeLabel[stat.error_type]} · {S.severityLabel[stat.severity]}
        </Typography>
        <Typography variant="body2">{S.statUnresolved(stat.unresolved_errors)}</Typography>
      </CardContent>
    </Card>
  );
}

/** Log Errori (docs/logs.md): statistics, filters, the paged table with selection, detail and resolve modals. */
export default function ErrorLogsPage() {
  const { timezone } = useClubConfig();
  const { enqueueSnackbar } = useSnackbar();
  const f = useLogFilters(EMPTY, LOG_PAGE_SIZE);
  const query = toQuery(f.applied, f.page, f.limit);
  const { data, isLoading, isError, error, isFetching, refetch } = useGetErrorLogsQuery(query);
  const { data: stats } = useGetErrorStatsQuery();

  const [selection, setSelection] = useState({ key: f.viewKey, model: EMPTY_SELECTION });
  const model = selection.key === f.viewKey ? selection.model : EMPTY_SELECTION;
  const [detail, setDetail] = useState<ErrorLogEntry | null>(null);
  const [toResolve, setToResolve] = useState<ErrorLogEntry | null>(null);
  const [bulkOpen, setBulkOpen] = useState(false);

  const loadError = isError ? LOGS_MSG.loadError(errorMessage(error)) : null;
  useEffect(() => {
    if (loadError) enqueueSnackbar(loadError, { variant: 'error', preventDuplicate: true });
  }, [loadError, enqueueSnackbar]);

  const rows = useMemo(() => data?.data ?? [], [data]);
  const selectedRows = useMemo(
    () => (model.type === 'include' ? rows.filter((r) => model.ids.has(r.id)) : rows.filter((r) => !model.ids.has(r.id))),
    [rows, model],
  );
  const hasSelection = selectedRows.length > 0;
  const clearSelection = () => setSelection({ key: f.viewKey, model: EMPTY_SELECTION });

  const columns: GridColDef<ErrorLogEntry>[] = [
    {
      field: 'severity',
      headerName: S.columns.severity,
      width: 100,
      sortable: false,
      renderCell: ({ row }) => <SeverityChip severity={row.severity} />,
    },
    { field: 'error_type', headerName: S.columns.type, width: 120, sortable: false, valueGetter: (_v, row) => S.typeLabel[row.error_type] },
    {
      field: 'error_message',
      headerName: S.columns.message,
      flex: 1,
      minWidth: 220,
      sortable: false,
      renderCell: ({ row }) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0, py: 1 }}>
          <Typography variant="body2" sx={{ overflow: 'hidden', display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', wordBreak: 'break-word' }} title={row.error_message}>
            {row.error_message}
          </Typography>
          {row.occurrence_count > 1 && (
            <Chip size="small" color="primary" label={`×${row.occurrence_count}`} aria-label={S.occurrences(row.occurrence_count)} title={S.occurrences(row.occurrence_count)} />
          )}
        </Stack>
      ),
    },
    {
      field: 'user_email',
      headerName: S.columns.user,
      width: 200,
      sortable: false,
      renderCell: ({ row }) => (
        <Box sx={{ py: 1, minWidth: 0 }}>
          <UserCell email={row.user_email} role={row.user_role} />
        </Box>
      ),
    },
    {
      field: 'last_occurred_at',
      headerName: S.columns.date,
      width: 215,
      sortable: false,
      renderCell: ({ row }) => (
        <Box sx={{ py: 1 }}>
          <Typography variant="body2">{formatInstant(row.last_occurred_at, timezone)}</Typography>
          {row.occurrence_count > 1 && (
            <Typography variant="caption" color="text.secondary">
              {S.firstSeen(formatInstant(row.first_occurred_at, timezone))}
            </Typography>
          )}
        </Box>
      ),
    },
    {
      field: 'resolved',
      headerName: S.columns.status,
      width: 100,
      sortable: false,
      renderCell: ({ row }) =>
        row.resolved ? <Chip size="small" color="success" label={LOGS_MSG.resolved} /> : <Chip size="small" color="warning" variant="outlined" label={LOGS_MSG.open} sx={{ color: '#8a4b00', borderColor: '#8a4b00' }} />,
    },
    {
      field: 'actions',
      headerName: S.columns.actions,
      width: 190,
      sortable: false,
      filterable: false,
      renderCell: ({ row }) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', height: '100%' }}>
          <Button size="small" variant="outlined" disabled={hasSelection} onClick={() => setDetail(row)}>
            {LOGS_MSG.details}
          </Button>
          {!row.resolved && (
            <Button size="small" variant="contained" color="success" disabled={hasSelection} onClick={() => setToResolve(row)}>
              {LOGS_MSG.resolve}
            </Button>
          )}
        </Stack>
      ),
    },
  ];

  const header = (
    <PageHeader
      title={LOGS_MSG.errorLogTitle}
      actions={
        <Button component={RouterLink} to={paths.activityLogs.getHref()} variant="outlined" startIcon={<TimelineIcon />}>
          {LOGS_MSG.activityLogTitle}
        </Button>
      }
    />
  );

  if (isLoading) return <LoadingScreen text={S.loadingErrors} />;
  if (isError && !data) return <LoadFailure header={header} message={loadError} onRetry={() => void refetch()} retrying={isFetching} />;

  const count = data?.count ?? 0;
  const totalPages = Math.max(1, data?.totalPages ?? 1);
  const select = (label: string, value: string, onChange: (v: string) => void, options: ReadonlyArray<readonly [string, string]>, all: string, width = 170) => (
    <TextField
      select
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      size="small"
      slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
      sx={{ width }}
    >
      <MenuItem value="">{all}</MenuItem>
      {options.map(([v, l]) => (
        <MenuItem key={v} value={v}>
          {l}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <PickersProvider>
      <Box>
        {header}

        {stats && stats.length > 0 && (
          <Stack component="ul" direction="row" aria-label={S.statistics} sx={{ gap: 1.5, p: 0, m: 0, mb: 2, flexWrap: 'wrap' }}>
            {stats.slice(0, STATS_CARDS).map((s) => (
              <StatCard key={`${s.error_type}-${s.severity}`} stat={s} />
            ))}
          </Stack>
        )}

        <FilterSection active={f.active}>
          {select(S.errorType, f.filters.error_type, (v) => f.change({ error_type: v as ErrorType | '' }), FILTER_ERROR_TYPES.map((t) => [t, S.typeLabel[t]] as const), S.all, 150)}
          {select(S.severity, f.filters.severity, (v) => f.change({ severity: v as Severity | '' }), SEVERITIES.map((s) => [s, S.severityLabel[s]] as const), S.allFem, 130)}
          {select(
            S.status,
            f.filters.resolved,
            (v) => f.change({ resolved: v as ErrorFilterState['resolved'] }),
            [
              ['false', S.unresolvedPlural],
              ['true', S.resolvedPlural],
            ],
            S.all,
            130,
          )}
          <TextFilter label={S.userEmail} value={f.filters.user_email} onChange={(v) => f.change({ user_email: v })} width={190} />
          <TextFilter label={S.message} value={f.filters.error_message} onChange={(v) => f.change({ error_message: v })} width={190} />
          <FilterBarEnd f={f} active={f.active} pageSizeWidth={150} />
        </FilterSection>

        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1, minHeight: 36 }}>
          <Typography variant="body2" color="text.secondary" role="status">
            {(data?.countExact === false ? LOGS_MSG.errorTotalAtLeast : LOGS_MSG.errorTotal)(count, f.page, totalPages)}
          </Typography>
          {isFetching && (
            <Typography variant="body2" color="text.secondary">
              {S.updating}
            </Typography>
          )}
        </Stack>

        {hasSelection && (
          <Paper
            variant="outlined"
            role="region"
            aria-label={S.selected(selectedRows.length)}
            sx={{ px: 2, py: 1, mb: 1, display: 'flex', alignItems: 'center', gap: 2, bgcolor: 'primary.50', borderColor: 'primary.main' }}
          >
            <Typography variant="body2" sx={{ fontWeight: 600, flex: 1 }}>
              {S.selected(selectedRows.length)}
            </Typography>
            <Button onClick={clearSelection}>{LOGS_MSG.deselectAll}</Button>
            <Button variant="contained" color="success" startIcon={<DoneAllIcon />} onClick={() => setBulkOpen(true)}>
              {LOGS_MSG.resolveAll}
            </Button>
          </Paper>
        )}

        <Paper variant="outlined">
          {isFetching ? <LinearProgress aria-label={S.updating} /> : <Box sx={{ height: 4 }} />}
          {rows.length === 0 ? (
            // With filters the spec's sentence; without, the log is simply empty (a fresh install, or nothing went wrong).
            f.filtered ? (
              <Typography sx={{ py: 6, textAlign: 'center' }} color="text.secondary">
                {LOGS_MSG.noErrors}
              </Typography>
            ) : (
              <Box sx={{ py: 6, px: 2, textAlign: 'center' }}>
                <Typography color="text.secondary" sx={{ fontWeight: 500 }}>
                  {LOGS_MSG.noErrorsAtAll}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                  {LOGS_MSG.noErrorsAtAllHint}
                </Typography>
              </Box>
            )
          ) : (
            <ItalianDataGrid
              rows={rows}
              columns={columns as GridColDef[]}
              getRowId={(r) => r.id}
              checkboxSelection
              disableRowSelectionOnClick
              rowSelectionModel={model}
              onRowSelectionModelChange={(m) => setSelection({ key: f.viewKey, model: m })}
              paginationMode="server"
              rowCount={count}
              paginationModel={{ page: f.page - 1, pageSize: f.limit }}
              onPaginationModelChange={(m) => f.setPage(m.page + 1)}
              pageSizeOptions={[...LOG_PAGE_SIZES]}
              hideFooter
              disableColumnMenu
              getRowHeight={() => 'auto'}
              disableVirtualization
              autoHeight
              aria-label={LOGS_MSG.errorLogTitle}
              sx={{ border: 0, '& .MuiDataGrid-cell': { display: 'flex', alignItems: 'center' } }}
            />
          )}
          <Pager page={f.page} totalPages={totalPages} onPage={f.setPage} disabled={isFetching} />
        </Paper>

        <ErrorDetailDialog entry={detail} timezone={timezone} onClose={() => setDetail(null)} />
        <ResolveDialog
          entry={toResolve}
          onClose={() => setToResolve(null)}
          onDone={(message) => enqueueSnackbar(message, { variant: 'success' })}
          onFailed={(message) => enqueueSnackbar(message, { variant: 'error' })}
        />
        <ResolveManyDialog
          open={bulkOpen}
          selected={selectedRows}
          onClose={() => setBulkOpen(false)}
          onDone={(message) => {
            clearSelection();
            enqueueSnackbar(message, { variant: 'success' });
          }}
          onFailed={(message) => enqueueSnackbar(message, { variant: 'error' })}
        />
      </Box>
    </PickersProvider>
  );
}
