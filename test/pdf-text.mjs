// Test helper: reads a PDF on stdin and prints the text of each page as JSON (pdfjs-dist is
// ESM-only, so the Jest tests, compiled to CommonJS, run it in a child process).
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const chunks = [];
for await (const c of process.stdin) chunks.push(c);
const pdf = await getDocument({ data: new Uint8Array(Buffer.concat(chunks)), isEvalSupported: false, verbosity: 0 }).promise;
const pages = [];
for (let i = 1; i <= pdf.numPages; i++) {
  const content = await (await pdf.getPage(i)).getTextContent();
  pages.push(content.items.map((it) => ('str' in it ? it.str + (it.hasEOL ? '\n' : '') : '')).join(''));
}
process.stdout.write(JSON.stringify(pages));
