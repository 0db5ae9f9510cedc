import { memo, useCallback, useEffect, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { GridColDef, GridRowHeightParams, GridValidRowModel } from '@mui/x-data-grid';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import DownloadIcon from '@mui/icons-material/Download';
import { useSnackbar } from 'notistack';
import {
  IMPORT_FIELDS,
  FIXABLE_FIELDS,
  IMPORT_MAX_ROWS,
  IMPORT_MSG,
  buildRows,
  decodeBytes,
  duplicateKey,
  failedRowsCsv,
  guessField,
  importBody,
  looksLikeHeader,
  normalizeName,
  parseDate,
  parseTable,
  withoutLines,
  DEFAULT_ORDER,
  type FixedValues,
  type ImportField,
  type ImportRow,
  type Mapping,
  type RawValues,
  type Table,
} from '../../../common/import/rules';
import { todayIn } from '../../../common/core/dates';
import { MSG } from '../../../common/core/messages';
import { TERRENI, TIPI_GARA } from '../../../common/partite/read';
import { errorMessage } from '../../api/api';
import ItalianDataGrid from '../../components/ItalianDataGrid';
import { useClubConfig } from '../../store/useClubConfig';
import { paths } from '../../config/paths';
import { useCheckImportMutation, useImportPartiteMutation, type ImportCheck } from './importApi';
import { useImportClashes } from './importClashes';
import { CLASH_MSG } from '../../../common/occupazione/rules';
import { PageHeader } from '../../components/PageFrame';
import { saveFile } from '../../components/saveFile';
import { useCategoryNames } from '../../api/categoriesApi';
import { DASHBOARD_MSG } from '../../../common/partite/messages';

const M = IMPORT_MSG;
const STORAGE_KEY = 'garibaldina.import.mapping';

/** The last mapping, by column name (normalised) or, for files without header, by position ('#3'). */
function loadSaved(): Record<string, ImportField | ''> {
  try {
    const raw = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, string>;
    return Object.fromEntries(Object.entries(raw).filter(([, f]) => f === '' || (IMPORT_FIELDS as readonly string[]).includes(f))) as Record<string, ImportField | ''>;
  } catch {
    return {};
  }
}
const columnKey = (table: Table, hasHeader: boolean, i: number) => (hasHeader ? normalizeName(table.rows[0][i] ?? '') || `#${i}` : `#${i}`);

function initialMapping(table: Table, hasHeader: boolean): Mapping {
  const saved = loadSaved();
  const width = table.rows.reduce((n, r) => Math.max(n, r.length), 0);
  const used = new Set<ImportField>();
  return Array.from({ length: width }, (_, i) => {
    const key = columnKey(table, hasHeader, i);
    const guess = key in saved ? saved[key] : hasHeader ? guessField(table.rows[0][i] ?? '') : (DEFAULT_ORDER[i] ?? '');
    if (!guess || used.has(guess)) return '';
    used.add(guess);
    return guess;
  });
}

interface Source {
  text: string;
  encoding: string;
  name: string | null;
}

const fmtDate = (iso?: string | null) => (iso ? iso.split('-').reverse().join('/') : '');

/** The days of the file (sorted), for the server's look-up of categories and existing matches. */
function fileDates(table: Table, mapping: Mapping, hasHeader: boolean): string[] {
  const col = mapping.indexOf('data');
  if (col < 0) return [];
  const set = new Set<string>();
  for (let r = hasHeader ? 1 : 0; r < table.rows.length; r++) {
    const d = parseDate(table.rows[r][col] ?? '');
    if (d) set.add(d);
  }
  return [...set].sort();
}

const homeAway = (home: boolean | null | undefined) => (home === true ? M.home : home === false ? M.away : '');
/** The changing rooms read, Garibaldina's first: '3 / 4', '3 / -', or nothing; the file's text when it is not a number. */
const rooms = ({ values: v, raw }: ImportRow) => {
  const gari = v.spogliatoioGari ?? raw.spogliatoioGari;
  const ospiti = v.spogliatoioOspiti ?? raw.spogliatoioOspiti;
  return gari == null && ospiti == null ? '' : `${gari ?? '-'} / ${ospiti ?? '-'}`;
};

// The grid's props are built once: new columns or callbacks on every render make the DataGrid redo its work.
/** A valid row's height (its OK chip fits); a row with problems is at least as high. */
const ROW_HEIGHT = 36;

/** A row as the grid holds it while a cell is corrected: the field and its new text, for processRowUpdate. */
type EditedRow = ImportRow & { edited?: { field: ImportField; text: string } };

/**
 * A field's column: its value as it will be saved, else the text of the file (a date that is not
 * one shows what the file said, never a blank). Editable: a double click corrects the row's cell.
 */
function fieldColumn(field: ImportField, show: (r: ImportRow) => string, size: Partial<GridColDef<ImportRow>>): GridColDef<ImportRow> {
  return {
    field,
    headerName: M.fields[field],
    ...size,
    editable: true,
    valueGetter: (_v, r) => show(r) || r.raw[field] || '',
    valueSetter: (value, r) => ({ ...r, edited: { field, text: String(value ?? '') } }) as EditedRow,
  };
}
const labelOf = (labels: Record<string, string>, v: string | null | undefined) => (v ? labels[v] : '');

const COLUMNS: GridColDef<ImportRow>[] = [
  { field: 'line', headerName: M.rowHeader, width: 60, type: 'number' },
  fieldColumn('data', (r) => fmtDate(r.values.data), { width: 100 }),
  fieldColumn('ora', (r) => r.values.ora ?? '', { width: 70 }),
  fieldColumn('oraFine', (r) => r.values.oraFine ?? '', { width: 65 }),
  fieldColumn('squadraCasa', (r) => r.values.squadraCasa ?? '', { flex: 1, minWidth: 100 }),
  fieldColumn('squadraTrasferta', (r) => r.values.squadraTrasferta ?? '', { flex: 1, minWidth: 100 }),
  fieldColumn('campo', (r) => r.values.campo ?? '', { flex: 1, minWidth: 90 }),
  fieldColumn('gruppo', (r) => r.values.gruppo ?? '', { width: 105 }),
  fieldColumn('tipoGara', (r) => labelOf(MSG.match.tipoGara, r.values.tipoGara), { width: 110 }),
  fieldColumn('terreno', (r) => labelOf(MSG.match.terrenoLabel, r.values.terreno), { width: 85 }),
  // Home or away as it will be saved (a valid row's payload: from the column, else from the club's name in the teams).
  fieldColumn('isHouseMatch', (r) => homeAway(r.payload?.isHouseMatch ?? r.values.isHouseMatch), { width: 110 }),
  { field: 'spogliatoi', headerName: M.roomsHeader, width: 95, sortable: false, valueGetter: (_v, r) => rooms(r) },
  {
    field: 'errors',
    headerName: M.problemsHeader,
    flex: 2,
    minWidth: 220,
    sortable: false,
    valueGetter: (_v, r) => r.errors.join(' · '),
    // The whole text, wrapped: the row grows to hold it (getRowHeight 'auto'), nothing is cut.
    renderCell: ({ row }) =>
      row.errors.length === 0 ? (
        <Chip size="small" color="success" label={M.ok} />
      ) : (
        <Box
          sx={{ py: 0.5, minHeight: ROW_HEIGHT, display: 'flex', flexDirection: 'column', justifyContent: 'center', whiteSpace: 'normal', overflowWrap: 'anywhere', lineHeight: 1.3, color: 'error.main' }}
          data-testid="row-errors"
        >
          {row.errors.map((e) => (
            <div key={e}>{e}</div>
          ))}
        </Box>
      ),
  },
];
const rowId = (r: ImportRow) => r.line;
/** Only rows with problems grow to fit their messages; a valid row keeps the standard height (nothing to measure). */
const rowHeight = (p: GridRowHeightParams) => ((p.model as ImportRow).errors.length ? 'auto' : null);
const rowClass = (p: { row: ImportRow }) => (p.row.errors.length ? 'import-row-error' : '');
const GRID_SX = {
  '& .import-row-error': { bgcolor: 'rgba(211, 47, 47, 0.06)' },
  // A cell that is not understood keeps the file's text; long values wrap in rows that grow anyway.
  '& .import-row-error .MuiDataGrid-cell': { whiteSpace: 'normal', overflowWrap: 'break-word', lineHeight: 1.3, py: 0.5 },
};
const PAGE_SIZES = [25, 50, 100];
const GRID_STATE = { pagination: { paginationModel: { pageSize: 50 } } };
// While the look-up travels the empty grid shows a thin bar: the default skeleton draws a cell per column and row, then throws them away.
const GRID_SLOTS = { loadingOverlay: { variant: 'linear-progress', noRowsVariant: 'linear-progress' } } as const;

/**
 * The file button and the paste area. Its own component, memoised: the area may hold 2,000 rows, and
 * MUI's multiline field measures its text again on every render; the preview's renders leave it alone.
 */
const SourcePicker = memo(function SourcePicker({ onRead }: { onRead: (s: Source) => void }) {
  const [pasted, setPasted] = useState('');
  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const { text, encoding } = decodeBytes(new Uint8Array(await file.arrayBuffer()));
    onRead({ text, encoding, name: file.name });
  };

  return (
    <Paper sx={{ p: 2 }}>
      <Typography sx={{ mb: 2 }}>{M.intro}</Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Button variant="outlined" component="label" startIcon={<UploadFileIcon />} sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}>
          {M.chooseFile}
          <input hidden type="file" accept=".csv,text/csv" data-testid="import-file" onChange={(e) => void onFile(e)} />
        </Button>
        {/* A plain textarea of fixed height: MUI's self-sizing one copies its whole text into a hidden
            twin and measures it at every render: hundreds of ms with 2,000 pasted rows. */}
        <TextField
          label={M.pasteLabel}
          multiline
          fullWidth
          value={pasted}
          onChange={(e) => setPasted(e.target.value)}
          slotProps={{
            input: { inputComponent: 'textarea' },
            htmlInput: { rows: 6, spellCheck: false, style: { fontFamily: 'monospace', whiteSpace: 'pre' } },
          }}
        />
        <Button
          variant="contained"
          sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
          disabled={pasted.trim() === ''}
          onClick={() => {
            onRead({ text: pasted, encoding: 'utf-8', name: null });
            // The rows are now in the preview; 2,000 lines left in the area would be laid out again at every change of the page.
            setPasted('');
          }}
        >
          {M.read}
        </Button>
      </Stack>
    </Paper>
  );
});

