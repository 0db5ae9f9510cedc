// Test helper: reads a PDF on stdin and prints, for each page, the fonts its text is set in, as
// JSON: `{ name, embedded }` per font (pdfjs-dist loads each font with its file when the PDF embeds
// it; `missingFile` says it does not). pdfjs-dist is ESM-only, so the Jest tests run it in a child process.
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';

const chunks = [];
for await (const c of process.stdin) chunks.push(c);
const pdf = await getDocument({ data: new Uint8Array(Buffer.concat(chunks)), isEvalSupported: false, fontExtraProperties: true, verbosity: 0 }).promise;
const pages = [];
for (let p = 1; p <= pdf.numPages; p++) {
  const page = await pdf.getPage(p);
  const ops = await page.getOperatorList();
  const ids = new Set();
  ops.fnArray.forEach((fn, i) => {
    if (fn === OPS.setFont) ids.add(ops.argsArray[i][0]);
  });
  pages.push([...ids].map((id) => {
    const font = page.commonObjs.get(id);
    return { name: font.name, embedded: !font.missingFile };
  }));
}
process.stdout.write(JSON.stringify(pages));
