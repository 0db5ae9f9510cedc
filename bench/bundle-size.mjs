// Bundle budget: gzip size of the JavaScript a signed-out visitor downloads for / (the entry
// chunk plus its static imports, from the Vite manifest), against the 200 KB budget.
// Usage: node bench/bundle-size.mjs [clientDir]   (after a build; default dist/client)
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const BUDGET_KB = 200;
const dir = path.resolve(process.argv[2] ?? process.env.CLIENT_DIR ?? 'dist/client');
const manifestPath = path.join(dir, '.vite', 'manifest.json');
if (!fs.existsSync(manifestPath)) {
  console.error(`Manifest non trovato: ${manifestPath} (esegui prima 'npm run build')`);
  process.exit(2);
}
const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
const seen = new Set();
const walk = (key) => {
  if (seen.has(key)) return;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) walk(dep);
};
for (const [key] of entries) walk(key);

const files = [...seen].map((key) => manifest[key].file).filter((f) => f.endsWith('.js'));
let raw = 0;
let gz = 0;
const rows = [];
for (const file of files) {
  const data = fs.readFileSync(path.join(dir, file));
  const size = zlib.gzipSync(data, { level: 9 }).length;
  raw += data.length;
  gz += size;
  rows.push({ file, kb: (size / 1024).toFixed(1) });
}
const lazy = Object.values(manifest).filter((c) => c.file.endsWith('.js') && !files.includes(c.file)).length;
for (const r of rows.sort((a, b) => b.kb - a.kb)) console.log(`  ${r.kb.padStart(7)} KB gzip  ${r.file}`);
const kb = gz / 1024;
console.log(`JavaScript iniziale per / (anonimo): ${kb.toFixed(1)} KB gzip (${(raw / 1024).toFixed(1)} KB non compressi) in ${files.length} file; ${lazy} chunk caricati a richiesta`);
console.log(`Budget: ${BUDGET_KB} KB gzip -> ${kb <= BUDGET_KB ? 'OK' : 'SUPERATO'} (${((kb / BUDGET_KB) * 100).toFixed(0)}% del budget)`);

// For information: what the public page's own lazy chunk adds on top (not part of the budget figure).
const publicKey = Object.keys(manifest).find((k) => k.endsWith('features/matches/PublicDashboardPage.tsx'));
if (publicKey) {
  const before = new Set(seen);
  walk(publicKey);
  const extra = [...seen].filter((k) => !before.has(k)).map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
  const extraGz = extra.reduce((sum, f) => sum + zlib.gzipSync(fs.readFileSync(path.join(dir, f)), { level: 9 }).length, 0);
  console.log(`Pagina pubblica (chunk a richiesta, informativo): +${(extraGz / 1024).toFixed(1)} KB gzip in ${extra.length} file -> ${((gz + extraGz) / 1024).toFixed(1)} KB in tutto`);
}
process.exit(kb <= BUDGET_KB ? 0 : 1);