const FIXED_OPTIONS: Record<'tipoGara' | 'terreno', ReadonlyArray<{ value: string; label: string }>> = {
  tipoGara: TIPI_GARA.map((t) => ({ value: t, label: MSG.match.tipoGara[t] })),
  terreno: TERRENI.map((t) => ({ value: t, label: MSG.match.terrenoLabel[t] })),
};

/**
 * 'Valori per tutte le righe': one value for a field no column fills (a category's fixture list has
 * no 'Categoria' column), read by buildRows as a cell of that field would be.
 */
function FixedValuesFields({ mapping, fixed, categories, onChange }: { mapping: Mapping; fixed: FixedValues; categories: readonly string[]; onChange: (f: FixedValues) => void }) {
  const open = FIXABLE_FIELDS.filter((f) => !mapping.includes(f));
  if (open.length === 0) return null;
  const set = (field: (typeof FIXABLE_FIELDS)[number], value: string) => onChange({ ...fixed, [field]: value });
  return (
    <Box component="section" aria-label={M.fixedTitle} sx={{ mt: 2 }}>
      <Typography variant="subtitle2" component="h3">
        {M.fixedTitle}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {M.fixedHint}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(170px, 1fr))', gap: 1.5 }}>
        {open.map((field) => {
          const label = M.fields[field];
          if (field === 'campo') {
            return (
              <TextField key={field} size="small" label={label} value={fixed.campo ?? ''} onChange={(e) => set('campo', e.target.value)} slotProps={{ htmlInput: { maxLength: 100 } }} />
            );
          }
          const options = field === 'gruppo' ? categories.map((c) => ({ value: c, label: c })) : FIXED_OPTIONS[field];
          return (
            <TextField
              key={field}
              select
              size="small"
              label={label}
              value={fixed[field] ?? ''}
              onChange={(e) => set(field, e.target.value)}
              slotProps={{ select: { SelectDisplayProps: { 'aria-label': label } as object } }}
            >
              <MenuItem value="">{M.fixedNone}</MenuItem>
              {options.map((o) => (
                <MenuItem key={o.value} value={o.value}>
                  {o.label}
                </MenuItem>
              ))}
            </TextField>
          );
        })}
      </Box>
    </Box>
  );
}

