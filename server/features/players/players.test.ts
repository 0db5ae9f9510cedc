import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestApp, type TestApp } from '../../../test/app';
import { bearer, createUser, type TestUser } from '../../../test/users';
import { MSG } from '../../../common/core/messages';
import { todayIn } from '../../../common/core/dates';
import { GIOCATORI_MSG } from '../../../common/players/messages';
import { addDays, stagioneDi } from '../../../common/players/rules';
import { migrate } from '../../db/migrate';

const M = GIOCATORI_MSG;
/** A surname nobody has: searched for in every table and every output. */
const SURNAME = 'Zqxwyllantù';

let t: TestApp;
let admin: TestUser;
let editorAll: TestUser;
let editorPulcini: TestUser;
let readerPulcini: TestUser;
let readerNone: TestUser;
let today: string;
const gruppi: Record<string, number> = {};

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const api = (who: TestUser | null, method: Method, url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: who ? bearer(who) : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
const tie = (user: TestUser, body: object) => api(admin, 'PUT', `/api/users/${user.id}/gruppi`, body);
const player = (over: Record<string, unknown> = {}) => ({ nome: 'Luca', cognome: 'Bianchi', dataNascita: '2016-04-02', gruppo: 'Pulcini', ...over });

async function create(over: Record<string, unknown> = {}, who: TestUser = admin): Promise<{ id: number; [k: string]: unknown }> {
  const res = await api(who, 'POST', '/api/giocatori', player(over));
  expect(res.statusCode).toBe(201);
  return res.json().data;
}

const snapshot = async () => (await t.db.pool.query('SELECT * FROM public.giocatori ORDER BY id')).rows;
const activities = async () =>
  (await t.db.pool.query<{ activity_message: string; context: Record<string, unknown> | null; endpoint: string; user_email: string }>(
    'SELECT activity_message, context, endpoint, user_email FROM public.activity_logs ORDER BY id',
  )).rows;

/** Every text, json and array column of every table holding `needle` (any case): `schema.table.column`. */
async function everywhere(needle: string): Promise<string[]> {
  const { rows } = await t.db.pool.query<{ table_schema: string; table_name: string; column_name: string }>(
    `SELECT c.table_schema, c.table_name, c.column_name FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
      WHERE c.table_schema IN ('public', 'auth') AND c.data_type IN ('text', 'jsonb', 'json', 'character varying', 'ARRAY', 'USER-DEFINED')`,
  );
  const found: string[] = [];
  for (const c of rows) {
    const q = `SELECT count(*)::int AS n FROM "${c.table_schema}"."${c.table_name}" WHERE "${c.column_name}"::text ILIKE $1`;
    if ((await t.db.pool.query(q, [`%${needle}%`])).rows[0].n > 0) found.push(`${c.table_schema}.${c.table_name}.${c.column_name}`);
  }
  return found;
}

beforeAll(async () => {
  t = await createTestApp();
  today = todayIn(t.config.timezone);
  admin = await createUser(t.db.pool, 'admin');
  [editorAll, editorPulcini, readerPulcini, readerNone] = await Promise.all([
    createUser(t.db.pool, 'editor'),
    createUser(t.db.pool, 'editor'),
    createUser(t.db.pool, 'reader'),
    createUser(t.db.pool, 'reader'),
  ]);
  for (const name of ['Pulcini', 'Esordienti', 'Allievi']) {
    gruppi[name] = (await t.db.pool.query<{ id: number }>('INSERT INTO public.gruppi (name) VALUES ($1) RETURNING id', [name])).rows[0].id;
  }
  expect((await tie(editorAll, { tutte: true })).statusCode).toBe(200);
  expect((await tie(editorPulcini, { gruppi: ['Pulcini'] })).statusCode).toBe(200);
  expect((await tie(readerPulcini, { gruppi: ['Pulcini'] })).statusCode).toBe(200);
}, 60_000);
afterAll(() => t.close());
// CASCADE: the tables that point to a player (the team sheets' lines and print history, docs/teamsheet.md) go with them.
beforeEach(() => t.db.pool.query('TRUNCATE public.giocatori, public.activity_logs RESTART IDENTITY CASCADE'));

describe('the categories a user follows (PUT /api/users/:id/gruppi)', () => {
  it('admins set them, by name (any case) or all; the users answers carry them; an audit and an activity record', async () => {
    const user = await createUser(t.db.pool, 'reader');
    const res = await tie(user, { gruppi: ['pulcini', 'Esordienti'] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: M.users.tiesUpdated(user.email), data: expect.objectContaining({ id: user.id, email: user.email, role: 'reader' }) });
    expect(res.json().data.gruppiSeguiti).toEqual({ tutte: false, gruppi: ['Esordienti', 'Pulcini'] });
    const listed = (await api(admin, 'GET', '/api/users')).json().data;
    expect(listed.find((u: { id: string }) => u.id === user.id).gruppiSeguiti).toEqual({ tutte: false, gruppi: ['Esordienti', 'Pulcini'] });
    expect(listed.find((u: { id: string }) => u.id === editorAll.id).gruppiSeguiti).toEqual({ tutte: true, gruppi: [] });
    expect(listed.find((u: { id: string }) => u.id === readerNone.id).gruppiSeguiti).toEqual({ tutte: false, gruppi: [] });

    expect((await tie(user, { tutte: true })).json().data.gruppiSeguiti).toEqual({ tutte: true, gruppi: [] });
    expect((await tie(user, { gruppi: [] })).json().data.gruppiSeguiti).toEqual({ tutte: false, gruppi: [] });
    const audit = await t.db.pool.query(`SELECT action_type, changes FROM public.user_audit WHERE target_user_id = $1 ORDER BY id`, [user.id]);
    expect(audit.rows.map((r) => r.action_type)).toEqual(['UPDATE', 'UPDATE', 'UPDATE']);
    expect(audit.rows[0].changes).toEqual({ gruppiSeguiti: { from: { tutte: false, gruppi: [] }, to: { tutte: false, gruppi: ['Esordienti', 'Pulcini'] } } });
    expect((await activities()).map((a) => a.activity_message)).toEqual([
      M.activity.ties(user.email, 'Esordienti, Pulcini'),
      M.activity.ties(user.email, M.users.tutte),
      M.activity.ties(user.email, M.users.nessuna),
    ]);
  });

  it('refuses unknown categories, bad bodies, bad ids and non-admins; nothing changes', async () => {
    const user = await createUser(t.db.pool, 'editor');
    await tie(user, { gruppi: ['Allievi'] });
    const cases: Array<[TestUser, string, object, number, string]> = [
      [admin, user.id, { gruppi: ['Pulcini', 'Nessuna'] }, 400, M.unknownGruppi('Nessuna')],
      [admin, user.id, { gruppi: ['Pulcini'], tutte: true }, 400, M.invalid.gruppiSeguiti],
      [admin, user.id, { tutte: false }, 400, M.invalid.gruppiSeguiti],
      [admin, user.id, { gruppi: ['Pulcini'], ruolo: 'admin' }, 400, MSG.http.unknownField('ruolo')],
      [admin, 'non-un-id', { tutte: true }, 400, MSG.users.idInvalid],
      [admin, '00000000-0000-4000-8000-000000000000', { tutte: true }, 404, MSG.users.notFound],
      [editorAll, user.id, { tutte: true }, 403, M.forbiddenTies],
      [readerPulcini, user.id, { tutte: true }, 403, M.forbiddenTies],
    ];
    for (const [who, id, body, status, error] of cases) {
      const res = await api(who, 'PUT', `/api/users/${id}/gruppi`, body);
      expect([res.statusCode, res.json()]).toEqual([status, { error }]);
    }
    expect((await api(null, 'PUT', `/api/users/${user.id}/gruppi`, { tutte: true })).statusCode).toBe(401);
    const listed = (await api(admin, 'GET', '/api/users')).json().data;
    expect(listed.find((u: { id: string }) => u.id === user.id).gruppiSeguiti).toEqual({ tutte: false, gruppi: ['Allievi'] });
  });

  it('migration 023: the editors that existed start tied to every category, readers and admins to none', async () => {
    const db = t.db.pool;
    const roles = { editor: await createUser(db, 'editor'), reader: await createUser(db, 'reader'), admin: await createUser(db, 'admin') };
    // Back to the database before 023, with these accounts in it, then migrate (023 alone: the later
    // migrations stay applied; the tables that point to a player lose their foreign keys with it).
    await db.query(`DROP TABLE public.giocatori, public.utenti_gruppi, public.utenti_gruppi_tutti CASCADE`);
    await db.query(`ALTER TABLE public.gruppi DROP CONSTRAINT gruppi_anni_ordine, DROP COLUMN anno_da, DROP COLUMN anno_a, DROP COLUMN max_distinta`);
    // 023 alone: the later migrations stay applied (their foreign keys to giocatori went with the drop above).
    await db.query(`DELETE FROM public.schema_migrations WHERE name = '023-giocatori.sql'`);
    const applied = await migrate(db);
    expect(applied[0]).toBe('023-giocatori.sql');
    const tied = (await db.query(`SELECT user_id FROM public.utenti_gruppi_tutti`)).rows.map((r) => r.user_id);
    // Every editor of the file's database is tied to all (its own editors' ties were dropped with the tables).
    expect(tied).toContain(roles.editor.id);
    expect(tied).toContain(editorPulcini.id);
    expect(tied).not.toContain(roles.reader.id);
    expect(tied).not.toContain(roles.admin.id);
    expect((await db.query(`SELECT count(*)::int AS n FROM public.utenti_gruppi`)).rows[0].n).toBe(0);
    expect((await db.query(`SELECT max_distinta FROM public.gruppi WHERE name = 'Pulcini'`)).rows[0].max_distinta).toBe(20);
    // The ties of this file's users, as before.
    await db.query('DELETE FROM public.utenti_gruppi_tutti');
    expect((await tie(editorAll, { tutte: true })).statusCode).toBe(200);
    expect((await tie(editorPulcini, { gruppi: ['Pulcini'] })).statusCode).toBe(200);
    expect((await tie(readerPulcini, { gruppi: ['Pulcini'] })).statusCode).toBe(200);
  });
});

describe('create, read, update, erase', () => {
  it('POST answers 201 with every field and the warnings; GET reads it back; an activity record names no player', async () => {
    const body = player({
      cognome: SURNAME,
      numeroTessera: '1234567',
      certificato: { tipo: 'non_agonistico', scadenza: '2027-05-31' },
      squalificatoFino: '2026-12-06',
      contatti: [{ nome: 'Anna', relazione: 'madre', email: 'Anna.Madre@Example.it', telefono: '333 1234567' }],
      note: 'Porta gli occhiali',
    });
    const res = await api(editorAll, 'POST', '/api/giocatori', body);
    expect(res.statusCode).toBe(201);
    const expected = {
      id: 1,
      nome: 'Luca',
      cognome: SURNAME,
      dataNascita: '2016-04-02',
      gruppo: 'Pulcini',
      numeroTessera: '1234567',
      certificato: { tipo: 'non_agonistico', scadenza: '2027-05-31' },
      squalificatoFino: '2026-12-06',
      contatti: [{ nome: 'Anna', relazione: 'madre', email: 'anna.madre@example.it', telefono: '3331234567' }],
      note: 'Porta gli occhiali',
    };
    expect(res.json()).toEqual({ data: expected, avvisi: [] });
    const read = await api(readerPulcini, 'GET', '/api/giocatori/1');
    expect(read.json()).toEqual({ data: expected });
    expect(read.headers['cache-control']).toBe('no-store');
    expect(await activities()).toEqual([
      { activity_message: M.activity.created(1, 'Pulcini'), context: { giocatore: 1, gruppo: 'Pulcini' }, endpoint: 'POST /api/giocatori', user_email: editorAll.email },
    ]);
  });

  it('a minor without a reachable contact is saved with a warning; the category in any case is the stored one', async () => {
    const res = await api(editorAll, 'POST', '/api/giocatori', player({ gruppo: 'pulcini', contatti: [{ nome: 'Nonna' }] }));
    expect(res.statusCode).toBe(201);
    expect(res.json().avvisi).toEqual([M.nessunContatto]);
    expect(res.json().data.gruppo).toBe('Pulcini');
    expect((await snapshot()).length).toBe(1);
  });

  it('PUT replaces the record; its activity record names the fields changed, never their values', async () => {
    const { id } = await create({ contatti: [{ nome: 'Anna', telefono: '3331234567' }] });
    const res = await api(editorAll, 'PUT', `/api/giocatori/${id}`, player({ gruppo: 'Esordienti', numeroTessera: 'AB-12', contatti: [{ nome: 'Anna', telefono: '3331234567' }] }));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id, gruppo: 'Esordienti', numeroTessera: 'AB-12' });
    expect(res.json().avvisi).toEqual([]);
    const last = (await activities()).at(-1)!;
    expect(last).toMatchObject({ activity_message: M.activity.updated(id, 'Esordienti'), endpoint: 'PUT /api/giocatori/:id' });
    expect(last.context).toEqual({ giocatore: id, gruppo: 'Esordienti', daGruppo: 'Pulcini', campi: ['gruppo', 'numeroTessera'] });
    const stored = (await snapshot())[0];
    expect([stored.gruppo_id, stored.numero_tessera]).toEqual([gruppi.Esordienti, 'AB-12']);
    expect(stored.updated_at.getTime()).toBeGreaterThanOrEqual(stored.created_at.getTime());
  });

  it('refuses bad input in Italian (unknown fields, names, dates, an unknown category, a bad id); nothing is written', async () => {
    const { id } = await create();
    const before = await snapshot();
    const records = (await activities()).length;
    const cases: Array<[Method, string, object, number, string]> = [
      ['POST', '/api/giocatori', player({ diagnosi: 'asma' }), 400, MSG.http.unknownField('diagnosi')],
      ['POST', '/api/giocatori', player({ certificato: { tipo: 'agonistico', scadenza: '2027-01-01', referto: 'x' } }), 400, MSG.http.unknownField('referto')],
      ['POST', '/api/giocatori', player({ cognome: 'Bian\tchi' }), 400, M.invalid.riga('Cognome')],
      ['POST', '/api/giocatori', player({ dataNascita: '2016-02-30' }), 400, M.invalid.data('Data di nascita')],
      ['POST', '/api/giocatori', player({ dataNascita: addDays(today, 1) }), 400, M.invalid.nascitaFutura],
      ['POST', '/api/giocatori', player({ gruppo: 'Juniores' }), 400, M.unknownGruppo('Juniores')],
      ['POST', '/api/giocatori', {}, 400, M.invalid.nome],
      ['PUT', `/api/giocatori/${id}`, player({ contatti: [{ nome: 'A' }, { nome: 'B' }, { nome: 'C' }, { nome: 'D' }] }), 400, M.invalid.contatti(3)],
      ['PUT', '/api/giocatori/999', player(), 404, M.notFound],
      ['PUT', '/api/giocatori/abc', player(), 404, M.notFound],
      ['GET', '/api/giocatori/0', {}, 404, M.notFound],
      ['DELETE', '/api/giocatori/999', {}, 404, M.notFound],
    ];
    for (const [method, url, body, status, error] of cases) {
      const res = await api(admin, method, url, method === 'GET' || method === 'DELETE' ? undefined : body);
      expect([method, url, res.statusCode, res.json()]).toEqual([method, url, status, { error }]);
    }
    expect(await snapshot()).toEqual(before);
    expect((await activities()).length).toBe(records);
  });
});

