// Fixture import (docs/import.md): a CSV file or cells pasted from a spreadsheet the Italian way (read
// by common/import/parse.ts): guessing the columns, and validating each row with the SAME shared rules
// as the match form (common/matches/rules.ts). Used by the /importa screen, the import route and the benchmark.
import type { stringify as Stringify } from 'csv-stringify/sync';
import { MSG } from '../core/messages';
import { IMPORT_MSG } from './messages';
import { IMPORT_FIELDS, type ImportField, type Mapping, DEFAULT_ORDER, FIXABLE_FIELDS, type FixedValues } from './constants';
import { parseTable, type Table, parseDate, parseTime, unneutralise, neutralise } from './parse';
import { TERRENI, TIPI_GARA } from '../matches/read';
import { partitaPayloadSchema, type PartitaPayload, type PartitaValues, type ValidateOptions } from '../matches/rules';

// ---- Columns ----

/** Lower case, no accents, words separated by one space. */
export function normalizeName(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

const HEADER_ALIASES: Record<ImportField, string[]> = {
  data: ['data', 'data partita', 'giorno', 'date', 'day', 'match date'],
  ora: ['ora', 'inizio', 'ora inizio', 'ora di inizio', 'orario', 'ore', 'time', 'start', 'start time', 'kick off', 'kickoff'],
  oraFine: ['fine', 'ora fine', 'ora di fine', 'termine', 'end', 'end time'],
  squadraCasa: ['casa', 'squadra casa', 'squadra di casa', 'squadracasa', 'locali', 'home', 'home team'],
  squadraTrasferta: ['ospiti', 'ospite', 'squadra ospite', 'squadra ospiti', 'trasferta', 'squadra trasferta', 'squadratrasferta', 'away', 'away team', 'visitors', 'guest'],
  campo: ['campo', 'campo di gioco', 'impianto', 'luogo', 'field', 'pitch', 'venue', 'ground'],
  gruppo: ['categoria', 'gruppo', 'squadra', 'category', 'group', 'team', 'division'],
  tipoGara: ['tipo', 'tipo gara', 'tipo partita', 'competizione', 'type', 'match type', 'competition'],
  terreno: ['terreno', 'fondo', 'superficie', 'surface', 'turf'],
  isHouseMatch: ['casa trasferta', 'in casa', 'partita in casa', 'home away', 'home match'],
  spogliatoioGari: ['spogliatoio', 'spogliatoio garibaldina', 'spogliatoio casa', 'spogliatoio gari', 'home room', 'locker room'],
  spogliatoioOspiti: ['spogliatoio ospiti', 'spogliatoio ospite', 'away room'],
};

const ALIAS_INDEX = new Map<string, ImportField>(
  (Object.entries(HEADER_ALIASES) as Array<[ImportField, string[]]>).flatMap(([f, names]) => names.map((n) => [n, f] as [string, ImportField])),
);

/** The field a header names, or '' when none. */
export function guessField(header: string): ImportField | '' {
  const whole = ALIAS_INDEX.get(normalizeName(header));
  if (whole) return whole;
  // 'Città / Campo', 'Ora (inizio)': a part of it that names a field, the last first.
  const parts = header.split(/[/()|-]/).map(normalizeName).filter(Boolean).reverse();
  for (const part of parts) {
    const f = ALIAS_INDEX.get(part);
    if (f) return f;
  }
  return '';
}

/** Fields for a header row, each field used once (the first column that names it wins). */
export function guessMapping(headers: string[]): Mapping {
  const used = new Set<ImportField>();
  return headers.map((h) => {
    const f = guessField(h);
    if (!f || used.has(f)) return '';
    used.add(f);
    return f;
  });
}

/** True when the first row reads as column names: at least two known names and no date or time in it. */
export function looksLikeHeader(row: string[]): boolean {
  const named = row.filter((c) => guessField(c) !== '').length;
  const values = row.filter((c) => parseDate(c) !== null || parseTime(c) !== null).length;
  return named >= 2 && values === 0;
}

// ---- Values ----

/** Normalised value and Italian label -> value (the first value wins, as a search in order would). */
function labelIndex<T extends string>(values: readonly T[], labels: Record<T, string>): Map<string, T> {
  const index = new Map<string, T>();
  for (const v of [...values].reverse()) {
    index.set(normalizeName(labels[v]), v);
    index.set(normalizeName(v), v);
  }
  return index;
}
const TIPO_INDEX = labelIndex(TIPI_GARA, MSG.match.tipoGara);
const TERRENO_INDEX = labelIndex(TERRENI, MSG.match.terrenoLabel);

/** Tipo gara by its Italian label or value, any case. */
export const parseTipoGara = (raw: string) => TIPO_INDEX.get(normalizeName(raw)) ?? null;
/** Terreno by its Italian label or value, any case. */
export const parseTerreno = (raw: string) => TERRENO_INDEX.get(normalizeName(raw)) ?? null;

const HOME_WORDS = new Set(['casa', 'si', 'sì', 'x', 'yes', 'y', 'true', '1', 'home', 'c']);
const AWAY_WORDS = new Set(['trasferta', 'no', 'false', '0', 'away', 'fuori', 't']);

/** 'Casa' / 'Trasferta' (as exported), sì/no, x ... as a boolean; null when not understood. */
export function parseHome(raw: string): boolean | null {
  const n = normalizeName(raw);
  if (HOME_WORDS.has(n)) return true;
  if (AWAY_WORDS.has(n)) return false;
  return null;
}

function distance(a: string, b: string): number {
  const prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0];
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = prev[j];
      prev[j] = Math.min(prev[j] + 1, prev[j - 1] + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = tmp;
    }
  }
  return prev[b.length];
}

