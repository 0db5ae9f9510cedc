// Bundle budget (docs/testing.md): gzip size of ALL the JavaScript a signed-out visitor's browser
// downloads to show / without any user action — index.html's entry chunk (src/main.tsx, no React) and
// its static imports, plus the chunks loaded by themselves on a wide screen (AUTO_LOADED, with their
// static imports: the public shell src/app/PublicApp.tsx with React and MUI, and the filter fields) —
// against 120 KB. A phone downloads the entry alone until a control is used. The signed-in app
// (src/app/FullApp.tsx) is not in it.
// Read from the Vite manifest; e2e/public-bundle.e2e.test.ts checks in Chromium that this set is
// exactly what the browser fetches.
// Usage: node bench/bundle-size.mjs [clientDir] [--json]   (after a build; default dist/client)
// Exit code: 0 within budget, 1 over budget, 2 no build or unexpected manifest.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const BUDGET_KB = 120;
/** The reference: what a naive build of this stack (root MUI imports, no lazy screens, supabase-js eager) loads. */
const NAIVE_KB = 300;
/**
 * Chunks loaded by themselves when a signed-out visitor opens / on a wide screen (no click needed): the
 * public shell ('public-app', src/app/PublicApp.tsx: React, MUI, the page) and the filter fields
 * ('filter-fields'), named in vite.config.ts. A phone (under 600 px) keeps the server's HTML and loads
 * them only when a control is used ('Filtri', a card, the calendar), so its download is the 'avvio' part.
 */
const AUTO_LOADED_NAMES = ['public-app', 'filter-fields'];

const args = process.argv.slice(2);
const json = args.includes('--json');
const dir = path.resolve(args.find((a) => !a.startsWith('--')) ?? process.env.CLIENT_DIR ?? 'dist/client');
const manifestPath = path.join(dir, '.vite', 'manifest.json');
if (!fs.existsSync(manifestPath)) {
  console.error(`Manifest non trovato: ${manifestPath} (esegui prima 'npm run build')`);
  process.exit(2);
}
const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));

/** The chunk keys a set of starting chunks loads: themselves and their static imports, transitively. */
function staticGraph(keys) {
  const seen = new Set();
  const walk = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const dep of manifest[key]?.imports ?? []) walk(dep);
  };
  keys.forEach(walk);
  return seen;
}

// index.html's entry (src/app/PublicApp.tsx is a build input too, for its chunk: see vite.config.ts).
const entryKeys = Object.keys(manifest).filter((k) => manifest[k].isEntry && k.endsWith('.html'));
const AUTO_LOADED = AUTO_LOADED_NAMES.map((name) => Object.keys(manifest).find((k) => manifest[k].name === name));
for (const [i, key] of AUTO_LOADED.entries()) {
  // A chunk-grouping change could rename or merge the chunk: fail loudly rather than undercount.
  const lazy = key && Object.values(manifest).some((c) => c.dynamicImports?.includes(key));
  if (!lazy) {
    console.error(`${AUTO_LOADED_NAMES[i]} non è un chunk a richiesta nel manifest: aggiorna AUTO_LOADED_NAMES in bench/bundle-size.mjs`);
    process.exit(2);
  }
}
const entryGraph = staticGraph(entryKeys);
const fullGraph = staticGraph([...entryKeys, ...AUTO_LOADED]);

const sizeOf = (file) => {
  const data = fs.readFileSync(path.join(dir, file));
  return { raw: data.length, gz: zlib.gzipSync(data, { level: 9 }).length };
};
const rows = [...fullGraph]
  .map((key) => ({ key, file: manifest[key].file }))
  .filter((r) => r.file.endsWith('.js'))
  .map((r) => ({ ...r, ...sizeOf(r.file), part: entryGraph.has(r.key) ? 'avvio' : 'schermo largo' }));
const sum = (list, field) => list.reduce((total, r) => total + r[field], 0);
const kb = (bytes) => bytes / 1024;
const total = kb(sum(rows, 'gz'));
const entryOnly = kb(sum(rows.filter((r) => r.part === 'avvio'), 'gz'));
const lazyLeft = Object.values(manifest).filter((c) => c.file.endsWith('.js') && !rows.some((r) => r.file === c.file)).length;
const ok = total < BUDGET_KB;

if (json) {
  console.log(JSON.stringify({ budgetKb: BUDGET_KB, naiveKb: NAIVE_KB, totalKb: total, entryKb: entryOnly, ok, files: rows.map((r) => r.file) }));
} else {
  for (const r of rows.sort((a, b) => b.gz - a.gz)) {
    console.log(`  ${kb(r.gz).toFixed(1).padStart(7)} KB gzip  ${r.file}  (${r.part})`);
  }
  console.log(
    `JavaScript scaricato per / (anonimo): ${total.toFixed(1)} KB gzip (${kb(sum(rows, 'raw')).toFixed(1)} KB non compressi) in ${rows.length} file` +
      ` = avvio (telefono, finché non si usa un comando) ${entryOnly.toFixed(1)} KB + React, pagina e campi dei filtri su schermo largo ${(total - entryOnly).toFixed(1)} KB; ${lazyLeft} chunk solo su azione dell'utente`,
  );
  console.log(
    `Riferimento: budget ${BUDGET_KB} KB gzip, build ingenua circa ${NAIVE_KB} KB (docs/testing.md) -> ${ok ? 'OK' : 'SUPERATO'} ` +
      `(${((total / BUDGET_KB) * 100).toFixed(0)}% del budget, ${(BUDGET_KB - total).toFixed(1)} KB di margine)`,
  );
}
process.exit(ok ? 0 : 1);
