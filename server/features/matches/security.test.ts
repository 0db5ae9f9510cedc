import { MSG } from '../../../common/core/messages';
import { DISTINTA_MSG } from '../../../common/teamsheet/messages';
import { DIRIGENTI_MSG } from '../../../common/officials/messages';
import dayjs from 'dayjs';
import { createTestApp, type TestApp } from '../../../test/app';
import { bearer, createUser, type TestUser } from '../../../test/users';
import { todayIn } from '../../../common/core/dates';
import { STATUS_MSG } from '../../../common/status/rules';
import { CONVOCAZIONI_MSG } from '../../../common/callups/messages';

let t: TestApp;
const users: Record<string, TestUser | null> = { anonymous: null };
const future = dayjs(todayIn('Europe/Rome')).add(5, 'day').format('YYYY-MM-DD');
let seq = 0;
const body = () => ({
  data: future,
  ora: '10:00',
  squadraCasa: `Casa ${++seq}`,
  squadraTrasferta: `Ospite ${seq}`, // a different team each time: the same team twice at 10:00 is a clash (docs/occupancy.md)
  campo: 'Campo',
  gruppo: 'Pulcini',
  tipoGara: 'torneo',
});
let matchId: number;

async function newMatch(): Promise<number> {
  const { rows } = await t.db.pool.query(
    `INSERT INTO public.partite (data, ora, squadracasa, squadratrasferta, gruppo, campo, tipo_gara)
     VALUES ($1, '10:00', 'Lupi', 'Aquile', 'Pulcini', 'Campo Lupi', 'torneo') RETURNING id`,
    [future],
  );
  return rows[0].id;
}

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['reader', 'editor', 'admin'] as const) users[role] = await createUser(t.db.pool, role);
  await t.db.pool.query(`INSERT INTO public.gruppi (name) VALUES ('Pulcini')`);
  matchId = await newMatch();
});
afterAll(() => t.close());

type Cell = [number, string?];
interface Row {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: () => string;
  payload?: () => object;
  expect: Record<'anonymous' | 'reader' | 'editor' | 'admin', Cell>;
  /** The registered pattern, when the url's last segment is not a numeric id. */
  route?: string;
}
const NOT_AUTH = 'Utente non autenticato';

