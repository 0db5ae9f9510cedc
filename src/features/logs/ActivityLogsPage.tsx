import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import InfoIcon from '@mui/icons-material/Info';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import ErrorOutlineIcon from '@mui/icons-material/BugReportOutlined';
import { useSnackbar } from 'notistack';
import type { Dayjs } from 'dayjs';
import { ACTIVITY_TYPES, LOG_PAGE_SIZE, type ActivityType } from '../../../common/logs/constants';
import { LOGS_MSG } from '../../../common/logs/messages';
import { activityMessageText, type ActivityLogEntry } from '../../../common/logs/rules';
import { errorMessage } from '../../api/api';
import { PickersProvider } from '../../components/PickersProvider';
import { LoadingScreen } from '../../components/StatusScreens';
import { useClubConfig } from '../../store/useClubConfig';
import { paths } from '../../config/paths';
import { useGetActivitiesQuery, type ActivityQuery } from './logsApi';
import { CloseActions, DetailField, Preformatted, UserCell, dateTimeParam, LoadFailure, json } from './LogParts';
import { FilterBarEnd, FilterSection, SelectFilter, TextFilter, useLogFilters } from './LogFilters';
import { formatInstant } from '../../../common/core/dates';
import { PageHeader } from '../../components/PageFrame';
import { Pager } from '../../components/Pager';
import { PALETTE } from '../../../common/core/palette';

const S = LOGS_MSG.screen;
const F = S.field;

interface ActivityFilterState {
  activity_type: ActivityType | '';
  user_email: string;
  endpoint: string;
  start: Dayjs | null;
  end: Dayjs | null;
}

const EMPTY: ActivityFilterState = { activity_type: '', user_email: '', endpoint: '', start: null, end: null };

const TYPE_STYLE: Record<ActivityType, { icon: typeof InfoIcon; colour: string }> = {
  success: { icon: CheckCircleIcon, colour: '#1b5e20' },
  info: { icon: InfoIcon, colour: PALETTE.primary },
  warning: { icon: WarningAmberIcon, colour: '#8a4b00' },
};

function toQuery(f: ActivityFilterState, page: number, limit: number): ActivityQuery {
  return {
    page,
    limit,
    activity_type: f.activity_type || undefined,
    user_email: f.user_email.trim() || undefined,
    endpoint: f.endpoint.trim() || undefined,
    start_date: dateTimeParam(f.start),
    end_date: dateTimeParam(f.end, true),
  };
}

function ActivityType({ type }: { type: ActivityType }) {
  const { icon: Icon, colour } = TYPE_STYLE[type] ?? { icon: ErrorOutlineIcon, colour: 'inherit' };
  return (
    <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', color: colour }}>
      <Icon fontSize="small" aria-hidden />
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {LOGS_MSG.activityLabel[type] ?? type}
      </Typography>
    </Stack>
  );
}

function ActivityDetailDialog({ entry, timezone, onClose }: { entry: ActivityLogEntry | null; timezone: string; onClose: () => void }) {
  return (
    <Dialog open={!!entry} onClose={onClose} maxWidth="md" fullWidth aria-labelledby="activity-detail-title" scroll="paper">
      {entry && (
        <>
          <DialogTitle id="activity-detail-title">{S.activityDetail}</DialogTitle>
          <DialogContent dividers>
            <Box component="dl" sx={{ m: 0 }}>
              <DetailField label={F.message}>{activityMessageText(entry.activity_message)}</DetailField>
              <DetailField label={F.type}>
                <ActivityType type={entry.activity_type} />
              </DetailField>
              <DetailField label={F.endpoint} mono>
                {entry.endpoint}
              </DetailField>
              <DetailField label={F.date}>{entry.created_at ? formatInstant(entry.created_at, timezone) : null}</DetailField>
              <DetailField label={F.activityId} mono>
                {entry.id}
              </DetailField>
              <DetailField label={F.userId} mono>
                {entry.user_id}
              </DetailField>
              <DetailField label={F.userEmail}>{entry.user_email}</DetailField>
              <DetailField label={F.ip} mono>
                {entry.ip_address}
              </DetailField>
              <DetailField label={F.userAgent}>{entry.user_agent}</DetailField>
            </Box>
            <Preformatted label={F.context} text={json(entry.context)} />
          </DialogContent>
          <CloseActions onClose={onClose} />
        </>
      )}
    </Dialog>
  );
}

