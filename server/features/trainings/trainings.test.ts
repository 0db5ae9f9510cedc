import dayjs from 'dayjs';
import { SLOT_DAYS_MAX, slotsOfDays, type SlotDay } from '../../../common/occupancy/slots';
import { createTestApp, type TestApp } from '../../../test/app';
import { bearer, createUser, type TestUser } from '../../../test/users';
import { insertMatch } from '../../../test/matches';
import { todayIn } from '../../../common/core/dates';
import { ALLENAMENTI_MSG, SLOT_MSG } from '../../../common/trainings/messages';
import { occurrencesOf, weekdayOf, type Allenamento } from '../../../common/trainings/rules';
import { findAllenamento } from './repo';

// Training series through the real API on a real PostgreSQL (docs/trainings.md): CRUD, strict
// validation, the activity log, clashes both ways (series against series and matches; matches,
// imports and bulk moves against series), the board, and the slot finder.

let t: TestApp;
let reader: TestUser;
let editor: TestUser;
const today = todayIn('Europe/Rome');
/** The next date (after a week from today) that falls on weekday g (1 = lunedì). */
const nextOn = (g: number, after = 7) => {
  let d = dayjs(today).add(after, 'day');
  while (weekdayOf(d.format('YYYY-MM-DD')) !== g) d = d.add(1, 'day');
  return d.format('YYYY-MM-DD');
};
const wednesday = nextOn(3);
const season = { dal: today, al: dayjs(today).add(200, 'day').format('YYYY-MM-DD') };
const body = (over: Record<string, unknown> = {}) => ({
  gruppo: 'Esordienti',
  campo: 'Campo Comunale',
  giorno: 3,
  oraInizio: '18:00',
  oraFine: '19:30',
  ...season,
  spogliatoi: [3, 4],
  saltate: [],
  ...over,
});
const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user: TestUser | null, payload?: object) =>
  t.app.inject({ method, url, headers: user ? bearer(user) : {}, ...(payload ? { payload } : {}) });
const count = async () => (await t.db.pool.query('SELECT count(*)::int AS n FROM public.allenamenti')).rows[0].n as number;
const lastActivity = async () =>
  (await t.db.pool.query(`SELECT activity_type, activity_message, context FROM public.activity_logs ORDER BY id DESC LIMIT 1`)).rows[0];

beforeAll(async () => {
  t = await createTestApp();
  reader = await createUser(t.db.pool, 'reader');
  editor = await createUser(t.db.pool, 'editor');
  await t.db.pool.query(`INSERT INTO public.gruppi (name) VALUES ('Esordienti'), ('Allievi'), ('Pulcini')`);
});
afterAll(() => t.close());
afterEach(async () => {
  await t.db.pool.query('DELETE FROM public.allenamenti');
  await t.db.pool.query('DELETE FROM public.partite');
});

