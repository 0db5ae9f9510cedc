// Issue 33: the real @supabase/supabase-js (the client the spec names) against /rest/v1, for every
// reading shape it offers: .single(), .maybeSingle(), .in() with PostgREST's quoting, every count
// option (head too), .or() with nested and/not, .csv(). Each answer is read the way the client reads it.
import WebSocket from 'ws';
import Papa from 'papaparse';
import { createClient } from '@supabase/supabase-js';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser, type TestUser } from '../../test/users';
import { csvOf } from './postgrest';

let t: TestApp;
let reader: TestUser;
let anonKey: string;

const sb = () =>
  createClient(t.url, anonKey, {
    global: { headers: { Authorization: `Bearer ${reader.token}` } },
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });
const partite = () => sb().from('partite');

const rest = (qs: string, headers: Record<string, string> = {}) =>
  fetch(`${t.url}/rest/v1/partite${qs}`, { headers: { apikey: anonKey, authorization: `Bearer ${reader.token}`, ...headers } });

const ZAULI = 'Campo "Bruno Zauli"; lato B';
const COMMA = 'Campo Verdi, lato A (nuovo)';
const SLASH = 'Campo C:\\vecchio';

beforeAll(async () => {
  t = await createTestApp({ listen: true });
  reader = await createUser(t.db.pool, 'reader');
  anonKey = ((await (await fetch(`${t.url}/api/config`)).json()) as { supabaseAnonKey: string }).supabaseAnonKey;
  await t.db.pool.query(`INSERT INTO public.gruppi (name) VALUES ('Pulcini'), ('Allievi')`);
  const rows: Array<[string, string, string, string, string, string, string | null]> = [
    ['2030-03-02', '10:00', 'Garibaldina Pulcini', 'Lupi', 'Pulcini', ZAULI, 'erba'],
    ['2030-03-02', '15:00', 'Aquile', 'Garibaldina Allievi', 'Allievi', COMMA, null],
    ['2030-03-09', '09:30', 'Garibaldina Allievi', 'Fortis', 'Allievi', SLASH, 'sintetico'],
    ['2030-03-16', '11:00', 'Real Colle', 'Garibaldina Pulcini', 'Pulcini', 'Campo D', 'erba'],
  ];
  for (const [data, ora, casa, ospite, gruppo, campo, terreno] of rows) {
    await t.db.pool.query(
      `INSERT INTO public.partite (data, ora, squadracasa, squadratrasferta, gruppo, campo, terreno, tipo_gara, is_house_match, ora_fine)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 'campionato', $8, CASE WHEN $8 THEN $2::time + interval '2 hours' END)`,
      [data, ora, casa, ospite, gruppo, campo, terreno, casa.startsWith('Garibaldina')],
    );
  }
});
afterAll(() => t.close());

