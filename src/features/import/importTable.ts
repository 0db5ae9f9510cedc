// The file's table as the import screen reads it: the column mapping (guessed, or the one the
// editor chose last time for the same header), the days asked of the server, the dates shown.
import { IMPORT_FIELDS, DEFAULT_ORDER, type ImportField, type Mapping } from '../../../common/import/constants';
import { guessField, normalizeName } from '../../../common/import/rules';
import { parseDate, type Table } from '../../../common/import/parse';

/** What was read: the text, its encoding, and the file's name (null when pasted). */
export interface Source {
  text: string;
  encoding: string;
  name: string | null;
}

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

/** Each column's field: the one remembered for it, else guessed from its header (or its position); a field maps one column. */
export function initialMapping(table: Table, hasHeader: boolean): Mapping {
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

/** Remembers the editor's mapping for the next file with the same header. */
export function rememberMapping(table: Table, hasHeader: boolean, mapping: Mapping): void {
  const saved = loadSaved();
  mapping.forEach((f, j) => (saved[columnKey(table, hasHeader, j)] = f));
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(saved));
  } catch {
    // Private mode or full storage: the mapping is simply not remembered.
  }
}

/** The days of the file (sorted), for the server's look-up of categories and existing matches. */
export function fileDates(table: Table, mapping: Mapping, hasHeader: boolean): string[] {
  const col = mapping.indexOf('data');
  if (col < 0) return [];
  const set = new Set<string>();
  for (let r = hasHeader ? 1 : 0; r < table.rows.length; r++) {
    const d = parseDate(table.rows[r][col] ?? '');
    if (d) set.add(d);
  }
  return [...set].sort();
}

/** yyyy-mm-dd as dd/mm/yyyy ('' for none). */
export const fmtDate = (iso?: string | null) => (iso ? iso.split('-').reverse().join('/') : '');
