// The answers of the clash routes carry every field they are given (their response schemas,
// common/occupancy/types.ts, encode them and would drop a field they do not list): each answer
// against what the same reads give the route.
import dayjs from 'dayjs';
import { createTestApp, type TestApp } from '../../../test/app';
import { bearer, createUser, type TestUser } from '../../../test/users';
import { todayIn } from '../../../common/core/dates';
import { weekdayOf } from '../../../common/trainings/rules';
import * as clashRepo from '../../services/clashes/repo';
import { closuresBetween } from '../../services/closures/closures';

let t: TestApp;
let editor: TestUser;
const today = todayIn('Europe/Rome');
/** The first Saturday at least 7 days ahead (the Saturday after is in a closure). */
const SATURDAY = (() => {
  let d = dayjs(today).add(7, 'day');
  while (weekdayOf(d.format('YYYY-MM-DD')) !== 6) d = d.add(1, 'day');
  return d.format('YYYY-MM-DD');
})();
const plus = (iso: string, days: number) => dayjs(iso).add(days, 'day').format('YYYY-MM-DD');
const match = (over: Record<string, unknown> = {}) => ({
  data: SATURDAY,
  ora: '09:00',
  oraFine: '10:00',
  squadraCasa: 'Garibaldina',
  squadraTrasferta: 'Pro Sesto',
  campo: 'Campo 1',
  gruppo: 'Pulcini',
  isHouseMatch: true,
  spogliatoioGari: 1,
  spogliatoioOspiti: 2,
  terreno: 'erba',
  tipoGara: 'campionato',
  ...over,
});
const api = (method: 'GET' | 'POST', url: string, payload?: object) => t.app.inject({ method, url, headers: bearer(editor), ...(payload ? { payload } : {}) });
const keys = (o: object) => Object.keys(o).sort();

beforeAll(async () => {
  t = await createTestApp({ env: { CLUB_NAME: 'Garibaldina' } });
  editor = await createUser(t.db.pool, 'editor');
  await t.db.pool.query(`INSERT INTO public.gruppi (name) VALUES ('Pulcini'), ('Esordienti')`);
  expect((await api('POST', '/api/partite', match())).statusCode).toBe(201);
  // Saturdays 09:00-10:00 on Campo 1 for the Esordienti: a clash with the match, skipped in the closure.
  const series = { gruppo: 'Esordienti', campo: 'Campo 1', giorno: 6, oraInizio: '09:00', oraFine: '10:00', dal: today, al: plus(today, 60), spogliatoi: [3], saltate: [], confermaSovrapposizioni: true };
  expect((await api('POST', '/api/allenamenti', series)).statusCode).toBe(201);
  expect((await api('POST', '/api/chiusure', { nome: 'Torneo', dal: plus(SATURDAY, 7), al: plus(SATURDAY, 7) })).statusCode).toBe(201);
});
afterAll(() => t.close());

describe('the answers keep every field', () => {
  it('POST /api/partite/conflitti: the clashing match and series whole, and the closure warning', async () => {
    const res = await api('POST', '/api/partite/conflitti', match({ squadraTrasferta: 'Aurora', spogliatoioGari: 5, spogliatoioOspiti: 6 }));
    expect(res.statusCode).toBe(200);
    const [stored] = await clashRepo.matchesOfDay(t.db.pool, SATURDAY);
    const [series] = await clashRepo.trainingsBetween(t.db.pool, SATURDAY, SATURDAY);
    const conflitti = res.json().conflitti as Array<Record<string, unknown>>;
    expect(conflitti.find((c) => c.partita)).toEqual({ id: stored.id, motivo: expect.any(String), messaggio: expect.any(String), partita: stored });
    expect(conflitti.find((c) => c.allenamento)).toEqual({ id: series.id, motivo: 'allenamento', messaggio: expect.any(String), allenamento: series });
    const closed = await api('POST', '/api/partite/conflitti', match({ data: plus(SATURDAY, 7) }));
    expect(keys(closed.json())).toEqual(['avviso', 'conflitti']);
  });

  it('GET /api/occupazione: the period, its closures, every match with its clashes, every training', async () => {
    const to = plus(SATURDAY, 7);
    const res = await api('GET', `/api/occupazione?from=${SATURDAY}&to=${to}`);
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(keys(data)).toEqual(['allenamenti', 'chiusure', 'from', 'margin', 'partite', 'to']);
    expect(data.chiusure).toEqual(await closuresBetween(t.db.pool, SATURDAY, to));
    const [stored] = await clashRepo.matchesBetween(t.db.pool, SATURDAY, to);
    expect(data.partite).toEqual([{ ...stored, conflitti: [expect.objectContaining({ motivo: 'allenamento' })] }]);
    expect(data.allenamenti).toHaveLength(1);
    expect(keys(data.allenamenti[0])).toEqual(['campo', 'conflitti', 'data', 'gruppo', 'id', 'oraFine', 'oraInizio', 'spogliatoi']);
  });

  it('GET /api/slot-liberi: each day with its first slots and the other times', async () => {
    const res = await api('GET', `/api/slot-liberi?gruppo=Pulcini&durata=60&dal=${SATURDAY}&al=${SATURDAY}&campo=Campo%202&casa=1`);
    expect(res.statusCode).toBe(200);
    const [day] = res.json().data;
    expect(keys(day)).toEqual(['altri', 'data', 'primi']);
    expect(day.primi[0]).toEqual({ data: SATURDAY, ora: expect.any(String), oraFine: expect.any(String), campo: 'Campo 2', spogliatoi: [expect.any(Number), expect.any(Number)] });
  });
});
