// `npm start`: builds the SPA when it is missing or older than its sources, then runs the server.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

function newest(p) {
  const st = fs.statSync(p, { throwIfNoEntry: false });
  if (!st) return 0;
  if (!st.isDirectory()) return st.mtimeMs;
  return Math.max(0, ...fs.readdirSync(p).map((n) => newest(path.join(p, n))));
}

// tsx first: the server is TypeScript, and so is the check below.
const { register } = await import('tsx/esm/api');
register();

// As root, the embedded PostgreSQL runs as the postgres user: if it cannot reach the binaries or
// DATA_DIR, say so now (one line, with the fixing command) rather than after building the interface.
if (!process.env.DATABASE_URL && process.getuid?.() === 0) {
  const { checkPostgresUserAccess, embeddedBinaries } = await import('../server/db/embedded-checks.ts');
  try {
    checkPostgresUserAccess([embeddedBinaries().nativeDir, path.resolve(process.env.DATA_DIR || 'data')]);
  } catch (err) {
    console.error(`Avvio non riuscito: ${err.message}`);
    process.exit(1);
  }
}

const built = fs.statSync('dist/client/index.html', { throwIfNoEntry: false })?.mtimeMs ?? 0;
const sources = Math.max(...['src', 'common', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'].map(newest));
if (built < sources) {
  console.log("Compilo l'interfaccia (vite build)...");
  const r = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
// The server runs in this same process, so signals (SIGTERM from a supervisor) reach it directly.
await import('../server/main.ts');
