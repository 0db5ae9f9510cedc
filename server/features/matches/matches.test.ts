import dayjs from 'dayjs';
import { createTestApp, type TestApp } from '../../../test/app';
import { bearer, createUser, type TestUser } from '../../../test/users';
import { todayIn } from '../../../common/core/dates';
import { MSG } from '../../../common/core/messages';
import { PUBLIC_LIMIT_MAX, PUBLIC_OFFSET_MAX, PUBLIC_PAGE_SIZE } from '../../../common/matches/public-page';
import { PARTITA_COLUMN_TYPES } from '../../services/matches/columns';

let t: TestApp;
let reader: TestUser;
let editor: TestUser;
let admin: TestUser;
const today = todayIn('Europe/Rome');
const inDays = (n: number) => dayjs(today).add(n, 'day').format('YYYY-MM-DD');

const valid = (over: Record<string, unknown> = {}) => ({
  data: inDays(7),
  ora: '15:00',
  oraFine: null,
  squadraCasa: 'Virtus Lucca',
  squadraTrasferta: 'Atletico Pisa',
  campo: 'Stadio Comunale',
  gruppo: 'Pulcini',
  isHouseMatch: false,
  spogliatoioGari: null,
  spogliatoioOspiti: null,
  terreno: 'erba',
  tipoGara: 'campionato',
  // The fixtures repeat one match at one time: saved over its clashes (docs/occupancy.md, tested in features/occupazione).
  confermaSovrapposizioni: true,
  ...over,
});

async function create(body: unknown, user: TestUser = editor) {
  return t.app.inject({ method: 'POST', url: '/api/partite', headers: bearer(user), payload: body as object });
}
const count = async () => Number((await t.db.pool.query('SELECT count(*) FROM public.partite')).rows[0].count);
const rowOf = async (id: number) => (await t.db.pool.query('SELECT * FROM public.partite WHERE id = $1', [id])).rows[0];

beforeAll(async () => {
  t = await createTestApp();
  [reader, editor, admin] = await Promise.all([createUser(t.db.pool, 'reader'), createUser(t.db.pool, 'editor'), createUser(t.db.pool, 'admin')]);
  await t.db.pool.query(`INSERT INTO public.gruppi (name) VALUES ('Pulcini'), ('Esordienti'), ('Allievi')`);
});
afterAll(() => t.close());