describe('CRUD of /api/allenamenti', () => {
  it('creates, lists, updates and deletes a series, each write in the activity log', async () => {
    const created = await api('POST', '/api/allenamenti', editor, body({ gruppo: 'esordienti', spogliatoi: [4, 3], saltate: [wednesday] }));
    expect(created.statusCode).toBe(201);
    const s = created.json().data as Allenamento;
    // The category's stored name, rooms and skipped dates in order.
    expect(s).toMatchObject({ gruppo: 'Esordienti', campo: 'Campo Comunale', giorno: 3, oraInizio: '18:00', oraFine: '19:30', spogliatoi: [3, 4], saltate: [wednesday] });
    // Every field of the stored row reaches the answer (its response schema drops nothing).
    expect(s).toEqual(await findAllenamento(t.db.pool, s.id));
    expect(await lastActivity()).toMatchObject({ activity_type: 'success', activity_message: 'Allenamento creato: Esordienti, mercoledì 18:00-19:30, Campo Comunale' });

    const list = await api('GET', '/api/allenamenti?gruppo=ESORDIENTI', reader);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({ data: [s], count: 1 });
    expect((await api('GET', '/api/allenamenti?campo=Altro', reader)).json().count).toBe(0);

    const updated = await api('PUT', `/api/allenamenti/${s.id}`, editor, body({ oraInizio: '17:30', saltate: [] }));
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({ id: s.id, oraInizio: '17:30', saltate: [] });
    expect(await lastActivity()).toMatchObject({ activity_type: 'info', activity_message: 'Allenamento modificato: Esordienti, mercoledì 17:30-19:30, Campo Comunale' });

    const deleted = await api('DELETE', `/api/allenamenti/${s.id}`, editor);
    expect(deleted.json()).toEqual({ success: true, data: { id: s.id } });
    expect(await count()).toBe(0);
    expect(await lastActivity()).toMatchObject({ activity_type: 'warning', activity_message: expect.stringMatching(/^Allenamento eliminato: Esordienti/) });
    expect((await api('DELETE', `/api/allenamenti/${s.id}`, editor)).json()).toEqual({ error: ALLENAMENTI_MSG.notFound });
  });

  it('follows a renamed category, and goes with a deleted one', async () => {
    const s = (await api('POST', '/api/allenamenti', editor, body({ gruppo: 'Allievi' }))).json().data as Allenamento;
    await t.db.pool.query(`UPDATE public.gruppi SET name = 'Allievi A' WHERE name = 'Allievi'`);
    expect((await api('GET', '/api/allenamenti', reader)).json().data[0]).toMatchObject({ id: s.id, gruppo: 'Allievi A' });
    await t.db.pool.query(`UPDATE public.gruppi SET name = 'Allievi' WHERE name = 'Allievi A'`);
  });

  it('refuses readers and anonymous writers, and bad input with its Italian message, storing nothing', async () => {
    expect((await api('POST', '/api/allenamenti', reader, body())).json()).toEqual({ error: ALLENAMENTI_MSG.forbidden });
    expect((await api('POST', '/api/allenamenti', null, body())).statusCode).toBe(401);
    const M = ALLENAMENTI_MSG.invalid;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ giorno: 8 }, M.giorno],
      [{ oraFine: '17:00' }, M.orari],
      [{ oraInizio: '7 di sera' }, M.ora],
      [{ al: '2020-01-01' }, M.periodo],
      [{ spogliatoi: [3, 3] }, M.spogliatoi],
      [{ spogliatoi: [0] }, M.spogliatoi],
      [{ saltate: ['1999-01-01'] }, M.saltate],
      [{ campo: 'Campo\tComunale' }, M.testo('Campo')],
      [{ campo: 'x'.repeat(101) }, M.lungo('Campo', 100)],
      [{ gruppo: 'Nessuna' }, M.gruppoSconosciuto],
      [{ confermaSovrapposizioni: 'sì' }, M.conferma],
    ];
    for (const [over, message] of cases) {
      const res = await api('POST', '/api/allenamenti', editor, body(over));
      expect([res.statusCode, res.json().error]).toEqual([400, message]);
    }
    const unknown = await api('POST', '/api/allenamenti', editor, { ...body(), extra: 1 });
    expect(unknown.statusCode).toBe(400);
    const missing = await api('POST', '/api/allenamenti', editor, { gruppo: 'Esordienti' });
    expect(missing.statusCode).toBe(400);
    expect(await count()).toBe(0);
    expect((await api('PUT', '/api/allenamenti/2147483647', editor, body())).json()).toEqual({ error: ALLENAMENTI_MSG.notFound });
    expect((await api('PUT', '/api/allenamenti/abc', editor, body())).statusCode).toBe(404);
  });
});

