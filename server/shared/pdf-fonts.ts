import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** The names the sheets register the DejaVu faces under (embedded in every PDF, docs/export.md). */
export const FONT = 'Sans';
export const BOLD = 'Sans-Bold';

let fonts: { regular: Buffer; bold: Buffer } | null = null;

/** The DejaVu TTF files, read once (resolved from the project's node_modules). */
export function fontFiles(): { regular: Buffer; bold: Buffer } {
  if (!fonts) {
    const req = createRequire(path.resolve('package.json'));
    const dir = path.dirname(req.resolve('dejavu-fonts-ttf/package.json'));
    fonts = {
      regular: fs.readFileSync(path.join(dir, 'ttf', 'DejaVuSans.ttf')),
      bold: fs.readFileSync(path.join(dir, 'ttf', 'DejaVuSans-Bold.ttf')),
    };
  }
  return fonts;
}
