// Reading a fixture file (docs/import.md): its bytes as text (UTF-8 or Windows-1252), its cells
// (separator guessed), and the cells Excel writes (Italian dates and times, serial dates and day
// fractions, formula-neutralised cells). The columns and rows are read in common/import/rules.ts.
import Papa from 'papaparse';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';

dayjs.extend(customParseFormat);

// ---- Bytes and text ----

/** File bytes to text: UTF-8 (with or without BOM) if they are valid UTF-8, else Windows-1252 (Excel on Italian Windows). */
export function decodeBytes(bytes: Uint8Array): { text: string; encoding: 'utf-8' | 'windows-1252' } {
  try {
    const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
    return { text, encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'windows-1252' };
  }
}

export type Separator = ';' | ',' | '\t';

export interface Table {
  separator: Separator;
  /** Every non-blank row, trailing empty cells removed. */
  rows: string[][];
  /** The file line (1-based) each row starts on. */
  lines: number[];
}

/** Cells of a CSV text or of pasted cells: separator guessed (tab, semicolon, comma), blank rows skipped. */
export function parseTable(input: string): Table {
  const text = input.replace(/^\uFEFF/, '');
  const result = Papa.parse<string[]>(text, { delimitersToGuess: ['\t', ';', ','], skipEmptyLines: false });
  const separator = (['\t', ';', ','].includes(result.meta.delimiter) ? result.meta.delimiter : ';') as Separator;
  const rows: string[][] = [];
  const lines: number[] = [];
  let line = 1;
  for (const raw of result.data) {
    const start = line;
    line += 1;
    for (const cell of raw) if (cell.includes('\n') || cell.includes('\r')) line += cell.match(/\r\n|\n|\r/g)!.length;
    const cells = raw.map((c) => c.trim());
    while (cells.length > 0 && cells[cells.length - 1] === '') cells.pop();
    if (cells.length === 0) continue;
    rows.push(cells);
    lines.push(start);
  }
  return { separator, rows, lines };
}

// ---- Values ----

/** Excel's day 0 (its 1900 leap-year bug included): serial 46000 is 2025-12-09. */
const EXCEL_EPOCH = dayjs('1899-12-30', 'YYYY-MM-DD');

/** A date the Italian way (dd/mm/yyyy, d/m/yy, yyyy-mm-dd, Excel serial number) as yyyy-mm-dd, or null. */
export function parseDate(raw: string): string | null {
  const s = raw.trim();
  if (s === '') return null;
  if (/^\d{5}(\.\d+)?$/.test(s)) {
    const serial = Math.floor(Number(s));
    if (serial < 20000 || serial > 80000) return null;
    return EXCEL_EPOCH.add(serial, 'day').format('YYYY-MM-DD');
  }
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/.exec(s);
  const ymd = /^(\d{4})[/.-](\d{1,2})[/.-](\d{1,2})$/.exec(s);
  let parts: [string, string, string];
  if (dmy) parts = [dmy[3].length === 2 ? `20${dmy[3]}` : dmy[3], dmy[2], dmy[1]];
  else if (ymd) parts = [ymd[1], ymd[2], ymd[3]];
  else return null;
  const [y, m, d] = parts.map(Number);
  if (m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) return null;
  return `${parts[0]}-${parts[1].padStart(2, '0')}-${parts[2].padStart(2, '0')}`;
}

/** Days of month `m` (1-12) of year `y`, Gregorian leap years (by hand: a strict dayjs parse per cell was a visible part of a 2,000-row preview). */
function daysInMonth(y: number, m: number): number {
  if (m === 2) return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(m) ? 30 : 31;
}

/** A time (9.30, 09:30, 9:30, 9, 15:00:00, an Excel day fraction 0.375) as HH:mm, or null. */
export function parseTime(raw: string): string | null {
  const s = raw.trim();
  if (s === '') return null;
  let h: number;
  let m: number;
  // 9, 9.30, 09:30, 9,30, 9h30, with seconds after the same separator (09:30:00, 09.30.00).
  const hm = /^(\d{1,2})(?:([.:,h])(\d{2})(?:\2\d{2})?)?$/.exec(s);
  if (hm) {
    h = Number(hm[1]);
    m = hm[3] ? Number(hm[3]) : 0;
  } else if (/^0?[.,]\d+$/.test(s)) {
    const minutes = Math.round(Number(s.replace(',', '.')) * 24 * 60);
    h = Math.floor(minutes / 60);
    m = minutes % 60;
  } else return null;
  if (h > 23 || m > 59) return null;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/** A cell as exported (a leading ' keeps a spreadsheet from running =, +, -, @ as a formula): the quote removed. */
export const unneutralise = (s: string) => (/^'[=+\-@]/.test(s) ? s.slice(1) : s);
/** unneutralise's inverse, as the CSV export writes cells (docs/export.md, CSV): a leading ' before =, +, -, @, TAB, CR, LF. */
export const neutralise = (s: string) => (/^[=+\-@\t\r\n]/.test(s) ? `'${s}` : s);
