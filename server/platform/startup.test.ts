import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { verify } from '@node-rs/bcrypt';
import pg from 'pg';
import { signAccessToken } from '../auth/jwt';
import { freePort } from '../../test/app';
import { createTestDatabase } from '../../test/db';
import {
  embeddedDatabaseUrl,
  postgresProcesses,
  removeDataDir,
  spawnServer,
  startServerProcess,
  stopServerProcess,
  tempDataDir,
} from '../../test/server-process';

jest.setTimeout(120000);

const ADMIN_EMAIL = 'presidente@garibaldina.example.it';
const migrationFiles = fs.readdirSync(path.resolve(__dirname, '../db/migrations')).filter((f) => f.endsWith('.sql')).sort();

async function query<T extends pg.QueryResultRow>(url: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

/** The words of the output (split on blanks and JSON punctuation) that are the password of bcrypt hash. */
async function passwordsIn(output: string, hash: string): Promise<string[]> {
  const words = new Set(output.split(/[\s"'`,{}[\]()]+/).filter((w) => w.length >= 8 && w.length <= 72));
  const found: string[] = [];
  for (const w of words) if (await verify(w, hash)) found.push(w);
  return found;
}

/** A reader account with a live session, written straight into the database, and a token signed with secret. */
async function readerToken(url: string, secret: string): Promise<string> {
  const email = `lettore-${crypto.randomBytes(3).toString('hex')}@example.it`;
  const [user] = await query<{ id: string }>(
    url,
    `INSERT INTO auth.users (email, raw_app_meta_data) VALUES ($1, '{"provider":"email","providers":["email"],"role":"editor"}') RETURNING id`,
    [email],
  );
  const [session] = await query<{ id: string }>(url, 'INSERT INTO auth.sessions (user_id) VALUES ($1) RETURNING id', [user.id]);
  const { token } = await signAccessToken(secret, 'http://localhost/auth/v1', {
    sub: user.id,
    email,
    session_id: session.id,
    app_role: 'editor',
    app_metadata: { provider: 'email', providers: ['email'], role: 'editor' },
    user_metadata: {},
  });
  return token;
}

describe('npm start (node server/main.ts) on the embedded PostgreSQL', () => {
  let dataDir: string;
  let port: number;
  let token: string;
  let secret: string;
  let adminHash: string | undefined;

  beforeAll(async () => {
    dataDir = tempDataDir('startup');
    port = await freePort();
  });
  afterAll(() => removeDataDir(dataDir));

  it('starts on an empty DATA_DIR: initialises PostgreSQL, migrates, creates the admin, prints the URL; SIGTERM stops it cleanly', async () => {
    const server = await startServerProcess({ DATA_DIR: dataDir, PORT: String(port), ADMIN_EMAIL });
    try {
      expect(server.url).toBe(`http://localhost:${port}`);
      expect(server.output()).toContain(`Calendario Garibaldina in ascolto su http://localhost:${port}`);
      // No PUBLIC_URL: one Italian warning that links and the sheets' QR would point to localhost.
      expect(server.output().split('PUBLIC_URL non impostato').length - 1).toBe(1);
      expect(server.output()).toContain(`punterebbero a http://localhost:${port}`);
      const health = await fetch(`${server.url}/api/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: 'ok', database: 'up' });

      const db = embeddedDatabaseUrl(dataDir);
      const applied = await query<{ name: string }>(db, 'SELECT name FROM public.schema_migrations ORDER BY name');
      expect(applied.map((r) => r.name)).toEqual(migrationFiles);
      const [setting] = await query<{ value: string }>(db, "SELECT value FROM public.app_settings WHERE key = 'jwt_secret'");
      secret = setting.value;
      expect(secret.length).toBeGreaterThanOrEqual(32);

      const admins = await query<{ email: string; encrypted_password: string }>(
        db,
        "SELECT email, encrypted_password FROM auth.users WHERE raw_app_meta_data->>'role' = 'admin'",
      );
      expect(admins.map((a) => a.email)).toEqual([ADMIN_EMAIL]);
      adminHash = admins[0].encrypted_password;
      // The generated password is printed once, so the person starting the app can sign in.
      expect(await passwordsIn(server.output(), adminHash)).toHaveLength(1);

      token = await readerToken(db, secret);
      const res = await fetch(`${server.url}/api/gruppi`, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(200);
    } finally {
      const exit = await stopServerProcess(server, 'SIGTERM');
      expect(exit).toEqual({ code: 0, signal: null });
    }
    expect(postgresProcesses(dataDir)).toEqual([]);
    // A clean shutdown removes postmaster.pid; a crash would leave it behind.
    expect(fs.existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
  });

  it('a second start reuses the data: same JWT secret (an earlier token still works), no new admin, no password printed', async () => {
    const server = await startServerProcess({ DATA_DIR: dataDir, PORT: String(port), ADMIN_EMAIL });
    try {
      expect(server.output()).not.toContain('inizializzo il PostgreSQL incorporato');
      expect(server.output()).not.toContain('migrazioni applicate');
      const db = embeddedDatabaseUrl(dataDir);
      const [setting] = await query<{ value: string }>(db, "SELECT value FROM public.app_settings WHERE key = 'jwt_secret'");
      expect(setting.value).toBe(secret);
      const res = await fetch(`${server.url}/api/gruppi`, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ data: [], count: 0 });

      const admins = await query<{ encrypted_password: string }>(
        db,
        "SELECT encrypted_password FROM auth.users WHERE raw_app_meta_data->>'role' = 'admin'",
      );
      expect(admins).toHaveLength(1);
      expect(admins[0].encrypted_password).toBe(adminHash);
      expect(await passwordsIn(server.output(), adminHash!)).toEqual([]);
    } finally {
      // Ctrl+C under `npm start` reaches the server twice at once (terminal and npm): still a clean stop.
      server.child.kill('SIGINT');
      expect(await stopServerProcess(server, 'SIGINT')).toEqual({ code: 0, signal: null });
    }
    expect(postgresProcesses(dataDir)).toEqual([]);
  });

  it.each([
    ['PORT', { PORT: 'abc' }],
    ['DATABASE_URL', { DATABASE_URL: 'x' }],
    ['JWT_SECRET', { JWT_SECRET: 'troppo-corto' }],
  ])('a bad %s stops the start with a message naming it and exit code 1', async (name, env) => {
    const dir = tempDataDir('badcfg');
    try {
      const server = spawnServer({ DATA_DIR: dir, ...env });
      const exit = await server.exited;
      expect(exit.code).toBe(1);
      expect(server.output()).toContain('Configurazione non valida');
      expect(server.output()).toContain(`${name}: `);
      // Nothing was started or written before the check.
      expect(fs.readdirSync(dir)).toEqual([]);
    } finally {
      removeDataDir(dir);
    }
  });
});

describe('npm start with DATABASE_URL', () => {
  it('uses that database and starts no embedded PostgreSQL', async () => {
    const database = await createTestDatabase();
    const dataDir = tempDataDir('external');
    try {
      // The test database is already migrated: the start has nothing to apply.
      const server = await startServerProcess({ DATABASE_URL: database.url, DATA_DIR: dataDir, PORT: String(await freePort()) });
      try {
        expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
        expect(fs.existsSync(path.join(dataDir, 'pg'))).toBe(false);
        const { rows } = await database.pool.query("SELECT count(*)::int AS n FROM public.app_settings WHERE key = 'jwt_secret'");
        expect(rows[0].n).toBe(1);
      } finally {
        expect(await stopServerProcess(server, 'SIGTERM')).toEqual({ code: 0, signal: null });
      }
    } finally {
      removeDataDir(dataDir);
      await database.drop();
    }
  });
});
