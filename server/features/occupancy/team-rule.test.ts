// The team rule of the clash check through every road a match takes (docs/occupancy.md): a team is a
// name within its category. On a real Saturday every home team is called 'Garibaldina': two categories
// at once are two groups of children, the same category twice is one team in two places.
import dayjs from 'dayjs';
import { createTestApp, type TestApp } from '../../../test/app';
import { bearer, createUser, type TestUser } from '../../../test/users';
import { todayIn } from '../../../common/core/dates';
import { weekdayOf } from '../../../common/trainings/rules';

let t: TestApp;
let editor: TestUser;
const today = todayIn('Europe/Rome');
/** The first Saturday at least 7 days ahead. */
const SATURDAY = (() => {
  let d = dayjs(today).add(7, 'day');
  while (weekdayOf(d.format('YYYY-MM-DD')) !== 6) d = d.add(1, 'day');
  return d.format('YYYY-MM-DD');
})();

type Reason = { motivo: string; messaggio: string };
const match = (over: Record<string, unknown> = {}) => ({
  data: SATURDAY,
  ora: '09:00',
  oraFine: '10:00',
  squadraCasa: 'Garibaldina',
  squadraTrasferta: 'Pro Sesto',
  campo: 'Campo 1',
  gruppo: 'Piccoli Amici',
  isHouseMatch: true,
  spogliatoioGari: 1,
  spogliatoioOspiti: 2,
  terreno: 'erba',
  tipoGara: 'campionato',
  ...over,
});
// Another pitch and other rooms: only the team can clash with match().
const onCampo2 = (over: Record<string, unknown> = {}) => match({ campo: 'Campo 2', spogliatoioGari: 3, spogliatoioOspiti: 4, squadraTrasferta: 'Aurora', ora: '09:30', oraFine: '10:30', ...over });
const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(editor), ...(payload ? { payload } : {}) });
const reasons = (list: Reason[]) => list.map((c) => c.motivo);

beforeAll(async () => {
  t = await createTestApp({ env: { CLUB_NAME: 'Garibaldina' } });
  editor = await createUser(t.db.pool, 'editor');
  await t.db.pool.query(`INSERT INTO public.gruppi (name) VALUES ('Piccoli Amici'), ('Primi Calci'), ('Pulcini')`);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.pool.query('DELETE FROM public.partite');
  await t.db.pool.query('DELETE FROM public.allenamenti');
});

