import { MSG } from '../../common/core/messages';
import dayjs from 'dayjs';
import WebSocket from 'ws';
import { SignJWT } from 'jose';
import { createClient } from '@supabase/supabase-js';
import { createTestApp, TEST_JWT_SECRET, type TestApp } from '../../test/app';
import { createUser, type TestUser } from '../../test/users';
import { todayIn } from '../../common/core/dates';

let t: TestApp;
let reader: TestUser;
let anonKey: string;
const today = todayIn('Europe/Rome');
const inDays = (n: number) => dayjs(today).add(n, 'day').format('YYYY-MM-DD');

const client = (token?: string) =>
  createClient(t.url, anonKey, {
    global: token ? { headers: { Authorization: `Bearer ${token}` } } : {},
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });

const rest = (qs: string, token?: string, headers: Record<string, string> = {}) =>
  fetch(`${t.url}/rest/v1/partite${qs}`, {
    headers: { apikey: anonKey, 'accept-profile': 'public', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
  });

beforeAll(async () => {
  t = await createTestApp({ listen: true });
  reader = await createUser(t.db.pool, 'reader');
  anonKey = ((await (await fetch(`${t.url}/api/config`)).json()) as { supabaseAnonKey: string }).supabaseAnonKey;
  await t.db.pool.query(`INSERT INTO public.gruppi (name) VALUES ('Pulcini'), ('Allievi')`);
  const rows: Array<[string, string, string, string, string, string, string | null, number | null]> = [
    [inDays(-2), '10:00', 'Passata', 'Vecchia', 'Pulcini', 'Campo A', 'erba', null],
    [inDays(3), '18:00', 'Garibaldina Allievi', 'Fortis', 'Allievi', 'Stadio Garibaldi', 'sintetico', 2],
    [inDays(3), '09:30', 'Lupi', 'Garibaldina Pulcini', 'Pulcini', 'Campo Lupi', null, null],
    [today, '20:45', 'Garibaldina Pulcini', 'Real Colle', 'Pulcini', 'Stadio Garibaldi', 'erba', 5],
    [inDays(10), '11:00', 'Aquile', 'Garibaldina Allievi', 'Allievi', 'Campo Aquile', 'sintetico', null],
  ];
  for (const [data, ora, casa, ospite, gruppo, campo, terreno, room] of rows) {
    const home = casa.startsWith('Garibaldina');
    await t.db.pool.query(
      `INSERT INTO public.partite (data, ora, squadracasa, squadratrasferta, gruppo, campo, terreno, tipo_gara, is_house_match, ora_fine, spogliatoio_gari)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 'campionato', $8, $9, $10)`,
      [data, ora, casa, ospite, gruppo, campo, terreno, home, home ? '23:00' : null, room],
    );
  }
});
afterAll(() => t.close());

describe('GET /rest/v1/partite through the real supabase-js client', () => {
  it('answers the dashboard query (from today, by date then time) with PostgREST rows', async () => {
    const { data, error, status } = await client(reader.token).from('partite').select('*').gte('data', today).order('data').order('ora');
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data!.map((p) => p.squadracasa)).toEqual(['Garibaldina Pulcini', 'Lupi', 'Garibaldina Allievi', 'Aquile']);
    expect(data![0]).toEqual({
      id: expect.any(Number),
      data: today,
      ora: '20:45:00',
      ora_fine: '23:00:00',
      squadracasa: 'Garibaldina Pulcini',
      squadratrasferta: 'Real Colle',
      gruppo: 'Pulcini',
      campo: 'Stadio Garibaldi',
      is_house_match: true,
      spogliatoio_gari: 5,
      spogliatoio_ospiti: null,
      terreno: 'erba',
      tipo_gara: 'campionato',
      stato: 'programmata',
      motivo_stato: null,
      data_da_definire: false,
      data_originale: null,
    });
  });

  it('supports eq, neq, gt, lt, lte, ilike, in, is, not, descending order, limit/offset and count=exact', async () => {
    const sb = client(reader.token);
    const names = (r: { data: Array<{ squadracasa: string }> | null }) => r.data!.map((p) => p.squadracasa);
    expect(names(await sb.from('partite').select('squadracasa').eq('gruppo', 'Allievi').order('data'))).toEqual(['Garibaldina Allievi', 'Aquile']);
    expect(names(await sb.from('partite').select('squadracasa').neq('gruppo', 'Allievi').gt('data', today).order('ora'))).toEqual(['Lupi']);
    expect(names(await sb.from('partite').select('squadracasa').lt('data', today))).toEqual(['Passata']);
    expect(names(await sb.from('partite').select('squadracasa').lte('data', today).order('data', { ascending: false }))).toEqual([
      'Garibaldina Pulcini',
      'Passata',
    ]);
    expect(names(await sb.from('partite').select('squadracasa').ilike('campo', '%garibaldi%').order('data'))).toEqual([
      'Garibaldina Pulcini',
      'Garibaldina Allievi',
    ]);
    expect(names(await sb.from('partite').select('squadracasa').in('squadracasa', ['Lupi', 'Aquile', 'Nessuno, con virgola']).order('data'))).toEqual([
      'Lupi',
      'Aquile',
    ]);
    expect(names(await sb.from('partite').select('squadracasa').is('terreno', null))).toEqual(['Lupi']);
    expect(names(await sb.from('partite').select('squadracasa').not('terreno', 'is', null).eq('is_house_match', true).order('data'))).toEqual([
      'Garibaldina Pulcini',
      'Garibaldina Allievi',
    ]);
    const page = await sb.from('partite').select('*', { count: 'exact' }).order('data').order('ora').range(1, 2);
    expect(page.count).toBe(5);
    expect(names(page)).toEqual(['Garibaldina Pulcini', 'Lupi']);
    const none = await sb.from('partite').select('*', { count: 'exact' }).eq('campo', 'Nessuno');
    expect(none.data).toEqual([]);
    expect(none.count).toBe(0);
  });

  it('refuses the anonymous role (anon key, or no token) with 401 42501', async () => {
    const { data, error, status } = await client().from('partite').select('*').gte('data', today);
    expect(data).toBeNull();
    expect(status).toBe(401);
    expect(error).toMatchObject({ code: '42501' });
    const bare = await fetch(`${t.url}/rest/v1/partite?select=*`);
    expect(bare.status).toBe(401);
    expect(await bare.json()).toMatchObject({ code: '42501' });
  });

  it('answers PGRST303 to an expired token and PGRST301 to a badly signed one', async () => {
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ role: 'authenticated', session_id: reader.sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(reader.id)
      .setAudience('authenticated')
      .setIssuedAt(now - 7200)
      .setExpirationTime(now - 3600)
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    const r1 = await client(expired).from('partite').select('*');
    expect(r1.status).toBe(401);
    expect(r1.error).toMatchObject({ code: 'PGRST303' });
    const forged = reader.token.slice(0, -4) + (reader.token.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    const r2 = await client(forged).from('partite').select('*');
    expect(r2.status).toBe(401);
    expect(r2.error).toMatchObject({ code: 'PGRST301' });
  });
});

describe('GET /rest/v1/partite on the wire', () => {
  it('decodes the exact query supabase-js sends and carries Content-Range', async () => {
    const res = await rest(`?select=*&data=gte.${today}&order=data.asc%2Cora.asc`, reader.token, { prefer: 'count=exact' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('content-range')).toBe('0-3/4');
    const rows = (await res.json()) as { ora: string }[];
    expect(rows.map((p: { ora: string }) => p.ora)).toEqual(['20:45:00', '09:30:00', '18:00:00', '11:00:00']);
    const empty = await rest('?select=*&campo=eq.Nessuno', reader.token, { prefer: 'count=exact' });
    expect(empty.headers.get('content-range')).toBe('*/0');
  });

  it('answers PostgREST errors: bad syntax PGRST100, unknown column 42703, bad value 22007, unknown table PGRST205', async () => {
    const expectError = async (res: Response, status: number, code: string) => {
      expect(res.status).toBe(status);
      const body = (await res.json()) as Record<string, unknown>;
      expect(Object.keys(body).sort()).toEqual(['code', 'details', 'hint', 'message']);
      expect(body).toMatchObject({ code, message: expect.any(String), hint: null });
    };
    await expectError(await rest('?data=between.1', reader.token), 400, 'PGRST100');
    await expectError(await rest('?order=data.sideways', reader.token), 400, 'PGRST100');
    await expectError(await rest('?limit=-1', reader.token), 400, 'PGRST100');
    await expectError(await rest('?password=eq.1', reader.token), 400, '42703');
    await expectError(await rest('?select=id,created_at', reader.token), 400, '42703');
    await expectError(await rest('?data=eq.not-a-date', reader.token), 400, '22007');
    await expectError(await rest('?id=eq.uno', reader.token), 400, '22P02');
    // The code is PostgreSQL's, the text is not (it would quote the input back).
    for (const query of ['?data=eq.not-a-date', '?id=eq.uno']) {
      expect(await (await rest(query, reader.token)).json()).toMatchObject({ message: MSG.http.invalidValue });
    }
    // Object.prototype's names are no columns or operators: a PostgREST 400, not a 500.
    // (Names with capitals fail the identifier syntax first: PGRST100.)
    for (const [name, code] of [['constructor', '42703'], ['__proto__', '42703'], ['hasOwnProperty', 'PGRST100'], ['toString', 'PGRST100']]) {
      await expectError(await rest(`?order=${name}.asc`, reader.token), 400, code);
      await expectError(await rest(`?select=${name}`, reader.token), 400, code);
      await expectError(await rest(`?select=id,${name}`, reader.token), 400, code);
      await expectError(await rest(`?${name}=eq.1`, reader.token), 400, code);
      await expectError(await rest(`?data=${name}.2030-01-01`, reader.token), 400, 'PGRST100');
    }
    const other = await fetch(`${t.url}/rest/v1/users?select=*`, { headers: { authorization: `Bearer ${reader.token}` } });
    expect(other.status).toBe(404);
    expect(await other.json()).toMatchObject({ code: 'PGRST205' });
  });

  it('a write shows in the next reads (the cached answer is dropped on NOTIFY)', async () => {
    const qs = `?select=*&data=gte.${today}&order=data.asc%2Cora.asc`;
    const before = (await (await rest(qs, reader.token)).json()) as unknown[];
    const { rows } = await t.db.pool.query(
      `INSERT INTO public.partite (data, ora, squadracasa, squadratrasferta, gruppo, campo, tipo_gara) VALUES ($1, '08:00', 'Nuova', 'Altra', 'Pulcini', 'Campo N', 'torneo') RETURNING id`,
      [inDays(1)],
    );
    let after = (await (await rest(qs, reader.token)).json()) as { id: number }[];
    // The listing cache is emptied by a NOTIFY: read again until it came (at most 15 s on a busy machine).
    for (const until = Date.now() + 15_000; after.length === before.length && Date.now() < until; ) {
      await new Promise((r) => setTimeout(r, 20));
      after = (await (await rest(qs, reader.token)).json()) as { id: number }[];
    }
    expect(after.map((p: { id: number }) => p.id)).toContain(rows[0].id);
    await t.db.pool.query('DELETE FROM public.partite WHERE id = $1', [rows[0].id]);
  });

  it('is read-only: writes are 401 for the anonymous role and 403 for users; nothing changes', async () => {
    const before = (await t.db.pool.query('SELECT count(*)::int AS n FROM public.partite')).rows[0].n;
    const { error, status } = await client(reader.token).from('partite').insert({ data: today, ora: '10:00' });
    expect(status).toBe(403);
    expect(error).toMatchObject({ code: '42501' });
    const del = await client().from('partite').delete().eq('id', 1);
    expect(del.status).toBe(401);
    expect((await t.db.pool.query('SELECT count(*)::int AS n FROM public.partite')).rows[0].n).toBe(before);
  });
});