describe('POST /api/partite', () => {
  it('creates an away match and returns it with its id; text is trimmed, oraFine and rooms nulled', async () => {
    const res = await create(valid({ squadraCasa: '  Virtus Lucca ', oraFine: '17:00', spogliatoioGari: 3, terreno: '' }));
    expect(res.statusCode).toBe(201);
    const { data } = res.json();
    expect(data).toEqual({
      id: expect.any(Number),
      data: inDays(7),
      ora: '15:00:00',
      ora_fine: null,
      squadracasa: 'Virtus Lucca',
      squadratrasferta: 'Atletico Pisa',
      gruppo: 'Pulcini',
      campo: 'Stadio Comunale',
      is_house_match: false,
      spogliatoio_gari: null,
      spogliatoio_ospiti: null,
      terreno: null,
      tipo_gara: 'campionato',
      stato: 'programmata',
      motivo_stato: null,
      data_da_definire: false,
      data_originale: null,
    });
    expect((await rowOf(data.id)).squadracasa).toBe('Virtus Lucca');
  });

  it('a home team containing the club name makes a home match (oraFine then required)', async () => {
    const missing = await create(valid({ squadraCasa: 'ASD GARIBALDINA 2010' }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ error: 'Campi obbligatori mancanti: Ora di fine' });
    const res = await create(valid({ squadraCasa: 'ASD GARIBALDINA 2010', oraFine: '16:30', spogliatoioGari: 2, spogliatoioOspiti: 5 }));
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ is_house_match: true, ora_fine: '16:30:00', spogliatoio_gari: 2, spogliatoio_ospiti: 5 });
  });

  const cases: Array<[string, Record<string, unknown>, string]> = [
    ['all required missing', { data: '', ora: null, squadraCasa: ' ', squadraTrasferta: undefined, campo: '', gruppo: '', tipoGara: '' },
      'Campi obbligatori mancanti: Data partita, Ora di inizio, Squadra di casa, Squadra ospite, Campo, Categoria, Tipo gara'],
    ['home without end time', { isHouseMatch: true }, 'Campi obbligatori mancanti: Ora di fine'],
    ['date in the past', { data: inDays(-1) }, 'La data deve essere futura!'],
    ['same teams after trim, any case', { squadraTrasferta: '  virtus LUCCA ' }, 'Le squadre devono essere diverse!'],
    ['room out of range', { isHouseMatch: true, oraFine: '17:00', spogliatoioGari: 8 }, 'I numeri degli spogliatoi devono essere compresi tra 1 e 7'],
    ['room zero', { isHouseMatch: true, oraFine: '17:00', spogliatoioOspiti: 0 }, 'I numeri degli spogliatoi devono essere compresi tra 1 e 7'],
    ['room not an integer', { isHouseMatch: true, oraFine: '17:00', spogliatoioOspiti: 2.5 }, 'I numeri degli spogliatoi devono essere compresi tra 1 e 7'],
    ['same rooms', { isHouseMatch: true, oraFine: '17:00', spogliatoioGari: 4, spogliatoioOspiti: 4 }, 'I numeri degli spogliatoi devono essere diversi!'],
    ['bad date', { data: '2030-02-30' }, 'Data non valida: usa il formato AAAA-MM-GG'],
    ['bad date format', { data: '12/10/2030' }, 'Data non valida: usa il formato AAAA-MM-GG'],
    ['bad time', { ora: '25:00' }, 'Ora non valida: usa il formato HH:MM'],
    ['bad end time', { isHouseMatch: true, oraFine: '7pm' }, 'Ora non valida: usa il formato HH:MM'],
    ['text over 100 characters', { campo: 'x'.repeat(101) }, 'Testo troppo lungo: massimo 100 caratteri'],
    ['oversize string', { squadraCasa: 'y'.repeat(5000) }, 'Testo troppo lungo: massimo 100 caratteri'],
    ['unknown tipoGara', { tipoGara: 'coppa' }, 'Dati non validi - controlla i campi obbligatori'],
    ['unknown terreno', { terreno: 'cemento' }, 'Dati non validi - controlla i campi obbligatori'],
    ['wrong type', { squadraCasa: 42 }, 'Dati non validi - controlla i campi obbligatori'],
    ['unknown field', { id: 5 }, 'Campo non previsto: id'],
    ['unknown category', { gruppo: 'Inesistenti' }, "Categoria inesistente: scegline una dall'elenco"],
  ];
  it.each(cases)('refuses %s with 400 and its message; nothing stored', async (_name, over, message) => {
    const before = await count();
    const res = await create(valid(over));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message });
    expect(await count()).toBe(before);
  });

  it('accepts the same rooms on edit only (docs/matches.md, validation: checked on create only); accepts today', async () => {
    const res = await create(valid({ data: today, isHouseMatch: true, oraFine: '17:00', spogliatoioGari: 1, spogliatoioOspiti: 2 }));
    expect(res.statusCode).toBe(201);
    const id = res.json().data.id;
    const upd = await t.app.inject({
      method: 'PUT',
      url: `/api/partite/${id}`,
      headers: bearer(editor),
      payload: valid({ data: today, isHouseMatch: true, oraFine: '17:00', spogliatoioGari: 2, spogliatoioOspiti: 2 }),
    });
    expect(upd.statusCode).toBe(200);
    expect(upd.json().data).toMatchObject({ spogliatoio_gari: 2, spogliatoio_ospiti: 2 });
  });

  it('refuses a body that is not JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/partite',
      headers: { ...bearer(editor), 'content-type': 'application/json' },
      payload: '{"data":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual(expect.any(String));
  });
});

