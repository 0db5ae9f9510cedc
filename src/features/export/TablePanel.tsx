import { useEffect, useRef, useState } from 'react';
import { useSnackbar } from 'notistack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { Pager } from '../../components/Pager';
import { countLineOf } from '../../../common/matches/meaning';
import {
  EXPORT_COLUMNS,
  EXPORT_MSG,
  PREVIEW_PAGE_SIZE,
  defaultPeriod,
  exportRow,
  isLongPeriod,
  periodError,
  statusMark,
  type ExportColumn,
  type StatusMark,
} from '../../../common/export/rules';
import { errorMessage } from '../../api/api';
import { useLazyGetTablePreviewQuery, type TablePreviewArgs } from './exportApi';
import { DateField, EmptyNotice, ExportButton, PanelStatus, PreviewArea, PreviewButton, S } from './ExportParts';
import { useExportRunner } from './useExportRunner';

type Action = 'preview' | 'tableCsv' | 'tablePdf';

/**
 * Dates and times on one line; the status in bold in its colour when it is not plain In programma
 * (as in the table PDF); a reason written on several lines keeps them.
 */
function cellSx(c: ExportColumn, mark: StatusMark | null): SxProps<Theme> | undefined {
  if (c === 'Data' || c === 'Inizio' || c === 'Fine') return { whiteSpace: 'nowrap' };
  if (c === 'Stato' && mark) return { fontWeight: 700, color: mark.color };
  // break-word, not anywhere: the column is at least as wide as its longest word, which stays whole.
  if (c === 'Motivo') return { whiteSpace: 'pre-line', overflowWrap: 'break-word' };
  return undefined;
}

interface Props {
  today: string;
  /** Something runs on the screen: inputs and buttons are disabled. */
  disabled: boolean;
  onBusyChange: (busy: boolean) => void;
}