export type CategoryMatch = { name: string } | { suggestion: string | null };

/** Normalised name -> category (the first wins), kept for the last list seen: every row of a file asks with the same one. */
let categoryCache: { list: readonly string[]; index: Map<string, string> } | null = null;
function categoryIndex(categories: readonly string[]): Map<string, string> {
  if (categoryCache?.list !== categories) {
    const index = new Map<string, string>();
    for (const c of [...categories].reverse()) index.set(normalizeName(c), c);
    categoryCache = { list: categories, index };
  }
  return categoryCache.index;
}

/** A category name matched to the existing ones ignoring case and accents, or the nearest one as a suggestion. */
export function matchCategory(raw: string, categories: readonly string[]): CategoryMatch {
  const n = normalizeName(raw);
  const exact = categoryIndex(categories).get(n);
  if (exact !== undefined) return { name: exact };
  let best: string | null = null;
  let bestDistance = Infinity;
  for (const c of categories) {
    const cn = normalizeName(c);
    const d = cn.startsWith(n) || n.startsWith(cn) ? Math.min(1, distance(n, cn)) : distance(n, cn);
    if (d < bestDistance) {
      best = c;
      bestDistance = d;
    }
  }
  return { suggestion: best !== null && bestDistance <= Math.max(2, Math.floor(n.length / 4)) ? best : null };
}

// ---- Rows ----

export interface ImportRow {
  /** 1-based line of the file (header included). */
  line: number;
  /** The match body as POST /api/partite takes it (what will be sent). */
  values: PartitaValues;
  /** The normalised payload when the row is valid. */
  payload: PartitaPayload | null;
  errors: string[];
  duplicate: 'file' | 'existing' | null;
  /** Each field's text as read (cell, fixed value or correction): what the preview shows when it is not understood. */
  raw: RawValues;
}

/** A row's fields as text, as a cell holds them. */
export type RawValues = Partial<Record<ImportField, string>>;
/** The editor's corrections, by file line: each field's new text (empty: no value). */
export type RowEdits = ReadonlyMap<number, RawValues>;

export interface BuildOptions extends ValidateOptions {
  categories: readonly string[];
}

/** The mapping and each row's cells with the fixed values as extra columns, for the fields no column fills. */
function withFixed(table: Table, mapping: Mapping, fixed: FixedValues): { mapping: Mapping; extra: string[] } {
  const fields = FIXABLE_FIELDS.filter((f) => (fixed[f] ?? '').trim() !== '' && !mapping.includes(f));
  if (fields.length === 0) return { mapping, extra: [] };
  const width = table.rows.reduce((n, r) => Math.max(n, r.length), mapping.length);
  const padded: Mapping = Array.from({ length: width }, (_, i) => mapping[i] ?? '');
  return { mapping: [...padded, ...fields], extra: fields.map((f) => fixed[f] as string) };
}

