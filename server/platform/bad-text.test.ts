import { MSG } from '../../common/core/messages';
import { createTestApp, type TestApp } from '../../test/app';
import { bearer, createUser, type TestUser } from '../../test/users';
import { MAX_INPUT_DEPTH } from '../shared/text-gate';
import { guardedBeforeBody } from '../shared/auth-guard';

/*
 * The text gate over every route the app registers (collected while the real app is built, as the
 * route matrix does): NUL and other control characters, lone surrogates and deep JSON, in the query,
 * the path and the body, are refused with the Italian 400 before any route reads them, signed in as admin or not (a
 * stranger on a signed-in route gets the 401 first, before anything of the request is read);
 * nothing is written, not even an error-log row.
 */

let t: TestApp;
let admin: TestUser;
// HEAD, OPTIONS, QUERY and TRACE are the framework's twins and the REST endpoint's refusals of methods it lacks.
const routes: Array<{ method: string; url: string; guarded: boolean }> = [];

beforeAll(async () => {
  t = await createTestApp({
    deps: {
      onRoute: (route) => {
        for (const method of [route.method].flat()) if (!['HEAD', 'OPTIONS', 'QUERY', 'TRACE'].includes(method)) routes.push({ method, url: route.url, guarded: guardedBeforeBody(route) });
      },
    },
  });
  admin = await createUser(t.db.pool, 'admin');
  await t.db.pool.query(`INSERT INTO public.gruppi (name) VALUES ('Pulcini')`);
  await t.db.pool.query(
    `INSERT INTO public.partite (data, ora, squadracasa, squadratrasferta, gruppo, campo, tipo_gara) VALUES (current_date + 1, '10:00', 'Garibaldina', 'Lupi', 'Pulcini', 'Campo 1', 'torneo')`,
  );
  // A player (id 1, docs/players.md), so the routes on /api/giocatori/:id name a real row.
  await t.db.pool.query(`INSERT INTO public.giocatori (nome, cognome, data_nascita, gruppo_id) SELECT 'Luca', 'Bianchi', '2016-04-02', id FROM public.gruppi`);
  // Its call-up (docs/callups.md), so the routes on /api/partite/:id/convocazione name a real one.
  await t.db.pool.query(`INSERT INTO public.convocazioni (partita_id) VALUES (1)`);
  await t.db.pool.query(`INSERT INTO public.convocazioni_giocatori (partita_id, giocatore_id, token_sale, token_hash) VALUES (1, 1, '\\x00112233445566778899aabbccddeeff', sha256('x'))`);
}, 60000);
afterAll(async () => {
  await t?.close();
});

/** Rows of every table a request could write, to prove nothing changed. */
async function snapshot() {
  const { rows } = await t.db.pool.query(
    `SELECT (SELECT count(*) FROM public.partite)::int AS partite, (SELECT count(*) FROM public.gruppi)::int AS gruppi,
            (SELECT count(*) FROM public.error_logs)::int AS errors, (SELECT count(*) FROM auth.users)::int AS users,
            (SELECT string_agg(nome || cognome || data_nascita || gruppo_id || updated_at, ',') FROM public.giocatori) AS giocatori,
            (SELECT count(*) FROM public.utenti_gruppi)::int + (SELECT count(*) FROM public.utenti_gruppi_tutti)::int AS legami,
            (SELECT string_agg(ritrovo_anticipo || '/' || scadenza_anticipo || coalesce(note, '') || coalesce(inviata_il::text, ''), ',') FROM public.convocazioni) AS convocazioni,
            (SELECT string_agg(giocatore_id || coalesce(risposta, '') || coalesce(nota, ''), ',') FROM public.convocazioni_giocatori) AS convocati,
            (SELECT count(*) FROM public.convocazioni_risposte)::int + (SELECT count(*) FROM public.notifiche_job)::int AS risposte_e_mail,
            (SELECT count(*) FROM public.distinte)::int + (SELECT count(*) FROM public.distinte_giocatori)::int + (SELECT count(*) FROM public.distinte_stampe)::int AS distinte,
            (SELECT string_agg(squadracasa || squadratrasferta || campo, ',') FROM public.partite) AS names`,
  );
  return rows[0];
}

const concrete = (url: string, param = '1') => url.replace(/:[^/]+/g, param);
const withBody = (method: string) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(method);
const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;

