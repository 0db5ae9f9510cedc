import dayjs from 'dayjs';
import { createTestApp, type TestApp } from '../../../test/app';
import { bearer, createUser, type TestUser } from '../../../test/users';
import { insertMatch, type MatchRow } from '../../../test/matches';
import { todayIn } from '../../../common/core/dates';
import { MSG } from '../../../common/core/messages';
import { DIRIGENTI_MSG } from '../../../common/officials/messages';
import { liberiPer, type Dirigente } from '../../../common/officials/rules';
import type { ScoperteResponse } from '../../../common/officials/types';
import { uncoveredDefaultEnd } from '../../../common/officials/window';
import { findMatch } from '../../services/designations/repo';

// The officials and their designations through the real API on a real PostgreSQL (docs/officials.md):
// CRUD, strict validation, roles, the activity log, designations and their person clashes (also
// when a match moves), the uncovered list, and the categories' arbitroSocieta.

let t: TestApp;
let reader: TestUser;
let editor: TestUser;
let admin: TestUser;
const today = todayIn('Europe/Rome');
const inDays = (n: number) => dayjs(today).add(n, 'day').format('YYYY-MM-DD');
const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user: TestUser | null, payload?: object) =>
  t.app.inject({ method, url, headers: user ? bearer(user) : {}, ...(payload ? { payload } : {}) });
const lastActivity = async () =>
  (await t.db.pool.query(`SELECT activity_type, activity_message, context FROM public.activity_logs ORDER BY id DESC LIMIT 1`)).rows[0];
let seq = 0;
const person = (over: Record<string, unknown> = {}) => ({
  nome: 'Mario',
  cognome: `Rossi${++seq}`,
  email: `mario${seq}@example.it`,
  telefono: null,
  qualifiche: ['arbitro', 'accompagnatore', 'addetto_arbitro'],
  ...over,
});
const create = async (over: Record<string, unknown> = {}): Promise<Dirigente> => {
  const res = await api('POST', '/api/dirigenti', editor, person(over));
  expect(res.statusCode).toBe(201);
  return res.json().data;
};
const match = (over: Partial<MatchRow> = {}) =>
  insertMatch(t.db.pool, { data: inDays(3), ora: '10:00', ora_fine: '11:00', squadracasa: `Garibaldina ${++seq}`, squadratrasferta: `Ospiti${seq}`, is_house_match: true, ...over });
const designate = (id: number, body: Record<string, unknown>, user: TestUser = editor) =>
  api('PUT', `/api/partite/${id}/designazioni`, user, { arbitro: null, accompagnatore: null, addettoArbitro: null, ...body });

beforeAll(async () => {
  t = await createTestApp();
  reader = await createUser(t.db.pool, 'reader');
  editor = await createUser(t.db.pool, 'editor');
  admin = await createUser(t.db.pool, 'admin');
  await t.db.pool.query(`INSERT INTO public.gruppi (name, arbitro_societa) VALUES ('Pulcini', true), ('Allievi', false)`);
});
afterAll(() => t.close());
afterEach(async () => {
  await t.db.pool.query('DELETE FROM public.designazioni');
  await t.db.pool.query('DELETE FROM public.partite');
  await t.db.pool.query('DELETE FROM public.dirigenti');
});

