import type { ReactNode } from 'react';
import dayjs from 'dayjs';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { EXPORT_MSG, motivoLine, statusMark, terrenoLabel, tipoGaraLabel, type ExportMatch } from '../../../common/export/rules';
import { shortTime } from '../../../common/core/date-text';
import { MSG } from '../../../common/core/messages';
import { errorMessage } from '../../api/api';

const S = EXPORT_MSG.screen;

/** An Italian date picker holding a yyyy-mm-dd string ('' when empty or not a date yet). */
export function DateField(props: { label: string; value: string; onChange: (v: string) => void; disabled: boolean; name: string; min?: string; max?: string }) {
  const { label, value, onChange, disabled, name, min, max } = props;
  return (
    <DatePicker
      label={label}
      value={value ? dayjs(value) : null}
      minDate={min ? dayjs(min) : undefined}
      maxDate={max ? dayjs(max) : undefined}
      disabled={disabled}
      onChange={(d) => onChange(d && d.isValid() ? d.format('YYYY-MM-DD') : '')}
      slotProps={{ textField: { name, size: 'small', sx: { width: 200 } } }}
    />
  );
}

/** A visible progress state while a file is produced or a preview loads. */
export function Progress({ label }: { label: string }) {
  return (
    <Box role="status" sx={{ my: 2 }}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
        {label}
      </Typography>
      <LinearProgress aria-label={label} />
    </Box>
  );
}

export function EmptyNotice({ children = EXPORT_MSG.empty }: { children?: ReactNode }) {
  return (
    <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
      {children}
    </Typography>
  );
}

/**
 * docs/export.md: start time, optional end time, home vs away team, campo, gruppo, tipo gara, optional
 * terreno. As on the PDF sheets, a match that is not plain 'In programma' has its status
 * in bold beside the time ('Annullata', 'Rinviata - data da definire', 'Sospesa', 'Spostata dal
 * 21/11/2026'; common/export/rules.ts statusMark) and its reason under the teams.
 */
export function ExportMatchCard({ m }: { m: ExportMatch }) {
  const time = m.ora_fine ? `${shortTime(m.ora)} - ${shortTime(m.ora_fine)}` : shortTime(m.ora);
  const tipo = tipoGaraLabel(m.tipo_gara);
  const terreno = terrenoLabel(m.terreno);
  const mark = statusMark(m);
  const motivo = motivoLine(m);
  return (
    <Paper variant="outlined" data-testid="export-card" sx={{ p: 1, mb: 1 }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="subtitle2">{time}</Typography>
        {mark && (
          <Typography variant="subtitle2" component="span" data-testid="export-status" data-meaning={mark.meaning} sx={{ fontWeight: 700, color: mark.color }}>
            {mark.text}
          </Typography>
        )}
        <Box sx={{ flexGrow: 1 }} />
        {tipo && <Chip size="small" label={tipo} color="primary" variant="outlined" />}
        <Chip size="small" label={m.gruppo} />
      </Stack>
      <Typography variant="body2" sx={{ fontWeight: 600, my: 0.5, overflowWrap: 'anywhere', textDecoration: mark?.struck ? 'line-through' : undefined }}>
        {m.squadracasa} {MSG.dashboard.vs} {m.squadratrasferta}
      </Typography>
      {motivo && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
          {motivo}
        </Typography>
      )}
      <Typography variant="caption" color="text.secondary" component="p" sx={{ overflowWrap: 'anywhere' }}>
        {MSG.match.labels.campo}: {m.campo}
        {terreno && ` · ${MSG.match.terreno}: ${terreno}`}
      </Typography>
    </Paper>
  );
}

function Column({ title, matches, testId }: { title: string; matches: ExportMatch[]; testId: string }) {
  return (
    <Box data-testid={testId}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
        {title}
      </Typography>
      {matches.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {EXPORT_MSG.noMatches}
        </Typography>
      ) : (
        matches.map((m) => <ExportMatchCard key={m.id} m={m} />)
      )}
    </Box>
  );
}