// Every route of the matches feature against every role (docs/users.md, roles); 401 vs 403 and their messages.
const MATRIX: Row[] = [
  { method: 'GET', url: () => '/api/partite/public', expect: { anonymous: [200], reader: [200], editor: [200], admin: [200] } },
  { method: 'GET', url: () => `/api/partite/${matchId}`, expect: { anonymous: [401, NOT_AUTH], reader: [200], editor: [200], admin: [200] } },
  {
    method: 'POST',
    url: () => '/api/partite',
    payload: body,
    expect: { anonymous: [401, NOT_AUTH], reader: [403, 'Non hai i permessi per creare partite'], editor: [201], admin: [201] },
  },
  {
    method: 'PUT',
    url: () => `/api/partite/${matchId}`,
    payload: body,
    expect: { anonymous: [401, NOT_AUTH], reader: [403, 'Non hai i permessi per modificare partite'], editor: [200], admin: [200] },
  },
  // A match's officials (docs/officials.md): editors and administrators.
  {
    method: 'PUT',
    url: () => `/api/partite/${matchId}/designazioni`,
    route: '/api/partite/:id/designazioni',
    payload: () => ({ arbitro: null, accompagnatore: null, addettoArbitro: null }),
    expect: { anonymous: [401, NOT_AUTH], reader: [403, DIRIGENTI_MSG.forbidden], editor: [200], admin: [200] },
  },
  // A match's call-up (docs/callups.md, tested in server/features/callups): the signed-in who follow its
  // category read, editors among them write; an unknown match is a 404 past the door.
  ...(
    [
      ['GET', '/convocazione', undefined],
      ['PUT', '/convocazione', () => ({ giocatori: [] })],
      ['POST', '/convocazione/invia', undefined],
      ['POST', '/convocazione/sollecita', undefined],
      ['PUT', '/convocazione/giocatori/:giocatoreId', () => ({ risposta: null })],
    ] as const
  ).map(
    ([method, tail, payload]): Row => ({
      method,
      url: () => `/api/partite/2147483000${tail.replace(':giocatoreId', '1')}`,
      route: `/api/partite/:id${tail}`,
      payload,
      expect: {
        anonymous: [401, NOT_AUTH],
        reader: method === 'GET' ? [404, CONVOCAZIONI_MSG.notFound] : [403, CONVOCAZIONI_MSG.forbiddenWrite],
        editor: [404, CONVOCAZIONI_MSG.notFound],
        admin: [404, CONVOCAZIONI_MSG.notFound],
      },
    }),
  ),
  // A match's team sheet (docs/teamsheet.md, tested in server/features/teamsheet): the signed-in who follow its
  // category read and print, editors among them write; an unknown match is a 404 past the door.
  ...(
    [
      ['GET', '/distinta', undefined],
      ['PUT', '/distinta', () => ({ giocatori: [] })],
      ['GET', '/distinta.pdf', undefined],
      ['GET', '/distinta/stampe', undefined],
    ] as const
  ).map(
    ([method, tail, payload]): Row => ({
      method,
      url: () => `/api/partite/2147483000${tail}`,
      route: `/api/partite/:id${tail}`,
      payload,
      expect: {
        anonymous: [401, NOT_AUTH],
        reader: method === 'GET' ? [404, MSG.match.notFound] : [403, DISTINTA_MSG.forbiddenWrite],
        editor: [404, MSG.match.notFound],
        admin: [404, MSG.match.notFound],
      },
    }),
  ),
  // Bulk status changes and their undo (docs/matches.md, status): editors and administrators.
  {
    method: 'POST',
    url: () => '/api/partite/stato',
    payload: () => ({ ids: [matchId], azione: 'sospendi' }),
    expect: { anonymous: [401, NOT_AUTH], reader: [403, STATUS_MSG.forbidden], editor: [200], admin: [200] },
  },
  {
    method: 'POST',
    url: () => '/api/partite/stato/00000000-0000-4000-8000-000000000000/annulla',
    route: '/api/partite/stato/:operazione/annulla',
    expect: { anonymous: [401, NOT_AUTH], reader: [403, STATUS_MSG.forbidden], editor: [404, STATUS_MSG.operationNotFound], admin: [404, STATUS_MSG.operationNotFound] },
  },
  {
    method: 'DELETE',
    url: () => `/api/partite/${matchId}`,
    expect: { anonymous: [401, NOT_AUTH], reader: [403, 'Non hai i permessi per eliminare partite'], editor: [200], admin: [200] },
  },
  { method: 'GET', url: () => '/api/squadre/suggestions?search=lu', expect: { anonymous: [401, NOT_AUTH], reader: [200], editor: [200], admin: [200] } },
  // Clash check (docs/occupancy.md, server/features/occupancy): editors and administrators.
  {
    method: 'POST',
    url: () => '/api/partite/conflitti',
    payload: body,
    expect: { anonymous: [401, NOT_AUTH], reader: [403, 'Accesso negato - permessi insufficienti'], editor: [200], admin: [200] },
  },
  // Fixture import (docs/import.md, server/features/import): editors and administrators; an empty body is refused.
  {
    method: 'POST',
    url: () => '/api/partite/import',
    payload: () => ({}),
    expect: { anonymous: [401, NOT_AUTH], reader: [403, 'Non hai i permessi per creare partite'], editor: [400], admin: [400] },
  },
  {
    method: 'POST',
    url: () => '/api/partite/import/check',
    payload: () => ({}),
    expect: { anonymous: [401, NOT_AUTH], reader: [403, 'Non hai i permessi per creare partite'], editor: [400], admin: [400] },
  },
  { method: 'GET', url: () => '/api/campi/suggestions?search=ca', expect: { anonymous: [401, NOT_AUTH], reader: [200], editor: [200], admin: [200] } },
  { method: 'GET', url: () => '/rest/v1/partite?select=*', expect: { anonymous: [401], reader: [200], editor: [200], admin: [200] } },
  ...(['POST', 'PATCH', 'PUT', 'DELETE'] as const).map(
    (method): Row => ({ method, url: () => '/rest/v1/partite', expect: { anonymous: [401], reader: [403], editor: [403], admin: [403] } }),
  ),
];

describe('role matrix of the matches routes', () => {
  const routes = t_routes();
  it('covers every route the feature registers (a new route without a row fails)', () => {
    const registered = routes();
    expect(registered.length).toBeGreaterThanOrEqual(12);
    const inMatrix = new Set(MATRIX.map((r) => `${r.method} ${r.route ?? r.url().replace(/\?.*$/, '').replace(/\/\d+$/, '/:id')}`));
    for (const r of registered) expect(inMatrix).toContain(r);
  });

  for (const row of MATRIX) {
    for (const role of ['anonymous', 'reader', 'editor', 'admin'] as const) {
      it(`${row.method} ${row.url().replace(/undefined$|\d+$/, ':id')} as ${role}`, async () => {
        if (row.method === 'DELETE' && row.url().startsWith('/api')) matchId = await newMatch();
        const user = users[role];
        const res = await t.app.inject({ method: row.method, url: row.url(), headers: user ? bearer(user) : {}, payload: row.payload?.() });
        const [status, message] = row.expect[role];
        expect(`${row.method} ${row.url()} ${res.statusCode}`).toBe(`${row.method} ${row.url()} ${status}`);
        if (message) expect(res.json()).toEqual({ error: message });
      });
    }
  }
});

/** The routes the app registers under the matches feature's paths (parsed from Fastify's route tree). */
function t_routes() {
  return () => {
    const text = t.app.printRoutes({ commonPrefix: false });
    const stack: string[] = [];
    const found: string[] = [];
    for (const line of text.split('\n')) {
      const at = line.indexOf('── ');
      if (at < 0) continue;
      const depth = Math.floor(at / 4);
      const m = /^(\S+) \(([^)]+)\)/.exec(line.slice(at + 3));
      const segment = m ? m[1] : line.slice(at + 3).trim();
      stack.length = depth;
      stack[depth] = segment;
      if (!m) continue;
      const path = stack.join('');
      if (!/^\/(api\/(partite|squadre|campi)|rest\/v1)/.test(path) || path === '/rest/v1/:table') continue;
      for (const method of m[2].split(', ')) if (method !== 'HEAD') found.push(`${method} ${path}`);
    }
    return found;
  };
}