/** Tabella (docs/export.md): a period, its paged preview (50 a page) and its CSV and PDF files. */
export function TablePanel({ today, disabled, onBusyChange }: Props) {
  const [period, setPeriod] = useState(() => defaultPeriod(today));
  const touched = useRef(false);
  const [pending, setPending] = useState<Action | null>(null);
  // A period over a year is confirmed once, then previewed and exported without asking again.
  const [confirmed, setConfirmed] = useState<string | null>(null);
  const [trigger, preview] = useLazyGetTablePreviewQuery();
  const { run, running, progressLabel } = useExportRunner();
  const { enqueueSnackbar } = useSnackbar();

  // Today arrives with the club's timezone (GET /api/config): move the defaults until the user picks.
  useEffect(() => {
    if (!touched.current) setPeriod(defaultPeriod(today));
  }, [today]);

  const busy = preview.isFetching || running !== null;
  useEffect(() => onBusyChange(busy), [busy, onBusyChange]);

  const { from, to } = period;
  const invalid = periodError(from, to);
  const key = `${from}_${to}`;
  const shown = preview.currentData && preview.originalArgs ? { data: preview.currentData, args: preview.originalArgs } : null;
  const shownIsCurrent = shown !== null && shown.args.from === from && shown.args.to === to;

  const set = (field: 'from' | 'to', value: string) => {
    touched.current = true;
    setPeriod((p) => ({ ...p, [field]: value }));
  };

  const load = async (args: TablePreviewArgs) => {
    try {
      return await trigger(args).unwrap();
    } catch (e) {
      enqueueSnackbar(EXPORT_MSG.previewError(errorMessage(e)), { variant: 'error' });
      return null;
    }
  };

  const perform = (action: Action) => {
    if (action === 'preview') {
      void load({ from, to, offset: 0 });
      return;
    }
    void run({ kind: action, from, to }, async () => {
      // No file for an empty period: the preview on screen says so, else the first page is asked for.
      if (shownIsCurrent) return shown.data.total > 0;
      const first = await trigger({ from, to, offset: 0 }).unwrap();
      return first.total > 0;
    });
  };

  const request = (action: Action) => {
    if (invalid) return;
    if (isLongPeriod(from, to) && confirmed !== key) setPending(action);
    else perform(action);
  };

  const reset = () => {
    touched.current = false;
    setPeriod(defaultPeriod(today));
    setConfirmed(null);
  };

  const total = shown?.data.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PREVIEW_PAGE_SIZE));
  const page = shown ? Math.floor(shown.args.offset / PREVIEW_PAGE_SIZE) + 1 : 1;
  const goTo = (p: number) => shown && void load({ ...shown.args, offset: (p - 1) * PREVIEW_PAGE_SIZE });
  const noFile = shownIsCurrent && total === 0;
  const off = disabled || busy;

  return (
    <Box>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <DateField label={S.from} name="from" value={from} max={to || undefined} disabled={off} onChange={(v) => set('from', v)} />
        <DateField label={S.to} name="to" value={to} min={from || undefined} disabled={off} onChange={(v) => set('to', v)} />
        <PreviewButton disabled={off || !!invalid} onClick={() => request('preview')} />
        <ExportButton label={EXPORT_MSG.buttons.exportCsv} disabled={off || !!invalid || noFile} running={running === 'tableCsv'} onClick={() => request('tableCsv')} />
        <ExportButton label={EXPORT_MSG.buttons.exportPdf} disabled={off || !!invalid || noFile} running={running === 'tablePdf'} onClick={() => request('tablePdf')} />
        <Button variant="text" disabled={off} onClick={reset}>
          {EXPORT_MSG.buttons.reset}
        </Button>
      </Stack>

      <PanelStatus
        invalid={invalid}
        notice={
          noFile && (
            <Alert severity="info" sx={{ mt: 2 }}>
              {EXPORT_MSG.emptyPeriod}
            </Alert>
          )
        }
        progressLabel={progressLabel}
        running={running !== null}
        preview={preview}
      />

      <PreviewArea shown={shown !== null} preview={preview}>
        {shown !== null && (
          <>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
              {EXPORT_MSG.period(shown.args.from, shown.args.to)} · {countLineOf(shown.data.counts)}
            </Typography>
            {total === 0 ? (
              <EmptyNotice />
            ) : (
              <>
                <TableContainer sx={{ mt: 1 }}>
                  <Table size="small" aria-label={EXPORT_MSG.tableTitle}>
                    <TableHead>
                      <TableRow>
                        {EXPORT_COLUMNS.map((c) => (
                          <TableCell key={c} sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                            {c}
                          </TableCell>
                        ))}
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {shown.data.items.map((m) => {
                        const row = exportRow(m);
                        const mark = statusMark(m);
                        return (
                          <TableRow key={m.id} hover>
                            {EXPORT_COLUMNS.map((c) => (
                              <TableCell key={c} sx={cellSx(c, mark)}>
                                {row[c]}
                              </TableCell>
                            ))}
                          </TableRow>
                        );
                      })}
                    </TableBody>
                  </Table>
                </TableContainer>
                <Pager
                  page={page}
                  totalPages={pages}
                  onPage={goTo}
                  disabled={off}
                  always
                  summary={
                    <Typography variant="body2" color="text.secondary">
                      {S.shownRows(shown.args.offset + 1, shown.args.offset + shown.data.items.length, total)}
                    </Typography>
                  }
                />
              </>
            )}
          </>
        )}
      </PreviewArea>

      <Dialog open={pending !== null} onClose={() => setPending(null)} aria-labelledby="long-period-title">
        <DialogTitle id="long-period-title">{S.confirmTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText>{EXPORT_MSG.longPeriod}</DialogContentText>
          <DialogContentText sx={{ mt: 1 }}>{S.confirmText}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setPending(null)}>{S.cancel}</Button>
          <Button
            variant="contained"
            onClick={() => {
              const action = pending;
              setPending(null);
              setConfirmed(key);
              if (action) perform(action);
            }}
          >
            {S.confirm}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