/** The key two matches share when they are the same fixture: date, start time and teams (any case). */
export const duplicateKey = (p: { data: string; ora: string; squadraCasa: string; squadraTrasferta: string }) =>
  `${p.data}|${p.ora.slice(0, 5)}|${p.squadraCasa.trim().toLocaleLowerCase('it')}|${p.squadraTrasferta.trim().toLocaleLowerCase('it')}`;

const LABELS = IMPORT_MSG.fields;

/** One row's cells read into a match body with the mapping; problems of single values listed. */
export function readRow(cells: string[], mapping: Mapping, categories: readonly string[]): { values: PartitaValues; errors: string[]; raw: RawValues } {
  const values: PartitaValues = {};
  const errors: string[] = [];
  const raw: RawValues = {};
  mapping.forEach((field, i) => {
    if (!field) return;
    const cell = unneutralise(cells[i] ?? '');
    if (cell === '') return;
    raw[field] = cell;
    switch (field) {
      case 'data': {
        const d = parseDate(cell);
        if (d) values.data = d;
        else errors.push(IMPORT_MSG.badDate(cell));
        break;
      }
      case 'ora':
      case 'oraFine': {
        const t = parseTime(cell);
        if (t) values[field] = t;
        else errors.push(IMPORT_MSG.badTime(MSG.match.labels[field], cell));
        break;
      }
      case 'tipoGara': {
        const t = parseTipoGara(cell);
        if (t) values.tipoGara = t;
        else errors.push(IMPORT_MSG.badTipo(cell));
        break;
      }
      case 'terreno': {
        const t = parseTerreno(cell);
        if (t) values.terreno = t;
        else errors.push(IMPORT_MSG.badTerreno(cell));
        break;
      }
      case 'isHouseMatch': {
        const h = parseHome(cell);
        if (h !== null) values.isHouseMatch = h;
        else errors.push(IMPORT_MSG.badHome(cell));
        break;
      }
      case 'spogliatoioGari':
      case 'spogliatoioOspiti': {
        if (/^\d{1,2}$/.test(cell)) values[field] = Number(cell);
        else errors.push(IMPORT_MSG.badRoom(LABELS[field], cell));
        break;
      }
      case 'gruppo': {
        const m = matchCategory(cell, categories);
        if ('name' in m) values.gruppo = m.name;
        else {
          values.gruppo = cell;
          errors.push(m.suggestion ? IMPORT_MSG.suggestCategory(cell, m.suggestion, [...categories]) : IMPORT_MSG.unknownCategory(cell, [...categories]));
        }
        break;
      }
      default:
        values[field] = cell;
    }
  });
  return { values, errors, raw };
}

/** A row's cells and mapping with its corrections: a field's column (or fixed value) replaced, else added at the end. */
function withEdits(cells: string[], mapping: Mapping, edits: RawValues): { cells: string[]; mapping: Mapping } {
  const outCells = Array.from({ length: mapping.length }, (_, i) => cells[i] ?? '');
  const outMapping = [...mapping];
  for (const [field, text] of Object.entries(edits) as Array<[ImportField, string]>) {
    const i = outMapping.indexOf(field);
    if (i >= 0) outCells[i] = text.trim();
    else {
      outMapping.push(field);
      outCells.push(text.trim());
    }
  }
  return { cells: outCells, mapping: outMapping };
}

/**
 * Every data row read and validated with the form's schema (partitaPayloadSchema), duplicates
 * within the file and of `existing` keys (duplicateKey) flagged. Rows with a duplicate are not valid.
 * `edits` are the editor's corrections of single rows (by file line), read as cells of those fields.
 */