describe('GET, PUT, DELETE /api/partite/:id', () => {
  let id: number;
  beforeAll(async () => {
    id = (await create(valid({ squadraCasa: 'Da Modificare', campo: 'Campo Vecchio' }))).json().data.id;
  });

  it('reads a match for any signed-in user', async () => {
    const res = await t.app.inject({ url: `/api/partite/${id}`, headers: bearer(reader) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id, squadracasa: 'Da Modificare', campo: 'Campo Vecchio' });
  });

  it('answers every field of the match and its designations (the response schemas drop none)', async () => {
    const fields = Object.keys(PARTITA_COLUMN_TYPES).sort();
    const read = await t.app.inject({ url: `/api/partite/${id}`, headers: bearer(reader) });
    expect(Object.keys(read.json()).sort()).toEqual(['data', 'designazioni']);
    expect(Object.keys(read.json().data).sort()).toEqual(fields);
    expect(read.json().designazioni).toEqual({ arbitro: null, accompagnatore: null, addettoArbitro: null });
    const saved = await t.app.inject({ method: 'PUT', url: `/api/partite/${id}`, headers: bearer(editor), payload: valid({ squadraCasa: 'Da Modificare', campo: 'Campo Vecchio' }) });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual(read.json());
    const created = await create(valid({ data: inDays(40) }));
    expect(Object.keys(created.json().data).sort()).toEqual(fields);
    await t.app.inject({ method: 'DELETE', url: `/api/partite/${created.json().data.id}`, headers: bearer(editor) });
  });

  it.each(['abc', '0', '-1', '1.5', '007', '2147483648', '99999999999', '999999'])('answers 404 to the id %s', async (bad) => {
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: `/api/partite/${bad}`, headers: bearer(admin), payload: method === 'PUT' ? valid() : undefined });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Partita non trovata - potrebbe essere stata eliminata' });
    }
  });

  const editCases: Array<[Record<string, unknown>, string]> = [
    [{ campo: '' }, 'Compila tutti i campi obbligatori!'],
    [{ squadraCasa: 'Garibaldina' }, 'Compila tutti i campi obbligatori!'],
    [{ data: inDays(-3) }, 'La data deve essere futura!'],
    [{ squadraTrasferta: 'da modificare' }, 'Le squadre devono essere diverse!'],
    [{ isHouseMatch: true, oraFine: '17:00', spogliatoioGari: 9 }, 'I numeri degli spogliatoi devono essere compresi tra 1 e 7'],
    [{ ora: '1500' }, 'Ora non valida: usa il formato HH:MM'],
    [{ gruppo: 'Nessuno' }, "Categoria inesistente: scegline una dall'elenco"],
    [{ extra: true }, 'Campo non previsto: extra'],
  ];
  it.each(editCases)('refuses the update %j with its message and leaves the row as it was', async (over, message) => {
    const before = await rowOf(id);
    const res = await t.app.inject({ method: 'PUT', url: `/api/partite/${id}`, headers: bearer(editor), payload: valid({ squadraCasa: 'Da Modificare', ...over }) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message });
    expect(await rowOf(id)).toEqual(before);
  });

  it('updates a match and answers the stored row', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/partite/${id}`,
      headers: bearer(editor),
      payload: valid({ squadraCasa: 'Da Modificare', campo: 'Campo Nuovo', tipoGara: 'torneo', gruppo: 'Allievi' }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id, campo: 'Campo Nuovo', tipo_gara: 'torneo', gruppo: 'Allievi' });
    expect((await rowOf(id)).campo).toBe('Campo Nuovo');
  });

  it('deletes a match; a second delete is 404', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: `/api/partite/${id}`, headers: bearer(admin) });
    expect(res.statusCode).toBe(200);
    expect(await rowOf(id)).toBeUndefined();
    const again = await t.app.inject({ method: 'DELETE', url: `/api/partite/${id}`, headers: bearer(admin) });
    expect(again.statusCode).toBe(404);
  });

  it('renaming a category renames it on its matches; deleting a used category is refused by the database', async () => {
    const m = (await create(valid({ gruppo: 'Esordienti' }))).json().data;
    await t.db.pool.query(`UPDATE public.gruppi SET name = 'Esordienti A' WHERE name = 'Esordienti'`);
    expect((await rowOf(m.id)).gruppo).toBe('Esordienti A');
    await expect(t.db.pool.query(`DELETE FROM public.gruppi WHERE name = 'Esordienti A'`)).rejects.toMatchObject({ code: '23503' });
    await t.db.pool.query(`UPDATE public.gruppi SET name = 'Esordienti' WHERE name = 'Esordienti A'`);
  });

  it('the database itself refuses equal teams, a home match without end time and rooms out of range', async () => {
    const insert = (cols: string) =>
      t.db.pool.query(
        `INSERT INTO public.partite (data, ora, squadracasa, squadratrasferta, gruppo, campo, tipo_gara, is_house_match, ora_fine, spogliatoio_gari)
         VALUES ('2030-01-01', '10:00', ${cols})`,
      );
    await expect(insert(`'Roma', ' roma', 'Pulcini', 'C', 'torneo', false, NULL, NULL`)).rejects.toMatchObject({ code: '23514' });
    await expect(insert(`'Roma', 'Lazio', 'Pulcini', 'C', 'torneo', true, NULL, NULL`)).rejects.toMatchObject({ code: '23514' });
    await expect(insert(`'Roma', 'Lazio', 'Pulcini', 'C', 'torneo', true, '12:00', 8`)).rejects.toMatchObject({ code: '23514' });
    await expect(insert(`'Roma', 'Lazio', 'Pulcini', 'C', 'coppa', false, NULL, NULL`)).rejects.toMatchObject({ code: '23514' });
  });
});

describe('GET /api/partite/public', () => {
  beforeAll(async () => {
    await t.db.pool.query('DELETE FROM public.partite');
    const rows: Array<[string, string, string, string, string, string, string | null, string]> = [
      [inDays(-1), '10:00', 'Passata FC', 'Vecchi Amici', 'Pulcini', 'Campo Ieri', 'erba', 'campionato'],
      [inDays(2), '18:00', 'Garibaldina Allievi', 'Fortis Juventus', 'Allievi', 'Stadio Garibaldi', 'sintetico', 'campionato'],
      [inDays(2), '09:30', 'Lupi Nord', 'Garibaldina Pulcini', 'Pulcini', 'Campo Lupi', 'erba', 'amichevole'],
      [today, '20:45', 'Garibaldina Esordienti', 'Real Colle', 'Esordienti', 'Stadio Garibaldi', null, 'torneo'],
      [inDays(30), '11:00', 'Aquile', 'Garibaldina Pulcini', 'Pulcini', 'Campo delle Aquile', 'sintetico', 'torneo'],
    ];
    for (const r of rows) {
      const home = r[2].includes('Garibaldina');
      await t.db.pool.query(
        `INSERT INTO public.partite (data, ora, squadracasa, squadratrasferta, gruppo, campo, terreno, tipo_gara, is_house_match, ora_fine)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [...r, home, home ? '23:00' : null],
      );
    }
  });

  const get = (qs = '', headers: Record<string, string> = {}) => t.app.inject({ url: `/api/partite/public${qs}`, headers });
  const teams = (res: { json(): { data: Array<{ squadracasa: string }> } }) => res.json().data.map((p) => p.squadracasa);

  it('lists matches from today on, by date then time, without sign-in', async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, appliedFilters: {}, error: null });
    expect(teams(res)).toEqual(['Garibaldina Esordienti', 'Lupi Nord', 'Garibaldina Allievi', 'Aquile']);
    expect(body.data[0]).toEqual(expect.objectContaining({ data: today, ora: '20:45:00', terreno: null, tipo_gara: 'torneo', is_house_match: true }));
  });

  it.each([
    [`?data=${inDays(2)}`, ['Lupi Nord', 'Garibaldina Allievi'], { data: inDays(2) }],
    ['?data=02-10-2030', ['Garibaldina Esordienti', 'Lupi Nord', 'Garibaldina Allievi', 'Aquile'], {}],
    ['?ora=18', ['Garibaldina Allievi'], { ora: '18' }],
    ['?ora=09%3A3x0', ['Lupi Nord'], { ora: '09:30' }],
    ['?squadracasa=garibaldina', ['Garibaldina Esordienti', 'Garibaldina Allievi'], { squadracasa: 'garibaldina' }],
    ['?squadratrasferta=Garibaldina%20Pul', ['Lupi Nord', 'Aquile'], { squadratrasferta: 'Garibaldina Pul' }],
    ['?gruppo=pulc', ['Lupi Nord', 'Aquile'], { gruppo: 'pulc' }],
    ['?campo=STADIO', ['Garibaldina Esordienti', 'Garibaldina Allievi'], { campo: 'STADIO' }],
    ['?terreno=sintetico', ['Garibaldina Allievi', 'Aquile'], { terreno: 'sintetico' }],
    ['?tipoGara=amichevole', ['Lupi Nord'], { tipoGara: 'amichevole' }],
    ['?tipoGara=coppa', ['Garibaldina Esordienti', 'Lupi Nord', 'Garibaldina Allievi', 'Aquile'], {}],
    ['?campo=stadio&terreno=sintetico', ['Garibaldina Allievi'], { campo: 'stadio', terreno: 'sintetico' }],
    ['?campo=nessuno', [], { campo: 'nessuno' }],
  ])('filters %s', async (qs, expected, applied) => {
    const res = await get(qs);
    expect(res.statusCode).toBe(200);
    expect(teams(res)).toEqual(expected);
    expect(res.json().appliedFilters).toEqual(applied);
  });

  it('refuses unknown parameters and oversize values', async () => {
    expect((await get('?foo=1')).statusCode).toBe(400);
    expect((await get(`?campo=${'a'.repeat(201)}`)).statusCode).toBe(400);
  });

  it('carries an ETag and answers 304 without a body to a matching If-None-Match; a change gives a new ETag', async () => {
    const first = await get('?gruppo=Pulcini');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await get('?gruppo=Pulcini', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await get('?gruppo=Pulcini', { 'if-none-match': '"altro"' })).statusCode).toBe(200);

    const created = await create(valid({ squadraCasa: 'Nuova Squadra', gruppo: 'Pulcini', data: inDays(3) }));
    expect(created.statusCode).toBe(201);
    // The cache of the listing learns of the change through NOTIFY: poll briefly.
    let after = await get('?gruppo=Pulcini', { 'if-none-match': etag });
    for (let i = 0; i < 50 && after.statusCode === 304; i++) {
      await new Promise((r) => setTimeout(r, 20));
      after = await get('?gruppo=Pulcini', { 'if-none-match': etag });
    }
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(teams(after)).toContain('Nuova Squadra');
  });
});

