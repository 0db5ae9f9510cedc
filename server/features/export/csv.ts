// The period table as CSV (docs/export.md, CSV): Excel with Italian settings opens it as it is —
// UTF-8 with BOM, ';' separator, RFC 4180 quoting, CRLF, dates dd/mm/yyyy, times HH:mm — and
// no cell runs as a formula (a leading '). Written by csv-stringify, streamed row by row.
// A field holding a comma, a semicolon, a quote, a tab, a CR or an LF is always quoted
// (quotes doubled), so a reason written on two lines stays one multi-line cell and a row never
// splits or shifts, whatever separators the reader guesses (LibreOffice Calc offers ',', ';' and
// tab together; Python's csv.Sniffer may pick any of them).
import { Transform, pipeline, type Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { EXPORT_COLUMNS, exportRow, type ExportMatch } from '../../../common/export/rules';

/** A cell a spreadsheet would run as a formula (= + - @, TAB, CR, LF first) gets a leading '. */
export function neutraliseCell(value: string): string {
  return /^[=+\-@\t\r\n]/.test(value) ? `'${value}` : value;
}

/** What makes a field quoted besides csv-stringify's own rules (the delimiter, a quote, CR, LF). */
export const CSV_QUOTED_MATCH = /[,;"\t\r\n]/;

export const CSV_OPTIONS = {
  bom: true,
  delimiter: ';',
  record_delimiter: 'windows',
  quoted_match: CSV_QUOTED_MATCH,
  header: true,
  columns: EXPORT_COLUMNS.map((key) => ({ key, header: key })),
  cast: { string: neutraliseCell },
} as const;

/** Matches (objects in period order) in, CSV bytes out. Errors of the source end the output with that error. */
export function csvStream(matches: Readable): Readable {
  const toRow = new Transform({
    objectMode: true,
    transform(match: ExportMatch, _enc, done) {
      done(null, exportRow(match));
    },
  });
  const csv = stringify({ ...CSV_OPTIONS, columns: [...CSV_OPTIONS.columns] });
  return pipeline(matches, toRow, csv, () => undefined);
}
