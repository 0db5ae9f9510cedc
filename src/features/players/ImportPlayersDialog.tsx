import { useMemo, useState, type ChangeEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
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
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { todayIn } from '../../../common/core/dates';
import { decodeBytes, parseTable } from '../../../common/import/parse';
import { leggiGiocatori, type RigaImport } from '../../../common/players/import';
import { dmy, GIOCATORI_MSG, PLAYERS_UI } from '../../../common/players/messages';
import { IMPORT_GIOCATORI_MAX } from '../../../common/players/rules';
import { refusalMessage } from '../../api/api';
import { FormDialog } from '../../components/form/FormDialog';
import { useNotify } from '../../components/Toasts';
import { useClubConfig } from '../../store/useClubConfig';
import { useImportGiocatoriMutation } from './playersApi';

const U = PLAYERS_UI.import;
const C = U.columns;
/** A row with problems, as the matches' import marks it (src/features/import/PreviewGrid.tsx): a light red, the problems in red. */
const PROBLEM_ROW = { bgcolor: 'rgba(211, 47, 47, 0.06)' } as const;

/**
 * 'Importa giocatori' (docs/players.md, import): a CSV file or pasted cells, a preview where each row's
 * problems are those of the player form's own schema, then one POST of every row (all or none). Nothing
 * typed is lost: the pasted cells stay in their box, closing with cells or a preview asks first, and a
 * refused import keeps everything and says which row ('Riga N: …', the file's line).
 * Mounted for one opening: it starts empty each time.
 */
export default function ImportPlayersDialog({ gruppi, onClose }: { gruppi: readonly string[]; onClose: () => void }) {
  const notify = useNotify();
  const { timezone } = useClubConfig();
  const [importGiocatori, { isLoading: sending }] = useImportGiocatoriMutation();
  const [pasted, setPasted] = useState('');
  const [source, setSource] = useState<{ name: string | null; rows: RigaImport[] } | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const rows = useMemo(() => source?.rows ?? [], [source]);
  const withProblems = rows.filter((r) => r.problemi.length > 0).length;
  const tooMany = rows.length > IMPORT_GIOCATORI_MAX;
  const canSend = rows.length > 0 && withProblems === 0 && !tooMany && !sending;

  const read = (text: string, name: string | null) => {
    setServerError(null);
    setSource({ name, rows: leggiGiocatori(parseTable(text), () => todayIn(timezone), gruppi) });
  };
  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    read(decodeBytes(new Uint8Array(await file.arrayBuffer())).text, file.name);
  };
  const send = async () => {
    setServerError(null);
    try {
      const answer = await importGiocatori({ giocatori: rows.map((r) => r.giocatore), righe: rows.map((r) => r.riga) }).unwrap();
      notify(U.done(answer.create), 'success');
      onClose();
    } catch (err) {
      setServerError(refusalMessage(err, [400, 403], U.error));
    }
  };

  return (
    <FormDialog open onClose={onClose} titleId="importa-giocatori-title" maxWidth="md" dirty={pasted.trim() !== '' || source !== null} busy={sending}>
      {(_busy, controls) => (
        <>
          <DialogTitle id="importa-giocatori-title">{U.title}</DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>{U.intro}</DialogContentText>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start', mb: 2 }}>
              <Button variant="outlined" component="label" startIcon={<UploadFileIcon />} disabled={sending} sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}>
                {U.chooseFile}
                <input hidden type="file" accept=".csv,text/csv,text/plain" data-testid="import-giocatori-file" onChange={(e) => void onFile(e)} />
              </Button>
              <TextField
                label={U.pasteLabel}
                multiline
                fullWidth
                value={pasted}
                disabled={sending}
                onChange={(e) => setPasted(e.target.value)}
                slotProps={{ input: { inputComponent: 'textarea' }, htmlInput: { rows: 4, spellCheck: false, style: { fontFamily: 'monospace', whiteSpace: 'pre' } } }}
              />
              <Button variant="contained" disabled={pasted.trim() === '' || sending} onClick={() => read(pasted, null)} sx={{ flexShrink: 0 }}>
                {U.read}
              </Button>
            </Stack>
            {source && <Preview source={source} withProblems={withProblems} tooMany={tooMany} />}
            {serverError && (
              <Alert severity="error" sx={{ mt: 2 }} role="alert">
                {serverError}
              </Alert>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={controls.requestClose} disabled={sending}>
              {U.cancel}
            </Button>
            <Button variant="contained" disabled={!canSend} onClick={() => void send()}>
              {sending ? U.submitting : U.submit(rows.length)}
            </Button>
          </DialogActions>
        </>
      )}
    </FormDialog>
  );
}

/** The rows read, each with its problems (or 'OK'), and what stops the import. */
function Preview({ source, withProblems, tooMany }: { source: { name: string | null; rows: RigaImport[] }; withProblems: number; tooMany: boolean }) {
  const { rows } = source;
  return (
    <Box>
      {source.name && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {U.fromFile(source.name)}
        </Typography>
      )}
      <Alert severity={rows.length === 0 || withProblems > 0 || tooMany ? 'warning' : 'success'} sx={{ mb: 1 }} role="status" data-testid="import-giocatori-summary">
        {rows.length === 0 ? U.none : tooMany ? U.tooMany(IMPORT_GIOCATORI_MAX) : withProblems > 0 ? U.withProblems(withProblems, rows.length) : U.ready(rows.length)}
      </Alert>
      {rows.length > 0 && (
        <TableContainer sx={{ maxHeight: 360 }}>
          <Table size="small" stickyHeader aria-label={U.previewLabel}>
            <TableHead>
              <TableRow>
                {[C.riga, C.giocatore, C.dataNascita, C.gruppo, C.numeroTessera, C.certificato, C.problemi].map((h) => (
                  <TableCell key={h}>{h}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.slice(0, IMPORT_GIOCATORI_MAX).map((r) => {
                const g = r.giocatore;
                const cert = g.certificato;
                const iso = (v: string) => (/^\d{4}-\d{2}-\d{2}$/.test(v) ? dmy(v) : v);
                return (
                  <TableRow key={r.riga} data-testid="import-giocatori-row" sx={r.problemi.length > 0 ? PROBLEM_ROW : undefined}>
                    <TableCell>{r.riga}</TableCell>
                    <TableCell>{`${g.cognome} ${g.nome}`.trim()}</TableCell>
                    <TableCell>{iso(g.dataNascita ?? '')}</TableCell>
                    <TableCell>{g.gruppo}</TableCell>
                    <TableCell>{g.numeroTessera ?? ''}</TableCell>
                    <TableCell>
                      {cert ? `${GIOCATORI_MSG.tipi[cert.tipo as 'agonistico'] ?? cert.tipo}${cert.scadenza ? `, ${iso(cert.scadenza)}` : ''}` : ''}
                    </TableCell>
                    <TableCell sx={r.problemi.length > 0 ? { color: 'error.main', minWidth: 220 } : undefined}>{r.problemi.length === 0 ? U.ok : r.problemi.join('; ')}</TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}
