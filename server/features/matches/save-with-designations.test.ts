import dayjs from 'dayjs';
import { createTestApp, type TestApp } from '../../../test/app';
import { bearer, createUser, type TestUser } from '../../../test/users';
import { insertMatch } from '../../../test/matches';
import { todayIn } from '../../../common/core/dates';
import { MSG } from '../../../common/core/messages';
import { CLASH_MSG } from '../../../common/occupancy/rules';
import { DIRIGENTI_MSG, RUOLO_LABELS } from '../../../common/officials/messages';
import type { Dirigente } from '../../../common/officials/rules';

// Issue 32: the edit screen saves a match and its designations with one button, in one transaction
// (PUT /api/partite/{id} with `designazioni`, docs/matches.md and docs/officials.md), on a real PostgreSQL.

let t: TestApp;
let editor: TestUser;
const today = todayIn('Europe/Rome');
const DAY = dayjs(today).add(5, 'day').format('YYYY-MM-DD');
const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => t.app.inject({ method, url, headers: bearer(editor), ...(payload ? { payload } : {}) });
let seq = 0;
const createPerson = async (qualifiche: Dirigente['qualifiche']): Promise<Dirigente> => {
  seq++;
  const res = await api('POST', '/api/dirigenti', { nome: 'Mario', cognome: `Rossi${seq}`, email: `m${seq}@example.it`, telefono: null, qualifiche });
  expect(res.statusCode).toBe(201);
  return res.json().data;
};
/** The body of an edit of a home match of DAY (as the edit form sends it). */
const body = (over: Record<string, unknown> = {}) => ({
  data: DAY,
  ora: '10:00',
  oraFine: '11:00',
  squadraCasa: 'Garibaldina 2014',
  squadraTrasferta: 'Aquile',
  campo: 'Stadio Comunale',
  gruppo: 'Pulcini',
  isHouseMatch: true,
  spogliatoioGari: null,
  spogliatoioOspiti: null,
  terreno: null,
  tipoGara: 'campionato',
  ...over,
});
const stored = async (id: number) => {
  const res = await api('GET', `/api/partite/${id}`);
  return res.json() as { data: { ora: string; squadratrasferta: string }; designazioni: Record<string, { id: number } | null> };
};
const designationRows = async (id: number) =>
  (await t.db.pool.query(`SELECT ruolo, dirigente_id FROM public.designazioni WHERE partita_id = $1 ORDER BY ruolo`, [id])).rows;
const mails = async () => (await t.db.pool.query(`SELECT email, dati->>'method' AS method FROM public.notifiche_job WHERE tipo = 'designazione' ORDER BY id`)).rows;
const activity = async () => (await t.db.pool.query(`SELECT activity_type, activity_message FROM public.activity_logs ORDER BY id`)).rows;

let referee: Dirigente;
let companion: Dirigente;
let matchId: number;

beforeAll(async () => {
  t = await createTestApp();
  editor = await createUser(t.db.pool, 'editor');
  await t.db.pool.query(`INSERT INTO public.gruppi (name, arbitro_societa) VALUES ('Pulcini', true)`);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.pool.query('DELETE FROM public.notifiche_job');
  await t.db.pool.query('DELETE FROM public.designazioni');
  await t.db.pool.query('DELETE FROM public.partite');
  await t.db.pool.query('DELETE FROM public.dirigenti');
  await t.db.pool.query('DELETE FROM public.activity_logs');
  referee = await createPerson(['arbitro']);
  companion = await createPerson(['accompagnatore', 'addetto_arbitro']);
  matchId = await insertMatch(t.db.pool, { data: DAY, ora: '10:00', ora_fine: '11:00', squadracasa: 'Garibaldina 2014', squadratrasferta: 'Aquile', is_house_match: true });
  await t.db.pool.query('DELETE FROM public.activity_logs');
});

