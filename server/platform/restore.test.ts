import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../../test/app';
import { embeddedDatabaseUrl, removeDataDir, startServerProcess, stopServerProcess, tempDataDir } from '../../test/server-process';

/*
 * docs/backup.md: `npm run backup`, then `npm run restore -- <archive>` for the embedded
 * PostgreSQL: refused while the app runs, the current data moved aside (not deleted), and the
 * app then finds the data as they were at the backup.
 */
jest.setTimeout(150000);

const root = path.resolve(__dirname, '../..');

function npmScript(script: string, args: string[], env: Record<string, string>) {
  const base = Object.fromEntries(Object.entries(process.env).filter(([k]) => !['DATABASE_URL', 'DATA_DIR', 'NODE_ENV'].includes(k)));
  return spawnSync(process.execPath, [`scripts/${script}.mjs`, ...args], { cwd: root, env: { ...base, ...env }, encoding: 'utf8', timeout: 90000 });
}

async function gruppi(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ name: string }>('SELECT name FROM public.gruppi ORDER BY name')).rows.map((r) => r.name);
  } finally {
    await client.end();
  }
}

async function exec(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

it('backup, change the data, restore: the data are as at the backup, the changed data kept aside', async () => {
  const home = tempDataDir('restore');
  const dataDir = path.join(home, 'data');
  const backups = path.join(home, 'backups');
  const env = { DATA_DIR: dataDir, PORT: String(await freePort()), LOG_LEVEL: 'warn' };
  try {
    let server = await startServerProcess(env);
    try {
      await exec(embeddedDatabaseUrl(dataDir), `INSERT INTO public.gruppi (name) VALUES ('Pulcini'), ('Esordienti')`);
      // A backup of the running embedded database is refused.
      const refused = npmScript('backup', [backups], { DATA_DIR: dataDir });
      expect(refused.status).toBe(1);
    } finally {
      expect(await stopServerProcess(server)).toEqual({ code: 0, signal: null });
    }

    const backup = npmScript('backup', [backups], { DATA_DIR: dataDir });
    expect(backup.status).toBe(0);
    const [archive] = fs.readdirSync(backups).filter((f) => /^garibaldina-data-.*\.tar\.gz$/.test(f));
    expect(archive).toBeDefined();
    const archivePath = path.join(backups, archive);

    // After the backup: changes the restore must undo.
    server = await startServerProcess(env);
    try {
      const url = embeddedDatabaseUrl(dataDir);
      await exec(url, `DELETE FROM public.gruppi WHERE name = 'Pulcini'`);
      await exec(url, `INSERT INTO public.gruppi (name) VALUES ('Allievi')`);
      expect(await gruppi(url)).toEqual(['Allievi', 'Esordienti']);
      // While the app runs the restore is refused and touches nothing.
      const refused = npmScript('restore', [archivePath], { DATA_DIR: dataDir });
      expect(refused.status).toBe(1);
      expect(refused.stderr).toContain("L'app è in funzione su questo DATA_DIR: fermala (Ctrl+C o SIGTERM) e ripeti il ripristino.");
      expect(await gruppi(url)).toEqual(['Allievi', 'Esordienti']);
    } finally {
      expect(await stopServerProcess(server)).toEqual({ code: 0, signal: null });
    }

    const restored = npmScript('restore', [archivePath], { DATA_DIR: dataDir });
    expect(restored.stderr).toBe('');
    expect(restored.status).toBe(0);
    expect(restored.stdout).toContain(`Ripristinato ${archivePath} in ${dataDir}.`);
    const aside = /I dati di prima sono in (\S+): eliminali/.exec(restored.stdout)![1];
    expect(path.dirname(aside)).toBe(home);
    expect(fs.existsSync(path.join(aside, 'pg', 'PG_VERSION'))).toBe(true);
    // No temporary folder left next to DATA_DIR.
    expect(fs.readdirSync(home).sort()).toEqual(['backups', 'data', path.basename(aside)].sort());

    server = await startServerProcess(env);
    try {
      expect(await gruppi(embeddedDatabaseUrl(dataDir))).toEqual(['Esordienti', 'Pulcini']);
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    } finally {
      expect(await stopServerProcess(server)).toEqual({ code: 0, signal: null });
    }
  } finally {
    removeDataDir(home);
  }
});

it('refuses what is not an archive of npm run backup, leaving DATA_DIR alone', async () => {
  const home = tempDataDir('restore-bad');
  try {
    const dataDir = path.join(home, 'data');
    fs.mkdirSync(path.join(dataDir, 'outbox'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'outbox', 'a.eml'), 'x');
    fs.writeFileSync(path.join(home, 'altro.txt'), 'non un archivio');
    spawnSync('tar', ['-czf', path.join(home, 'altro.tar.gz'), '-C', home, 'altro.txt']);
    const notTar = npmScript('restore', [path.join(home, 'altro.txt')], { DATA_DIR: dataDir });
    expect(notTar.status).toBe(1);
    expect(notTar.stderr).toContain('non è un archivio tar.gz leggibile');
    const wrongTar = npmScript('restore', [path.join(home, 'altro.tar.gz')], { DATA_DIR: dataDir });
    expect(wrongTar.status).toBe(1);
    expect(wrongTar.stderr).toContain('non è un archivio di npm run backup (attesa una sola cartella con pg/PG_VERSION)');
    expect(fs.readdirSync(home).sort()).toEqual(['altro.tar.gz', 'altro.txt', 'data']);
    expect(fs.readFileSync(path.join(dataDir, 'outbox', 'a.eml'), 'utf8')).toBe('x');
  } finally {
    removeDataDir(home);
  }
});
