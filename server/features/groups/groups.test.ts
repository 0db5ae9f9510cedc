import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import Fastify from 'fastify';
import { createTestApp, type TestApp } from '../../../test/app';
import { bearer, createUser, type TestUser } from '../../../test/users';
import { MSG } from '../../../common/core/messages';
import { GIOCATORI_MSG } from '../../../common/players/messages';
import { NOTIFICHE_MSG } from '../../../common/notifications/rules';
import type { Role } from '../../../common/users/roles';
import { groupsRoutes } from './routes';
import * as repo from './repo';

type Who = 'anonymous' | Role;

const body = (name: string, components: unknown[] = [{ nome: 'Mario', cognome: 'Rossi', telefono: '3331234567' }]) => ({
  name,
  components,
});

describe('API /api/gruppi', () => {
  let t: TestApp;
  const users = {} as Record<Role, TestUser>;
  const headers = (who: Who) => (who === 'anonymous' ? {} : bearer(users[who]));

  const snapshot = async () =>
    (
      await t.db.pool.query(
        `SELECT g.id, g.name, r.position, r.nome, r.cognome, r.telefono
           FROM public.gruppi g LEFT JOIN public.gruppi_referenti r ON r.gruppo_id = g.id
          ORDER BY g.id, r.position`,
      )
    ).rows;

  const create = async (name: string, components?: unknown[]) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/gruppi', headers: headers('admin'), payload: body(name, components) });
    expect(res.statusCode).toBe(201);
    return res.json().data as { id: number; name: string };
  };

  const insertPartita = (gruppo: string) =>
    t.db.pool.query(
      `INSERT INTO public.partite (data, ora, squadracasa, squadratrasferta, gruppo, campo, tipo_gara)
       VALUES ('2099-05-10', '15:00', 'Garibaldina', 'Ospiti FC', $1, 'Campo Comunale', 'campionato') RETURNING id`,
      [gruppo],
    );

  beforeAll(async () => {
    t = await createTestApp();
    for (const role of ['reader', 'editor', 'admin'] as const) users[role] = await createUser(t.db.pool, role);
  });
  afterAll(() => t.close());
  beforeEach(() => t.db.pool.query('TRUNCATE public.gruppi RESTART IDENTITY CASCADE'));

  describe('role matrix (docs/groups.md, permissions)', () => {
    // Every route of the feature has one row: [anonymous, reader, editor, admin] -> [status, error message].
    const matrix: Record<string, Record<Who, number>> = {
      'GET /api/gruppi': { anonymous: 401, reader: 403, editor: 200, admin: 200 },
      'POST /api/gruppi': { anonymous: 401, reader: 403, editor: 403, admin: 201 },
      'PUT /api/gruppi/:id': { anonymous: 401, reader: 403, editor: 200, admin: 200 },
      'DELETE /api/gruppi/:id': { anonymous: 401, reader: 403, editor: 403, admin: 200 },
      'GET /api/gruppi/:id/eliminazione': { anonymous: 401, reader: 403, editor: 403, admin: 200 },
    };
    const forbiddenMessage: Record<string, string> = {
      'GET /api/gruppi': MSG.http.forbidden,
      'POST /api/gruppi': MSG.groups.forbiddenCreate,
      'PUT /api/gruppi/:id': MSG.groups.forbiddenUpdate,
      'DELETE /api/gruppi/:id': MSG.groups.forbiddenDelete,
      'GET /api/gruppi/:id/eliminazione': MSG.groups.forbiddenDelete,
    };

    it('has a row for every route the feature registers', async () => {
      const app = Fastify();
      app.decorate('deps', t.app.deps);
      app.setValidatorCompiler(validatorCompiler);
      app.setSerializerCompiler(serializerCompiler);
      const routes: string[] = [];
      app.addHook('onRoute', (r) => {
        for (const m of [r.method].flat()) if (m !== 'HEAD') routes.push(`${m} /api${r.url}`);
      });
      await app.register(groupsRoutes);
      await app.ready();
      await app.close();
      expect(routes.sort()).toEqual(Object.keys(matrix).sort());
    });

    for (const [route, cells] of Object.entries(matrix)) {
      for (const who of Object.keys(cells) as Who[]) {
        const expected = cells[who];
        it(`${route} as ${who} -> ${expected}`, async () => {
          const existing = await create('Pulcini');
          const [method, path] = route.split(' ');
          const url = path.replace(':id', String(existing.id));
          const before = await snapshot();
          const payload = method === 'PUT' ? body('Pulcini 2015', [{ nome: 'Luca', cognome: 'Bianchi' }]) : method === 'POST' ? body('Esordienti') : undefined;
          const res = await t.app.inject({ method: method as 'GET', url, headers: headers(who), payload });
          expect(res.statusCode).toBe(expected);
          if (expected === 401) expect(res.json()).toEqual({ error: MSG.http.notAuthenticated });
          if (expected === 403) expect(res.json()).toEqual({ error: forbiddenMessage[route] });
          if (expected >= 400) expect(await snapshot()).toEqual(before);
          if (expected < 300 && route === 'GET /api/gruppi') expect(res.json().count).toBe(1);
          if (expected < 300 && route === 'GET /api/gruppi/:id/eliminazione') expect(res.json().data).toMatchObject({ name: 'Pulcini', partite: 0 });
          if (expected < 300 && method === 'POST') expect((await snapshot()).map((r) => r.name)).toEqual(['Pulcini', 'Esordienti']);
          if (expected < 300 && method === 'PUT') expect((await snapshot()).map((r) => [r.name, r.nome])).toEqual([['Pulcini 2015', 'Luca']]);
          if (expected < 300 && method === 'DELETE') expect(await snapshot()).toEqual([]);
        });
      }
    }

    it('a token that does not verify is a 401 with the expired-session message', async () => {
      const res = await t.app.inject({ url: '/api/gruppi', headers: { authorization: 'Bearer not.a.jwt' } });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: MSG.http.sessionExpired });
    });
  });

  describe('GET', () => {
    it('lists categories with their referents in the order entered, and the count', async () => {
      const a = await create('Pulcini', [
        { nome: 'Mario', cognome: 'Rossi', telefono: '333 123 4567' },
        { nome: 'Anna', cognome: 'Bianchi' },
        { nome: 'Zoe', cognome: 'Àlvarez', telefono: '' },
      ]);
      await create('Allievi');
      const res = await t.app.inject({ url: '/api/gruppi', headers: headers('editor') });
      expect(res.statusCode).toBe(200);
      const { data, count } = res.json();
      expect(count).toBe(2);
      // By age (common/groups/order.ts), not alphabetical.
      expect(data.map((g: { name: string }) => g.name)).toEqual(['Pulcini', 'Allievi']);
      const pulcini = data.find((g: { id: number }) => g.id === a.id);
      expect(Object.keys(pulcini).sort()).toEqual(['annoA', 'annoDa', 'arbitroSocieta', 'components', 'created_at', 'id', 'maxDistinta', 'name']);
      // The ages and the team sheet (docs/players.md): none given, so no years and 20 players.
      expect([pulcini.annoDa, pulcini.annoA, pulcini.maxDistinta]).toEqual([null, null, 20]);
      expect(new Date(pulcini.created_at).getTime()).toBeGreaterThan(Date.now() - 60_000);
      expect(pulcini.components).toEqual([
        { nome: 'Mario', cognome: 'Rossi', telefono: '3331234567', email: null, notifiche: 'nessuna' },
        { nome: 'Anna', cognome: 'Bianchi', telefono: null, email: null, notifiche: 'nessuna' },
        { nome: 'Zoe', cognome: 'Àlvarez', telefono: null, email: null, notifiche: 'nessuna' },
      ]);
    });

    it('lists categories by age where the name says it, then the rest alphabetically', async () => {
      for (const name of ['Amatori', 'Juniores', 'Esordienti B', 'Pulcini 2015', 'Primi Calci', 'Esordienti A', 'Giovanissimi', 'Allievi', 'Piccoli Amici', 'Babies'])
        await create(name);
      const res = await t.app.inject({ url: '/api/gruppi', headers: headers('editor') });
      expect(res.json().data.map((g: { name: string }) => g.name)).toEqual([
        'Piccoli Amici', 'Primi Calci', 'Pulcini 2015', 'Esordienti A', 'Esordienti B', 'Giovanissimi', 'Allievi', 'Juniores', 'Amatori', 'Babies',
      ]);
    });

    it('answers an empty list', async () => {
      const res = await t.app.inject({ url: '/api/gruppi', headers: headers('admin') });
      expect(res.json()).toEqual({ data: [], count: 0 });
    });
  });

  describe('POST', () => {
    it('creates a category with trimmed values and phone digits, and returns it', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/gruppi',
        headers: headers('admin'),
        payload: { name: '  Esordienti ', components: [{ nome: ' Luca ', cognome: 'Verdi  ', telefono: ' 02 1234 5678 ' }] },
      });
      expect(res.statusCode).toBe(201);
      const { data } = res.json();
      expect(data).toMatchObject({ name: 'Esordienti', components: [{ nome: 'Luca', cognome: 'Verdi', telefono: '0212345678' }] });
      expect(await snapshot()).toEqual([
        { id: data.id, name: 'Esordienti', position: 0, nome: 'Luca', cognome: 'Verdi', telefono: '0212345678' },
      ]);
    });

    const invalid: Array<[string, unknown, string]> = [
      ['missing name', { components: [{ nome: 'A', cognome: 'B' }] }, MSG.groups.nameRequired],
      ['blank name', body('   '), MSG.groups.nameRequired],
      ['name not a string', { name: 12, components: [{ nome: 'A', cognome: 'B' }] }, MSG.groups.nameRequired],
      ['name over 50 characters', body('x'.repeat(51)), MSG.groups.nameTooLong(50)],
      ['oversize name', body('x'.repeat(100_000)), MSG.groups.nameTooLong(50)],
      ['missing components', { name: 'Pulcini' }, MSG.groups.componentRequired],
      ['no components', body('Pulcini', []), MSG.groups.componentRequired],
      ['components not an array', { name: 'Pulcini', components: 'Mario' }, MSG.groups.componentRequired],
      ['first referent without nome', body('Pulcini', [{ nome: ' ', cognome: 'Rossi' }]), MSG.groups.componentName(1)],
      ['second referent without nome', body('Pulcini', [{ nome: 'A', cognome: 'B' }, { cognome: 'Rossi' }]), MSG.groups.componentName(2)],
      ['second referent without cognome', body('Pulcini', [{ nome: 'A', cognome: 'B' }, { nome: 'Mario', cognome: '' }]), MSG.groups.componentSurname(2)],
      ['nome over 50', body('Pulcini', [{ nome: 'n'.repeat(51), cognome: 'B' }]), MSG.groups.componentNameTooLong(1, 50)],
      ['cognome over 50', body('Pulcini', [{ nome: 'A', cognome: 'c'.repeat(51) }]), MSG.groups.componentSurnameTooLong(1, 50)],
      ['oversize cognome', body('Pulcini', [{ nome: 'A', cognome: 'c'.repeat(50_000) }]), MSG.groups.invalidData],
      ['phone of 8 digits', body('Pulcini', [{ nome: 'A', cognome: 'B', telefono: '12345678' }]), MSG.groups.phoneDigits],
      ['phone of 11 digits', body('Pulcini', [{ nome: 'A', cognome: 'B', telefono: '12345678901' }]), MSG.groups.phoneDigits],
      ['phone with letters', body('Pulcini', [{ nome: 'A', cognome: 'B', telefono: '33312345ab' }]), MSG.groups.phoneDigits],
      ['phone with a plus sign', body('Pulcini', [{ nome: 'A', cognome: 'B', telefono: '+393331234' }]), MSG.groups.phoneDigits],
      ['phone not a string', body('Pulcini', [{ nome: 'A', cognome: 'B', telefono: 3331234567 }]), MSG.groups.invalidData],
      ['referent not an object', body('Pulcini', ['Mario Rossi']), MSG.groups.invalidData],
      ['31 referents', body('Pulcini', Array.from({ length: 31 }, () => ({ nome: 'A', cognome: 'B' }))), MSG.groups.tooManyComponents(30)],
      ['unknown field', { ...body('Pulcini'), id: 7 }, MSG.http.unknownField('id')],
      ['unknown referent field', body('Pulcini', [{ nome: 'A', cognome: 'B', eta: 12 }]), MSG.http.unknownField('eta')],
      // Issue 32: only an address receives mails.
      ['referent without email choosing Ogni modifica', body('Pulcini', [{ nome: 'A', cognome: 'B', notifiche: 'ogni_modifica' }]), NOTIFICHE_MSG.notificheNeedEmail(1)],
      ['second referent with a blank email choosing the weekly digest', body('Pulcini', [{ nome: 'A', cognome: 'B' }, { nome: 'C', cognome: 'D', email: ' ', notifiche: 'settimanale' }]), NOTIFICHE_MSG.notificheNeedEmail(2)],
    ];
    it.each(invalid)('%s -> 400 with its message, nothing written', async (_case, payload, message) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/gruppi', headers: headers('admin'), payload: payload as object });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: message });
      expect(await snapshot()).toEqual([]);
    });

    it('a body that is not an object is a 400', async () => {
      for (const payload of ['[]', '"Pulcini"', 'null']) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/gruppi',
          headers: { ...headers('admin'), 'content-type': 'application/json' },
          payload,
        });
        expect(res.statusCode).toBe(400);
        expect(typeof res.json().error).toBe('string');
      }
      expect(await snapshot()).toEqual([]);
    });

    it('a duplicate name, also differing only by case, is a 409', async () => {
      await create('Pulcini');
      for (const name of ['Pulcini', ' pulcini ', 'PULCINI']) {
        const res = await t.app.inject({ method: 'POST', url: '/api/gruppi', headers: headers('admin'), payload: body(name) });
        expect(res.statusCode).toBe(409);
        expect(res.json()).toEqual({ error: MSG.groups.duplicateName });
      }
      expect((await snapshot()).map((r) => r.name)).toEqual(['Pulcini']);
    });

    it('concurrent creates of one name give one category and 409 for the others', async () => {
      const results = await Promise.all(
        Array.from({ length: 5 }, (_, i) =>
          t.app.inject({
            method: 'POST',
            url: '/api/gruppi',
            headers: headers('admin'),
            payload: body('Giovanissimi', [{ nome: `N${i}`, cognome: 'C' }]),
          }),
        ),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
      const winner = results.find((r) => r.statusCode === 201)!.json().data;
      const rows = await snapshot();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ name: 'Giovanissimi', nome: winner.components[0].nome });
    });
  });

  describe('transactions', () => {
    it('a failed insert of the second referent leaves no half-written category', async () => {
      // The telefono CHECK of the table refuses the second referent (zod is bypassed on purpose).
      await expect(
        repo.createGruppo(t.db.pool, {
          name: 'Juniores',
          components: [
            { nome: 'Mario', cognome: 'Rossi', telefono: '3331234567' },
            { nome: 'Anna', cognome: 'Bianchi', telefono: 'not-a-phone' },
          ],
        }),
      ).rejects.toMatchObject({ code: '23514' });
      expect(await snapshot()).toEqual([]);
      expect((await t.db.pool.query('SELECT count(*)::int AS n FROM public.gruppi_referenti')).rows[0].n).toBe(0);
    });

    it('a failed update keeps the old name and referents', async () => {
      const g = await create('Juniores', [{ nome: 'Mario', cognome: 'Rossi' }]);
      const before = await snapshot();
      await expect(
        repo.updateGruppo(t.db.pool, g.id, {
          name: 'Juniores 2008',
          components: [
            { nome: 'Luca', cognome: 'Verdi', telefono: null },
            { nome: 'x'.repeat(51), cognome: 'Neri', telefono: null },
          ],
        }),
      ).rejects.toMatchObject({ code: '23514' });
      expect(await snapshot()).toEqual(before);
    });
  });

  describe('PUT', () => {
    it('renames and replaces the referents (order kept)', async () => {
      const g = await create('Pulcini', [
        { nome: 'Mario', cognome: 'Rossi' },
        { nome: 'Anna', cognome: 'Bianchi' },
      ]);
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/gruppi/${g.id}`,
        headers: headers('editor'),
        payload: body(' Pulcini A ', [
          { nome: 'Zeno', cognome: 'Abate', telefono: '0512345678' },
          { nome: 'Anna', cognome: 'Bianchi', telefono: '051 234 567' },
          { nome: 'Carla', cognome: 'Conti' },
        ]),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        id: g.id,
        name: 'Pulcini A',
        components: [
          { nome: 'Zeno', cognome: 'Abate', telefono: '0512345678' },
          { nome: 'Anna', cognome: 'Bianchi', telefono: '051234567' },
          { nome: 'Carla', cognome: 'Conti', telefono: null },
        ],
      });
      expect((await snapshot()).map((r) => [r.name, r.position, r.cognome])).toEqual([
        ['Pulcini A', 0, 'Abate'],
        ['Pulcini A', 1, 'Bianchi'],
        ['Pulcini A', 2, 'Conti'],
      ]);
    });

    it('keeps its own name with a different case, refuses another category name with 409', async () => {
      const a = await create('Pulcini');
      await create('Esordienti');
      const same = await t.app.inject({ method: 'PUT', url: `/api/gruppi/${a.id}`, headers: headers('editor'), payload: body('PULCINI') });
      expect(same.statusCode).toBe(200);
      const before = await snapshot();
      const res = await t.app.inject({ method: 'PUT', url: `/api/gruppi/${a.id}`, headers: headers('editor'), payload: body('esordienti') });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: MSG.groups.duplicateName });
      expect(await snapshot()).toEqual(before);
    });

    it('404 with the update wording for a missing or malformed id', async () => {
      for (const id of ['9999', 'abc', '0', '1.5', '99999999999']) {
        const res = await t.app.inject({ method: 'PUT', url: `/api/gruppi/${id}`, headers: headers('editor'), payload: body('X') });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ error: MSG.groups.notFoundUpdate });
      }
      expect(await snapshot()).toEqual([]);
    });

    it('invalid data, unknown fields and oversize strings -> 400, nothing changed', async () => {
      const g = await create('Pulcini');
      const before = await snapshot();
      const cases: Array<[unknown, string]> = [
        [body('Pulcini', []), MSG.groups.componentRequired],
        [body('Pulcini', [{ nome: 'A', cognome: '' }]), MSG.groups.componentSurname(1)],
        [{ ...body('Pulcini'), created_at: '2020-01-01' }, MSG.http.unknownField('created_at')],
        [body('y'.repeat(20_000)), MSG.groups.nameTooLong(50)],
      ];
      for (const [payload, message] of cases) {
        const res = await t.app.inject({ method: 'PUT', url: `/api/gruppi/${g.id}`, headers: headers('admin'), payload: payload as object });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ error: message });
      }
      expect(await snapshot()).toEqual(before);
    });

    it('renaming a category renames it on its matches', async () => {
      const g = await create('Pulcini');
      const { rows } = await insertPartita('Pulcini');
      const res = await t.app.inject({ method: 'PUT', url: `/api/gruppi/${g.id}`, headers: headers('editor'), payload: body('Pulcini 2016') });
      expect(res.statusCode).toBe(200);
      const partita = await t.db.pool.query('SELECT gruppo FROM public.partite WHERE id = $1', [rows[0].id]);
      expect(partita.rows[0].gruppo).toBe('Pulcini 2016');
    });
  });

  describe('DELETE', () => {
    it('deletes the category and its referents, and returns it', async () => {
      const keep = await create('Allievi');
      const g = await create('Pulcini', [
        { nome: 'Mario', cognome: 'Rossi' },
        { nome: 'Anna', cognome: 'Bianchi' },
      ]);
      const res = await t.app.inject({ method: 'DELETE', url: `/api/gruppi/${g.id}`, headers: headers('admin') });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ id: g.id, name: 'Pulcini' });
      expect((await snapshot()).map((r) => r.id)).toEqual([keep.id]);
      expect((await t.db.pool.query('SELECT count(*)::int AS n FROM public.gruppi_referenti')).rows[0].n).toBe(1);
    });

    it('404 with the delete wording for a missing or malformed id', async () => {
      for (const id of ['9999', 'abc', '-1']) {
        const res = await t.app.inject({ method: 'DELETE', url: `/api/gruppi/${id}`, headers: headers('admin') });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ error: MSG.groups.notFoundDelete });
      }
    });

    it('a category that still has matches is not deleted: 409 with a clear message', async () => {
      const g = await create('Pulcini');
      await insertPartita('Pulcini');
      const before = await snapshot();
      const res = await t.app.inject({ method: 'DELETE', url: `/api/gruppi/${g.id}`, headers: headers('admin') });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: MSG.groups.hasMatches });
      expect(await snapshot()).toEqual(before);
      expect((await t.db.pool.query('SELECT count(*)::int AS n FROM public.partite')).rows[0].n).toBe(1);
    });
  });

  describe('GET /api/gruppi/:id/eliminazione', () => {
    const training = (gruppo: string, giorno: number, from: string, to: string, campo: string) =>
      t.db.pool.query(`INSERT INTO public.allenamenti (gruppo, campo, giorno, ora_inizio, ora_fine, dal, al) VALUES ($1, $2, $3, $4, $5, '2026-09-01', '2027-06-30')`, [gruppo, campo, giorno, from, to]);
    const preview = (id: number | string, role: Role = 'admin') => t.app.inject({ url: `/api/gruppi/${id}/eliminazione`, headers: headers(role) });

    it('names what the delete takes: referents and training series (which then go with it); matches block it', async () => {
      const g = await create('Pulcini', [{ nome: 'Mario', cognome: 'Rossi' }, { nome: 'Anna', cognome: 'Bianchi' }]);
      const other = await create('Allievi');
      await training('Pulcini', 4, '17:00', '18:00', 'Campo Nord');
      await training('Pulcini', 1, '18:00', '19:30', 'Campo Comunale');
      await training('Allievi', 2, '18:00', '19:30', 'Campo Sud');
      const res = await preview(g.id);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json()).toEqual({
        data: {
          name: 'Pulcini',
          partite: 0,
          referenti: 2,
          giocatori: 0,
          allenamenti: [
            { giorno: 1, oraInizio: '18:00', oraFine: '19:30', campo: 'Campo Comunale' },
            { giorno: 4, oraInizio: '17:00', oraFine: '18:00', campo: 'Campo Nord' },
          ],
        },
      });
      // What the preview names is what goes: the series cascade with the category, another's stay.
      expect((await t.app.inject({ method: 'DELETE', url: `/api/gruppi/${g.id}`, headers: headers('admin') })).statusCode).toBe(200);
      expect((await t.db.pool.query('SELECT gruppo FROM public.allenamenti')).rows).toEqual([{ gruppo: 'Allievi' }]);
      expect((await t.db.pool.query('SELECT count(*)::int AS n FROM public.gruppi_referenti WHERE gruppo_id = $1', [g.id])).rows[0].n).toBe(0);

      await insertPartita('Allievi');
      expect((await preview(other.id)).json().data).toMatchObject({ name: 'Allievi', partite: 1, referenti: 1 });
    });

    it('admins only; 404 with the delete wording for a missing or malformed id', async () => {
      const g = await create('Esordienti');
      for (const role of ['reader', 'editor'] as const) expect((await preview(g.id, role)).statusCode).toBe(403);
      for (const id of ['9999', 'abc']) {
        const res = await preview(id);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ error: MSG.groups.notFoundDelete });
      }
    });
  });

  describe('ages and team sheet (docs/players.md)', () => {
    const put = (id: number, extra: Record<string, unknown>) =>
      t.app.inject({ method: 'PUT', url: `/api/gruppi/${id}`, headers: headers('editor'), payload: { ...body('Pulcini'), ...extra } });

    it('travel in the bodies and the answers: defaults on create, unchanged when absent on update, null clears a year', async () => {
      const created = await t.app.inject({ method: 'POST', url: '/api/gruppi', headers: headers('admin'), payload: { ...body('Pulcini'), annoDa: 2016, annoA: 2017, maxDistinta: 18 } });
      expect(created.statusCode).toBe(201);
      const { id } = created.json().data;
      expect(created.json().data).toMatchObject({ annoDa: 2016, annoA: 2017, maxDistinta: 18 });
      expect((await put(id, {})).json().data).toMatchObject({ annoDa: 2016, annoA: 2017, maxDistinta: 18 });
      expect((await put(id, { annoDa: null, maxDistinta: 22 })).json().data).toMatchObject({ annoDa: null, annoA: 2017, maxDistinta: 22 });
      const listed = (await t.app.inject({ url: '/api/gruppi', headers: headers('editor') })).json().data[0];
      expect(listed).toMatchObject({ annoDa: null, annoA: 2017, maxDistinta: 22 });
      const stored = (await t.db.pool.query('SELECT anno_da, anno_a, max_distinta FROM public.gruppi WHERE id = $1', [id])).rows[0];
      expect(stored).toEqual({ anno_da: null, anno_a: 2017, max_distinta: 22 });
    });

    it('refuses years out of range or in the wrong order (against the stored one too), and sheets over 99', async () => {
      const g = await create('Pulcini');
      await put(g.id, { annoA: 2016 });
      for (const [extra, message] of [
        [{ annoDa: 1899 }, MSG.groups.annoInvalid(MSG.groups.annoDa)],
        [{ annoDa: 2018, annoA: 2017 }, MSG.groups.anniOrdine],
        [{ annoDa: 2017 }, MSG.groups.anniOrdine],
        [{ maxDistinta: 100 }, MSG.groups.maxDistintaInvalid(99)],
      ] as const) {
        const res = await put(g.id, extra);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ error: message });
      }
      const stored = (await t.db.pool.query('SELECT anno_da, anno_a, max_distinta FROM public.gruppi WHERE id = $1', [g.id])).rows[0];
      expect(stored).toEqual({ anno_da: null, anno_a: 2016, max_distinta: 20 });
    });

    it('a category with players cannot be deleted: 409 naming them, the preview counts them', async () => {
      const g = await create('Pulcini');
      await t.db.pool.query(`INSERT INTO public.giocatori (nome, cognome, data_nascita, gruppo_id) VALUES ('Luca', 'Bianchi', '2016-01-01', $1)`, [g.id]);
      expect((await t.app.inject({ url: `/api/gruppi/${g.id}/eliminazione`, headers: headers('admin') })).json().data).toMatchObject({ giocatori: 1 });
      const res = await t.app.inject({ method: 'DELETE', url: `/api/gruppi/${g.id}`, headers: headers('admin') });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: GIOCATORI_MSG.gruppoConGiocatori });
      expect((await snapshot()).map((r) => r.name)).toEqual(['Pulcini']);
    });
  });
});