describe('SQL injection in every filter', () => {
  const ATTACKS = [
    "' OR '1'='1",
    "'; DROP TABLE public.partite; --",
    "1); DELETE FROM public.partite; --",
    'Lupi%',
    '%',
    "Lupi' UNION SELECT id, email FROM auth.users --",
    '\\',
    "2030-01-01' OR 1=1 --",
    // Names of Object.prototype: a whitelist looked up with `in` would take them for columns or operators.
    'constructor',
    '__proto__',
    'hasOwnProperty',
    'toString',
  ];
  const tablesIntact = async () => {
    const p = await t.db.pool.query('SELECT count(*)::int AS n FROM public.partite');
    const u = await t.db.pool.query('SELECT count(*)::int AS n FROM auth.users');
    return { partite: p.rows[0].n, users: u.rows[0].n };
  };

  it('public listing: every filter answers 400 or no rows, and the tables stay intact', async () => {
    const before = await tablesIntact();
    // Each from its own address: one address's uncached reads are limited (docs/public-page.md).
    let visitors = 0;
    const remoteAddress = () => `10.6.${Math.floor(++visitors / 250)}.${(visitors % 250) + 1}`;
    for (const key of ['data', 'ora', 'squadracasa', 'gruppo', 'squadratrasferta', 'campo', 'terreno', 'tipoGara']) {
      for (const attack of ATTACKS) {
        const res = await t.app.inject({ url: `/api/partite/public?${key}=${encodeURIComponent(attack)}`, remoteAddress: remoteAddress() });
        if (res.statusCode === 400) continue;
        expect(res.statusCode).toBe(200);
        const { data, appliedFilters } = res.json();
        // The filter rules (docs/matches.md, dashboard filters) drop or clean the value: what applies holds no quote, semicolon or
        // comment, and the answer is exactly that of the cleaned value ('Lupi%' -> 'Lupi' finds Lupi, as typing it would).
        const applied: string | undefined = appliedFilters[key];
        if (applied === undefined) continue;
        expect(applied).not.toMatch(/['";\\%_]|--/);
        const plain = await t.app.inject({ url: `/api/partite/public?${key}=${encodeURIComponent(applied)}`, remoteAddress: remoteAddress() });
        expect({ key, attack, data }).toEqual({ key, attack, data: plain.json().data });
      }
    }
    // Names of Object.prototype as filter names are unknown fields, not filters.
    for (const key of ['constructor', '__proto__', 'hasOwnProperty', 'toString']) {
      const res = await t.app.inject({ url: `/api/partite/public?${key}=x` });
      expect({ key, status: res.statusCode, body: res.json() }).toEqual({
        key,
        status: 400,
        body: { error: expect.stringMatching(/^Campo non previsto: |^Richiesta non valida/) },
      });
    }
    expect(await tablesIntact()).toEqual(before);
  });

  it('suggestions: 400 or no rows', async () => {
    const before = await tablesIntact();
    for (const path of ['/api/squadre/suggestions', '/api/campi/suggestions']) {
      for (const attack of ATTACKS.filter((a) => a !== '%')) {
        const res = await t.app.inject({ url: `${path}?search=${encodeURIComponent(attack)}`, headers: bearer(users.reader!) });
        if (res.statusCode === 400) continue;
        expect({ attack, data: res.json().data }).toEqual({ attack, data: [] });
      }
    }
    expect(await tablesIntact()).toEqual(before);
  });

  it('PostgREST read: 400 or no rows, in values, column names, order and select', async () => {
    const before = await tablesIntact();
    const cols = ['squadracasa', 'campo', 'data', 'ora', 'id', 'is_house_match'];
    const urls: string[] = [];
    for (const attack of ATTACKS) {
      const a = encodeURIComponent(attack);
      for (const c of cols) urls.push(`${c}=eq.${a}`, `${c}=in.(${a})`);
      urls.push(`squadracasa=ilike.${encodeURIComponent(`*${attack}`)}x`);
      urls.push(`order=${a}`, `order=${a}.asc`, `select=${a}`, `select=id,${a}`, `${a}=eq.1`, `data=${a}.1`, `limit=${a}`);
    }
    for (const qs of urls) {
      const res = await t.app.inject({ url: `/rest/v1/partite?${qs}`, headers: bearer(users.reader!) });
      if (res.statusCode === 400) {
        // A PostgREST error body, never a crash turned into something else.
        expect({ qs, body: Object.keys(res.json()).sort() }).toEqual({ qs, body: ['code', 'details', 'hint', 'message'] });
        continue;
      }
      expect({ qs, status: res.statusCode, rows: res.json() }).toEqual({ qs, status: 200, rows: [] });
    }
    expect(await tablesIntact()).toEqual(before);
  });
});
