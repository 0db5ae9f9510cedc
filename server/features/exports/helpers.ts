// Test helpers of the export feature: matches written straight into the database, and the
// text of a PDF read back with pdfjs-dist (in a child process: it is ESM-only).
import { execFile } from 'node:child_process';
import path from 'node:path';
import type { Db } from '../../db/pool';

export interface MatchRow {
  data: string;
  ora: string;
  ora_fine?: string | null;
  squadracasa: string;
  squadratrasferta: string;
  gruppo?: string;
  campo?: string;
  is_house_match?: boolean;
  spogliatoio_gari?: number | null;
  spogliatoio_ospiti?: number | null;
  terreno?: string | null;
  tipo_gara?: string;
}

export async function insertMatches(db: Db, rows: MatchRow[]): Promise<void> {
  await db.query(`INSERT INTO public.gruppi (name) VALUES ('Pulcini'), ('Esordienti'), ('Allievi') ON CONFLICT DO NOTHING`);
  for (const r of rows) {
    await db.query(
      `INSERT INTO public.partite (data, ora, ora_fine, squadracasa, squadratrasferta, gruppo, campo, is_house_match,
         spogliatoio_gari, spogliatoio_ospiti, terreno, tipo_gara)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [
        r.data, r.ora, r.ora_fine ?? (r.is_house_match ? '18:00' : null), r.squadracasa, r.squadratrasferta, r.gruppo ?? 'Pulcini',
        r.campo ?? 'Stadio Comunale', r.is_house_match ?? false, r.spogliatoio_gari ?? null, r.spogliatoio_ospiti ?? null,
        r.terreno ?? null, r.tipo_gara ?? 'campionato',
      ],
    );
  }
}

/** The text of each page of a PDF. */
export function pdfPages(pdf: Buffer): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = execFile(process.execPath, [path.join(process.cwd(), 'server/features/exports/pdf-text.mjs')], { maxBuffer: 64 * 1024 * 1024 }, (err, stdout) =>
      err ? reject(err) : resolve(JSON.parse(stdout)),
    );
    child.stdin!.end(pdf);
  });
}

/**
 * Names of active content (SECURITY S14) found in the PDF's objects (outside the compressed
 * content and font streams, whose random bytes could spell anything): [] for a safe file.
 */
export function activeContent(pdf: Buffer): string[] {
  const objects = pdf.toString('latin1').replace(/stream\r?\n[\s\S]*?endstream/g, '');
  return objects.match(/\/(JavaScript|JS|Launch|OpenAction|AA|SubmitForm|URI|EmbeddedFile)\b/g) ?? [];
}