/** A created match as the result lists it. */
interface CreatedMatch {
  id: number;
  label: string;
}

/** The result of the imports of this file: the matches created (every import of it), links to their edit screens. */
function ImportResult({ created, remaining, onAgain }: { created: CreatedMatch[]; remaining: number; onAgain: () => void }) {
  return (
    <Paper sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {M.resultTitle}
      </Typography>
      <Alert severity={remaining > 0 ? 'warning' : 'success'} sx={{ mb: 2 }} data-testid="import-result">
        {remaining > 0 ? M.doneWithRemaining(created.length, remaining) : M.done(created.length)}
        {remaining > 0 && <Box sx={{ mt: 0.5 }}>{M.remainingHint}</Box>}
      </Alert>
      <Box component="ol" aria-label={M.resultTitle} sx={{ columns: { md: 3 }, m: 0 }}>
        {created.map((c) => (
          <li key={c.id}>
            <Link component={RouterLink} to={paths.editMatch.getHref(String(c.id))}>
              {c.label}
            </Link>
          </li>
        ))}
      </Box>
      {remaining === 0 && (
        <Button sx={{ mt: 2 }} variant="outlined" onClick={onAgain}>
          {M.again}
        </Button>
      )}
    </Paper>
  );
}

const NO_EDITS: ReadonlyMap<number, RawValues> = new Map();

