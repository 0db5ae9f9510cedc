import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '../../test/db';

/*
 * docs/backup.md with DATABASE_URL: `npm run backup` writes a pg_dump of that database, `npm run
 * restore -- <file>` puts it back with pg_restore. Both are the machine's PostgreSQL client, which
 * must be of the server's major version or newer (docs/backup.md); where it is missing or older (the
 * embedded PostgreSQL is 17, Debian 12's client 15) there is nothing of ours to test and the test
 * says so. CI's second round, on the machine's PostgreSQL, runs it.
 */
jest.setTimeout(90000);

const root = path.resolve(__dirname, '../..');
let db: TestDatabase;
let home: string;

const clientMajor = (() => {
  const r = spawnSync('pg_dump', ['--version'], { encoding: 'utf8' });
  return r.status === 0 ? Number(/(\d+)(?:\.\d+)+/.exec(r.stdout)?.[1] ?? 0) : 0;
})();

function npmScript(script: string, args: string[]) {
  const env = { ...process.env, DATABASE_URL: db.url };
  return spawnSync(process.execPath, [`scripts/${script}.mjs`, ...args], { cwd: root, env, encoding: 'utf8', timeout: 60000 });
}

const gruppi = async () => (await db.pool.query<{ name: string }>('SELECT name FROM public.gruppi ORDER BY name')).rows.map((r) => r.name);

beforeAll(async () => {
  db = await createTestDatabase();
  home = fs.mkdtempSync(path.join(os.tmpdir(), 'garibaldina-dump-'));
});
afterAll(async () => {
  await db?.drop();
  fs.rmSync(home, { recursive: true, force: true });
});

it('backup, change the data, restore: the data are as at the backup (pg_dump and pg_restore)', async () => {
  const serverMajor = Math.floor(Number((await db.pool.query('SHOW server_version_num')).rows[0].server_version_num) / 10000);
  if (clientMajor < serverMajor) {
    console.warn(`pg_dump ${clientMajor || 'assente'} per un server ${serverMajor}: prova di backup/ripristino con DATABASE_URL saltata`);
    return;
  }
  await db.pool.query("INSERT INTO public.gruppi (name) VALUES ('Pulcini'), ('Esordienti')");
  const backup = npmScript('backup', [home]);
  expect(backup.status).toBe(0);
  const dump = fs.readdirSync(home).find((f) => /^garibaldina-.*\.dump$/.test(f));
  expect(dump).toBeDefined();
  expect(backup.stdout).toContain(`Backup del database salvato in ${path.join(home, dump!)}`);

  await db.pool.query("DELETE FROM public.gruppi WHERE name = 'Pulcini'");
  await db.pool.query("INSERT INTO public.gruppi (name) VALUES ('Allievi')");
  expect(await gruppi()).toEqual(['Allievi', 'Esordienti']);

  const restore = npmScript('restore', [path.join(home, dump!)]);
  expect(restore.status).toBe(0);
  expect(restore.stdout).toContain('Database ripristinato da');
  expect(await gruppi()).toEqual(['Esordienti', 'Pulcini']);
  // The schema came back whole: every migration is recorded.
  const migrations = fs.readdirSync(path.join(root, 'server/db/migrations')).filter((f) => f.endsWith('.sql')).length;
  expect(Number((await db.pool.query('SELECT count(*) FROM public.schema_migrations')).rows[0].count)).toBe(migrations);
});

it('refuses an archive of the embedded PostgreSQL with DATABASE_URL set, changing nothing', async () => {
  await db.pool.query("INSERT INTO public.gruppi (name) VALUES ('Primi Calci')");
  const before = await gruppi();
  const archive = path.join(home, 'garibaldina-data-2026.tar.gz');
  fs.writeFileSync(archive, 'non un archivio');
  const restore = npmScript('restore', [archive]);
  expect(restore.status).toBe(1);
  expect(restore.stderr).toContain('Con DATABASE_URL si ripristina il file .dump di npm run backup');
  expect(await gruppi()).toEqual(before);
});