describe('CRUD of /api/dirigenti', () => {
  it('creates, lists, filters, updates and deletes a person, each write in the activity log', async () => {
    const res = await api('POST', '/api/dirigenti', editor, { nome: ' Anna ', cognome: 'Bianchi', email: 'Anna@Example.it', telefono: '333 111 2222', qualifiche: ['accompagnatore'] });
    expect(res.statusCode).toBe(201);
    const anna = res.json().data as Dirigente;
    expect(anna).toEqual({ id: anna.id, nome: 'Anna', cognome: 'Bianchi', email: 'anna@example.it', telefono: '3331112222', qualifiche: ['accompagnatore'], attivo: true, numeroTessera: null });
    expect(await lastActivity()).toMatchObject({ activity_type: 'success', activity_message: 'Dirigente creato: Anna Bianchi' });
    const ref = await create({ qualifiche: ['arbitro'], attivo: false });

    expect((await api('GET', '/api/dirigenti', reader)).json()).toMatchObject({ count: 2 });
    expect((await api('GET', '/api/dirigenti?qualifica=accompagnatore', reader)).json().data.map((p: Dirigente) => p.id)).toEqual([anna.id]);
    expect((await api('GET', '/api/dirigenti?attivo=false', reader)).json().data.map((p: Dirigente) => p.id)).toEqual([ref.id]);
    expect((await api('GET', '/api/dirigenti?qualifica=presidente', reader)).statusCode).toBe(400);

    const put = await api('PUT', `/api/dirigenti/${anna.id}`, editor, { ...anna, id: undefined, qualifiche: ['accompagnatore', 'addetto_arbitro'] });
    expect(put.statusCode).toBe(200);
    expect(put.json().data.qualifiche).toEqual(['accompagnatore', 'addetto_arbitro']);
    expect(await lastActivity()).toMatchObject({ activity_type: 'info', activity_message: 'Dirigente modificato: Anna Bianchi' });

    expect((await api('DELETE', `/api/dirigenti/${anna.id}`, editor)).json()).toEqual({ success: true, data: { id: anna.id } });
    expect(await lastActivity()).toMatchObject({ activity_type: 'warning', activity_message: 'Dirigente eliminato: Anna Bianchi' });
    expect((await api('DELETE', `/api/dirigenti/${anna.id}`, editor)).json()).toEqual({ error: DIRIGENTI_MSG.notFound });
    expect((await api('PUT', `/api/dirigenti/${anna.id}`, editor, person())).statusCode).toBe(404);
  });

  it("keeps the coach's qualification and the card number (the team sheet prints them, docs/teamsheet.md)", async () => {
    const res = await api('POST', '/api/dirigenti', editor, person({ qualifiche: ['allenatore'], numeroTessera: ' AB-123/4 ' }));
    expect(res.statusCode).toBe(201);
    const coach = res.json().data as Dirigente;
    expect(coach).toMatchObject({ qualifiche: ['allenatore'], numeroTessera: 'AB-123/4' });
    expect((await api('GET', '/api/dirigenti?qualifica=allenatore', reader)).json().data).toEqual([coach]);
    const { id, numeroTessera: _card, ...body } = coach;
    // A body without the field (a client that does not know it) keeps the card; null or blank clears it.
    const kept = await api('PUT', `/api/dirigenti/${id}`, editor, { ...body, telefono: '3331112222' });
    expect(kept.json().data).toMatchObject({ telefono: '3331112222', numeroTessera: 'AB-123/4' });
    expect((await api('PUT', `/api/dirigenti/${id}`, editor, { ...body, numeroTessera: '  ' })).json().data.numeroTessera).toBeNull();
    expect((await api('PUT', `/api/dirigenti/${id}`, editor, { ...body, numeroTessera: '77' })).json().data.numeroTessera).toBe('77');
    expect((await api('PUT', `/api/dirigenti/${id}`, editor, { ...body, numeroTessera: null })).json().data.numeroTessera).toBeNull();
    for (const bad of ['x'.repeat(21), 'a\tb', 'a\nb', '#12', 12]) {
      const refused = await api('POST', '/api/dirigenti', editor, person({ numeroTessera: bad }));
      expect([refused.statusCode, refused.json()]).toEqual([400, { error: DIRIGENTI_MSG.invalid.tessera }]);
    }
    // A coach holds no designation role.
    const m = await match();
    expect((await designate(m, { accompagnatore: id })).json()).toEqual({ error: DIRIGENTI_MSG.notQualified(`${coach.nome} ${coach.cognome}`, 'Accompagnatore') });
  });

  it('answers 400 with the field message, 409 on a duplicate email, 403 to readers', async () => {
    const bad = await api('POST', '/api/dirigenti', editor, person({ email: 'non-una-mail' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: DIRIGENTI_MSG.invalid.email });
    expect((await api('POST', '/api/dirigenti', editor, person({ qualifiche: ['presidente'] }))).json()).toEqual({ error: DIRIGENTI_MSG.invalid.qualifiche });
    expect((await api('POST', '/api/dirigenti', editor, person({ ruolo: 'x' }))).statusCode).toBe(400);
    const first = await create();
    const dup = await api('POST', '/api/dirigenti', editor, person({ email: first.email.toUpperCase() }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ error: DIRIGENTI_MSG.duplicateEmail });
    const forbidden = await api('POST', '/api/dirigenti', reader, person());
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ error: DIRIGENTI_MSG.forbidden });
    expect((await api('GET', `/api/dirigenti/${first.id}/calendario`, reader)).statusCode).toBe(403);
  });

  it('refuses to delete a person designated to a coming match; past designations go with the person', async () => {
    const p = await create();
    const coming = await match();
    const past = await match({ data: inDays(-10) });
    expect((await designate(past, { accompagnatore: p.id })).statusCode).toBe(200);
    expect((await designate(coming, { accompagnatore: p.id })).statusCode).toBe(200);
    const refused = await api('DELETE', `/api/dirigenti/${p.id}`, admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: DIRIGENTI_MSG.inUse(1) });
    expect((await designate(coming, {})).statusCode).toBe(200);
    expect((await api('DELETE', `/api/dirigenti/${p.id}`, admin)).statusCode).toBe(200);
    expect((await t.db.pool.query('SELECT count(*)::int AS n FROM public.designazioni')).rows[0].n).toBe(0);
  });

  it('gives the private feed address and revokes it', async () => {
    const p = await create();
    const url = (await api('GET', `/api/dirigenti/${p.id}/calendario`, editor)).json().data.url as string;
    expect(url).toMatch(/^http:\/\/localhost:3000\/api\/calendar\/dirigente\/[0-9a-f]{64}\.ics$/);
    const revoked = await api('POST', `/api/dirigenti/${p.id}/calendario/revoca`, editor);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().data.url).not.toBe(url);
    expect(await lastActivity()).toMatchObject({ activity_type: 'warning', activity_message: `Link del calendario revocato: ${p.nome} ${p.cognome}` });
    expect((await api('POST', `/api/dirigenti/999999/calendario/revoca`, editor)).statusCode).toBe(404);
  });
});