type Case = { name: string; query?: string; param?: string; body?: string; message: string; onlyWithBody?: boolean; onlyWithParam?: boolean };
const CASES: Case[] = [
  { name: 'NUL in the query', query: 'testo=a%00b', message: MSG.http.controlCharacters },
  { name: 'a control character (ESC) in the query', query: 'testo=%1B%5B2J', message: MSG.http.controlCharacters },
  { name: 'NUL in a path parameter', param: '1%00', message: MSG.http.controlCharacters, onlyWithParam: true },
  { name: 'NUL in a body string', body: JSON.stringify({ nome: 'a\u0000b' }), message: MSG.http.controlCharacters, onlyWithBody: true },
  { name: 'NUL in a body key', body: '{"no\\u0000me":"x"}', message: MSG.http.controlCharacters, onlyWithBody: true },
  { name: 'a lone surrogate in the body', body: '{"nome":"a\\ud800b"}', message: MSG.http.controlCharacters, onlyWithBody: true },
  // What cannot be seen and changes what is seen: C1 controls, the line and paragraph separators, bidi controls.
  { name: 'a C1 control (NEL) in the query', query: 'testo=a%C2%85b', message: MSG.http.controlCharacters },
  { name: 'a C1 control (CSI) in a body string', body: JSON.stringify({ nome: 'a\u009b2Jb' }), message: MSG.http.controlCharacters, onlyWithBody: true },
  { name: 'U+2028 in a body string', body: JSON.stringify({ nome: 'a\u2028b' }), message: MSG.http.controlCharacters, onlyWithBody: true },
  { name: 'U+2029 in the query', query: 'testo=a%E2%80%A9b', message: MSG.http.controlCharacters },
  { name: 'a bidi override (U+202E) in a body string', body: JSON.stringify({ nome: 'Rossi\u202Eoiram' }), message: MSG.http.controlCharacters, onlyWithBody: true },
  { name: 'a bidi isolate (U+2066) in the query', query: 'testo=%E2%81%A6x', message: MSG.http.controlCharacters },
  { name: 'a bidi mark (U+200F) in a path parameter', param: '1%E2%80%8F', message: MSG.http.controlCharacters, onlyWithParam: true },
  { name: 'JSON nested past the limit', body: deep(MAX_INPUT_DEPTH + 1), message: MSG.http.tooDeep, onlyWithBody: true },
];

describe('the text gate, on every route', () => {
  it('collected the routes', () => {
    expect(routes.length).toBeGreaterThan(30);
  });

  it.each(CASES.map((c, i) => ({ ...c, i })))('$name: 400 in Italian on every route, signed in or not, nothing written', async (c) => {
    const before = await snapshot();
    // One client address per case: the per-address limits of the sign-in routes (checked before the gate) are not what this is about.
    const remoteAddress = `127.0.2.${c.i + 1}`;
    const failures: string[] = [];
    for (const route of routes) {
      // The read-only /rest/v1 refuses every write as PostgREST does, before its body is read.
      if (c.onlyWithBody && (!withBody(route.method) || route.url.startsWith('/rest/v1/'))) continue;
      if (c.onlyWithParam && !route.url.includes(':')) continue;
      for (const headers of [bearer(admin), {}]) {
        const path = concrete(route.url, c.param);
        const res = await t.app.inject({
          method: route.method as 'GET',
          url: c.query ? `${path}${path.includes('?') ? '&' : '?'}${c.query}` : path,
          headers: { ...headers, ...(c.body ? { 'content-type': 'application/json' } : {}) },
          payload: c.body,
          remoteAddress,
        });
        // A stranger on a signed-in route is refused before anything of the request is read (guardsBeforeBody).
        const [status, message] = route.guarded && !('authorization' in headers) ? [401, MSG.http.notAuthenticated] : [400, c.message];
        if (res.statusCode !== status || !res.body.includes(message)) failures.push(`${route.method} ${route.url}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it('a report with a 7,000-deep context is refused, and the good reports beside it are stored', async () => {
    const report = (message: string, context: unknown) => ({ message, type: 'frontend', severity: 'low', context });
    const bad = t.app.inject({ method: 'POST', url: '/api/error-logs', payload: `{"message":"profondo","type":"frontend","severity":"low","context":${deep(7000)}}`, headers: { 'content-type': 'application/json' } });
    const nul = t.app.inject({ method: 'POST', url: '/api/error-logs', payload: report('con \u0000 dentro', {}) });
    const good = Array.from({ length: 8 }, (_, i) => t.app.inject({ method: 'POST', url: '/api/error-logs', payload: report(`rapporto buono ${i}`, {}) }));
    const [badRes, nulRes, ...goodRes] = await Promise.all([bad, nul, ...good]);
    expect([badRes.statusCode, nulRes.statusCode]).toEqual([400, 400]);
    expect(goodRes.map((r) => r.statusCode)).toEqual(Array(8).fill(201));
    const { rows } = await t.db.pool.query(`SELECT count(*)::int AS n FROM public.error_logs WHERE error_message LIKE 'rapporto buono %'`);
    expect(rows[0].n).toBe(8);
  });

  it('tabs and line breaks still pass the gate (a reason, a pasted sheet); each field rule decides', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/error-logs', payload: { message: 'riga 1\nriga 2\tcolonna', type: 'frontend', severity: 'low' } });
    expect(res.statusCode).toBe(201);
  });
});