describe('a team is a name within its category', () => {
  it('POST /api/partite/conflitti: two categories at once are no clash; the same category twice is, named with its category', async () => {
    expect((await api('POST', '/api/partite', match())).statusCode).toBe(201);
    const other = await api('POST', '/api/partite/conflitti', onCampo2({ gruppo: 'Primi Calci' }));
    expect(other.json()).toEqual({ conflitti: [] });
    const same = await api('POST', '/api/partite/conflitti', onCampo2({ gruppo: 'piccoli amici' }));
    expect(same.json().conflitti.map((c: Reason) => [c.motivo, c.messaggio])).toEqual([
      ['squadra', 'La squadra Garibaldina (Piccoli Amici) gioca già alle 09:00 (Garibaldina - Pro Sesto)'],
    ]);
  });

  it("an opponent club's two categories at once are no clash; its same category twice is", async () => {
    expect((await api('POST', '/api/partite', match())).statusCode).toBe(201);
    const away = { isHouseMatch: false, oraFine: null, spogliatoioGari: null, spogliatoioOspiti: null, campo: 'Stadio Pro Sesto', squadraCasa: 'Pro Sesto', squadraTrasferta: 'Garibaldina' };
    expect((await api('POST', '/api/partite/conflitti', match({ ...away, gruppo: 'Pulcini', ora: '09:30' }))).json().conflitti).toEqual([]);
    const twice = await api('POST', '/api/partite/conflitti', match({ ...away, squadraTrasferta: 'Virtus', ora: '09:30' }));
    expect(reasons(twice.json().conflitti)).toEqual(['squadra']);
  });

  it('saves: six home matches of six categories on two pitches save without a confirmation; the same category twice is a 409', async () => {
    await t.db.pool.query(`INSERT INTO public.gruppi (name) VALUES ('Esordienti'), ('Giovanissimi'), ('Allievi') ON CONFLICT DO NOTHING`);
    const gruppi = ['Piccoli Amici', 'Primi Calci', 'Pulcini', 'Esordienti', 'Giovanissimi', 'Allievi'];
    for (const [i, gruppo] of gruppi.entries()) {
      const res = await api('POST', '/api/partite', match({
        gruppo,
        squadraTrasferta: `Ospiti ${i}`,
        campo: i % 2 ? 'Campo 2' : 'Campo 1',
        ora: `${String(9 + i).padStart(2, '0')}:00`,
        oraFine: `${String(10 + i).padStart(2, '0')}:30`,
        spogliatoioGari: i % 2 ? 3 : 1,
        spogliatoioOspiti: i % 2 ? 4 : 2,
      }));
      expect([gruppo, res.statusCode]).toEqual([gruppo, 201]);
    }
    const board = await api('GET', `/api/occupazione?from=${SATURDAY}&to=${SATURDAY}`);
    expect(board.json().data.partite.map((p: { conflitti: unknown[] }) => p.conflitti.length)).toEqual([0, 0, 0, 0, 0, 0]);
    const again = await api('POST', '/api/partite', match({ gruppo: 'Pulcini', campo: 'Campo 9', spogliatoioGari: 5, spogliatoioOspiti: 6, ora: '11:30', oraFine: '12:30' }));
    expect(again.statusCode).toBe(409);
    expect(reasons(again.json().conflitti)).toEqual(['squadra']);
  });

  it('the import: rows of two categories at once import without a confirmation; the same category twice is a 409', async () => {
    const rows = [match(), onCampo2({ gruppo: 'Primi Calci' })];
    expect((await api('POST', '/api/partite/import', { partite: rows })).statusCode).toBe(201);
    await t.db.pool.query('DELETE FROM public.partite');
    const clash = await api('POST', '/api/partite/import', { partite: [match(), onCampo2()] });
    expect(clash.statusCode).toBe(409);
  });

  it('a bulk move onto a day with the other category is no clash; onto the same category is a 409', async () => {
    const next = dayjs(SATURDAY).add(7, 'day').format('YYYY-MM-DD');
    expect((await api('POST', '/api/partite', match({ data: next }))).statusCode).toBe(201);
    const primi = (await api('POST', '/api/partite', onCampo2({ gruppo: 'Primi Calci' }))).json().data;
    expect((await api('POST', '/api/partite/stato', { ids: [primi.id], azione: 'sposta', giorni: 7 })).statusCode).toBe(200);
    const piccoli = (await api('POST', '/api/partite', onCampo2())).json().data;
    const moved = await api('POST', '/api/partite/stato', { ids: [piccoli.id], azione: 'sposta', giorni: 7 });
    expect(moved.statusCode).toBe(409);
  });

  it('a training of the category at the same time is a clash, of another category is not', async () => {
    const training = { campo: 'Campo 3', giorno: 6, oraInizio: '09:00', oraFine: '10:00', dal: today, al: dayjs(today).add(60, 'day').format('YYYY-MM-DD'), spogliatoi: [5], saltate: [] };
    expect((await api('POST', '/api/allenamenti', { ...training, gruppo: 'Piccoli Amici' })).statusCode).toBe(201);
    expect((await api('POST', '/api/partite/conflitti', onCampo2({ gruppo: 'Primi Calci' }))).json().conflitti).toEqual([]);
    const same = await api('POST', '/api/partite/conflitti', onCampo2());
    expect(same.json().conflitti.map((c: Reason) => [c.motivo, c.messaggio])).toEqual([['allenamento', 'La squadra Piccoli Amici si allena dalle 09:00 alle 10:00']]);
  });

  it("the slot finder proposes the time another category plays, not the time the category's own team plays", async () => {
    // Piccoli Amici 09:00-10:00 on Campo 1; Primi Calci's 'Garibaldina', rescheduled from next week, can take Campo 2 at 09:00.
    expect((await api('POST', '/api/partite', match())).statusCode).toBe(201);
    const later = dayjs(SATURDAY).add(7, 'day').format('YYYY-MM-DD');
    const primiMatch = (await api('POST', '/api/partite', onCampo2({ gruppo: 'Primi Calci', data: later }))).json().data;
    const piccoliMatch = (await api('POST', '/api/partite', onCampo2({ data: later, squadraTrasferta: 'Virtus', ora: '15:00', oraFine: '16:00' }))).json().data;
    const slots = (gruppo: string, id: number) =>
      api('GET', `/api/slot-liberi?gruppo=${encodeURIComponent(gruppo)}&partita=${id}&durata=60&dal=${SATURDAY}&al=${SATURDAY}&campo=Campo%202&casa=1`);
    const primi = await slots('Primi Calci', primiMatch.id);
    expect(primi.statusCode).toBe(200);
    expect(primi.json().data[0].primi[0]).toMatchObject({ data: SATURDAY, ora: '09:00', campo: 'Campo 2' });
    const piccoli = await slots('Piccoli Amici', piccoliMatch.id);
    expect(piccoli.json().data[0].primi[0]).toMatchObject({ data: SATURDAY, ora: '10:00', campo: 'Campo 2' });
  });
});
