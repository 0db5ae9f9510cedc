import { useEffect, useMemo, useState, type ChangeEvent } from 'react';
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
import type { GridColDef } from '@mui/x-data-grid';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useSnackbar } from 'notistack';
import {
  IMPORT_FIELDS,
  IMPORT_MSG,
  buildRows,
  decodeBytes,
  guessField,
  importBody,
  looksLikeHeader,
  normalizeName,
  parseDate,
  parseTable,
  DEFAULT_ORDER,
  type ImportField,
  type ImportRow,
  type Mapping,
  type Table,
} from '../../../common/import';
import { todayIn } from '../../../common/dates';
import { MSG } from '../../../common/messages';
import { errorMessage } from '../../api/api';
import ItalianDataGrid from '../../components/ItalianDataGrid';
import { useClubConfig } from '../../store/useClubConfig';
import { paths } from '../../config/paths';
import { useCheckImportMutation, useImportPartiteMutation, type ImportCheck } from './importApi';

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

export default function ImportPage() {
  const { clubName, timezone } = useClubConfig();
  const { enqueueSnackbar } = useSnackbar();
  const [pasted, setPasted] = useState('');
  const [source, setSource] = useState<Source | null>(null);
  const [hasHeader, setHasHeader] = useState(true);
  const [mapping, setMapping] = useState<Mapping>([]);
  const [onlyErrors, setOnlyErrors] = useState(false);
  const [check, setCheck] = useState<ImportCheck | null>(null);
  const [created, setCreated] = useState<number[] | null>(null);
  const [runCheck, checkState] = useCheckImportMutation();
  const [runImport, importState] = useImportPartiteMutation();

  const table = useMemo(() => (source ? parseTable(source.text) : null), [source]);

  const read = (s: Source) => {
    const t = parseTable(s.text);
    const header = t.rows.length > 0 && looksLikeHeader(t.rows[0]);
    setSource(s);
    setHasHeader(header);
    setMapping(initialMapping(t, header));
    setCreated(null);
  };

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const { text, encoding } = decodeBytes(new Uint8Array(await file.arrayBuffer()));
    read({ text, encoding, name: file.name });
  };

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

  // The days of the file, for the server's look-up of categories and existing matches.
  const dates = useMemo(() => {
    const col = mapping.indexOf('data');
    if (!table || col < 0) return [];
    const set = new Set<string>();
    table.rows.slice(hasHeader ? 1 : 0).forEach((r) => {
      const d = parseDate(r[col] ?? '');
      if (d) set.add(d);
    });
    return [...set].sort();
  }, [table, mapping, hasHeader]);
  const datesKey = dates.join(',');

  useEffect(() => {
    if (!table) return;
    let live = true;
    runCheck(dates)
      .unwrap()
      .then((c) => live && setCheck(c))
      .catch((err: unknown) => live && enqueueSnackbar(errorMessage(err) || M.loadFailed, { variant: 'error' }));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the dates' content, not the array's identity
  }, [table, datesKey, runCheck, enqueueSnackbar]);

  const rows: ImportRow[] = useMemo(() => {
    if (!table || !check) return [];
    return buildRows(table, mapping, hasHeader, { mode: 'create', today: todayIn(timezone), clubName, categories: check.gruppi }, new Set(check.existing));
  }, [table, check, mapping, hasHeader, timezone, clubName]);

  const valid = rows.filter((r) => r.payload).length;
  const duplicates = rows.filter((r) => r.duplicate).length;
  const invalid = rows.length - valid;
  const shown = onlyErrors ? rows.filter((r) => r.errors.length > 0) : rows;

  const doImport = async () => {
    try {
      const res = await runImport(importBody(rows).partite).unwrap();
      setCreated(res.ids);
      enqueueSnackbar(M.done(res.create), { variant: 'success' });
    } catch (err) {
      enqueueSnackbar(errorMessage(err) || M.importFailed, { variant: 'error' });
    }
  };

  const columns: GridColDef<ImportRow>[] = [
    { field: 'line', headerName: M.rowHeader, width: 70, type: 'number' },
    { field: 'data', headerName: M.fields.data, width: 105, valueGetter: (_v, r) => fmtDate(r.values.data) },
    { field: 'ora', headerName: M.fields.ora, width: 75, valueGetter: (_v, r) => r.values.ora ?? '' },
    { field: 'oraFine', headerName: M.fields.oraFine, width: 75, valueGetter: (_v, r) => r.values.oraFine ?? '' },
    { field: 'squadraCasa', headerName: M.fields.squadraCasa, flex: 1, minWidth: 110, valueGetter: (_v, r) => r.values.squadraCasa ?? '' },
    { field: 'squadraTrasferta', headerName: M.fields.squadraTrasferta, flex: 1, minWidth: 110, valueGetter: (_v, r) => r.values.squadraTrasferta ?? '' },
    { field: 'campo', headerName: M.fields.campo, flex: 1, minWidth: 100, valueGetter: (_v, r) => r.values.campo ?? '' },
    { field: 'gruppo', headerName: M.fields.gruppo, width: 110, valueGetter: (_v, r) => r.values.gruppo ?? '' },
    { field: 'tipoGara', headerName: M.fields.tipoGara, width: 105, valueGetter: (_v, r) => (r.values.tipoGara ? (MSG.match.tipoGara as Record<string, string>)[r.values.tipoGara] : '') },
    { field: 'terreno', headerName: M.fields.terreno, width: 95, valueGetter: (_v, r) => (r.values.terreno ? (MSG.match.terrenoLabel as Record<string, string>)[r.values.terreno] : '') },
    {
      field: 'errors',
      headerName: M.problemsHeader,
      flex: 2,
      minWidth: 240,
      sortable: false,
      valueGetter: (_v, r) => r.errors.join(' · '),
      renderCell: ({ row }) =>
        row.errors.length === 0 ? (
          <Chip size="small" color="success" label={M.ok} />
        ) : (
          <Box sx={{ py: 0.5, whiteSpace: 'normal', lineHeight: 1.3, color: 'error.main' }} data-testid="row-errors">
            {row.errors.map((e) => (
              <div key={e}>{e}</div>
            ))}
          </Box>
        ),
    },
  ];

  const headerCells = table && hasHeader ? table.rows[0] : [];

  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        {M.title}
      </Typography>

      {created ? (
        <Paper sx={{ p: 2 }}>
          <Typography variant="h6" component="h2" gutterBottom>
            {M.resultTitle}
          </Typography>
          <Alert severity="success" sx={{ mb: 2 }}>
            {M.done(created.length)}
          </Alert>
          <Box component="ol" aria-label={M.resultTitle} sx={{ columns: { md: 3 }, m: 0 }}>
            {rows
              .filter((r) => r.payload)
              .map((r, i) => (
                <li key={created[i] ?? r.line}>
                  <Link component={RouterLink} to={paths.editMatch.getHref(String(created[i]))}>
                    {`${fmtDate(r.values.data)} ${r.values.ora} · ${r.values.squadraCasa} - ${r.values.squadraTrasferta}`}
                  </Link>
                </li>
              ))}
          </Box>
          <Button
            sx={{ mt: 2 }}
            variant="outlined"
            onClick={() => {
              setCreated(null);
              setSource(null);
              setPasted('');
              setCheck(null);
            }}
          >
            {M.again}
          </Button>
        </Paper>
      ) : (
        <>
          <Paper sx={{ p: 2 }}>
            <Typography sx={{ mb: 2 }}>{M.intro}</Typography>
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
              <Button variant="outlined" component="label" startIcon={<UploadFileIcon />} sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}>
                {M.chooseFile}
                <input hidden type="file" accept=".csv,text/csv" data-testid="import-file" onChange={(e) => void onFile(e)} />
              </Button>
              <TextField
                label={M.pasteLabel}
                multiline
                minRows={4}
                maxRows={10}
                fullWidth
                value={pasted}
                onChange={(e) => setPasted(e.target.value)}
                slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace', whiteSpace: 'pre' } } }}
              />
              <Button variant="contained" sx={{ flexShrink: 0, whiteSpace: 'nowrap' }} disabled={pasted.trim() === ''} onClick={() => read({ text: pasted, encoding: 'UTF-8', name: null })}>
                {M.read}
              </Button>
            </Stack>
          </Paper>

          {table && (
            <Paper sx={{ p: 2 }}>
              <Stack direction="row" spacing={2} useFlexGap sx={{ mb: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography variant="h6" component="h2">
                  {M.mappingTitle}
                </Typography>
                {source?.name && <Typography variant="body2">{M.fileLabel(source.name)}</Typography>}
                <Typography variant="body2" color="text.secondary">
                  {M.readInfo(table.rows.length, M.separatorName[table.separator], source?.encoding ?? '')}
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
            </Paper>
          )}

          {table && (
            <Paper sx={{ p: 2 }}>
              <Stack direction="row" spacing={2} useFlexGap sx={{ mb: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography data-testid="import-counts" sx={{ fontWeight: 500 }}>
                  {M.counts(valid, invalid, duplicates)}
                </Typography>
                <FormControlLabel control={<Switch checked={onlyErrors} onChange={(e) => setOnlyErrors(e.target.checked)} />} label={M.onlyErrors} />
                <Box sx={{ flex: 1 }} />
                <Button variant="contained" disabled={valid === 0 || importState.isLoading || !check} onClick={() => void doImport()}>
                  {importState.isLoading ? M.importing : M.importButton(valid)}
                </Button>
              </Stack>
              {rows.length === 0 && !checkState.isLoading && check && <Alert severity="info">{M.noRows}</Alert>}
              <Box sx={{ height: 560 }}>
                <ItalianDataGrid
                  rows={shown}
                  getRowId={(r) => r.line}
                  columns={columns}
                  loading={checkState.isLoading}
                  getRowHeight={() => 'auto'}
                  disableRowSelectionOnClick
                  pageSizeOptions={[25, 50, 100]}
                  initialState={{ pagination: { paginationModel: { pageSize: 50 } } }}
                  getRowClassName={(p) => (p.row.errors.length ? 'import-row-error' : '')}
                  sx={{ '& .import-row-error': { bgcolor: 'rgba(211, 47, 47, 0.06)' } }}
                />
              </Box>
            </Paper>
          )}
        </>
      )}
    </Stack>
  );
}