describe('who sees what (docs/players.md): by role and by the categories followed', () => {
  let rossi: number;
  let verdi: number;
  beforeEach(async () => {
    rossi = (await create({ cognome: 'Rossi' })).id;
    verdi = (await create({ cognome: 'Verdi', gruppo: 'Esordienti', dataNascita: '2014-03-03' })).id;
  });
  const names = async (who: TestUser, url = '/api/giocatori') => {
    const res = await api(who, 'GET', url);
    expect(res.statusCode).toBe(200);
    return res.json().data.map((p: { cognome: string }) => p.cognome);
  };

  it('a reader of Pulcini reads the Pulcini and nothing else, and writes nothing', async () => {
    expect(await names(readerPulcini)).toEqual(['Rossi']);
    expect(await names(readerPulcini, '/api/giocatori?gruppo=Pulcini')).toEqual(['Rossi']);
    const other = await api(readerPulcini, 'GET', '/api/giocatori?gruppo=Esordienti');
    expect([other.statusCode, other.json()]).toEqual([403, { error: M.notFollowed('Esordienti') }]);
    expect((await api(readerPulcini, 'GET', `/api/giocatori/${verdi}`)).statusCode).toBe(404);
    expect((await api(readerPulcini, 'GET', `/api/giocatori/${rossi}`)).statusCode).toBe(200);
    const panel = (await api(readerPulcini, 'GET', '/api/giocatori/scadenze')).json().data;
    expect(new Set(panel.map((v: { cognome: string }) => v.cognome))).toEqual(new Set(['Rossi']));
    const before = await snapshot();
    for (const [method, url, error] of [
      ['POST', '/api/giocatori', M.forbiddenWrite],
      ['PUT', `/api/giocatori/${rossi}`, M.forbiddenWrite],
      ['POST', '/api/giocatori/import', M.forbiddenWrite],
      ['DELETE', `/api/giocatori/${rossi}`, M.forbiddenErase],
      ['GET', `/api/giocatori/${rossi}/export`, M.forbiddenExport],
      ['GET', '/api/giocatori/da-rimuovere', M.forbiddenReview],
    ] as const) {
      const res = await api(readerPulcini, method, url, method === 'POST' || method === 'PUT' ? player() : undefined);
      expect([url, res.statusCode, res.json()]).toEqual([url, 403, { error }]);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('an editor untied from Esordienti neither sees nor writes its players', async () => {
    const before = await snapshot();
    expect(await names(editorPulcini)).toEqual(['Rossi']);
    expect((await api(editorPulcini, 'GET', '/api/giocatori?gruppo=Esordienti')).statusCode).toBe(403);
    const add = await api(editorPulcini, 'POST', '/api/giocatori', player({ gruppo: 'Esordienti' }));
    expect([add.statusCode, add.json()]).toEqual([403, { error: M.notFollowed('Esordienti') }]);
    expect((await api(editorPulcini, 'PUT', `/api/giocatori/${verdi}`, player({ gruppo: 'Pulcini' }))).statusCode).toBe(404);
    const move = await api(editorPulcini, 'PUT', `/api/giocatori/${rossi}`, player({ gruppo: 'Esordienti' }));
    expect([move.statusCode, move.json()]).toEqual([403, { error: M.notFollowed('Esordienti') }]);
    const imported = await api(editorPulcini, 'POST', '/api/giocatori/import', { giocatori: [player(), player({ gruppo: 'Esordienti' })] });
    expect([imported.statusCode, imported.json()]).toEqual([403, { error: `Riga 2: ${M.notFollowed('Esordienti')}` }]);
    expect(await snapshot()).toEqual(before);
    // Their own category: written.
    expect((await api(editorPulcini, 'PUT', `/api/giocatori/${rossi}`, player({ cognome: 'Rossini' }))).statusCode).toBe(200);
  });

  it('following nothing is an empty list; every category or admin, every player; a tie changed counts at once', async () => {
    expect(await names(readerNone)).toEqual([]);
    expect((await api(readerNone, 'GET', '/api/giocatori/scadenze')).json()).toMatchObject({ data: [], count: 0 });
    expect(await names(editorAll)).toEqual(['Rossi', 'Verdi']);
    // No ties of its own: an administrator sees every player all the same.
    expect(await names(admin)).toEqual(['Rossi', 'Verdi']);
    await tie(readerNone, { gruppi: ['Esordienti'] });
    expect(await names(readerNone)).toEqual(['Verdi']);
    await tie(readerNone, { gruppi: [] });
    expect(await names(readerNone)).toEqual([]);
  });

  it("the list answers the categories one follows, for the screen's picker: those tied, every one for all or admins", async () => {
    const seguite = async (who: TestUser) => (await api(who, 'GET', '/api/giocatori')).json().seguite;
    const every = (await t.db.pool.query<{ name: string }>('SELECT name FROM public.gruppi ORDER BY name')).rows.map((r) => r.name);
    expect(every.length).toBeGreaterThan(2);
    expect(await seguite(readerPulcini)).toEqual(['Pulcini']);
    expect(await seguite(editorPulcini)).toEqual(['Pulcini']);
    expect(await seguite(readerNone)).toEqual([]);
    expect(await seguite(editorAll)).toEqual(every);
    expect(await seguite(admin)).toEqual(every);
    // With a filter too, and a category with no player yet is one of them.
    await tie(readerNone, { gruppi: ['Esordienti', 'Allievi'] });
    expect((await api(readerNone, 'GET', '/api/giocatori?gruppo=Esordienti')).json()).toMatchObject({ count: 1, seguite: ['Allievi', 'Esordienti'] });
    await tie(readerNone, { gruppi: [] });
  });

  it('a stranger gets 401 on every route, before anything is read', async () => {
    for (const [method, url] of [
      ['GET', '/api/giocatori'],
      ['GET', '/api/giocatori/scadenze'],
      ['GET', '/api/giocatori/da-rimuovere'],
      ['GET', `/api/giocatori/avvisi-partite?dal=${today}&al=${today}`],
      ['GET', `/api/giocatori/${rossi}`],
      ['GET', `/api/giocatori/${rossi}/export`],
      ['POST', '/api/giocatori'],
      ['POST', '/api/giocatori/import'],
      ['PUT', `/api/giocatori/${rossi}`],
      ['DELETE', `/api/giocatori/${rossi}`],
    ] as const) {
      const res = await api(null, method, url, method === 'POST' || method === 'PUT' ? player() : undefined);
      expect([url, res.statusCode, res.json()]).toEqual([url, 401, { error: MSG.http.notAuthenticated }]);
    }
    expect(await everywhere('Rossi')).toEqual(['public.giocatori.cognome']);
  });

  it('every list read is an activity record naming the category, not the players', async () => {
    await names(readerPulcini, '/api/giocatori?gruppo=Pulcini&scadenzaEntro=30');
    await names(editorAll);
    await api(readerPulcini, 'GET', '/api/giocatori/scadenze');
    const reads = (await activities()).filter((a) => a.endpoint.startsWith('GET '));
    expect(reads.map((a) => [a.activity_message, a.user_email])).toEqual([
      [M.activity.listed('Pulcini', 1), readerPulcini.email],
      [M.activity.listed(M.activity.tutte, 2), editorAll.email],
      [M.activity.expiries(2), readerPulcini.email],
    ]);
    expect(reads[0].context).toEqual({ gruppo: 'Pulcini', scadenzaEntro: 30, count: 1 });
    expect(JSON.stringify(reads)).not.toMatch(/Rossi|Verdi/);
  });

  it('the list: by category and surname; a category that does not exist is a 404; bad filters are 400', async () => {
    await create({ cognome: 'Abate' });
    expect(await names(admin)).toEqual(['Abate', 'Rossi', 'Verdi']);
    const missing = await api(admin, 'GET', '/api/giocatori?gruppo=Juniores');
    expect([missing.statusCode, missing.json()]).toEqual([404, { error: M.unknownGruppo('Juniores') }]);
    for (const qs of ['scadenzaEntro=-1', 'scadenzaEntro=367', 'scadenzaEntro=tanti', `gruppo=${'x'.repeat(51)}`, 'nome=Rossi']) {
      const res = await api(admin, 'GET', `/api/giocatori?${qs}`);
      expect([qs, res.statusCode]).toEqual([qs, 400]);
    }
  });
});

describe('the certificate rule through the API', () => {
  const cert = (tipo: string, scadenza: string) => ({ tipo, scadenza });
  const panel = async () => {
    const res = await api(admin, 'GET', '/api/giocatori/scadenze');
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  it('answers its settings with the lists (12 years, seasons from 1 July)', async () => {
    const regola = { etaAgonistico: 12, inizioStagione: '07-01' };
    expect((await api(admin, 'GET', '/api/giocatori')).json().regola).toEqual(regola);
    expect(await panel()).toMatchObject({ regola, oggi: today, giorni: 30 });
  });

  it('the expiry panel at its boundaries: expiring today and in 30 days, expired yesterday, a 12th birthday on the season’s last or next first day', async () => {
    const season = stagioneDi(today);
    const seasonEndYear = Number(season.fine.slice(0, 4));
    await create({ cognome: 'Oggi', numeroTessera: '1', certificato: cert('agonistico', today) });
    await create({ cognome: 'Ieri', numeroTessera: '2', certificato: cert('agonistico', addDays(today, -1)) });
    await create({ cognome: 'Trenta', numeroTessera: '3', certificato: cert('agonistico', addDays(today, 30)) });
    await create({ cognome: 'Trentuno', numeroTessera: '4', certificato: cert('agonistico', addDays(today, 31)) });
    // Turns 12 on the last day of this season: the competitive certificate, now.
    await create({ cognome: 'Giugno', numeroTessera: '5', dataNascita: `${seasonEndYear - 12}-06-30`, certificato: cert('non_agonistico', addDays(today, 200)) });
    // Turns 12 on the first day of the next season: the non-competitive one is enough until then.
    await create({ cognome: 'Luglio', numeroTessera: '6', dataNascita: `${seasonEndYear - 12}-07-01`, certificato: cert('non_agonistico', addDays(today, 200)) });
    await create({ cognome: 'Senza', numeroTessera: null, certificato: null });
    const { data, count } = await panel();
    const lines = data.map((v: { cognome: string; motivo: string; data: string | null }) => [v.cognome, v.motivo, v.data]);
    const nextSeason = addDays(season.fine, 1);
    const luglio = addDays(today, 30) >= nextSeason ? [['Luglio', 'tipo_non_valido', nextSeason]] : [];
    expect(lines).toEqual(
      [
        ['Ieri', 'scaduto', addDays(today, -1)],
        ['Oggi', 'in_scadenza', today],
        ['Trenta', 'in_scadenza', addDays(today, 30)],
        ['Giugno', 'tipo_non_valido', addDays(today, 200)],
        ...luglio,
        ['Senza', 'certificato_mancante', null],
        ['Senza', 'tessera_mancante', null],
      ].sort((a, b) => (a[2] === null ? 1 : 0) - (b[2] === null ? 1 : 0) || String(a[2]).localeCompare(String(b[2]))),
    );
    expect(count).toBe(lines.length);
  });

  it('scadenzaEntro: certificates missing or expiring within N days (expired included)', async () => {
    await create({ cognome: 'Ieri', certificato: cert('agonistico', addDays(today, -1)) });
    await create({ cognome: 'Oggi', certificato: cert('agonistico', today) });
    await create({ cognome: 'Domani', certificato: cert('agonistico', addDays(today, 1)) });
    await create({ cognome: 'Senza' });
    const names = async (n: number) => (await api(admin, 'GET', `/api/giocatori?scadenzaEntro=${n}`)).json().data.map((p: { cognome: string }) => p.cognome);
    expect(await names(0)).toEqual(['Ieri', 'Oggi', 'Senza']);
    expect(await names(1)).toEqual(['Domani', 'Ieri', 'Oggi', 'Senza']);
  });
});

describe('the flag on a planned match’s card (GET /api/giocatori/avvisi-partite)', () => {
  const cert = (tipo: string, scadenza: string) => ({ tipo, scadenza });
  // A match day ten days ahead, never a season's first day (its day before would be in another season).
  const DAY = () => (addDays(today, 10).endsWith('-07-01') ? addDays(today, 11) : addDays(today, 10));
  /** A match of `gruppo` on `data` (in programma unless told), straight into the table: its id. */
  const match = async (gruppo: string, data: string, over: { stato?: string; data_da_definire?: boolean } = {}) =>
    (
      await t.db.pool.query<{ id: number }>(
        `INSERT INTO public.partite (data, ora, squadracasa, squadratrasferta, gruppo, campo, tipo_gara, stato, data_da_definire)
         VALUES ($1, '10:00', 'Garibaldina', $2, $3, 'Campo 1', 'campionato', $4, $5) RETURNING id`,
        [data, `Avversari ${gruppo} ${data}`, gruppo, over.stato ?? 'programmata', over.data_da_definire ?? false],
      )
    ).rows[0].id;
  const flags = async (who: TestUser | null, dal = today, al = addDays(today, 61)) => {
    const res = await api(who, 'GET', `/api/giocatori/avvisi-partite?dal=${dal}&al=${al}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    return res.json().data;
  };
  afterEach(() => t.db.pool.query('TRUNCATE public.partite RESTART IDENTITY CASCADE'));

  it('counts the players whose certificate will not cover the match day: expired the day before, missing, the wrong type; valid on its expiry day', async () => {
    const season = stagioneDi(DAY());
    const seasonEndYear = Number(season.fine.slice(0, 4));
    await create({ cognome: 'Vigilia', certificato: cert('agonistico', addDays(DAY(), -1)) });
    await create({ cognome: 'Giorno', certificato: cert('agonistico', DAY()) });
    await create({ cognome: 'Senza', certificato: null });
    // Turns 12 on the last day of the match's season: the competitive certificate is required.
    await create({ cognome: 'Giugno', dataNascita: `${seasonEndYear - 12}-06-30`, certificato: cert('non_agonistico', addDays(DAY(), 100)) });
    // Turns 12 on the first day of the next season: the non-competitive one is enough.
    await create({ cognome: 'Luglio', dataNascita: `${seasonEndYear - 12}-07-01`, certificato: cert('non_agonistico', addDays(DAY(), 100)) });
    const onDay = await match('Pulcini', DAY());
    // The day before, 'Vigilia' is still valid: only the missing and the wrong type.
    const dayBefore = await match('Pulcini', addDays(DAY(), -1));
    // Every player valid: no entry.
    await match('Esordienti', DAY());
    await create({ cognome: 'Valido', gruppo: 'Esordienti', dataNascita: '2014-03-03', certificato: cert('agonistico', addDays(DAY(), 1)) });
    expect(await flags(admin)).toEqual({ [onDay]: { nonIdonei: 3 }, [dayBefore]: { nonIdonei: 2 } });
  });

  it('planned matches only (in programma or moved to a new date), within dal..al both included', async () => {
    await create({ cognome: 'Senza' });
    const first = await match('Pulcini', today);
    const last = await match('Pulcini', addDays(today, 61));
    await match('Pulcini', addDays(today, 62));
    await match('Pulcini', addDays(today, -1));
    const moved = await match('Pulcini', addDays(today, 5), { stato: 'rinviata', data_da_definire: false });
    await match('Pulcini', addDays(today, 6), { stato: 'rinviata', data_da_definire: true });
    await match('Pulcini', addDays(today, 7), { stato: 'annullata' });
    await match('Pulcini', addDays(today, 8), { stato: 'sospesa' });
    expect(await flags(admin)).toEqual({ [first]: { nonIdonei: 1 }, [last]: { nonIdonei: 1 }, [moved]: { nonIdonei: 1 } });
    expect(await flags(admin, addDays(today, 1), addDays(today, 5))).toEqual({ [moved]: { nonIdonei: 1 } });
  });

  it('only the categories the caller follows: a reader of Pulcini sees the Pulcini, a reader without ties nothing, admins all; no activity record', async () => {
    await create({ cognome: 'Senza' });
    await create({ cognome: 'Verdi', gruppo: 'Esordienti', dataNascita: '2014-03-03' });
    const pulcini = await match('Pulcini', DAY());
    const esordienti = await match('Esordienti', DAY());
    const records = (await activities()).length;
    expect(await flags(admin)).toEqual({ [pulcini]: { nonIdonei: 1 }, [esordienti]: { nonIdonei: 1 } });
    expect(await flags(editorAll)).toEqual({ [pulcini]: { nonIdonei: 1 }, [esordienti]: { nonIdonei: 1 } });
    expect(await flags(readerPulcini)).toEqual({ [pulcini]: { nonIdonei: 1 } });
    expect(await flags(editorPulcini)).toEqual({ [pulcini]: { nonIdonei: 1 } });
    expect(await flags(readerNone)).toEqual({});
    const res = await api(null, 'GET', `/api/giocatori/avvisi-partite?dal=${today}&al=${today}`);
    expect([res.statusCode, res.json()]).toEqual([401, { error: MSG.http.notAuthenticated }]);
    // Counts only: the answer and the log name no player.
    expect((await activities()).length).toBe(records);
  });

  it('refuses a bad period in Italian: missing or malformed dates, al before dal, more than 62 days, unknown parameters', async () => {
    const end = addDays(today, 61);
    expect(await flags(admin, today, end)).toEqual({});
    for (const qs of [
      '',
      `dal=${today}`,
      `al=${today}`,
      `dal=2026-02-30&al=2026-03-01`,
      `dal=${today}&al=domani`,
      `dal=${today}&al=${addDays(today, -1)}`,
      `dal=${today}&al=${addDays(today, 62)}`,
      `dal=${'2'.repeat(300)}&al=${today}`,
    ]) {
      const res = await api(admin, 'GET', `/api/giocatori/avvisi-partite?${qs}`);
      expect([qs, res.statusCode, res.json()]).toEqual([qs, 400, { error: M.invalid.periodo }]);
    }
    const extra = await api(admin, 'GET', `/api/giocatori/avvisi-partite?dal=${today}&al=${today}&gruppo=Pulcini`);
    expect([extra.statusCode, extra.json()]).toEqual([400, { error: MSG.http.unknownField('gruppo') }]);
  });
});

describe("a person's rights: export and erasure (admins)", () => {
  it('exports everything held, the activity about the player included; the export is an activity record', async () => {
    const { id } = await create({ cognome: SURNAME, contatti: [{ nome: 'Anna', email: 'anna@example.it' }], certificato: { tipo: 'agonistico', scadenza: '2027-09-09' } });
    await api(admin, 'PUT', `/api/giocatori/${id}`, player({ cognome: SURNAME, numeroTessera: '987', contatti: [{ nome: 'Anna', email: 'anna@example.it' }] }));
    const res = await api(admin, 'GET', `/api/giocatori/${id}/export`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { data } = res.json();
    expect(data.giocatore).toEqual({
      id,
      nome: 'Luca',
      cognome: SURNAME,
      dataNascita: '2016-04-02',
      gruppo: 'Pulcini',
      numeroTessera: '987',
      certificato: null,
      squalificatoFino: null,
      contatti: [{ nome: 'Anna', relazione: null, email: 'anna@example.it', telefono: null }],
      note: null,
      creatoIl: expect.any(String),
      aggiornatoIl: expect.any(String),
    });
    expect(data.attivita.map((a: { messaggio: string; utente: string }) => [a.messaggio, a.utente])).toEqual([
      [M.activity.created(id, 'Pulcini'), admin.email],
      [M.activity.updated(id, 'Pulcini'), admin.email],
    ]);
    expect(Date.parse(data.esportatoIl)).toBeGreaterThan(Date.now() - 60_000);
    expect((await activities()).at(-1)).toMatchObject({ activity_message: M.activity.exported(id), context: { giocatore: id, gruppo: 'Pulcini' } });
  });

  it('erasure leaves nothing of the player in any table; the activity keeps the id alone', async () => {
    const other = await create({ cognome: 'Resta' });
    const { id } = await create({
      cognome: SURNAME,
      numeroTessera: 'QZ-778899',
      contatti: [{ nome: 'Genitorequalunque', email: 'genitore.zq@example.it', telefono: '3399876543' }],
      note: 'Nota irripetibile',
    });
    await api(admin, 'PUT', `/api/giocatori/${id}`, player({ cognome: SURNAME, numeroTessera: 'QZ-778899', note: 'Nota irripetibile' }));
    await api(admin, 'GET', `/api/giocatori/${id}/export`);
    await api(admin, 'GET', '/api/giocatori?gruppo=Pulcini');
    expect(await everywhere(SURNAME)).toEqual(['public.giocatori.cognome']);
    const res = await api(admin, 'DELETE', `/api/giocatori/${id}`);
    expect([res.statusCode, res.json()]).toEqual([200, { data: { id }, message: M.erased }]);
    for (const trace of [SURNAME, 'QZ-778899', 'Genitorequalunque', 'genitore.zq', '3399876543', 'irripetibile']) expect(await everywhere(trace)).toEqual([]);
    expect((await activities()).at(-1)).toMatchObject({ activity_message: M.activity.erased(id), context: { giocatore: id, gruppo: 'Pulcini' } });
    expect((await api(admin, 'GET', `/api/giocatori/${id}`)).statusCode).toBe(404);
    expect((await api(admin, 'GET', `/api/giocatori/${other.id}`)).statusCode).toBe(200);
    expect((await api(admin, 'DELETE', `/api/giocatori/${id}`)).statusCode).toBe(404);
  });
});

describe("'Da rimuovere' (admins): players in no active category, or unused for 12 months", () => {
  it('lists them with the reason; recent or still valid players stay off it; the read is an activity record', async () => {
    // Pulcini play (a match next month); Allievi have had nothing for over a year.
    await t.db.pool.query(
      `INSERT INTO public.partite (data, ora, squadracasa, squadratrasferta, gruppo, campo, tipo_gara) VALUES ($1, '10:00', 'Garibaldina', 'Lupi', 'Pulcini', 'Campo 1', 'torneo'),
              ($2, '10:00', 'Garibaldina', 'Lupi', 'Allievi', 'Campo 1', 'torneo')`,
      [addDays(today, 30), addDays(today, -400)],
    );
    const fermo = (await create({ cognome: 'Fermo', certificato: { tipo: 'agonistico', scadenza: addDays(today, -60) } })).id;
    const fermoValido = (await create({ cognome: 'Coperto', certificato: { tipo: 'agonistico', scadenza: addDays(today, 60) } })).id;
    await create({ cognome: 'Recente' });
    const allievo = (await create({ cognome: 'Allievo', gruppo: 'Allievi', dataNascita: '2010-01-01' })).id;
    await t.db.pool.query(`UPDATE public.giocatori SET updated_at = now() - interval '13 months' WHERE id = ANY($1)`, [[fermo, fermoValido]]);
    const res = await api(admin, 'GET', '/api/giocatori/da-rimuovere');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((p: { id: number; motivo: string }) => [p.id, p.motivo])).toEqual([
      [fermo, 'non_aggiornato'],
      [allievo, 'categoria_inattiva'],
    ]);
    expect(res.json().count).toBe(2);
    expect((await activities()).at(-1)).toMatchObject({ activity_message: M.activity.review(2), endpoint: 'GET /api/giocatori/da-rimuovere' });
    // A training series of the Allievi running this season makes them active again.
    await t.db.pool.query(`INSERT INTO public.allenamenti (gruppo, campo, giorno, ora_inizio, ora_fine, dal, al) VALUES ('Allievi', 'Campo 1', 2, '18:00', '19:00', $1, $2)`, [
      addDays(today, -100),
      addDays(today, 100),
    ]);
    expect((await api(admin, 'GET', '/api/giocatori/da-rimuovere')).json().data.map((p: { id: number }) => p.id)).toEqual([fermo]);
  });
});

describe('import (POST /api/giocatori/import)', () => {
  it('writes every row in one transaction with one activity record', async () => {
    const res = await api(editorAll, 'POST', '/api/giocatori/import', {
      giocatori: [player({ cognome: 'Uno' }), player({ cognome: 'Due', gruppo: 'Esordienti', contatti: [{ nome: 'Mamma', telefono: '3331112223' }] })],
    });
    expect([res.statusCode, res.json()]).toEqual([201, { create: 2, ids: [1, 2] }]);
    expect((await snapshot()).map((r) => [r.cognome, r.gruppo_id])).toEqual([
      ['Uno', gruppi.Pulcini],
      ['Due', gruppi.Esordienti],
    ]);
    expect(await activities()).toEqual([
      {
        activity_message: M.activity.imported(2, 'Pulcini, Esordienti'),
        context: { count: 2, gruppi: ['Pulcini', 'Esordienti'], giocatori: [1, 2] },
        endpoint: 'POST /api/giocatori/import',
        user_email: editorAll.email,
      },
    ]);
  });

  it('a bad row names its file line; nothing is written', async () => {
    const rows = [player(), player({ dataNascita: '31/02/2016' }), player()];
    const bad = await api(editorAll, 'POST', '/api/giocatori/import', { giocatori: rows, righe: [2, 3, 4] });
    expect([bad.statusCode, bad.json()]).toEqual([400, { error: `Riga 3: ${M.invalid.data('Data di nascita')}` }]);
    const unknown = await api(editorAll, 'POST', '/api/giocatori/import', { giocatori: [player(), player({ gruppo: 'Juniores' })] });
    expect([unknown.statusCode, unknown.json()]).toEqual([400, { error: `Riga 2: ${M.unknownGruppo('Juniores')}` }]);
    const extra = await api(editorAll, 'POST', '/api/giocatori/import', { giocatori: [player({ codiceFiscale: 'X' })] });
    expect([extra.statusCode, extra.json()]).toEqual([400, { error: `Riga 1: ${MSG.http.unknownField('codiceFiscale')}` }]);
    const empty = await api(editorAll, 'POST', '/api/giocatori/import', { giocatori: [] });
    expect([empty.statusCode, empty.json()]).toEqual([400, { error: M.import.empty }]);
    expect(await snapshot()).toEqual([]);
    expect(await activities()).toEqual([]);
  });
});

describe('no player on a public page, a feed, the public list or a referent’s mail', () => {
  it('a seeded surname appears in none of their outputs', async () => {
    const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'garibaldina-players-'));
    fs.copyFileSync(path.resolve('index.html'), path.join(clientDir, 'index.html'));
    const app = await createTestApp({ clientDir, env: { NOTIFY_DELAY_SECONDS: '0' }, deps: { notifyWorker: true } });
    try {
      const boss = await createUser(app.db.pool, 'admin');
      const as = (method: Method, url: string, payload?: object) => app.app.inject({ method, url, headers: bearer(boss), ...(payload ? { payload } : {}) });
      const g = await as('POST', '/api/gruppi', { name: 'Pulcini', components: [{ nome: 'Rita', cognome: 'Referente', email: 'referente@example.it' }] });
      expect(g.statusCode).toBe(201);
      expect((await as('POST', '/api/giocatori', player({ cognome: SURNAME, note: `Nota di ${SURNAME}` }))).statusCode).toBe(201);
      // A match of the category: on the public list and the feeds, and a change mail to the referent (the weekly
      // digest's certificate lines, the one mail that names a player, are notifications.test.ts's).
      const match = await as('POST', '/api/partite', {
        data: addDays(today, 3),
        ora: '10:00',
        oraFine: '11:00',
        squadraCasa: 'Garibaldina',
        squadraTrasferta: 'Lupi',
        campo: 'Campo 1',
        gruppo: 'Pulcini',
        isHouseMatch: true,
        tipoGara: 'campionato',
      });
      expect(match.statusCode).toBe(201);
      const outputs: Record<string, string> = {};
      for (const url of ['/', '/api/partite/public', '/api/calendar.ics', `/api/calendar/${g.json().data.id}.ics`, '/api/calendar.ics?allenamenti=1']) {
        const res = await app.app.inject({ url });
        expect([url, res.statusCode]).toEqual([url, 200]);
        outputs[url] = res.body;
      }
      expect(outputs['/']).toContain('Lupi');
      expect(outputs['/api/calendar.ics']).toContain('Lupi');
      // The public read of /rest/v1 knows partite only.
      expect((await as('GET', '/rest/v1/giocatori?select=*')).statusCode).toBe(404);
      const mail = await app.smtp.waitFor('referente@example.it', 15_000);
      expect(mail.raw).toContain('Lupi');
      outputs.mail = mail.raw;
      for (const [where, text] of Object.entries(outputs)) expect([where, text.includes(SURNAME) || text.includes('Zqxwyllant')]).toEqual([where, false]);
    } finally {
      await app.close();
      fs.rmSync(clientDir, { recursive: true, force: true });
    }
  }, 30_000);
});
