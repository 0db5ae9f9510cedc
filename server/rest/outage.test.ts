// Issue 33 item 6: while the database cannot be reached, /rest/v1 answers as PostgREST does (503
// PGRST000), with the app's Italian message, and reads again once it is back. The database is made
// unreachable as in reliability.test.ts (R2): connections refused, the open ones ended.
import pg from 'pg';
import WebSocket from 'ws';
import { createClient } from '@supabase/supabase-js';
import { MSG } from '../../common/core/messages';
import { createTestApp, type TestApp } from '../../test/app';
import { bearer, createUser, type TestUser } from '../../test/users';

let t: TestApp;
let reader: TestUser;
let admin: pg.Client;
let dbName: string;

const allowConnections = (allow: boolean) => admin.query(`ALTER DATABASE ${dbName} ALLOW_CONNECTIONS ${allow}`);

beforeAll(async () => {
  t = await createTestApp({ listen: true });
  reader = await createUser(t.db.pool, 'reader');
  await t.db.pool.query(`INSERT INTO public.gruppi (name) VALUES ('Pulcini')`);
  await t.db.pool.query(
    `INSERT INTO public.partite (data, ora, squadracasa, squadratrasferta, gruppo, campo, tipo_gara)
     VALUES (current_date + 3, '10:00', 'Garibaldina Pulcini', 'Lupi', 'Pulcini', 'Campo A', 'campionato')`,
  );
  dbName = new URL(t.db.url).pathname.slice(1);
  admin = new pg.Client({ connectionString: process.env.TEST_PG_ADMIN_URL });
  await admin.connect();
});
afterAll(async () => {
  await allowConnections(true).catch(() => undefined);
  await admin?.end();
  await t?.close();
});

it('answers 503 PGRST000 with the Italian message through supabase-js while the database is away, and reads again after', async () => {
  const anonKey = ((await (await fetch(`${t.url}/api/config`)).json()) as { supabaseAnonKey: string }).supabaseAnonKey;
  const sb = createClient(t.url, anonKey, {
    global: { headers: { Authorization: `Bearer ${reader.token}` } },
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });
  // As the dashboard reads (src/features/matches/matchesApi.ts): no retries.
  const read = () => sb.from('partite').select('*').order('data').retry(false);
  const before = await read();
  expect(before.error).toBeNull();
  expect(before.data).toHaveLength(1);

  await allowConnections(false);
  try {
    await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [dbName]);
    // A query not read before (no cached answer for it).
    const during = await read().eq('campo', 'Campo A');
    expect(during.status).toBe(503);
    expect(during.data).toBeNull();
    expect(during.error).toEqual({ code: 'PGRST000', message: MSG.http.unavailable, details: null, hint: null });
    // On the wire: PostgREST's shape, the same 503 to a plain request.
    const res = await fetch(`${t.url}/rest/v1/partite?select=*&campo=eq.Campo%20B`, { headers: { apikey: anonKey, ...bearer(reader) } });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ code: 'PGRST000', message: MSG.http.unavailable, details: null, hint: null });
  } finally {
    await allowConnections(true);
  }
  const after = await read();
  expect(after.error).toBeNull();
  expect(after.data).toHaveLength(1);
});
