import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridColDef, GridRowSelectionModel } from '@mui/x-data-grid';
import { LOG_PAGE_SIZES } from '../../../common/logs/constants';
import { LOGS_MSG } from '../../../common/logs/messages';
import type { ErrorLogEntry } from '../../../common/logs/rules';
import { formatInstant } from '../../../common/core/dates';
import ItalianDataGrid from '../../components/ItalianDataGrid';
import { Pager } from '../../components/Pager';
import { SeverityChip, UserCell } from './LogParts';

const S = LOGS_MSG.screen;

/** The error log's page of rows (docs/logs.md): selectable for a bulk resolve, with detail and resolve per row; its empty state and pager. */
export function ErrorTable({
  rows,
  count,
  page,
  limit,
  totalPages,
  isFetching,
  filtered,
  model,
  hasSelection,
  onSelection,
  onPage,
  timezone,
  onDetail,
  onResolve,
}: {
  rows: ErrorLogEntry[];
  count: number;
  /** 1-based. */
  page: number;
  limit: number;
  totalPages: number;
  isFetching: boolean;
  /** The rows answer filters: an empty page speaks of them. */
  filtered: boolean;
  model: GridRowSelectionModel;
  /** Rows of the page are selected: the row actions rest, the selection bar acts on them. */
  hasSelection: boolean;
  onSelection: (model: GridRowSelectionModel) => void;
  onPage: (page: number) => void;
  timezone: string;
  onDetail: (entry: ErrorLogEntry) => void;
  onResolve: (entry: ErrorLogEntry) => void;
}) {
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
          <Button size="small" variant="outlined" disabled={hasSelection} onClick={() => onDetail(row)}>
            {LOGS_MSG.details}
          </Button>
          {!row.resolved && (
            <Button size="small" variant="contained" color="success" disabled={hasSelection} onClick={() => onResolve(row)}>
              {LOGS_MSG.resolve}
            </Button>
          )}
        </Stack>
      ),
    },
  ];

  return (
    <Paper variant="outlined">
      {isFetching ? <LinearProgress aria-label={S.updating} /> : <Box sx={{ height: 4 }} />}
      {rows.length === 0 ? (
        // With filters the spec's sentence; without, the log is simply empty (a fresh install, or nothing went wrong).
        filtered ? (
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
          onRowSelectionModelChange={onSelection}
          paginationMode="server"
          rowCount={count}
          paginationModel={{ page: page - 1, pageSize: limit }}
          onPaginationModelChange={(m) => onPage(m.page + 1)}
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
      <Pager page={page} totalPages={totalPages} onPage={onPage} disabled={isFetching} />
    </Paper>
  );
}