/** Log Attività (docs/logs.md): total in the header, filters, the paged table and the detail modal. */
export default function ActivityLogsPage() {
  const { timezone } = useClubConfig();
  const { enqueueSnackbar } = useSnackbar();
  const f = useLogFilters(EMPTY, LOG_PAGE_SIZE);
  const { data, isLoading, isError, error, isFetching, refetch } = useGetActivitiesQuery(toQuery(f.applied, f.page, f.limit));
  const [detail, setDetail] = useState<ActivityLogEntry | null>(null);

  const loadError = isError ? LOGS_MSG.loadError(errorMessage(error)) : null;
  useEffect(() => {
    if (loadError) enqueueSnackbar(loadError, { variant: 'error', preventDuplicate: true });
  }, [loadError, enqueueSnackbar]);

  const header = (
    <PageHeader
      title={LOGS_MSG.activityLogTitle}
      beside={
        data && (
          <Typography variant="subtitle1" color="text.secondary" role="status">
            {data.countExact === false ? S.activityTotalAtLeast(data.count) : S.activityTotal(data.count)}
          </Typography>
        )
      }
      actions={
        <Button component={RouterLink} to={paths.errorLogs.getHref()} variant="outlined" startIcon={<ErrorOutlineIcon />}>
          {LOGS_MSG.errorLogTitle}
        </Button>
      }
    />
  );

  if (isLoading) return <LoadingScreen text={S.loadingActivities} />;
  if (isError && !data) return <LoadFailure header={header} message={loadError} onRetry={() => void refetch()} retrying={isFetching} />;

  const rows = data?.data ?? [];
  const totalPages = Math.max(1, data?.totalPages ?? 1);

  return (
    <PickersProvider>
      <Box>
        {header}
        <FilterSection active={f.active}>
          <SelectFilter control={f.control} name="activity_type" label={S.activityType} options={ACTIVITY_TYPES.map((t) => [t, LOGS_MSG.activityLabel[t]] as const)} all={S.all} width={150} />
          <TextFilter control={f.control} name="user_email" label={S.userEmail} width={170} />
          <TextFilter control={f.control} name="endpoint" label={S.endpoint} width={170} />
          <FilterBarEnd f={f} pageSizeWidth={140} />
        </FilterSection>

        <Paper variant="outlined">
          {isFetching ? <LinearProgress aria-label={S.updating} /> : <Box sx={{ height: 4 }} />}
          <TableContainer>
            <Table size="small" aria-label={LOGS_MSG.activityLogTitle} sx={{ minWidth: 1100 }}>
              <TableHead>
                <TableRow>
                  <TableCell sx={{ width: 170 }}>{S.columns.dateTime}</TableCell>
                  <TableCell sx={{ width: 150 }}>{S.columns.type}</TableCell>
                  <TableCell sx={{ width: 220 }}>{S.columns.user}</TableCell>
                  <TableCell>{S.columns.message}</TableCell>
                  <TableCell sx={{ width: 220 }}>{S.columns.endpoint}</TableCell>
                  <TableCell sx={{ width: 110 }}>{S.columns.actions}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((r) => (
                  <TableRow key={r.id} hover>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatInstant(r.created_at, timezone)}</TableCell>
                    <TableCell>
                      <ActivityType type={r.activity_type} />
                    </TableCell>
                    <TableCell sx={{ maxWidth: 220 }}>
                      <UserCell email={r.user_email} role={r.user_role} />
                    </TableCell>
                    <TableCell sx={{ wordBreak: 'break-word' }}>{activityMessageText(r.activity_message)}</TableCell>
                    <TableCell sx={{ fontFamily: 'monospace', fontSize: 13, wordBreak: 'break-word' }}>{r.endpoint || LOGS_MSG.notAvailable}</TableCell>
                    <TableCell>
                      <Button size="small" variant="outlined" onClick={() => setDetail(r)}>
                        {LOGS_MSG.details}
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          {/* Below the table, not in a row of it: on a phone the table scrolls sideways, the notice stays whole. */}
          {rows.length === 0 && (
            <Typography align="center" color="text.secondary" sx={{ py: 6 }}>
              {f.filtered ? LOGS_MSG.noActivities : LOGS_MSG.noActivitiesAtAll}
            </Typography>
          )}
          <Pager page={f.page} totalPages={totalPages} onPage={f.setPage} disabled={isFetching} />
        </Paper>

        <ActivityDetailDialog entry={detail} timezone={timezone} onClose={() => setDetail(null)} />
      </Box>
    </PickersProvider>
  );
}
