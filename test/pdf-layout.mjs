// Test helper: reads a PDF on stdin and prints, for each page, where its text and its straight
// strokes are, as JSON (pdfjs-dist is ESM-only, so the Jest tests run it in a child process).
// Coordinates are in points from the page's top-left corner (as pdfkit places things):
// - items: each text run with its baseline `y`, its start `x`, `width` and font `size`
//   (the scale of its transform);
// - lines: every straight stroked segment (x1, y1, x2, y2) drawn with a stroke operator, its
//   `width` (line width) and the current transform applied.
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';

const chunks = [];
for await (const c of process.stdin) chunks.push(c);
const pdf = await getDocument({ data: new Uint8Array(Buffer.concat(chunks)), isEvalSupported: false, verbosity: 0 }).promise;

const mul = (m, n) => [
  m[0] * n[0] + m[2] * n[1], m[1] * n[0] + m[3] * n[1],
  m[0] * n[2] + m[2] * n[3], m[1] * n[2] + m[3] * n[3],
  m[0] * n[4] + m[2] * n[5] + m[4], m[1] * n[4] + m[3] * n[5] + m[5],
];
const apply = (m, x, y) => [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
// The drawing codes of a constructPath's data (pdfjs DrawOPS).
const MOVE = 0, LINE = 1, CURVE = 2, QUAD = 3, CLOSE = 4;

const pages = [];
for (let p = 1; p <= pdf.numPages; p++) {
  const page = await pdf.getPage(p);
  const [, , , height] = page.view;
  const content = await page.getTextContent();
  const items = content.items
    .filter((it) => 'str' in it && it.str.trim() !== '')
    .map((it) => ({ str: it.str, x: it.transform[4], y: height - it.transform[5], width: it.width, size: Math.hypot(it.transform[2], it.transform[3]) }));
  const ops = await page.getOperatorList();
  const lines = [];
  let ctm = [1, 0, 0, 1, 0, 0];
  let lineWidth = 1;
  const stack = [];
  for (let i = 0; i < ops.fnArray.length; i++) {
    const fn = ops.fnArray[i];
    const args = ops.argsArray[i];
    if (fn === OPS.save) stack.push({ ctm, lineWidth });
    else if (fn === OPS.restore) ({ ctm, lineWidth } = stack.pop() ?? { ctm, lineWidth });
    else if (fn === OPS.transform) ctm = mul(ctm, args);
    else if (fn === OPS.setLineWidth) lineWidth = args[0];
    else if (fn === OPS.constructPath && args[0] === OPS.stroke) {
      const data = args[1][0];
      if (!data) continue;
      let at = null;
      for (let k = 0; k < data.length; ) {
        const code = data[k];
        if (code === MOVE || code === LINE) {
          const pt = apply(ctm, data[k + 1], data[k + 2]);
          if (code === LINE && at) lines.push({ x1: at[0], y1: height - at[1], x2: pt[0], y2: height - pt[1], width: lineWidth });
          at = pt;
          k += 3;
        } else if (code === CURVE) {
          at = apply(ctm, data[k + 5], data[k + 6]);
          k += 7;
        } else if (code === QUAD) {
          at = apply(ctm, data[k + 3], data[k + 4]);
          k += 5;
        } else if (code === CLOSE) k += 1;
        else break;
      }
    }
  }
  pages.push({ width: page.view[2], height, items, lines });
}
process.stdout.write(JSON.stringify(pages));
