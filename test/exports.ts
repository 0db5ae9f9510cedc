// Test helpers of the export feature: its matches written straight into the database, and the
// text of a PDF read back with pdfjs-dist (in a child process: it is ESM-only).
import { execFile } from 'node:child_process';
import path from 'node:path';
import type { Db } from '../server/db/pool';
import { insertMatch, type MatchRow } from './matches';

export type { MatchRow };

/** The categories the export tests use, then the matches; a home match without an end time ends at 18:00. */
export async function insertMatches(db: Db, rows: MatchRow[]): Promise<void> {
  await db.query(`INSERT INTO public.gruppi (name) VALUES ('Pulcini'), ('Esordienti'), ('Allievi') ON CONFLICT DO NOTHING`);
  for (const r of rows) await insertMatch(db, { ...r, ora_fine: r.ora_fine ?? (r.is_house_match ? '18:00' : null) });
}

/** The text of each page of a PDF. */
export function pdfPages(pdf: Buffer): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = execFile(process.execPath, [path.join(process.cwd(), 'test/pdf-text.mjs')], { maxBuffer: 64 * 1024 * 1024 }, (err, stdout) =>
      err ? reject(err) : resolve(JSON.parse(stdout)),
    );
    child.stdin!.end(pdf);
  });
}

/**
 * Names of active content (docs/export.md, PDF: no JavaScript, actions or links) found in the PDF's objects (outside the compressed
 * content and font streams, whose random bytes could spell anything): [] for a safe file.
 */
export function activeContent(pdf: Buffer): string[] {
  const objects = pdf.toString('latin1').replace(/stream\r?\n[\s\S]*?endstream/g, '');
  return objects.match(/\/(JavaScript|JS|Launch|OpenAction|AA|SubmitForm|URI|EmbeddedFile)\b/g) ?? [];
}

/** A text run of a PDF page: its text, start x, baseline y (points from the top-left corner), width and font size. */
export interface PdfTextItem { str: string; x: number; y: number; width: number; size: number }
/** A straight stroked segment of a PDF page (points from the top-left corner) and its line width. */
export interface PdfLine { x1: number; y1: number; x2: number; y2: number; width: number }
export interface PdfPageLayout { width: number; height: number; items: PdfTextItem[]; lines: PdfLine[] }

/** Where each page's text runs and stroked segments are (pdf-layout.mjs, pdfjs-dist's text content and operator list). */
export function pdfLayout(pdf: Buffer): Promise<PdfPageLayout[]> {
  return new Promise((resolve, reject) => {
    const child = execFile(process.execPath, [path.join(process.cwd(), 'test/pdf-layout.mjs')], { maxBuffer: 64 * 1024 * 1024 }, (err, stdout) =>
      err ? reject(err) : resolve(JSON.parse(stdout)),
    );
    child.stdin!.end(pdf);
  });
}

/** The fonts each page's text is set in, and whether the PDF embeds each (pdf-fonts.mjs, pdfjs-dist). */
export function pdfFonts(pdf: Buffer): Promise<Array<Array<{ name: string; embedded: boolean }>>> {
  return new Promise((resolve, reject) => {
    const child = execFile(process.execPath, [path.join(process.cwd(), 'test/pdf-fonts.mjs')], { maxBuffer: 64 * 1024 * 1024 }, (err, stdout) =>
      err ? reject(err) : resolve(JSON.parse(stdout)),
    );
    child.stdin!.end(pdf);
  });
}
