import dayjs from 'dayjs';
import { createTestApp, type TestApp } from '../../../test/app';
import { bearer, createUser, type TestUser } from '../../../test/users';
import { todayIn } from '../../../common/dates';
import { IMPORT_MSG, decodeBytes, importBody, readImport } from '../../../common/import';

let t: TestApp;
let reader: TestUser;
let editor: TestUser;
let admin: TestUser;
const today = todayIn('Europe/Rome');
const inDays = (n: number) => dayjs(today).add(n, 'day').format('YYYY-MM-DD');
const CATEGORIES = ['Pulcini', 'Esordienti', 'Allievi'];

const row = (i: number, over: Record<string, unknown> = {}) => ({
  data: inDays(3 + (i % 300)),
  ora: `${String(8 + (i % 12)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`,
  oraFine: null,
  squadraCasa: `Squadra ${i}`,
  squadraTrasferta: `Ospiti ${i}`,
  campo: 'Stadio Comunale',
  gruppo: CATEGORIES[i % 3],
  isHouseMatch: false,
  spogliatoioGari: null,
  spogliatoioOspiti: null,
  terreno: i % 2 ? 'erba' : null,
  tipoGara: 'campionato',
  ...over,
});

const post = (partite: unknown, user: TestUser | null = editor, app: TestApp = t) =>
  app.app.inject({ method: 'POST', url: '/api/partite/import', headers: user ? bearer(user) : {}, payload: { partite } as object });
const count = async (app: TestApp = t) => Number((await app.db.pool.query('SELECT count(*) FROM public.partite')).rows[0].count);
const activities = async () =>
  (await t.db.pool.query(`SELECT activity_type, activity_message, endpoint, user_email, context FROM public.activity_logs WHERE activity_message LIKE 'Importate%' ORDER BY id`)).rows;

beforeAll(async () => {
  t = await createTestApp();
  [reader, editor, admin] = await Promise.all([createUser(t.db.pool, 'reader'), createUser(t.db.pool, 'editor'), createUser(t.db.pool, 'admin')]);
  await t.db.pool.query(`INSERT INTO public.gruppi (name) VALUES ('Pulcini'), ('Esordienti'), ('Allievi')`);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.pool.query('DELETE FROM public.partite');
  await t.db.pool.query('DELETE FROM public.activity_logs');
});