describe('PUT /api/partite/{id} with designazioni', () => {
  it('saves the match and its designations together, records both and queues the invitations', async () => {
    const res = await api('PUT', `/api/partite/${matchId}`, body({ squadraTrasferta: 'Falchi', designazioni: { arbitro: referee.id, accompagnatore: companion.id, addettoArbitro: null } }));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.squadratrasferta).toBe('Falchi');
    expect(res.json().designazioni).toMatchObject({ arbitro: { id: referee.id }, accompagnatore: { id: companion.id }, addettoArbitro: null });
    const read = await stored(matchId);
    expect(read.data.squadratrasferta).toBe('Falchi');
    expect(read.designazioni).toMatchObject({ arbitro: { id: referee.id }, accompagnatore: { id: companion.id }, addettoArbitro: null });
    expect((await activity()).map((a) => a.activity_message)).toEqual([
      expect.stringContaining('Garibaldina 2014 - Falchi'),
      DIRIGENTI_MSG.activity.designations(`Garibaldina 2014 - Falchi (Pulcini) del ${dayjs(DAY).format('DD/MM/YYYY')} ore 10:00`),
    ]);
    // The invitations of the newly designated people, queued as the designations route queues them.
    expect(await mails()).toEqual([
      { email: referee.email, method: 'REQUEST' },
      { email: companion.email, method: 'REQUEST' },
    ]);
  });

  it('without designazioni the designations stay as they are', async () => {
    await api('PUT', `/api/partite/${matchId}`, body({ designazioni: { arbitro: referee.id, accompagnatore: null, addettoArbitro: null } }));
    const res = await api('PUT', `/api/partite/${matchId}`, body({ ora: '10:30', oraFine: '11:30' }));
    expect(res.statusCode).toBe(200);
    expect((await stored(matchId)).designazioni.arbitro).toMatchObject({ id: referee.id });
  });

  it('a person clash is a 409 naming it, and nothing is saved; confirmed, both are saved', async () => {
    // The companion is already on another match of the day at 10:30.
    const other = await insertMatch(t.db.pool, { data: DAY, ora: '10:30', ora_fine: '11:30', squadracasa: 'Garibaldina 2012', squadratrasferta: 'Lupi', is_house_match: true, campo: 'Campo B' });
    expect((await api('PUT', `/api/partite/${other}/designazioni`, { arbitro: null, accompagnatore: companion.id, addettoArbitro: null })).statusCode).toBe(200);
    await t.db.pool.query('DELETE FROM public.notifiche_job');
    await t.db.pool.query('DELETE FROM public.activity_logs');

    const wanted = { squadraTrasferta: 'Falchi', designazioni: { arbitro: referee.id, accompagnatore: companion.id, addettoArbitro: null } };
    const refused = await api('PUT', `/api/partite/${matchId}`, body(wanted));
    expect(refused.statusCode).toBe(409);
    const answer = refused.json();
    expect(answer.error).toBe(DIRIGENTI_MSG.conflict);
    expect(answer.conflitti).toEqual([
      {
        id: other,
        motivo: 'persona',
        dirigenteId: companion.id,
        messaggio: DIRIGENTI_MSG.clash(`${companion.nome} ${companion.cognome}`, RUOLO_LABELS.accompagnatore, 'Garibaldina 2012 - Lupi', '10:30', '11:30', dayjs(DAY).format('DD/MM/YYYY')),
      },
    ]);
    // Nothing saved: neither the match's change nor its designations, no activity, no mail.
    expect((await stored(matchId)).data.squadratrasferta).toBe('Aquile');
    expect(await designationRows(matchId)).toEqual([]);
    expect(await activity()).toEqual([]);
    expect(await mails()).toEqual([]);

    const confirmed = await api('PUT', `/api/partite/${matchId}`, body({ ...wanted, confermaSovrapposizioni: true }));
    expect(confirmed.statusCode).toBe(200);
    expect((await stored(matchId)).data.squadratrasferta).toBe('Falchi');
    expect(await designationRows(matchId)).toEqual([
      { ruolo: 'accompagnatore', dirigente_id: companion.id },
      { ruolo: 'arbitro', dirigente_id: referee.id },
    ]);
    expect((await activity()).map((a) => a.activity_type)).toEqual(['info', 'info', 'warning']);
    expect((await activity())[2].activity_message).toBe(DIRIGENTI_MSG.activity.confirmed(`Garibaldina 2014 - Falchi (Pulcini) del ${dayjs(DAY).format('DD/MM/YYYY')} ore 10:00`));
  });

  it('a match clash and a person clash are asked about in one 409', async () => {
    const other = await insertMatch(t.db.pool, { data: DAY, ora: '10:30', ora_fine: '11:30', squadracasa: 'Garibaldina 2012', squadratrasferta: 'Lupi', is_house_match: true });
    expect((await api('PUT', `/api/partite/${other}/designazioni`, { arbitro: null, accompagnatore: companion.id, addettoArbitro: null })).statusCode).toBe(200);
    const refused = await api('PUT', `/api/partite/${matchId}`, body({ designazioni: { arbitro: null, accompagnatore: companion.id, addettoArbitro: null } }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(CLASH_MSG.conflict);
    const reasons = (refused.json().conflitti as Array<{ motivo: string }>).map((c) => c.motivo);
    expect(reasons).toContain('campo');
    expect(reasons).toContain('persona');
    expect(await designationRows(matchId)).toEqual([]);
  });

  it('bad designazioni: 400 in Italian, nothing saved', async () => {
    const cases: Array<[unknown, string]> = [
      [{ arbitro: 'Rossi', accompagnatore: null, addettoArbitro: null }, DIRIGENTI_MSG.invalid.designazione],
      [{ arbitro: referee.id, accompagnatore: null }, DIRIGENTI_MSG.invalid.designazione],
      [{ arbitro: null, accompagnatore: null, addettoArbitro: null, capitano: 1 }, MSG.http.unknownField('capitano')],
      [{ arbitro: companion.id, accompagnatore: null, addettoArbitro: null }, DIRIGENTI_MSG.notQualified(`${companion.nome} ${companion.cognome}`, RUOLO_LABELS.arbitro)],
      [{ arbitro: 999999, accompagnatore: null, addettoArbitro: null }, DIRIGENTI_MSG.unknownPerson],
      [null, DIRIGENTI_MSG.invalid.designazione],
    ];
    for (const [designazioni, error] of cases) {
      const res = await api('PUT', `/api/partite/${matchId}`, body({ squadraTrasferta: 'Falchi', designazioni }));
      expect({ designazioni, status: res.statusCode, body: res.json() }).toEqual({ designazioni, status: 400, body: { error } });
    }
    expect((await stored(matchId)).data.squadratrasferta).toBe('Aquile');
    expect(await designationRows(matchId)).toEqual([]);
    expect(await activity()).toEqual([]);
  });

  it('a person taken off a moved match is not asked about', async () => {
    const other = await insertMatch(t.db.pool, { data: DAY, ora: '15:00', ora_fine: '16:00', squadracasa: 'Garibaldina 2012', squadratrasferta: 'Lupi', is_house_match: true, campo: 'Campo B' });
    expect((await api('PUT', `/api/partite/${other}/designazioni`, { arbitro: null, accompagnatore: companion.id, addettoArbitro: null })).statusCode).toBe(200);
    expect((await api('PUT', `/api/partite/${matchId}/designazioni`, { arbitro: null, accompagnatore: companion.id, addettoArbitro: null, confermaSovrapposizioni: true })).statusCode).toBe(200);
    // Moved onto the other match's time with the companion: a clash; moved without: none.
    expect((await api('PUT', `/api/partite/${matchId}`, body({ ora: '15:00', oraFine: '16:00' }))).statusCode).toBe(409);
    const res = await api('PUT', `/api/partite/${matchId}`, body({ ora: '15:00', oraFine: '16:00', designazioni: { arbitro: null, accompagnatore: null, addettoArbitro: null } }));
    expect(res.statusCode).toBe(200);
    expect(await designationRows(matchId)).toEqual([]);
  });
});