export default function ImportPage() {
  const categories = useCategoryNames();
  const { clubName, timezone } = useClubConfig();
  const { enqueueSnackbar } = useSnackbar();
  const [source, setSource] = useState<Source | null>(null);
  const [table, setTable] = useState<Table | null>(null);
  const [hasHeader, setHasHeader] = useState(true);
  const [mapping, setMapping] = useState<Mapping>([]);
  const [fixed, setFixed] = useState<FixedValues>({});
  // The editor's corrections of single cells, by file line.
  const [edits, setEdits] = useState<ReadonlyMap<number, RawValues>>(NO_EDITS);
  const [onlyErrors, setOnlyErrors] = useState(false);
  const [check, setCheck] = useState<ImportCheck | null>(null);
  // Every match created from this file (an import of the corrected rows adds to it).
  const [created, setCreated] = useState<CreatedMatch[] | null>(null);
  const [runCheck, checkState] = useCheckImportMutation();
  const [runImport, importState] = useImportPartiteMutation();

  // The look-up of the file's days; only the answer to the last question asked is kept.
  const asked = useRef<string | null>(null);
  const ask = useCallback(
    (dates: string[]) => {
      const key = dates.join(',');
      asked.current = key;
      runCheck(dates)
        .unwrap()
        .then((c) => asked.current === key && setCheck(c))
        .catch((err: unknown) => asked.current === key && enqueueSnackbar(errorMessage(err) || M.loadFailed, { variant: 'error' }));
    },
    [runCheck, enqueueSnackbar],
  );

  // The text is parsed once, and the look-up leaves before React renders anything: the request
  // travels while the columns are drawn.
  const read = useCallback((s: Source) => {
    const t = parseTable(s.text);
    const header = t.rows.length > 0 && looksLikeHeader(t.rows[0]);
    const m = initialMapping(t, header);
    ask(fileDates(t, m, header));
    setSource(s);
    setTable(t);
    setHasHeader(header);
    setMapping(m);
    setEdits(NO_EDITS);
    setCheck(null);
    setCreated(null);
  }, [ask]);

  const changeMapping = (i: number, field: ImportField | '') => {
    if (!table) return;
    const next = mapping.map((f, j) => (j === i ? field : f === field && field !== '' ? '' : f));
    setMapping(next);
    const saved = loadSaved();
    next.forEach((f, j) => (saved[columnKey(table, hasHeader, j)] = f));
    try {
      localStorage.setItem(STORAGE_KEY, JSON.stringify(saved));
    } catch {
      // Private mode or full storage: the mapping is simply not remembered.
    }
  };

  // A changed date column or header switch changes the days: asked again.
  const dates = useMemo(() => (table ? fileDates(table, mapping, hasHeader) : []), [table, mapping, hasHeader]);
  const datesKey = dates.join(',');
  useEffect(() => {
    if (table && datesKey !== asked.current) ask(dates);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the dates' content, not the array's identity
  }, [table, datesKey, ask]);

  const rows: ImportRow[] = useMemo(() => {
    if (!table || !check) return [];
    return buildRows(table, mapping, hasHeader, { mode: 'create', today: todayIn(timezone), timezone, clubName, categories: check.gruppi }, new Set(check.existing), fixed, edits);
  }, [table, check, mapping, hasHeader, timezone, clubName, fixed, edits]);
  // Issue 15: each valid row's clashes among its problems (the grid shows clash.rows); importing clashing rows asks first.
  const clash = useImportClashes(rows, check, clubName);

  const { valid, duplicates } = useMemo(
    () => rows.reduce((n, r) => ({ valid: n.valid + (r.payload ? 1 : 0), duplicates: n.duplicates + (r.duplicate ? 1 : 0) }), { valid: 0, duplicates: 0 }),
    [rows],
  );
  const invalid = rows.length - valid;
  // The server takes at most IMPORT_MAX_ROWS rows a request: say so before the editor presses.
  const tooMany = valid > IMPORT_MAX_ROWS;
  const shown = useMemo(() => (onlyErrors ? clash.rows.filter((r) => r.errors.length > 0) : clash.rows), [clash.rows, onlyErrors]);
  const dataRows = table ? table.rows.length - (hasHeader ? 1 : 0) : 0;

  // A corrected cell: its text replaces the field's cell for that row (buildRows reads it again).
  const correct = useCallback((next: GridValidRowModel, previous: GridValidRowModel) => {
    const { edited } = next as EditedRow;
    if (!edited) return previous;
    const { line } = previous as ImportRow;
    setEdits((all) => new Map(all).set(line, { ...all.get(line), [edited.field]: edited.text.trim() }));
    return next;
  }, []);

  const doImport = async (confirmed = false) => {
    try {
      const body = importBody(rows);
      const res = await runImport(confirmed ? { ...body, confermaSovrapposizioni: true } : body).unwrap();
      const imported = rows.filter((r) => r.payload);
      const remaining = rows.length - imported.length;
      setCreated((before) => [
        ...(before ?? []),
        ...imported.map((r, i) => ({ id: res.ids[i], label: `${fmtDate(r.values.data)} ${r.values.ora} · ${r.values.squadraCasa} - ${r.values.squadraTrasferta}` })),
      ]);
      // The rows with problems stay in the preview; the imported ones leave it and are now stored
      // matches (duplicates of them are refused at once; the look-up of the days runs again).
      const lines = new Set(imported.map((r) => r.line));
      if (table) setTable(withoutLines(table, lines, hasHeader));
      setEdits((all) => new Map([...all].filter(([line]) => !lines.has(line))));
      setCheck((c) => c && { ...c, existing: [...c.existing, ...imported.map((r) => duplicateKey(r.payload!))] });
      asked.current = null;
      enqueueSnackbar(remaining > 0 ? M.doneWithRemaining(res.create, remaining) : M.done(res.create), { variant: 'success' });
    } catch (err) {
      if (!confirmed && clash.refused(err, doImport)) return;
      enqueueSnackbar(errorMessage(err) || M.importFailed, { variant: 'error' });
    }
  };

  // csv-stringify's browser build (it brings its own Buffer) loads when the file is asked for.
  const downloadFailed = async () => {
    const failed = rows.filter((r) => !r.payload);
    try {
      const { stringify } = await import('csv-stringify/browser/esm/sync');
      saveFile(new Blob([failedRowsCsv(failed, stringify)], { type: 'text/csv;charset=utf-8' }), M.failedFileName(source?.name ?? null));
    } catch {
      enqueueSnackbar(M.downloadFailedError, { variant: 'error' });
    }
  };

  const startAgain = () => {
    setCreated(null);
    setSource(null);
    setTable(null);
    setEdits(NO_EDITS);
    asked.current = null;
    setCheck(null);
  };

  const headerCells = table && hasHeader ? table.rows[0] : [];
  const finished = created !== null && dataRows === 0;

  return (
    <Stack spacing={2}>
      <PageHeader title={M.title} />
      {categories.loaded && categories.names.length === 0 && (
        // A fresh install (issue 25): every imported match needs a category first.
        <Alert severity="info" action={<Button component={RouterLink} to={paths.groups.getHref()}>{DASHBOARD_MSG.createCategory}</Button>}>
          {MSG.groups.noCategoriesForMatch}
        </Alert>
      )}

      {created && <ImportResult created={created} remaining={dataRows} onAgain={startAgain} />}

      {!finished && (
        <>
          <SourcePicker onRead={read} />

          {table && (
            <Paper sx={{ p: 2 }}>
              <Stack direction="row" spacing={2} useFlexGap sx={{ mb: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography variant="h6" component="h2">
                  {M.mappingTitle}
                </Typography>
                {source?.name && <Typography variant="body2">{M.fileLabel(source.name)}</Typography>}
                <Typography variant="body2" color="text.secondary">
                  {M.readInfo(dataRows, M.separatorName[table.separator], M.encodingName[source?.encoding ?? ''] ?? source?.encoding ?? '')}
                </Typography>
                <FormControlLabel
                  control={
                    <Switch
                      checked={hasHeader}
                      onChange={(e) => {
                        setHasHeader(e.target.checked);
                        setMapping(initialMapping(table, e.target.checked));
                      }}
                    />
                  }
                  label={M.hasHeader}
                />
              </Stack>
              <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(170px, 1fr))', gap: 1.5 }}>
                {mapping.map((field, i) => {
                  const label = headerCells[i] || M.column(i + 1);
                  return (
                    <TextField
                      key={i}
                      select
                      size="small"
                      label={label}
                      value={field}
                      onChange={(e) => changeMapping(i, e.target.value as ImportField | '')}
                      slotProps={{ htmlInput: { 'aria-label': label }, select: { SelectDisplayProps: { 'aria-label': label } as object } }}
                    >
                      <MenuItem value="">{M.ignore}</MenuItem>
                      {IMPORT_FIELDS.map((f) => (
                        <MenuItem key={f} value={f}>
                          {M.fields[f]}
                        </MenuItem>
                      ))}
                    </TextField>
                  );
                })}
              </Box>
              <FixedValuesFields mapping={mapping} fixed={fixed} categories={check?.gruppi ?? []} onChange={setFixed} />
            </Paper>
          )}

          {/* The grid is drawn while the look-up travels; the counts wait for its answer (no zeros that are not true). */}
          {table && (
            <Paper sx={{ p: 2 }}>
              <Stack direction="row" spacing={2} useFlexGap sx={{ mb: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                {check ? (
                  <Typography data-testid="import-counts" sx={{ fontWeight: 500 }}>
                    {M.counts(valid, invalid, duplicates)}
                  </Typography>
                ) : (
                  <Typography color="text.secondary">{M.checking}</Typography>
                )}
                {clash.count > 0 && (
                  <Typography color="warning.main" sx={{ fontWeight: 500 }}>
                    {CLASH_MSG.importCount(clash.count)}
                  </Typography>
                )}
                <FormControlLabel control={<Switch checked={onlyErrors} onChange={(e) => setOnlyErrors(e.target.checked)} />} label={M.onlyErrors} />
                <Box sx={{ flex: 1 }} />
                {check && invalid > 0 && (
                  <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => void downloadFailed()}>
                    {M.downloadFailedRows(invalid)}
                  </Button>
                )}
                <Button variant="contained" disabled={valid === 0 || tooMany || importState.isLoading || !check} onClick={() => clash.ask((confirmed) => void doImport(confirmed))}>
                  {importState.isLoading ? M.importing : M.importButton(valid)}
                </Button>
              </Stack>
              {check && invalid > 0 && (
                <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                  {M.editHint}
                </Typography>
              )}
              {!check && checkState.isError && <Alert severity="error">{M.loadFailed}</Alert>}
              {tooMany && <Alert severity="warning">{M.tooManyValid(valid, IMPORT_MAX_ROWS)}</Alert>}
              {rows.length === 0 && !checkState.isLoading && check && <Alert severity="info">{M.noRows}</Alert>}
              {clash.dialog}
              <Box sx={{ height: 560 }}>
                <ItalianDataGrid
                  rows={shown}
                  getRowId={rowId}
                  columns={COLUMNS}
                  loading={checkState.isLoading}
                  getRowHeight={rowHeight}
                  rowHeight={ROW_HEIGHT}
                  disableRowSelectionOnClick
                  processRowUpdate={correct}
                  pageSizeOptions={PAGE_SIZES}
                  initialState={GRID_STATE}
                  getRowClassName={rowClass}
                  sx={GRID_SX}
                  slotProps={GRID_SLOTS}
                />
              </Box>
            </Paper>
          )}
        </>
      )}
    </Stack>
  );
}
