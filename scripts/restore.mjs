// `npm run restore -- <archive>`: puts back a backup made by `npm run backup`.
// - embedded PostgreSQL (DATABASE_URL unset): the garibaldina-data-<date>.tar.gz archive of
//   DATA_DIR, only while the app is stopped. The archive is extracted next to DATA_DIR, the current
//   DATA_DIR is moved aside (renamed, never deleted), the restored one takes its place and its
//   PostgreSQL is started once to check it; if it does not start, the previous data go back.
// - DATABASE_URL set: the garibaldina-<date>.dump file, with the pg_restore line of docs/backup.md
//   (pg_restore of the server's major version or newer must be installed).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

function fail(message) {
  console.error(message);
  process.exit(1);
}

const archive = process.argv[2] ? path.resolve(process.argv[2]) : '';
if (!archive) fail('Uso: npm run restore -- <archivio di npm run backup>');
if (!fs.existsSync(archive)) fail(`Archivio non trovato: ${archive}`);
const stamp = new Date().toISOString().replace(/[:.]/g, '-').slice(0, 19);

if (process.env.DATABASE_URL) {
  if (!archive.endsWith('.dump')) fail('Con DATABASE_URL si ripristina il file .dump di npm run backup (pg_dump); un archivio .tar.gz è del PostgreSQL incorporato (togli DATABASE_URL)');
  const r = spawnSync('pg_restore', ['--clean', '--if-exists', '--no-owner', '-d', process.env.DATABASE_URL, archive], { stdio: 'inherit' });
  if (r.error) fail(`pg_restore non trovato: installa il client PostgreSQL (${r.error.message})`);
  if (r.status !== 0) fail('pg_restore non riuscito (vedi i messaggi sopra)');
  console.log(`Database ripristinato da ${archive}`);
  process.exit(0);
}

const dataDir = path.resolve(process.env.DATA_DIR || 'data');
const parent = path.dirname(dataDir);
const name = path.basename(dataDir);

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}
const pidFile = path.join(dataDir, 'pg', 'postmaster.pid');
if (fs.existsSync(pidFile)) {
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (pid && alive(pid)) fail("L'app è in funzione su questo DATA_DIR: fermala (Ctrl+C o SIGTERM) e ripeti il ripristino.");
}

// The archive must be one folder with a PostgreSQL data directory in pg/, as npm run backup makes it.
const list = spawnSync('tar', ['-tzf', archive], { encoding: 'utf8', maxBuffer: 512 * 1024 * 1024 });
if (list.status !== 0) fail(`${archive} non è un archivio tar.gz leggibile: ${list.stderr.trim()}`);
const entries = list.stdout.split('\n').filter(Boolean).map((e) => e.replace(/^\.\//, ''));
const tops = new Set(entries.map((e) => e.split('/')[0]));
const top = [...tops][0];
if (tops.size !== 1 || !entries.includes(`${top}/pg/PG_VERSION`)) {
  fail(`${archive} non è un archivio di npm run backup (attesa una sola cartella con pg/PG_VERSION)`);
}

const work = fs.mkdtempSync(path.join(parent, `.${name}-ripristino-`));
const extract = spawnSync('tar', ['-xzpf', archive, '-C', work], { stdio: 'inherit' });
if (extract.status !== 0) {
  fs.rmSync(work, { recursive: true, force: true });
  fail('Estrazione non riuscita (vedi i messaggi sopra): DATA_DIR non è stato toccato');
}
if (process.getuid?.() === 0) {
  // The embedded PostgreSQL runs as the postgres user, who must own its files (tar keeps owners by name).
  spawnSync('chown', ['-R', 'postgres:postgres', path.join(work, top, 'pg')]);
}

const aside = path.join(parent, `${name}-prima-del-ripristino-${stamp}`);
const hadData = fs.existsSync(dataDir);
if (hadData) fs.renameSync(dataDir, aside);
fs.renameSync(path.join(work, top), dataDir);
fs.rmdirSync(work);

// Start the restored PostgreSQL once: the previous data stay aside until it has answered.
const { register } = await import('tsx/esm/api');
register();
const { startEmbedded } = await import('../server/db/embedded.ts');
const { default: pino } = await import('pino');
const { default: pg } = await import('pg');
try {
  const db = await startEmbedded(dataDir, pino({ level: 'warn' }));
  try {
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    const { rows } = await client.query('SELECT count(*)::int AS n FROM public.schema_migrations');
    await client.end();
    console.log(`Database ripristinato avviato: ${rows[0].n} migrazioni registrate`);
  } finally {
    await db.stop();
  }
} catch (err) {
  const failed = path.join(parent, `${name}-ripristino-non-riuscito-${stamp}`);
  fs.renameSync(dataDir, failed);
  if (hadData) fs.renameSync(aside, dataDir);
  fail(
    `Il database ripristinato non si avvia (${err instanceof Error ? err.message : err}): ` +
      `${hadData ? `i dati di prima sono tornati in ${dataDir}` : 'DATA_DIR è rimasto vuoto'}; l'archivio estratto è in ${failed}`,
  );
}
console.log(`Ripristinato ${archive} in ${dataDir}.`);
if (hadData) console.log(`I dati di prima sono in ${aside}: eliminali quando hai verificato l'app.`);
process.exit(0);