describe('clashes with trainings', () => {
  it('a series clashing with another series is a 409 naming it, saved when confirmed (with an activity record)', async () => {
    await api('POST', '/api/allenamenti', editor, body());
    const clash = await api('POST', '/api/allenamenti', editor, body({ gruppo: 'Allievi', oraInizio: '19:00', oraFine: '20:30', spogliatoi: [] }));
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({
      error: ALLENAMENTI_MSG.conflict,
      conflitti: [{ motivo: 'allenamento', messaggio: 'Allenamento Esordienti 18:00-19:30 su Campo Comunale' }],
    });
    expect(await count()).toBe(1);
    const confirmed = await api('POST', '/api/allenamenti', editor, body({ gruppo: 'Allievi', oraInizio: '19:00', oraFine: '20:30', spogliatoi: [], confermaSovrapposizioni: true }));
    expect(confirmed.statusCode).toBe(201);
    expect(await lastActivity()).toMatchObject({ activity_type: 'warning', activity_message: expect.stringMatching(/^Sovrapposizioni confermate per l'allenamento Allievi/) });
  });

  it('a series clashing with a home match is a 409 with the match; a skipped date frees it', async () => {
    await insertMatch(t.db.pool, { data: wednesday, ora: '18:30', ora_fine: '20:15', squadracasa: 'Garibaldina Pulcini', squadratrasferta: 'Ospiti', campo: 'Campo Comunale', is_house_match: true });
    const clash = await api('POST', '/api/allenamenti', editor, body());
    expect(clash.statusCode).toBe(409);
    expect(clash.json().conflitti).toEqual([expect.objectContaining({ motivo: 'campo', data: wednesday, messaggio: 'Campo già occupato dalle 18:30 alle 20:15 da Garibaldina Pulcini - Ospiti' })]);
    expect((await api('POST', '/api/allenamenti', editor, body({ saltate: [wednesday] }))).statusCode).toBe(201);
  });

  it('a match saved over a training is a 409 with motivo allenamento; the form check lists it; skipping that date frees the pitch', async () => {
    const s = (await api('POST', '/api/allenamenti', editor, body())).json().data as Allenamento;
    const match = {
      data: wednesday, ora: '19:00', oraFine: '20:45', squadraCasa: 'Garibaldina Allievi', squadraTrasferta: 'Fortis', campo: 'campo comunale',
      gruppo: 'Allievi', isHouseMatch: true, spogliatoioGari: 1, spogliatoioOspiti: 2, terreno: null, tipoGara: 'amichevole',
    };
    const live = await api('POST', '/api/partite/conflitti', editor, match);
    expect(live.json().conflitti).toEqual([expect.objectContaining({ id: s.id, motivo: 'allenamento', messaggio: 'Allenamento Esordienti 18:00-19:30 su Campo Comunale' })]);
    const refused = await api('POST', '/api/partite', editor, match);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().conflitti).toEqual([expect.objectContaining({ id: s.id, motivo: 'allenamento' })]);
    // 'Salta questo allenamento' on that date, then the same save passes.
    const skip = await api('POST', `/api/allenamenti/${s.id}/salta`, editor, { data: wednesday });
    expect(skip.json().data.saltate).toEqual([wednesday]);
    expect(await lastActivity()).toMatchObject({ activity_message: expect.stringMatching(/^Allenamento saltato il \d\d\/\d\d\/\d{4}: Esordienti/) });
    expect((await api('POST', `/api/allenamenti/${s.id}/salta`, editor, { data: nextOn(4) })).json()).toEqual({ error: ALLENAMENTI_MSG.invalid.nonInCalendario });
    expect((await api('POST', '/api/partite', editor, match)).statusCode).toBe(201);
  });

  it("a match on another pitch clashes with a training's rooms within the changeover margin, not beyond it", async () => {
    await api('POST', '/api/allenamenti', editor, body()); // rooms 3 and 4, held 17:45-19:45 with the default 15 minutes
    const match = (ora: string, oraFine: string) => ({
      data: wednesday, ora, oraFine, squadraCasa: 'Garibaldina Allievi', squadraTrasferta: 'Fortis', campo: 'Campo 2',
      gruppo: 'Allievi', isHouseMatch: true, spogliatoioGari: 4, spogliatoioOspiti: 6, terreno: null, tipoGara: 'amichevole',
    });
    const near = await api('POST', '/api/partite/conflitti', editor, match('19:59', '21:30'));
    expect(near.json().conflitti).toEqual([expect.objectContaining({ motivo: 'allenamento', messaggio: 'Allenamento Esordienti 18:00-19:30: spogliatoio 4' })]);
    expect((await api('POST', '/api/partite/conflitti', editor, match('20:00', '21:30'))).json().conflitti).toEqual([]);
    expect((await api('POST', '/api/partite', editor, match('20:00', '21:30'))).statusCode).toBe(201);
  });

  it('an import row and a bulk move onto a training clash with it', async () => {
    await api('POST', '/api/allenamenti', editor, body({ spogliatoi: [] }));
    const row = {
      data: wednesday, ora: '18:00', oraFine: '19:45', squadraCasa: 'Garibaldina Pulcini', squadraTrasferta: 'Ospiti', campo: 'Campo Comunale',
      gruppo: 'Pulcini', isHouseMatch: true, spogliatoioGari: null, spogliatoioOspiti: null, terreno: null, tipoGara: 'campionato',
    };
    const imported = await api('POST', '/api/partite/import', editor, { partite: [row] });
    expect(imported.statusCode).toBe(409);
    expect(imported.json().conflitti).toEqual([expect.objectContaining({ motivo: 'allenamento', messaggio: expect.stringContaining('Allenamento Esordienti 18:00-19:30') })]);
    const id = await insertMatch(t.db.pool, { data: dayjs(wednesday).subtract(7, 'day').format('YYYY-MM-DD'), ora: '18:00', ora_fine: '19:45', squadracasa: 'Garibaldina Pulcini', squadratrasferta: 'Ospiti', campo: 'Campo Comunale', is_house_match: true });
    // Moved a week on, onto the training: a bulk move checks the match where it goes.
    const moved = await api('POST', '/api/partite/stato', editor, { ids: [id], azione: 'sposta', giorni: 7 });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().conflitti).toEqual([expect.objectContaining({ motivo: 'allenamento' })]);
  });

  it('the board shows each date a series trains on, with its clashes, beside the matches', async () => {
    const s = (await api('POST', '/api/allenamenti', editor, body())).json().data as Allenamento;
    const id = await insertMatch(t.db.pool, { data: wednesday, ora: '19:00', ora_fine: '20:45', squadracasa: 'Garibaldina Allievi', squadratrasferta: 'Fortis', campo: 'Campo Comunale', is_house_match: true, gruppo: 'Allievi' });
    const from = dayjs(wednesday).subtract(2, 'day').format('YYYY-MM-DD');
    const to = dayjs(wednesday).add(4, 'day').format('YYYY-MM-DD');
    const board = (await api('GET', `/api/occupazione?from=${from}&to=${to}`, editor)).json().data;
    expect(board.allenamenti).toEqual([
      { id: s.id, data: wednesday, gruppo: 'Esordienti', campo: 'Campo Comunale', oraInizio: '18:00', oraFine: '19:30', spogliatoi: [3, 4], conflitti: [expect.objectContaining({ id, motivo: 'campo' })] },
    ]);
    expect(board.partite[0].conflitti).toEqual([expect.objectContaining({ id: s.id, motivo: 'allenamento' })]);
  });
});

describe('GET /api/slot-liberi', () => {
  it('finds the first free slot after a blocked Saturday morning, and the slot it proposes saves without a 409', async () => {
    const saturday = nextOn(6);
    await insertMatch(t.db.pool, { data: saturday, ora: '09:00', ora_fine: '12:00', squadracasa: 'Garibaldina Pulcini', squadratrasferta: 'Ospiti', campo: 'Campo Comunale', is_house_match: true, spogliatoio_gari: 1, spogliatoio_ospiti: 2 });
    await api('POST', '/api/allenamenti', editor, body({ giorno: 6, oraInizio: '12:00', oraFine: '14:00', spogliatoi: [3] }));
    const res = await api('GET', `/api/slot-liberi?gruppo=Allievi&durata=90&dal=${saturday}&al=${saturday}&campo=Campo%20Comunale&casa=1`, editor);
    expect(res.statusCode).toBe(200);
    // One day (the period asked), its earliest slot first, more start times in 'Altri orari'.
    const [day] = res.json().data;
    expect(res.json().data).toHaveLength(1);
    const [first] = day.primi;
    expect(first).toEqual({ data: saturday, ora: '14:00', oraFine: '15:30', campo: 'Campo Comunale', spogliatoi: [1, 2] });
    expect(day.altri[0]).toMatchObject({ data: saturday, ora: '14:15', campo: 'Campo Comunale' });
    const save = await api('POST', '/api/partite', editor, {
      data: first.data, ora: first.ora, oraFine: first.oraFine, squadraCasa: 'Garibaldina Allievi', squadraTrasferta: 'Fortis', campo: first.campo,
      gruppo: 'Allievi', isHouseMatch: true, spogliatoioGari: first.spogliatoi[0], spogliatoioOspiti: first.spogliatoi[1], terreno: null, tipoGara: 'amichevole',
    });
    expect(save.statusCode).toBe(201);
  });

  it('over random seasons, every proposed slot saves without a 409', async () => {
    let seed = 11;
    const rnd = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed % n);
    const campi = ['Campo A', 'Campo B'];
    for (let round = 0; round < 4; round++) {
      await t.db.pool.query('DELETE FROM public.partite');
      await t.db.pool.query('DELETE FROM public.allenamenti');
      const saturday = nextOn(6, 7 + round * 7);
      for (let i = 0; i < 12; i++) {
        const start = 9 * 60 + rnd(32) * 15;
        const hm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
        const r = 1 + rnd(7);
        await insertMatch(t.db.pool, { data: saturday, ora: hm(start), ora_fine: hm(start + 75), squadracasa: `Garibaldina ${i}`, squadratrasferta: `Ospiti ${i}`, campo: campi[rnd(2)], is_house_match: true, spogliatoio_gari: r, spogliatoio_ospiti: (r % 7) + 1, gruppo: ['Pulcini', 'Esordienti'][rnd(2)] });
      }
      await api('POST', '/api/allenamenti', editor, body({ giorno: 6, campo: campi[rnd(2)], oraInizio: '10:00', oraFine: '12:00', spogliatoi: [1 + rnd(7)], confermaSovrapposizioni: true }));
      const slots = slotsOfDays((await api('GET', `/api/slot-liberi?gruppo=Allievi&durata=90&dal=${saturday}&al=${saturday}&casa=1`, editor)).json().data as SlotDay[]);
      expect(slots.length).toBeGreaterThan(0);
      for (const [i, s] of slots.entries()) {
        const res = await api('POST', '/api/partite/conflitti', editor, {
          data: s.data, ora: s.ora, oraFine: s.oraFine, squadraCasa: `Garibaldina Allievi ${i}`, squadraTrasferta: `Nuovi ${i}`, campo: s.campo,
          gruppo: 'Allievi', isHouseMatch: true, spogliatoioGari: s.spogliatoi[0], spogliatoioOspiti: s.spogliatoi[1], terreno: null, tipoGara: 'amichevole',
        });
        expect([s, res.json().conflitti]).toEqual([s, []]);
      }
    }
  });

  it('answers with breadth: several days from the weekday evenings to the weekend, the earliest slot per pitch first', async () => {
    await t.db.pool.query('DELETE FROM public.partite');
    await t.db.pool.query('DELETE FROM public.allenamenti');
    const monday = nextOn(1);
    // The club's pitches are those its matches use; these two are far after the period.
    for (const campo of ['Campo A', 'Campo B']) {
      await insertMatch(t.db.pool, { data: dayjs(monday).add(100, 'day').format('YYYY-MM-DD'), ora: '10:00', ora_fine: '11:00', squadracasa: `Garibaldina ${campo}`, squadratrasferta: 'Ospiti', campo, is_house_match: true, spogliatoio_gari: 1, spogliatoio_ospiti: 2 });
    }
    const days = (await api('GET', `/api/slot-liberi?gruppo=Allievi&durata=90&dal=${monday}&casa=1`, editor)).json().data as SlotDay[];
    expect(days).toHaveLength(SLOT_DAYS_MAX);
    expect(days.slice(0, 7).map((d) => weekdayOf(d.data))).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(days[0].primi.map((s) => `${s.campo} ${s.ora}`)).toEqual(['Campo A 17:00', 'Campo B 17:00']);
    expect(days[5].primi.map((s) => `${s.campo} ${s.ora}`)).toEqual(['Campo A 09:00', 'Campo B 09:00']);
    expect(days[0].altri.length).toBeGreaterThan(0);
  });

  it('refuses bad queries in Italian and readers', async () => {
    expect((await api('GET', '/api/slot-liberi?gruppo=Allievi', reader)).statusCode).toBe(403);
    expect((await api('GET', '/api/slot-liberi?gruppo=Allievi&durata=10', editor)).json()).toEqual({ error: SLOT_MSG.invalid.durata });
    const far = dayjs(today).add(200, 'day').format('YYYY-MM-DD');
    expect((await api('GET', `/api/slot-liberi?gruppo=Allievi&al=${far}`, editor)).json()).toEqual({ error: SLOT_MSG.invalid.periodo });
    expect((await api('GET', '/api/slot-liberi?gruppo=Allievi&x=1', editor)).statusCode).toBe(400);
    expect((await api('GET', '/api/slot-liberi?gruppo=Allievi&partita=2147483647', editor)).statusCode).toBe(404);
    expect(occurrencesOf(body() as unknown as Allenamento, today, today).length).toBeLessThanOrEqual(1);
  });
});