describe('GET /api/partite/public by pages (docs/public-page.md)', () => {
  const TOTAL = 130;
  beforeAll(async () => {
    await t.db.pool.query('DELETE FROM public.partite');
    await t.db.pool.query(
      `INSERT INTO public.partite (data, ora, squadracasa, squadratrasferta, gruppo, campo, tipo_gara)
       SELECT $1::date + i, '10:00', 'Casa ' || i, 'Ospiti ' || i, CASE WHEN i % 2 = 0 THEN 'Pulcini' ELSE 'Allievi' END, 'Campo', 'torneo'
         FROM generate_series(1, $2) AS i`,
      [today, TOTAL],
    );
    // The cache of the earlier tests' lists learns of the change through NOTIFY.
    for (let i = 0; i < 100 && (await get('')).json().total !== TOTAL; i++) await new Promise((r) => setTimeout(r, 20));
  });
  // From a fresh address each: the per-address limit is another test's (public-limit.test.ts).
  let visitor = 0;
  const get = (qs: string) => t.app.inject({ url: `/api/partite/public${qs}`, remoteAddress: `10.5.${Math.floor(++visitor / 250)}.${(visitor % 250) + 1}` });
  const homes = (res: { json(): { data: Array<{ squadracasa: string }> } }) => res.json().data.map((p) => p.squadracasa);

  it('answers the first page of PUBLIC_PAGE_SIZE by default, with the total; offset and limit pick another page', async () => {
    const first = await get('');
    expect(first.json()).toMatchObject({ success: true, total: TOTAL, offset: 0, limit: PUBLIC_PAGE_SIZE, error: null });
    expect(homes(first)).toEqual(Array.from({ length: PUBLIC_PAGE_SIZE }, (_, i) => `Casa ${i + 1}`));
    const second = await get(`?offset=${PUBLIC_PAGE_SIZE}&limit=${PUBLIC_PAGE_SIZE}`);
    expect(second.json()).toMatchObject({ total: TOTAL, offset: PUBLIC_PAGE_SIZE, limit: PUBLIC_PAGE_SIZE });
    expect(homes(second)[0]).toBe(`Casa ${PUBLIC_PAGE_SIZE + 1}`);
    expect(homes(await get('?offset=120&limit=60'))).toEqual(Array.from({ length: 10 }, (_, i) => `Casa ${121 + i}`));
    // Past the end: no rows, the total all the same.
    expect((await get('?offset=500')).json()).toMatchObject({ data: [], total: TOTAL, offset: 500 });
    expect(homes(await get(`?limit=${PUBLIC_LIMIT_MAX}`))).toHaveLength(TOTAL);
    // With filters: the total is of the matches passing them.
    const pulcini = await get('?gruppo=pulcini&offset=60&limit=10');
    expect(pulcini.json()).toMatchObject({ total: 65, offset: 60, limit: 10, appliedFilters: { gruppo: 'pulcini' } });
    expect(homes(pulcini)).toEqual(['Casa 122', 'Casa 124', 'Casa 126', 'Casa 128', 'Casa 130']);
  });

  it.each([
    ['limit=0', MSG.match.invalidLimit],
    [`limit=${PUBLIC_LIMIT_MAX + 1}`, MSG.match.invalidLimit],
    ['limit=abc', MSG.match.invalidLimit],
    ['limit=1.5', MSG.match.invalidLimit],
    ['limit=-1', MSG.match.invalidLimit],
    ['limit=', MSG.match.invalidLimit],
    ['limit=10&limit=20', MSG.match.invalidLimit],
    ['offset=-1', MSG.match.invalidOffset],
    [`offset=${PUBLIC_OFFSET_MAX + 1}`, MSG.match.invalidOffset],
    ['offset=1e3', MSG.match.invalidOffset],
    ['offset=%2060', MSG.match.invalidOffset],
  ])('refuses %s with an Italian 400', async (qs, message) => {
    const res = await get(`?${qs}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message });
  });
});

describe('suggestions', () => {
  beforeAll(async () => {
    await t.db.pool.query('DELETE FROM public.partite');
    const add = (casa: string, ospite: string, campo: string) =>
      t.db.pool.query(
        `INSERT INTO public.partite (data, ora, squadracasa, squadratrasferta, gruppo, campo, tipo_gara) VALUES ('2030-05-05', '10:00', $1, $2, 'Pulcini', $3, 'torneo')`,
        [casa, ospite, campo],
      );
    await add('Garibaldina Pulcini', 'Lupi Nord', 'Stadio Garibaldi');
    await add('Lupi Nord', 'Garibaldina Pulcini', 'Campo Lupi');
    await add('Garibaldina Pulcini', 'Aquile', 'Stadio Garibaldi');
    await add('Garibaldina Allievi', 'Aquile', 'Stadio Garibaldi');
  });

  it('ranks team names by use (home and away counted), filtered by search', async () => {
    const res = await t.app.inject({ url: '/api/squadre/suggestions', headers: bearer(reader) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      { name: 'Garibaldina Pulcini', usage_count: 3 },
      { name: 'Aquile', usage_count: 2 },
      { name: 'Lupi Nord', usage_count: 2 },
      { name: 'Garibaldina Allievi', usage_count: 1 },
    ]);
    const gar = await t.app.inject({ url: '/api/squadre/suggestions?search=gari', headers: bearer(editor) });
    expect(gar.json().data).toEqual([
      { name: 'Garibaldina Pulcini', usage_count: 3 },
      { name: 'Garibaldina Allievi', usage_count: 1 },
    ]);
  });

  it('ranks fields by use', async () => {
    const res = await t.app.inject({ url: '/api/campi/suggestions?search=', headers: bearer(reader) });
    expect(res.json().data).toEqual([
      { name: 'Stadio Garibaldi', usage_count: 3 },
      { name: 'Campo Lupi', usage_count: 1 },
    ]);
    const lupi = await t.app.inject({ url: '/api/campi/suggestions?search=LUP', headers: bearer(reader) });
    expect(lupi.json().data).toEqual([{ name: 'Campo Lupi', usage_count: 1 }]);
  });

  it('refuses a search over 50 characters and unknown parameters', async () => {
    expect((await t.app.inject({ url: `/api/campi/suggestions?search=${'a'.repeat(51)}`, headers: bearer(reader) })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/squadre/suggestions?q=a', headers: bearer(reader) })).statusCode).toBe(400);
  });
});