/**
 * Home (casa) and away (trasferta) side by side, each with its count (docs/export.md). With
 * `hideEmptySide` (the day preview) a side without matches is left out: the other stays one column
 * wide, first (its cards spread over the whole width would read as two sides). The PDF keeps both.
 */
export function HomeAwayColumns({ casa, trasferta, hideEmptySide = false }: { casa: ExportMatch[]; trasferta: ExportMatch[]; hideEmptySide?: boolean }) {
  const showCasa = !hideEmptySide || casa.length > 0 || trasferta.length === 0;
  const showTrasferta = !hideEmptySide || trasferta.length > 0 || casa.length === 0;
  return (
    <Grid container spacing={2}>
      {showCasa && (
        <Grid size={{ xs: 12, sm: 6 }}>
          <Column title={EXPORT_MSG.casaCount(casa.length)} matches={casa} testId="col-casa" />
        </Grid>
      )}
      {showTrasferta && (
        <Grid size={{ xs: 12, sm: 6 }}>
          <Column title={EXPORT_MSG.trasfertaCount(trasferta.length)} matches={trasferta} testId="col-trasferta" />
        </Grid>
      )}
    </Grid>
  );
}

/** The contained preview button of a panel's action row. */
export function PreviewButton({ disabled, onClick }: { disabled: boolean; onClick: () => void }) {
  return (
    <Button variant="contained" disabled={disabled} onClick={onClick}>
      {EXPORT_MSG.buttons.preview}
    </Button>
  );
}

/** An outlined export button of a panel's action row, with a spinner while its file is produced. */
export function ExportButton({ label, disabled, running, onClick }: { label: string; disabled: boolean; running: boolean; onClick: () => void }) {
  return (
    <Button variant="outlined" disabled={disabled} onClick={onClick} startIcon={running ? <CircularProgress size={16} aria-hidden /> : undefined}>
      {label}
    </Button>
  );
}

/**
 * The Day and Week panels' buttons: Anteprima, and Esporta PDF, which is also off while the shown
 * preview of the picked date is empty (nothing to print).
 */
export function PreviewPdfButtons({ off, empty, running, onPreview, onPdf }: { off: boolean; empty: boolean; running: boolean; onPreview: () => void; onPdf: () => void }) {
  return (
    <>
      <PreviewButton disabled={off} onClick={onPreview} />
      <ExportButton label={EXPORT_MSG.buttons.exportPdf} disabled={off || empty} running={running} onClick={onPdf} />
    </>
  );
}

interface PreviewState {
  isFetching: boolean;
  isError: boolean;
  error?: unknown;
}

/** Under the action row: the input error, an optional notice, the progress of a file or of the preview, the preview's error. */
export function PanelStatus({ invalid, notice, progressLabel, running, preview }: { invalid: string | null; notice?: ReactNode; progressLabel: string | null | undefined; running: boolean; preview: PreviewState }) {
  return (
    <>
      {invalid && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {invalid}
        </Alert>
      )}
      {notice}
      {progressLabel && <Progress label={progressLabel} />}
      {preview.isFetching && !running && <Progress label={S.loadingPreview} />}
      {preview.isError && !preview.isFetching && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {EXPORT_MSG.previewError(errorMessage(preview.error))}
        </Alert>
      )}
    </>
  );
}

/** The preview area: a hint until a preview is shown (and none loads or failed), then the preview. */
export function PreviewArea({ shown, preview, children }: { shown: boolean; preview: PreviewState; children: ReactNode }) {
  if (!shown) {
    return !preview.isFetching && !preview.isError ? (
      <Typography color="text.secondary" sx={{ mt: 3 }}>
        {S.previewHint}
      </Typography>
    ) : null;
  }
  return <Box sx={{ mt: 2 }}>{children}</Box>;
}

export { S };