export function buildRows(
  table: Table,
  mapping: Mapping,
  hasHeader: boolean,
  opts: BuildOptions,
  existing: ReadonlySet<string> = new Set(),
  fixed: FixedValues = {},
  edits?: RowEdits,
): ImportRow[] {
  const schema = partitaPayloadSchema(opts);
  const seen = new Map<string, number>();
  const out: ImportRow[] = [];
  const all = withFixed(table, mapping, fixed);
  const width = all.mapping.length - all.extra.length;
  for (let r = hasHeader ? 1 : 0; r < table.rows.length; r++) {
    const line = table.lines[r];
    const cells = all.extra.length ? [...Array.from({ length: width }, (_, i) => table.rows[r][i] ?? ''), ...all.extra] : table.rows[r];
    const rowEdits = edits?.get(line);
    const read = rowEdits ? withEdits(cells, all.mapping, rowEdits) : { cells, mapping: all.mapping };
    const { values, errors, raw } = readRow(read.cells, read.mapping, opts.categories);
    let payload: PartitaPayload | null = null;
    let duplicate: ImportRow['duplicate'] = null;
    if (errors.length === 0) {
      const result = schema.safeParse(values);
      if (result.success) payload = result.data;
      else errors.push(...result.error.issues.map((i) => i.message));
    }
    const probe = payload ?? (values.data && values.ora && values.squadraCasa && values.squadraTrasferta ? (values as Parameters<typeof duplicateKey>[0]) : null);
    if (probe) {
      const key = duplicateKey(probe);
      const first = seen.get(key);
      if (first !== undefined) {
        duplicate = 'file';
        errors.push(IMPORT_MSG.duplicateInFile(first));
      } else {
        seen.set(key, line);
        if (existing.has(key)) {
          duplicate = 'existing';
          errors.push(IMPORT_MSG.duplicateExisting);
        }
      }
    }
    out.push({ line, values, payload: errors.length === 0 ? payload : null, errors, duplicate, raw });
  }
  return out;
}

/** Whole text in, rows out: separator and header detected, columns guessed (or `mapping` when given). */
export function readImport(text: string, opts: BuildOptions, mapping?: Mapping, existing?: ReadonlySet<string>) {
  const table = parseTable(text);
  const hasHeader = table.rows.length > 0 && looksLikeHeader(table.rows[0]);
  const width = table.rows.reduce((n, r) => Math.max(n, r.length), 0);
  const guessed = hasHeader ? guessMapping(table.rows[0]) : DEFAULT_ORDER.slice(0, width);
  const used = mapping ?? guessed;
  return { table, hasHeader, mapping: used, rows: buildRows(table, used, hasHeader, opts, existing) };
}

/** The rows of a table whose lines are not in `lines` (the header kept): what stays in the preview after an import. */
export function withoutLines(table: Table, lines: ReadonlySet<number>, hasHeader: boolean): Table {
  const keep = table.rows.map((_, r) => (hasHeader && r === 0) || !lines.has(table.lines[r]));
  return { separator: table.separator, rows: table.rows.filter((_, r) => keep[r]), lines: table.lines.filter((_, r) => keep[r]) };
}

/** The columns of the rows-with-problems file: every field by its label (the import reads them back), the problems, the line. */
const FAILED_COLUMNS = [
  ...IMPORT_FIELDS.map((field) => ({ key: field, header: IMPORT_MSG.fields[field] })),
  { key: 'problemi', header: IMPORT_MSG.problemsHeader },
  { key: 'riga', header: IMPORT_MSG.rowHeader },
];

/**
 * The rows that were not imported as a CSV Excel opens as it is, like the export's (UTF-8 with BOM,
 * ';', CRLF, quoted fields, no cell run as a formula): each field's text as read or corrected, the
 * problems, the file line. Read back by this import (the headers are the fields' labels).
 * `stringify` is csv-stringify's sync one: the browser loads its own build ('csv-stringify/browser/esm/sync')
 * when the file is asked for, Node the package's.
 */
export function failedRowsCsv(rows: readonly ImportRow[], stringify: typeof Stringify): string {
  const records = rows.map((r) => ({ ...r.raw, problemi: r.errors.join(' · '), riga: String(r.line) }));
  return stringify(records, {
    bom: true,
    delimiter: ';',
    record_delimiter: 'windows',
    quoted_match: /[,;"\t\r\n]/,
    header: true,
    columns: FAILED_COLUMNS,
    cast: { string: neutralise },
  });
}

/** The POST /api/partite/import body of the valid rows. */
export function importBody(rows: ImportRow[]): { partite: PartitaValues[]; righe: number[] } {
  const valid = rows.filter((r) => r.payload);
  return { partite: valid.map((r) => r.values), righe: valid.map((r) => r.line) };
}
