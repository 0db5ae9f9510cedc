// Compresses the built SPA once at build time (brotli and gzip beside each file), so the
// server sends the precompressed files instead of compressing on every request.
import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { promisify } from 'node:util';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
// Usage: node scripts/compress.mjs [folder of the built SPA, default dist/client]
const root = path.resolve(process.argv[2] ?? 'dist/client');

async function* walk(dir) {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(p);
    else yield p;
  }
}

for await (const file of walk(root)) {
  if (!/\.(js|css|html|svg|json|txt|mjs)$/.test(file)) continue;
  const data = await fs.readFile(file);
  if (data.length < 1024) continue;
  const params = { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length };
  await fs.writeFile(`${file}.br`, await brotli(data, { params }));
  await fs.writeFile(`${file}.gz`, await gzip(data, { level: 9 }));
}
