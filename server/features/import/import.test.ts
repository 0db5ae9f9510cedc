import dayjs from 'dayjs';
import { createTestApp, type TestApp } from '../../../test/app';
import { bearer, createUser, type TestUser } from '../../../test/users';
import { todayIn } from '../../../common/core/dates';
import { IMPORT_MSG } from '../../../common/import/messages';
import { decodeBytes } from '../../../common/import/parse';
import { importBody, readImport } from '../../../common/import/rules';
import { PARTITA_COLUMN_TYPES } from '../../services/matches/columns';

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
  (await t.db.pool.query(`SELECT activity_type, activity_message, endpoint, user_email, context FROM public.activity_logs WHERE activity_message LIKE 'Importat%' ORDER BY id`)).rows;

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
    expect(res.json()).toEqual({ error: 'Riga 3: Data: La data deve essere futura!' });
    const missing = await post([row(1), row(2, { ora: '' })]);
    expect(missing.json()).toEqual({ error: 'Riga 2: Campi obbligatori mancanti: Ora di inizio' });
    const wrongType = await post([row(1), row(2, { spogliatoioGari: 'tre' })]);
    expect(wrongType.json()).toEqual({ error: 'Riga 2: Spogliatoio Garibaldina: Dati non validi - controlla i campi obbligatori' });
    // A rule of the form broken: the field at fault is named too.
    const badTipo = await post([row(1), row(2, { tipoGara: 'coppa' })]);
    expect(badTipo.json()).toEqual({ error: 'Riga 2: Tipo: Dati non validi - controlla i campi obbligatori' });
    const badEnd = await post([row(1, { squadraCasa: 'Garibaldina', isHouseMatch: true, oraFine: '25:00' })]);
    expect(badEnd.json()).toEqual({ error: 'Riga 1: Fine: Ora non valida: usa il formato HH:MM' });
    expect(await count()).toBe(0);
    expect(await activities()).toHaveLength(0);
  });

  it('with righe (the file lines of the rows), every message names the file line', async () => {
    const body = (partite: unknown[], righe: unknown) =>
      t.app.inject({ method: 'POST', url: '/api/partite/import', headers: bearer(editor), payload: { partite, righe } });
    const invalid = await body([row(1), row(2), row(3, { data: inDays(-1) })], [2, 5, 9]);
    expect(invalid.json()).toEqual({ error: 'Riga 9: Data: La data deve essere futura!' });
    const category = await body([row(1), row(2, { gruppo: 'Juniores' })], [4, 7]);
    expect(category.json().error).toMatch(/^Riga 7: Categoria inesistente: "Juniores"/);
    const clash = await body(
      [
        row(70, { data: inDays(14), campo: 'Campo Z', squadraCasa: 'Garibaldina Y', isHouseMatch: true, ora: '10:00', oraFine: '11:30', spogliatoioGari: 1, spogliatoioOspiti: 2 }),
        row(71, { data: inDays(14), campo: 'Campo Z', squadraCasa: 'Garibaldina Z', isHouseMatch: true, ora: '10:30', oraFine: '12:00', spogliatoioGari: 5, spogliatoioOspiti: 6 }),
      ],
      [3, 8],
    );
    expect(clash.statusCode).toBe(409);
    expect(clash.json().conflitti.map((c: { riga: number; messaggio: string }) => [c.riga, c.messaggio.replace(/:.*\(/, ' … (')])).toEqual([
      [3, 'Riga 3 … (riga 8)'],
      [8, 'Riga 8 … (riga 3)'],
    ]);
    // As many lines as rows, each a positive whole number.
    for (const righe of [[1], [1, 2, 3], [0, 1], [1, 'due'], 'uno']) {
      const res = await body([row(1), row(2)], righe);
      expect(res.statusCode).toBe(400);
    }
    expect(await count()).toBe(0);
  });

  it('a failure after the rows were inserted (here the activity record) leaves none of them: one transaction', async () => {
    await t.db.pool.query(`
      CREATE FUNCTION pg_temp_fail_import() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'guasto simulato'; END $$;
      CREATE TRIGGER fail_import BEFORE INSERT ON public.activity_logs FOR EACH ROW
        WHEN (NEW.activity_message LIKE 'Importat%') EXECUTE FUNCTION pg_temp_fail_import();`);
    try {
      const res = await post([row(1), row(2), row(3)]);
      expect(res.statusCode).toBe(500);
      expect(await count()).toBe(0);
    } finally {
      await t.db.pool.query('DROP TRIGGER fail_import ON public.activity_logs; DROP FUNCTION pg_temp_fail_import()');
    }
    expect((await post([row(1), row(2), row(3)])).statusCode).toBe(201);
    expect(await count()).toBe(3);
  });

  it('unknown fields are refused, in a row and in the body', async () => {
    const res = await post([row(1), row(2, { arbitro: 'Rossi' })]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Riga 2: Campo non previsto: arbitro' });
    // A save's confirmation flag is not a row's field: the import's own confermaSovrapposizioni covers every row.
    const flag = await post([row(1), row(2, { confermaSovrapposizioni: true })]);
    expect(flag.statusCode).toBe(400);
    expect(flag.json()).toEqual({ error: 'Riga 2: Campo non previsto: confermaSovrapposizioni' });
    const outer = await t.app.inject({ method: 'POST', url: '/api/partite/import', headers: bearer(editor), payload: { partite: [row(1)], modalita: 'x' } });
    expect(outer.statusCode).toBe(400);
    expect(outer.json()).toEqual({ error: 'Campo non previsto: modalita' });
    expect(await count()).toBe(0);
  });

  it('an unknown category is a 400 naming it and the available ones; nothing written', async () => {
    const res = await post([row(1), row(2, { gruppo: 'Juniores' })]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Riga 2: Categoria inesistente: "Juniores". Categorie disponibili: Pulcini, Esordienti, Allievi' });
    expect(await count()).toBe(0);
  });

  // Each row's teams of its own: one team in two matches at one time would be a clash (docs/occupancy.md).
  it('2,000 rows are imported (body over 1 MiB with long texts); 2,001 are refused', async () => {
    const long = 'x'.repeat(95);
    const many = Array.from({ length: 2000 }, (_, i) => row(i, { campo: `${long} ${i}`, squadraCasa: `casa ${i} ${long}`.slice(0, 100), squadraTrasferta: `ospiti ${i} ${long}`.slice(0, 100) }));
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
    expect(res.json()).toEqual({
      gruppi: ['Pulcini', 'Esordienti', 'Allievi'], // by age (common/groups/order.ts)
      existing: [`${inDays(4)}|09:30|leoni rossi|ospiti 1`],
      // The matches of those days that hold their facilities, and the changeover margin (docs/import.md).
      partite: [expect.objectContaining({ id: expect.any(Number), data: inDays(4), ora: '09:30:00', squadracasa: 'Leoni ROSSI', stato: 'programmata' })],
      margine: 15,
    });
    // Every field of the clash check's read of a match (all but data_originale): the response schema drops none.
    expect(Object.keys(res.json().partite[0]).sort()).toEqual(Object.keys(PARTITA_COLUMN_TYPES).filter((k) => k !== 'data_originale').sort());
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

// Clashes of an import (docs/occupancy.md): the rule of a save, for each row against the stored matches and the other rows.
describe('clashes of an import', () => {
  const house = (i: number, over: Record<string, unknown> = {}) =>
    row(i, { squadraCasa: `Garibaldina ${i}`, isHouseMatch: true, ora: '10:00', oraFine: '11:30', campo: 'Campo Nord', spogliatoioGari: 1, spogliatoioOspiti: 2, ...over });
  const postConfirmed = (partite: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/partite/import', headers: bearer(editor), payload: { partite, confermaSovrapposizioni: true } });
  const all = async () => Number((await t.db.pool.query('SELECT count(*) FROM public.activity_logs')).rows[0].count);
  const dmy = (iso: string) => dayjs(iso).format('DD/MM/YYYY');

  it('a row on a stored match\'s campo and two rows of the file on each other: 409 naming the rows, nothing written', async () => {
    expect((await post([house(10, { squadraTrasferta: 'Lucca' })])).statusCode).toBe(201);
    const stored = Number((await t.db.pool.query('SELECT id FROM public.partite')).rows[0].id);
    const before = await all();
    const day = inDays(13);
    const res = await post([
      row(50),
      // 10:30 on the stored match's campo (rooms differ).
      house(10, { squadraCasa: 'Garibaldina 2013', squadraTrasferta: 'Virtus', ora: '10:30', oraFine: '12:00', spogliatoioGari: 5, spogliatoioOspiti: 6 }),
      // Two rows of the file on one day sharing changing room 3 with 10 minutes between them (margin 15).
      house(60, { data: day, campo: 'Campo A', squadraCasa: 'Garibaldina A', squadraTrasferta: 'X', spogliatoioGari: 3, spogliatoioOspiti: 4 }),
      house(61, { data: day, campo: 'Campo B', squadraCasa: 'Garibaldina B', squadraTrasferta: 'Y', ora: '11:40', oraFine: '13:00', spogliatoioGari: 7, spogliatoioOspiti: 3 }),
    ]);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: '3 partite da importare si sovrappongono ad altre partite: conferma per importarle comunque',
      totale: 3,
      conflitti: [
        {
          riga: 2,
          partitaId: null,
          id: stored,
          motivo: 'campo',
          messaggio: 'Riga 2: Campo già occupato dalle 10:00 alle 11:30 da Garibaldina 10 - Lucca',
        },
        { riga: 3, partitaId: null, id: null, motivo: 'spogliatoio', messaggio: 'Riga 3: Spogliatoio 3 già assegnato a Garibaldina B - Y dalle 11:40 alle 13:00 (riga 4)' },
        { riga: 4, partitaId: null, id: null, motivo: 'spogliatoio', messaggio: 'Riga 4: Spogliatoio 3 già assegnato a Garibaldina A - X dalle 10:00 alle 11:30 (riga 3)' },
      ],
    });
    expect(await count()).toBe(1);
    expect(await all()).toBe(before);
  });

  it('confirmed: every row written in the one transaction, the import and the override logged (who confirmed, the list)', async () => {
    const partite = [house(20), house(20, { squadraCasa: 'Garibaldina Due', squadraTrasferta: 'Z', spogliatoioGari: 4, spogliatoioOspiti: 5 }), row(21)];
    const res = await postConfirmed(partite);
    expect(res.statusCode).toBe(201);
    expect(res.json().create).toBe(3);
    expect(await count()).toBe(3);
    const { rows } = await t.db.pool.query(
      `SELECT activity_type, activity_message, user_email, context FROM public.activity_logs WHERE activity_message LIKE 'Sovrapposizioni confermate%'`,
    );
    expect(rows).toEqual([
      {
        activity_type: 'warning',
        activity_message: "Sovrapposizioni confermate nell'importazione: 2 partite",
        user_email: editor.email,
        context: expect.objectContaining({
          confermatoDa: editor.email,
          righe: 2,
          totale: 2,
          ids: res.json().ids,
          conflitti: [expect.objectContaining({ riga: 1, id: null, motivo: 'campo' }), expect.objectContaining({ riga: 2, id: null, motivo: 'campo' })],
        }),
      },
    ]);
    expect((await activities())[0].activity_message).toBe(`Importate 3 partite (dal ${dmy(inDays(23))} al ${dmy(inDays(24))})`);
  });

  it('cancelled and postponed matches free their campo; the check endpoint leaves them out', async () => {
    await post([house(30, { squadraTrasferta: 'Uno' })]);
    await t.db.pool.query(`UPDATE public.partite SET stato = 'annullata'`);
    const check = await t.app.inject({ method: 'POST', url: '/api/partite/import/check', headers: bearer(editor), payload: { dates: [inDays(33)] } });
    expect(check.json().partite).toEqual([]);
    expect((await post([house(30, { squadraTrasferta: 'Due' })])).statusCode).toBe(201);
    expect((await post([{ ...house(31), data: inDays(33), ora: '10:45' }])).statusCode).toBe(409);
  });

  it('confermaSovrapposizioni must be a boolean', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/partite/import', headers: bearer(editor), payload: { partite: [row(1)], confermaSovrapposizioni: 'sì' } });
    expect(res.statusCode).toBe(400);
    expect(await count()).toBe(0);
  });
});