describe('supabase-js .single() and .maybeSingle()', () => {
  it('.single() answers the object for one row, 406 PGRST116 for none or many', async () => {
    const one = await partite().select('squadracasa, campo').eq('squadratrasferta', 'Lupi').single();
    expect(one.error).toBeNull();
    expect(one.status).toBe(200);
    expect(one.data).toEqual({ squadracasa: 'Garibaldina Pulcini', campo: ZAULI });

    const none = await partite().select('*').eq('squadratrasferta', 'Nessuno').single();
    expect(none.data).toBeNull();
    expect(none.status).toBe(406);
    expect(none.error).toEqual({
      code: 'PGRST116',
      message: 'Cannot coerce the result to a single JSON object',
      details: 'The result contains 0 rows',
      hint: null,
    });

    const many = await partite().select('*').eq('gruppo', 'Allievi').single();
    expect(many.data).toBeNull();
    expect(many.status).toBe(406);
    expect(many.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 2 rows' });
  });

  it('.maybeSingle() answers the object, null for none, PGRST116 for many', async () => {
    const one = await partite().select('squadracasa').eq('squadratrasferta', 'Fortis').maybeSingle();
    expect(one).toMatchObject({ error: null, status: 200, data: { squadracasa: 'Garibaldina Allievi' } });
    const none = await partite().select('*').eq('squadratrasferta', 'Nessuno').maybeSingle();
    expect(none).toMatchObject({ error: null, status: 200, data: null });
    const many = await partite().select('*').eq('gruppo', 'Pulcini').maybeSingle();
    expect(many.data).toBeNull();
    expect(many.status).toBe(406);
    expect(many.error).toMatchObject({ code: 'PGRST116' });
  });

  it('an older client that asks for the object with maybeSingle finds "0 rows" in the details (it reads that as null)', async () => {
    const res = await rest('?squadracasa=eq.Nessuno', { accept: 'application/vnd.pgrst.object+json' });
    expect(res.status).toBe(406);
    expect(((await res.json()) as { details: string }).details).toContain('0 rows');
    const one = await rest('?squadratrasferta=eq.Lupi&select=squadracasa', { accept: 'application/vnd.pgrst.object+json;nulls=stripped' });
    expect(one.headers.get('content-type')).toMatch(/^application\/vnd\.pgrst\.object\+json/);
    expect(await one.json()).toEqual({ squadracasa: 'Garibaldina Pulcini' });
  });

  it('an Accept it cannot answer is 406 PGRST107', async () => {
    const res = await rest('', { accept: 'application/xml' });
    expect(res.status).toBe(406);
    expect(await res.json()).toMatchObject({ code: 'PGRST107', message: 'None of these media types are available: application/xml' });
  });
});

describe('supabase-js .in() with quotes, commas and backslashes', () => {
  it('finds values with quotes (sent bare) and with commas or parentheses (sent quoted)', async () => {
    const campi = async (values: string[]) => (await partite().select('campo').in('campo', values).order('data').order('ora')).data!.map((r) => r.campo);
    expect(await campi([ZAULI])).toEqual([ZAULI]);
    expect(await campi([COMMA, 'Altro'])).toEqual([COMMA]);
    expect(await campi([ZAULI, COMMA, SLASH])).toEqual([ZAULI, COMMA, SLASH]);
    const not = await partite().select('campo').not('campo', 'in', `("${COMMA}",${ZAULI})`).order('data');
    expect(not.data!.map((r) => r.campo)).toEqual([SLASH, 'Campo D']);
  });

  it('reads PostgREST\'s escapes inside quotes on the wire: \\" and \\\\ (supabase-js cannot send a comma and a quote together)', async () => {
    const q = encodeURIComponent('in.("Campo \\"Bruno Zauli\\"; lato B","Campo C:\\\\vecchio",Altro,"x, y")');
    const rows = (await (await rest(`?select=campo&campo=${q}&order=data`)).json()) as Array<{ campo: string }>;
    expect(rows.map((r) => r.campo)).toEqual([ZAULI, SLASH]);
    const bad = await rest(`?campo=${encodeURIComponent('in.(a,b')}`);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: 'PGRST100' });
  });
});

describe('supabase-js count options', () => {
  it.each(['exact', 'planned', 'estimated'] as const)('count %s gives the number, with rows and with head', async (count) => {
    const withRows = await partite().select('id', { count }).eq('gruppo', 'Pulcini').limit(1);
    expect(withRows.error).toBeNull();
    expect(withRows.count).toBe(2);
    expect(withRows.data).toHaveLength(1);
    const head = await partite().select('*', { count, head: true }).eq('gruppo', 'Allievi');
    expect(head.error).toBeNull();
    expect(head.status).toBe(200);
    expect(head.count).toBe(2);
    expect(head.data).toBeNull();
    const none = await partite().select('*', { count, head: true }).eq('gruppo', 'Nessuno');
    expect(none.count).toBe(0);
  });
});

