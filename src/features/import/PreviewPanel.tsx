import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { IMPORT_MAX_ROWS } from '../../../common/import/constants';
import { IMPORT_MSG } from '../../../common/import/messages';
import { CLASH_MSG } from '../../../common/occupancy/rules';
import { PreviewGrid } from './PreviewGrid';
import type { ImportPreview } from './useImport';

const M = IMPORT_MSG;

/**
 * The preview: the counts (once the look-up answered: no zeros that are not true), the clashes,
 * 'Solo righe con errori', the rows-with-problems file, the import button, and the grid, drawn
 * while the look-up travels.
 */
export function PreviewPanel({ preview: p }: { preview: ImportPreview }) {
  const { check, invalid, valid } = p;
  return (
    <Paper sx={{ p: 2 }}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ mb: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        {check ? (
          <Typography data-testid="import-counts" sx={{ fontWeight: 500 }}>
            {M.counts(valid, invalid, p.duplicates)}
          </Typography>
        ) : (
          <Typography color="text.secondary">{M.checking}</Typography>
        )}
        {p.clash.count > 0 && (
          <Typography color="warning.main" sx={{ fontWeight: 500 }}>
            {CLASH_MSG.importCount(p.clash.count)}
          </Typography>
        )}
        <FormControlLabel control={<Switch checked={p.onlyErrors} onChange={(e) => p.setOnlyErrors(e.target.checked)} />} label={M.onlyErrors} />
        <Box sx={{ flex: 1 }} />
        {check && invalid > 0 && (
          <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => void p.downloadFailed()}>
            {M.downloadFailedRows(invalid)}
          </Button>
        )}
        <Button variant="contained" disabled={valid === 0 || p.tooMany || p.importing || !check} onClick={p.importValid}>
          {p.importing ? M.importing : M.importButton(valid)}
        </Button>
      </Stack>
      {check && invalid > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {M.editHint}
        </Typography>
      )}
      {!check && p.checkFailed && <Alert severity="error">{M.loadFailed}</Alert>}
      {p.tooMany && <Alert severity="warning">{M.tooManyValid(valid, IMPORT_MAX_ROWS)}</Alert>}
      {p.rows.length === 0 && !p.checking && check && <Alert severity="info">{M.noRows}</Alert>}
      {p.clash.dialog}
      <PreviewGrid
        rows={p.shown}
        loading={p.checking}
        onCorrect={p.correct}
        slotLines={p.clash.lines}
        slotQuery={p.slotQuery}
        onChooseSlot={p.chooseSlot}
      />
    </Paper>
  );
}
