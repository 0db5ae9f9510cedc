// `npm run bench`: runs every benchmark of bench/ in turn (each prints its figures and its
// comparison against its baseline); exits non-zero if any failed.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const files = fs.readdirSync('bench').filter((f) => /\.(mjs|ts)$/.test(f)).sort();
let failed = 0;
for (const file of files) {
  console.log(`\n== bench/${file}`);
  const args = file.endsWith('.ts') ? ['--import', 'tsx', path.join('bench', file)] : [path.join('bench', file)];
  const r = spawnSync(process.execPath, args, { stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