describe('supabase-js .or()', () => {
  const names = (r: { data: Array<{ squadratrasferta: string }> | null; error: unknown }) => {
    expect(r.error).toBeNull();
    return r.data!.map((p) => p.squadratrasferta);
  };

  it('ORs filters, with nested and, not and quoted values', async () => {
    expect(names(await partite().select('squadratrasferta').or('squadratrasferta.eq.Lupi,terreno.is.null').order('data').order('ora'))).toEqual([
      'Lupi',
      'Garibaldina Allievi',
    ]);
    expect(
      names(await partite().select('squadratrasferta').or('and(gruppo.eq.Allievi,data.gt.2030-03-05),squadratrasferta.eq.Lupi').order('data')),
    ).toEqual(['Lupi', 'Fortis']);
    expect(names(await partite().select('squadratrasferta').or('not.and(gruppo.eq.Pulcini,terreno.eq.erba),data.lt.2030-03-01').order('data'))).toEqual([
      'Garibaldina Allievi',
      'Fortis',
    ]);
    expect(names(await partite().select('squadratrasferta').or(`campo.eq."Campo Verdi, lato \\"A\\" (nuovo)",campo.eq."${COMMA}",campo.in.("Campo C:\\\\vecchio")`).order('data'))).toEqual([
      'Garibaldina Allievi',
      'Fortis',
    ]);
    expect(names(await partite().select('squadratrasferta').or('squadratrasferta.not.ilike.*garibaldina*').eq('gruppo', 'Pulcini'))).toEqual(['Lupi']);
  });

  it('and= and not.or= on the wire; a bad tree is PGRST100 and an unknown column 42703', async () => {
    const get = async (qs: string) => {
      const body = (await (await rest(`?select=squadratrasferta&order=data${qs}`)).json()) as Array<{ squadratrasferta: string }>;
      expect(Array.isArray(body) ? null : body).toBeNull();
      return body.map((r) => r.squadratrasferta);
    };
    expect(await get(`&and=${encodeURIComponent('(gruppo.eq.Pulcini,or(terreno.eq.erba,terreno.is.null))')}`)).toEqual(['Lupi', 'Garibaldina Pulcini']);
    expect(await get(`&not.or=${encodeURIComponent('(gruppo.eq.Pulcini,terreno.is.null)')}`)).toEqual(['Fortis']);
    for (const bad of ['(gruppo.eq.Pulcini', 'gruppo.eq.Pulcini', '()', '(gruppo.between.1)', '(xor(gruppo.eq.A))', '(gruppo.eq.A))']) {
      const res = await rest(`?or=${encodeURIComponent(bad)}`);
      expect([bad, res.status]).toEqual([bad, 400]);
      expect(await res.json()).toMatchObject({ code: 'PGRST100', hint: null });
    }
    const unknown = await rest(`?or=${encodeURIComponent('(password.eq.x,gruppo.eq.A)')}`);
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ code: '42703', message: 'column partite.password does not exist' });
    // Nesting and size are capped.
    const deep = `(${'and('.repeat(12)}gruppo.eq.A${')'.repeat(12)})`;
    expect((await rest(`?or=${encodeURIComponent(deep)}`)).status).toBe(400);
    const wide = `(${Array.from({ length: 150 }, (_, i) => `id.eq.${i}`).join(',')})`;
    expect((await rest(`?or=${encodeURIComponent(wide)}`)).status).toBe(400);
    // Values are parameters: a quote in a value is a value.
    expect(await get(`&or=${encodeURIComponent(`(campo.eq.x' OR 1=1 --,campo.eq."y\\"; DROP TABLE partite; --")`)}`)).toEqual([]);
  });
});

describe('supabase-js .csv()', () => {
  it('answers text/csv with PostgREST\'s header and quoting, parsed back by papaparse', async () => {
    const { data, error, status } = await partite()
      .select('data,ora,squadracasa,campo,terreno,is_house_match')
      .order('data')
      .order('ora')
      .csv();
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(typeof data).toBe('string');
    const text = data as unknown as string;
    const lines = text.split('\n');
    expect(lines[0]).toBe('data,ora,squadracasa,campo,terreno,is_house_match');
    // A quote doubled, a backslash doubled (PostgreSQL's record text, as PostgREST sends it), NULL empty, '' quoted.
    expect(lines[1]).toBe('2030-03-02,10:00:00,"Garibaldina Pulcini","Campo ""Bruno Zauli""; lato B",erba,t');
    expect(lines[2]).toBe('2030-03-02,15:00:00,Aquile,"Campo Verdi, lato A (nuovo)",,f');
    expect(lines[3]).toBe('2030-03-09,09:30:00,"Garibaldina Allievi","Campo C:\\\\vecchio",sintetico,t');
    expect(lines[4]).toBe('2030-03-16,11:00:00,"Real Colle","Campo D",erba,f');
    expect(lines).toHaveLength(5);
    const parsed = Papa.parse<Record<string, string>>(text, { header: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data.map((r) => r.campo)).toEqual([ZAULI, COMMA, 'Campo C:\\\\vecchio', 'Campo D']);
    expect(parsed.data[1].terreno).toBe('');
    // An empty text is quoted, NULL is nothing (PostgreSQL's record text); no rows: the header alone.
    expect(csvOf(['a', 'b', 'c'], [{ a: '', b: null, c: 'x' }])).toBe('a,b,c\n"",,x');
    expect(csvOf(['a', 'b'], [])).toBe('a,b');
    const res = await rest('?select=id&limit=1', { accept: 'text/csv' });
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
  });
});