describe('POST /api/partite/import', () => {
  it('creates every row in one go and answers 201 { create, ids }; one activity record with count and dates', async () => {
    const partite = [row(1), row(2, { squadraCasa: 'Garibaldina', oraFine: '17:00', spogliatoioGari: 2, spogliatoioOspiti: 3 }), row(3)];
    const res = await post(partite, admin);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({ create: 3, ids: [expect.any(Number), expect.any(Number), expect.any(Number)] });
    const { rows } = await t.db.pool.query(
      `SELECT id, to_char(data, 'YYYY-MM-DD') AS data, to_char(ora, 'HH24:MI') AS ora, ora_fine, squadracasa, gruppo, is_house_match, spogliatoio_gari, terreno
         FROM public.partite ORDER BY id`,
    );
    expect(rows.map((r) => r.id)).toEqual(body.ids);
    expect(rows[0]).toMatchObject({ data: inDays(4), ora: '09:30', squadracasa: 'Squadra 1', gruppo: 'Esordienti', terreno: 'erba', is_house_match: false });
    expect(rows[1]).toMatchObject({ squadracasa: 'Garibaldina', is_house_match: true, ora_fine: '17:00:00', spogliatoio_gari: 2, terreno: null });
    const acts = await activities();
    expect(acts).toHaveLength(1);
    const dmy = (iso: string) => dayjs(iso).format('DD/MM/YYYY');
    expect(acts[0]).toMatchObject({
      activity_type: 'success',
      activity_message: `Importate 3 partite (dal ${dmy(inDays(4))} al ${dmy(inDays(6))})`,
      endpoint: 'POST /api/partite/import',
      user_email: admin.email,
      context: { count: 3, first: dmy(inDays(4)), last: dmy(inDays(6)), ids: body.ids },
    });
  });

  it('one invalid row: 400 naming the row, nothing written, no activity', async () => {
    const res = await post([row(1), row(2), row(3, { data: inDays(-1) }), row(4)]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Riga 3: La data deve essere futura!' });
    const missing = await post([row(1), row(2, { ora: '' })]);
    expect(missing.json()).toEqual({ error: 'Riga 2: Campi obbligatori mancanti: Ora di inizio' });
    const wrongType = await post([row(1), row(2, { spogliatoioGari: 'tre' })]);
    expect(wrongType.json()).toEqual({ error: 'Riga 2: Spogliatoio Garibaldina: Dati non validi - controlla i campi obbligatori' });
    expect(await count()).toBe(0);
    expect(await activities()).toHaveLength(0);
  });

  it('unknown fields are refused, in a row and in the body', async () => {
    const res = await post([row(1), row(2, { arbitro: 'Rossi' })]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Riga 2: Campo non previsto: arbitro' });
    const outer = await t.app.inject({ method: 'POST', url: '/api/partite/import', headers: bearer(editor), payload: { partite: [row(1)], modalita: 'x' } });
    expect(outer.statusCode).toBe(400);
    expect(outer.json()).toEqual({ error: 'Campo non previsto: modalita' });
    expect(await count()).toBe(0);
  });

  it('an unknown category is a 400 naming it and the available ones; nothing written', async () => {
    const res = await post([row(1), row(2, { gruppo: 'Juniores' })]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Riga 2: Categoria inesistente: "Juniores". Categorie disponibili: Allievi, Esordienti, Pulcini' });
    expect(await count()).toBe(0);
  });

  it('2,000 rows are imported (body over 1 MiB with long texts); 2,001 are refused', async () => {
    const long = 'x'.repeat(95);
    const many = Array.from({ length: 2000 }, (_, i) => row(i, { campo: `${long} ${i}`, squadraCasa: `${long} casa ${i}`.slice(0, 100), squadraTrasferta: `${long} ospiti ${i}`.slice(0, 100) }));
    expect(JSON.stringify({ partite: many }).length).toBeGreaterThan(1024 * 1024);
    const res = await post(many);
    expect(res.statusCode).toBe(201);
    expect(res.json().create).toBe(2000);
    expect(await count()).toBe(2000);
    await t.db.pool.query('DELETE FROM public.partite');
    const tooMany = await post([...many, row(2000)]);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({ error: IMPORT_MSG.tooMany(2000) });
    expect(tooMany.json().error).toBe('Troppe righe: al massimo 2000 partite per importazione');
    expect(await count()).toBe(0);
  });

  it('an empty list is a 400', async () => {
    const res = await post([]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Nessuna partita da importare' });
  });

  it('roles: anonymous 401, readers 403, editors and admins 201', async () => {
    expect((await post([row(1)], null)).statusCode).toBe(401);
    const r = await post([row(1)], reader);
    expect(r.statusCode).toBe(403);
    expect(r.json()).toEqual({ error: 'Non hai i permessi per creare partite' });
    expect(await count()).toBe(0);
    expect((await post([row(1)], editor)).statusCode).toBe(201);
    expect((await post([row(2)], admin)).statusCode).toBe(201);
  });
});

describe('POST /api/partite/import/check', () => {
  it('answers the categories and the existing matches on the asked days as duplicate keys', async () => {
    await post([row(1, { squadraCasa: 'Leoni ROSSI' }), row(2)]);
    const res = await t.app.inject({ method: 'POST', url: '/api/partite/import/check', headers: bearer(editor), payload: { dates: [inDays(4), 'domani'] } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ gruppi: ['Allievi', 'Esordienti', 'Pulcini'], existing: [`${inDays(4)}|09:30|leoni rossi|ospiti 1`] });
    const reading = await t.app.inject({ method: 'POST', url: '/api/partite/import/check', headers: bearer(reader), payload: { dates: [] } });
    expect(reading.statusCode).toBe(403);
  });
});

describe('round trip: the export CSV imports back', () => {
  it('N exported matches import into an empty database as the same N matches, with no mapping changes', async () => {
    const N = 25;
    const partite = Array.from({ length: N }, (_, i) =>
      i % 4 === 0
        ? row(i, { squadraCasa: `Garibaldina ${i}`, oraFine: '18:45', terreno: 'sintetico', tipoGara: 'torneo', campo: `Campo "A"; settore ${i}` })
        : row(i, { squadraTrasferta: i === 3 ? '-Virtus; "Nord"' : `Ospiti ${i}`, tipoGara: i % 3 ? 'amichevole' : 'campionato' }),
    );
    expect((await post(partite)).statusCode).toBe(201);
    const exported = await t.app.inject({ method: 'POST', url: '/api/exports/table.csv', headers: bearer(reader), payload: { from: today, to: inDays(400) } });
    expect(exported.statusCode).toBe(200);
    const { text } = decodeBytes(new Uint8Array(exported.rawPayload));

    const fresh = await createTestApp();
    try {
      const freshEditor = await createUser(fresh.db.pool, 'editor');
      await fresh.db.pool.query(`INSERT INTO public.gruppi (name) VALUES ('Pulcini'), ('Esordienti'), ('Allievi')`);
      const read = readImport(text, { mode: 'create', today, clubName: fresh.config.clubName, categories: CATEGORIES });
      expect(read.hasHeader).toBe(true);
      expect(read.rows.filter((r) => r.errors.length)).toEqual([]);
      const res = await post(importBody(read.rows).partite, freshEditor, fresh);
      expect(res.statusCode).toBe(201);
      expect(res.json().create).toBe(N);
      const cols = `to_char(data, 'YYYY-MM-DD') AS data, ora, ora_fine, squadracasa, squadratrasferta, gruppo, campo, is_house_match, terreno, tipo_gara`;
      const order = 'ORDER BY data, ora, squadracasa';
      const before = (await t.db.pool.query(`SELECT ${cols} FROM public.partite ${order}`)).rows;
      const after = (await fresh.db.pool.query(`SELECT ${cols} FROM public.partite ${order}`)).rows;
      expect(after).toHaveLength(N);
      expect(after).toEqual(before);
    } finally {
      await fresh.close();
    }
  });
});