describe('PUT /api/partite/{id}/designazioni', () => {
  it('saves the roles, shows them on the match read and the period, bumps the sequence of a role that changes person', async () => {
    const [a, b] = [await create({ nome: 'Aldo' }), await create({ nome: 'Bruno' })];
    const id = await match();
    const res = await designate(id, { arbitro: a.id, accompagnatore: b.id, addettoArbitro: b.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      arbitro: { id: a.id, nome: 'Aldo', cognome: a.cognome },
      accompagnatore: { id: b.id, nome: 'Bruno', cognome: b.cognome },
      addettoArbitro: { id: b.id, nome: 'Bruno', cognome: b.cognome },
    });
    expect(await lastActivity()).toMatchObject({ activity_type: 'info', activity_message: expect.stringMatching(/^Designazioni modificate: Garibaldina \d+ - Ospiti/) });
    const read = await api('GET', `/api/partite/${id}`, reader);
    expect(read.json().designazioni).toEqual(res.json().data);
    const period = await api('GET', `/api/designazioni?from=${inDays(0)}&to=${inDays(30)}`, reader);
    expect(period.json().data).toEqual({ [String(id)]: res.json().data });
    expect((await api('GET', `/api/designazioni?from=${inDays(0)}&to=${inDays(31)}`, reader)).statusCode).toBe(400);

    expect((await designate(id, { arbitro: b.id, accompagnatore: a.id, addettoArbitro: null })).statusCode).toBe(200);
    const rows = (await t.db.pool.query('SELECT ruolo, dirigente_id, sequence FROM public.designazioni ORDER BY ruolo')).rows;
    expect(rows).toEqual([
      { ruolo: 'accompagnatore', dirigente_id: a.id, sequence: 1 },
      { ruolo: 'arbitro', dirigente_id: b.id, sequence: 1 },
    ]);
  });

  it('answers 400 for a person without the qualification, inactive, or a referee with another role; 404 for an unknown match; 403 for readers', async () => {
    const acc = await create({ nome: 'Carla', cognome: 'Verdi', qualifiche: ['accompagnatore'] });
    const off = await create({ nome: 'Dario', cognome: 'Neri', attivo: false });
    const all = await create();
    const id = await match();
    expect((await designate(id, { arbitro: acc.id })).json()).toEqual({ error: DIRIGENTI_MSG.notQualified('Carla Verdi', 'Arbitro') });
    expect((await designate(id, { accompagnatore: off.id })).json()).toEqual({ error: DIRIGENTI_MSG.inactive('Dario Neri') });
    expect((await designate(id, { arbitro: all.id, accompagnatore: all.id })).json()).toEqual({ error: DIRIGENTI_MSG.refereeAlone });
    expect((await designate(id, { accompagnatore: 999999 })).json()).toEqual({ error: DIRIGENTI_MSG.unknownPerson });
    expect((await designate(id, { arbitro: 'x' })).statusCode).toBe(400);
    expect((await designate(999999, {})).json()).toEqual({ error: MSG.match.notFound });
    expect((await designate(id, { accompagnatore: acc.id }, reader)).statusCode).toBe(403);
    expect((await t.db.pool.query('SELECT count(*)::int AS n FROM public.designazioni')).rows[0].n).toBe(0);
  });

  it('refuses a person already on a match of that day at an overlapping time (with the margin) unless confirmed', async () => {
    const p = await create({ nome: 'Elena', cognome: 'Gialli' });
    const first = await match({ ora: '10:00', ora_fine: '11:00' });
    const close = await match({ ora: '11:20', ora_fine: '12:20' });
    const far = await match({ ora: '12:00', ora_fine: '13:00' });
    expect((await designate(first, { accompagnatore: p.id })).statusCode).toBe(200);
    // 12:00 is exactly twice the 30-minute margin after 11:00: free.
    expect((await designate(far, { accompagnatore: p.id })).statusCode).toBe(200);
    const res = await designate(close, { arbitro: p.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(DIRIGENTI_MSG.conflict);
    expect(res.json().conflitti.map((c: { id: number; motivo: string; dirigenteId: number }) => [c.id, c.motivo, c.dirigenteId]).sort()).toEqual(
      [[first, 'persona', p.id], [far, 'persona', p.id]].sort(),
    );
    expect(res.json().conflitti[0].messaggio).toMatch(/^Elena Gialli è già accompagnatore di Garibaldina \d+ - Ospiti/);
    const confirmed = await designate(close, { arbitro: p.id, confermaSovrapposizioni: true });
    expect(confirmed.statusCode).toBe(200);
    expect(await lastActivity()).toMatchObject({ activity_type: 'warning', activity_message: expect.stringMatching(/^Sovrapposizioni di dirigenti confermate per/) });
    // A later change of another role does not ask again for the confirmed clash.
    const other = await create();
    expect((await designate(close, { arbitro: p.id, accompagnatore: other.id })).statusCode).toBe(200);
  });

  it('re-checks the people when a match moves: PUT /api/partite/{id} changing the time is 409 persona unless confirmed', async () => {
    const p = await create({ nome: 'Fabio', cognome: 'Blu' });
    const a = await match({ ora: '09:00', ora_fine: '10:00', campo: 'Campo A' });
    const b = await match({ ora: '15:00', ora_fine: '16:00', campo: 'Campo B' });
    expect((await designate(a, { accompagnatore: p.id })).statusCode).toBe(200);
    expect((await designate(b, { accompagnatore: p.id })).statusCode).toBe(200);
    const current = (await api('GET', `/api/partite/${b}`, editor)).json().data;
    const body = {
      data: current.data,
      ora: '09:30',
      oraFine: '10:30',
      squadraCasa: current.squadracasa,
      squadraTrasferta: current.squadratrasferta,
      campo: 'Campo B',
      gruppo: 'Pulcini',
      isHouseMatch: true,
      spogliatoioGari: null,
      spogliatoioOspiti: null,
      terreno: null,
      tipoGara: 'campionato',
    };
    const res = await api('PUT', `/api/partite/${b}`, editor, body);
    expect(res.statusCode).toBe(409);
    expect(res.json().conflitti).toEqual([{ id: a, motivo: 'persona', dirigenteId: p.id, messaggio: expect.stringMatching(/^Fabio Blu è già accompagnatore/) }]);
    // Unchanged time: no person check.
    expect((await api('PUT', `/api/partite/${b}`, editor, { ...body, ora: '15:00', oraFine: '16:00', terreno: 'erba' })).statusCode).toBe(200);
    expect((await api('PUT', `/api/partite/${b}`, editor, { ...body, confermaSovrapposizioni: true })).statusCode).toBe(200);
  });

  it('re-checks the people of a bulk move to another day', async () => {
    const p = await create();
    const a = await match({ data: inDays(5), ora: '09:00', ora_fine: '10:00', campo: 'Campo A' });
    const b = await match({ data: inDays(4), ora: '09:00', ora_fine: '10:00', campo: 'Campo B' });
    expect((await designate(a, { accompagnatore: p.id })).statusCode).toBe(200);
    expect((await designate(b, { accompagnatore: p.id })).statusCode).toBe(200);
    const res = await api('POST', '/api/partite/stato', editor, { ids: [b], azione: 'rinvia', motivo: 'Maltempo', nuovaData: inDays(5) });
    expect(res.statusCode).toBe(409);
    expect(res.json().conflitti).toEqual([expect.objectContaining({ partitaId: b, id: a, motivo: 'persona' })]);
  });
});

describe('GET /api/designazioni/scoperte', () => {
  it('lists a home Pulcini match without a referee, offering only the free qualified active people', async () => {
    const free = await create({ nome: 'Libero', qualifiche: ['arbitro'] });
    const busy = await create({ nome: 'Occupato', qualifiche: ['arbitro'] });
    await create({ nome: 'Inattivo', qualifiche: ['arbitro'], attivo: false });
    await create({ nome: 'Accompagnatore', qualifiche: ['accompagnatore'] });
    const acc = await create({ nome: 'Gia', qualifiche: ['accompagnatore'] });
    const uncovered = await match({ ora: '10:00', ora_fine: '11:00', gruppo: 'Pulcini' });
    const elsewhere = await match({ ora: '10:30', ora_fine: '11:30', gruppo: 'Allievi', is_house_match: false, campo: 'Fuori' });
    expect((await designate(uncovered, { accompagnatore: acc.id })).statusCode).toBe(200);
    expect((await designate(elsewhere, { arbitro: busy.id, accompagnatore: acc.id, confermaSovrapposizioni: true })).statusCode).toBe(200);
    // An Allievi home match needs no club referee; a far one is out of the window.
    const allievi = await match({ ora: '16:00', ora_fine: '17:00', gruppo: 'Allievi' });
    await designate(allievi, { accompagnatore: acc.id });
    await match({ data: inDays(20) });

    const res = await api('GET', '/api/designazioni/scoperte?giorni=7', editor);
    expect(res.statusCode).toBe(200);
    const { data, count } = res.json();
    expect(count).toBe(1);
    expect(data[0].partita.id).toBe(uncovered);
    // Every column of the match reaches the answer (its response schema drops nothing).
    expect(data[0].partita).toEqual(await findMatch(t.db.pool, uncovered));
    expect(data[0].mancanti).toEqual(['arbitro']);
    expect(data[0].designazioni.accompagnatore).toMatchObject({ id: acc.id });
    // Each candidate once; the free ones of a role follow from `occupati` (common/officials/rules.ts liberiPer).
    const { persone } = res.json() as ScoperteResponse;
    // Only the referee is missing: the people qualified for it, active.
    expect(persone.map((p) => p.nome).sort()).toEqual(['Libero', 'Occupato']);
    expect(persone[0]).not.toHaveProperty('email');
    expect(Object.keys(persone[0]).sort()).toEqual(['cognome', 'id', 'nome', 'qualifiche']);
    expect(data[0].occupati).toEqual([busy.id]);
    expect(liberiPer('arbitro', persone, { arbitro: null, accompagnatore: acc.id, addettoArbitro: null }, data[0].occupati).map((p) => p.id)).toEqual([free.id]);
    expect((await api('GET', '/api/designazioni/scoperte?giorni=61', editor)).json()).toEqual({ error: DIRIGENTI_MSG.invalid.giorni });
    expect((await api('GET', '/api/designazioni/scoperte', reader)).statusCode).toBe(403);
  });

  it('by default looks through the Sunday after next; giorni picks another window', async () => {
    const fino = uncoveredDefaultEnd(today);
    const last = await match({ data: fino });
    await match({ data: dayjs(fino).add(1, 'day').format('YYYY-MM-DD') });
    const res = await api('GET', '/api/designazioni/scoperte', editor);
    expect(res.statusCode).toBe(200);
    expect(res.json().fino).toBe(fino);
    expect(res.json().data.map((s: { partita: { id: number } }) => s.partita.id)).toEqual([last]);
    const month = (await api('GET', '/api/designazioni/scoperte?giorni=30', editor)).json();
    expect(month).toMatchObject({ count: 2, fino: inDays(29) });
    expect((await api('GET', '/api/designazioni/scoperte?giorni=1', editor)).json()).toEqual({ data: [], persone: [], count: 0, fino: today });
  });
});

describe('GET /api/designazioni/scoperte with many people and matches', () => {
  it('lists each person once, not once per match and role: the answer grows with their sum, not their product', async () => {
    const PEOPLE = 300;
    const MATCHES = 200;
    await t.db.pool.query(
      `INSERT INTO public.dirigenti (nome, cognome, email, qualifiche)
       SELECT 'Persona', 'Numero' || i, 'p' || i || '@example.it', ARRAY['arbitro', 'accompagnatore', 'addetto_arbitro']
         FROM generate_series(1, $1) i`,
      [PEOPLE],
    );
    await t.db.pool.query(
      `INSERT INTO public.partite (data, ora, ora_fine, squadracasa, squadratrasferta, gruppo, campo, is_house_match, tipo_gara)
       SELECT $1::date + (i % 7), make_time(8 + i % 12, 0, 0), make_time(9 + i % 12, 0, 0), 'Garibaldina ' || i, 'Ospiti ' || i, 'Pulcini', 'Campo ' || i, true, 'campionato'
         FROM generate_series(1, $2) i`,
      [today, MATCHES],
    );
    const res = await api('GET', '/api/designazioni/scoperte?giorni=7', editor);
    expect(res.statusCode).toBe(200);
    const body = res.json() as ScoperteResponse;
    expect(body.count).toBe(MATCHES);
    expect(body.persone).toHaveLength(PEOPLE);
    expect(new Set(body.persone.map((p) => p.id)).size).toBe(PEOPLE);
    // Every person free for both roles of every match, as before; named once in the whole answer.
    expect(liberiPer('arbitro', body.persone, { arbitro: null, accompagnatore: null, addettoArbitro: null }, body.data[0].occupati)).toHaveLength(PEOPLE);
    expect(res.body.split('"Numero17"')).toHaveLength(2);
    // One person object per match and role made this 300 x 200 x 2 = 120,000 objects (about 15 MB); now under 200 KB.
    expect(res.body.length).toBeLessThan(200_000);
  });
});

describe('categories: arbitroSocieta', () => {
  const gruppo = (name: string, extra: object = {}) => ({ name, components: [{ nome: 'Luca', cognome: 'Verdi', telefono: null }], ...extra });
  afterEach(() => t.db.pool.query(`DELETE FROM public.gruppi WHERE name NOT IN ('Pulcini', 'Allievi')`));

  it('defaults from the name on create, is kept on an update without it, and can be set', async () => {
    const esordienti = (await api('POST', '/api/gruppi', admin, gruppo('Esordienti 2013'))).json().data;
    expect(esordienti.arbitroSocieta).toBe(true);
    const giovanissimi = (await api('POST', '/api/gruppi', admin, gruppo('Giovanissimi'))).json().data;
    expect(giovanissimi.arbitroSocieta).toBe(false);
    expect((await api('POST', '/api/gruppi', admin, gruppo('Juniores', { arbitroSocieta: true }))).json().data.arbitroSocieta).toBe(true);
    expect((await api('PUT', `/api/gruppi/${esordienti.id}`, editor, gruppo('Esordienti 2013'))).json().data.arbitroSocieta).toBe(true);
    expect((await api('PUT', `/api/gruppi/${esordienti.id}`, editor, gruppo('Esordienti 2013', { arbitroSocieta: false }))).json().data.arbitroSocieta).toBe(false);
    expect((await api('POST', '/api/gruppi', admin, gruppo('Altri', { arbitroSocieta: 'si' }))).statusCode).toBe(400);
    const list = (await api('GET', '/api/gruppi', editor)).json().data as Array<{ name: string; arbitroSocieta: boolean }>;
    expect(list.find((g) => g.name === 'Pulcini')?.arbitroSocieta).toBe(true);
  });
});
