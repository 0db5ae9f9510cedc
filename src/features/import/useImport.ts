import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSnackbar } from 'notistack';
import { IMPORT_MAX_ROWS, type FixedValues, type ImportField, type Mapping } from '../../../common/import/constants';
import { IMPORT_MSG as M } from '../../../common/import/messages';
import {
  buildRows,
  duplicateKey,
  failedRowsCsv,
  importBody,
  looksLikeHeader,
  withoutLines,
  type ImportRow,
  type RawValues,
} from '../../../common/import/rules';
import { parseDate, parseTable, type Table } from '../../../common/import/parse';
import type { ImportCheck } from '../../../common/import/types';
import { todayIn } from '../../../common/core/dates';
import { errorMessage } from '../../api/api';
import { useClubConfig } from '../../store/useClubConfig';
import { saveFile } from '../../components/saveFile';
import { useCheckImportMutation, useImportPartiteMutation } from './importApi';
import type { Slot } from '../../../common/occupancy/slots';
import { rowSlotQuery, useImportClashes } from './ImportClashes';
import { fileDates, fmtDate, initialMapping, rememberMapping, type Source } from './importTable';

/** A created match as the result lists it. */
export interface CreatedMatch {
  id: number;
  label: string;
}

const NO_EDITS: ReadonlyMap<number, RawValues> = new Map();

/**
 * The import screen's state and actions: the file read (parsed once, its days asked of the server
 * at once), the mapping and the values for every row, the editor's corrections of single cells,
 * the rows built from all of them with their problems and clashes, the import of the valid rows
 * (the rows with problems stay), the rows-with-problems file, and starting again.
 */
export function useImport() {
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
  const read = useCallback(
    (s: Source) => {
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
    },
    [ask],
  );

  /** Column i now fills `field` (a field fills one column: another column that had it is ignored); remembered for the next file. */
  const changeMapping = (i: number, field: ImportField | '') => {
    if (!table) return;
    const next = mapping.map((f, j) => (j === i ? field : f === field && field !== '' ? '' : f));
    setMapping(next);
    rememberMapping(table, hasHeader, next);
  };

  /** The first line is a header, or not: the mapping starts again from it. */
  const changeHeader = (header: boolean) => {
    if (!table) return;
    setHasHeader(header);
    setMapping(initialMapping(table, header));
  };

  // A changed date column or header switch changes the days: asked again; so does a row's date
  // corrected (by hand or from a slot), so its clashes are checked against that day's matches.
  const dates = useMemo(() => {
    if (!table) return [];
    const days = new Set(fileDates(table, mapping, hasHeader));
    for (const e of edits.values()) {
      const d = e.data ? parseDate(e.data) : null;
      if (d) days.add(d);
    }
    return [...days].sort();
  }, [table, mapping, hasHeader, edits]);
  const datesKey = dates.join(',');
  useEffect(() => {
    if (table && datesKey !== asked.current) ask(dates);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the dates' content, not the array's identity
  }, [table, datesKey, ask]);

  const rows: ImportRow[] = useMemo(() => {
    if (!table || !check) return [];
    return buildRows(table, mapping, hasHeader, { mode: 'create', today: todayIn(timezone), timezone, clubName, categories: check.gruppi }, new Set(check.existing), fixed, edits);
  }, [table, check, mapping, hasHeader, timezone, clubName, fixed, edits]);
  // Each valid row's clashes (docs/occupancy.md) among its problems (the grid shows clash.rows); importing clashing rows asks first.
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

  /** A corrected cell: its text replaces the field's cell for that row (buildRows reads it again). */
  const correct = useCallback((line: number, field: ImportField, text: string) => {
    setEdits((all) => new Map(all).set(line, { ...all.get(line), [field]: text.trim() }));
  }, []);

  /** 'Trova uno slot' of a clashing row: what it looks for (null for a row that is not valid). */
  const slotQuery = useCallback((row: ImportRow) => rowSlotQuery(row, clubName), [clubName]);
  /**
   * A slot chosen for a row: its date, start and end (a home row also its pitch and rooms, the club's
   * first) replace the row's cells, as corrections by hand do; the row is read and checked again.
   */
  const chooseSlot = useCallback(
    (row: ImportRow, slot: Slot) => {
      const home = rowSlotQuery(row, clubName)?.casa ?? false;
      const texts: RawValues = { data: fmtDate(slot.data), ora: slot.ora, oraFine: slot.oraFine };
      if (home) {
        if (slot.campo) texts.campo = slot.campo;
        texts.spogliatoioGari = slot.spogliatoi[0] != null ? String(slot.spogliatoi[0]) : '';
        texts.spogliatoioOspiti = slot.spogliatoi[1] != null ? String(slot.spogliatoi[1]) : '';
      }
      setEdits((all) => new Map(all).set(row.line, { ...all.get(row.line), ...texts }));
    },
    [clubName],
  );

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
  /** Imports the valid rows; when some clash, the dialog asks first. */
  const importValid = () => clash.ask((confirmed) => void doImport(confirmed));

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

  return {
    source,
    table,
    hasHeader,
    mapping,
    fixed,
    check,
    created,
    /** The file's data rows still in the preview (the header left out). */
    dataRows,
    /** Every row of the file imported: only the result is left. */
    finished: created !== null && dataRows === 0,
    read,
    changeMapping,
    changeHeader,
    setFixed,
    preview: {
      check,
      rows,
      shown,
      clash,
      valid,
      invalid,
      duplicates,
      tooMany,
      onlyErrors,
      setOnlyErrors,
      checking: checkState.isLoading,
      checkFailed: checkState.isError,
      importing: importState.isLoading,
      correct,
      slotQuery,
      chooseSlot,
      importValid,
      downloadFailed,
    },
    startAgain,
  };
}

export type ImportPreview = ReturnType<typeof useImport>['preview'];
