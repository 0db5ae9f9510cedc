import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridRowSelectionModel } from '@mui/x-data-grid';
import TimelineIcon from '@mui/icons-material/Timeline';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import { useSnackbar } from 'notistack';
import type { Dayjs } from 'dayjs';
import { FILTER_ERROR_TYPES, LOG_PAGE_SIZE, SEVERITIES, type ErrorType, type Severity } from '../../../common/logs/constants';
import { LOGS_MSG } from '../../../common/logs/messages';
import type { ErrorLogEntry } from '../../../common/logs/rules';
import { errorMessage } from '../../api/api';
import { PickersProvider } from '../../components/PickersProvider';
import { LoadingScreen } from '../../components/StatusScreens';
import { useClubConfig } from '../../store/useClubConfig';
import { paths } from '../../config/paths';
import { useGetErrorLogsQuery, useGetErrorStatsQuery, type ErrorQuery } from './logsApi';
import { dateTimeParam, LoadFailure } from './LogParts';
import { FilterBarEnd, FilterSection, SelectFilter, TextFilter, useLogFilters } from './LogFilters';
import { ErrorDetailDialog, ResolveDialog, ResolveManyDialog } from './ErrorDialogs';
import { ErrorStats } from './ErrorStats';
import { ErrorTable } from './ErrorTable';
import { PageHeader } from '../../components/PageFrame';

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
const RESOLVED_OPTIONS = [
  ['false', S.unresolvedPlural],
  ['true', S.resolvedPlural],
] as const;

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
  return (
    <PickersProvider>
      <Box>
        {header}

        {stats && stats.length > 0 && <ErrorStats stats={stats} />}

        <FilterSection active={f.active}>
          <SelectFilter control={f.control} name="error_type" label={S.errorType} options={FILTER_ERROR_TYPES.map((t) => [t, S.typeLabel[t]] as const)} all={S.all} width={150} />
          <SelectFilter control={f.control} name="severity" label={S.severity} options={SEVERITIES.map((s) => [s, S.severityLabel[s]] as const)} all={S.allFem} width={130} />
          <SelectFilter control={f.control} name="resolved" label={S.status} options={RESOLVED_OPTIONS} all={S.all} width={130} />
          <TextFilter control={f.control} name="user_email" label={S.userEmail} width={190} />
          <TextFilter control={f.control} name="error_message" label={S.message} width={190} />
          <FilterBarEnd f={f} pageSizeWidth={150} />
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

        <ErrorTable
          rows={rows}
          count={count}
          page={f.page}
          limit={f.limit}
          totalPages={totalPages}
          isFetching={isFetching}
          filtered={f.filtered}
          model={model}
          hasSelection={hasSelection}
          onSelection={(m) => setSelection({ key: f.viewKey, model: m })}
          onPage={f.setPage}
          timezone={timezone}
          onDetail={setDetail}
          onResolve={setToResolve}
        />

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
