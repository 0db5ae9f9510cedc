// `npm run backup [-- <folder>]`: a backup into <folder> (default ./backups).
// - DATABASE_URL set: pg_dump of that database (custom format; pg_dump of the server's major
//   version or newer must be installed).
// - embedded PostgreSQL: a tar.gz of DATA_DIR, taken only while the app is stopped, because a
//   copy of the files of a running cluster is not consistent.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const outDir = path.resolve(process.argv[2] ?? 'backups');
const stamp = new Date().toISOString().replace(/[:.]/g, '-').slice(0, 19);
fs.mkdirSync(outDir, { recursive: true });

function fail(message) {
  console.error(message);
  process.exit(1);
}

if (process.env.DATABASE_URL) {
  const file = path.join(outDir, `garibaldina-${stamp}.dump`);
  const r = spawnSync('pg_dump', ['--format=custom', '--no-owner', `--file=${file}`, process.env.DATABASE_URL], { stdio: 'inherit' });
  if (r.error) fail(`pg_dump non trovato: installa il client PostgreSQL (${r.error.message})`);
  if (r.status !== 0) fail('pg_dump non riuscito');
  console.log(`Backup del database salvato in ${file}`);
  console.log(`Ripristino: npm run restore -- ${file} (cioè pg_restore --clean --if-exists --no-owner -d "$DATABASE_URL" ${file})`);
} else {
  const dataDir = path.resolve(process.env.DATA_DIR || 'data');
  if (!fs.existsSync(path.join(dataDir, 'pg', 'PG_VERSION'))) fail(`Nessun database incorporato in ${dataDir} (imposta DATA_DIR)`);
  const pidFile = path.join(dataDir, 'pg', 'postmaster.pid');
  if (fs.existsSync(pidFile)) {
    const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
    let running = false;
    try {
      process.kill(pid, 0);
      running = true;
    } catch {
      // A stale file left by a crash: the next start cleans it up.
    }
    if (running) fail("Il PostgreSQL incorporato è in funzione: ferma l'app (Ctrl+C o SIGTERM) e ripeti il backup.");
  }
  const file = path.join(outDir, `garibaldina-data-${stamp}.tar.gz`);
  const r = spawnSync('tar', ['-czf', file, '-C', path.dirname(dataDir), path.basename(dataDir)], { stdio: 'inherit' });
  if (r.status !== 0) fail('tar non riuscito');
  console.log(`Backup di ${dataDir} salvato in ${file}`);
  console.log(`Ripristino (app ferma): npm run restore -- ${file}`);
}
