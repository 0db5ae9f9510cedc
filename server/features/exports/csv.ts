// The period table as CSV (issue 10 item 2): Excel with Italian settings opens it as it is —
// UTF-8 with BOM, ';' separator, RFC 4180 quoting, CRLF, dates dd/mm/yyyy, times HH:mm — and
// no cell runs as a formula (SECURITY S13). Written by csv-stringify, streamed row by row.
import { Transform, pipeline, type Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { EXPORT_COLUMNS, exportRow, type ExportMatch } from '../../../common/exports';

/** A cell a spreadsheet would run as a formula (= + - @, TAB, CR, LF first) gets a leading '. */
export function neutraliseCell(value: string): string {
  return /^[=+\-@\t\r\n]/.test(value) ? `'${value}` : value;
}

export const CSV_OPTIONS = {
  bom: true,
  delimiter: ';',
  record_delimiter: 'windows',
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
