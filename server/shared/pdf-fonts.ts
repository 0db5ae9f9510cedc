import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as fontkit from 'fontkit';

/** The names the sheets register the DejaVu faces under (embedded in every PDF, docs/export.md). */
export const FONT = 'Sans';
export const BOLD = 'Sans-Bold';

/** What pdfkit's registerFont takes besides a file: a font fontkit has parsed (pdfkit's PDFFontFactory.open). */
type ParsedFont = ReturnType<typeof fontkit.create>;

let fonts: { regular: ParsedFont; bold: ParsedFont } | null = null;

/**
 * The DejaVu faces, read from the project's node_modules and parsed by fontkit once for the process.
 * Given a file, pdfkit parses it again for every document (about 15 ms a face on the 2-core machine,
 * most of a small sheet's time); a parsed font is only read from, and each document still embeds its
 * own subset of it (docs/performance.md).
 */
function parsedFonts(): { regular: ParsedFont; bold: ParsedFont } {
  if (!fonts) {
    const req = createRequire(path.resolve('package.json'));
    const dir = path.dirname(req.resolve('dejavu-fonts-ttf/package.json'));
    const face = (file: string) => fontkit.create(fs.readFileSync(path.join(dir, 'ttf', file)));
    fonts = { regular: face('DejaVuSans.ttf'), bold: face('DejaVuSans-Bold.ttf') };
  }
  return fonts;
}

/** Registers the two faces on a new document as FONT and BOLD. */
export function registerSheetFonts(doc: PDFKit.PDFDocument): void {
  const { regular, bold } = parsedFonts();
  // @types/pdfkit lists files and buffers only; pdfkit takes a fontkit font as well (see ParsedFont).
  doc.registerFont(FONT, regular as unknown as Buffer);
  doc.registerFont(BOLD, bold as unknown as Buffer);
}
