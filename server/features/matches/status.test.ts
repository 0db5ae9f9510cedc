import dayjs from 'dayjs';
import { createTestApp, type TestApp } from '../../../test/app';
import { bearer, createUser, type TestUser } from '../../../test/users';
import { todayIn } from '../../../common/core/dates';
import { MSG } from '../../../common/core/messages';
import { STATUS_MSG } from '../../../common/status/rules';
import { purgeExpiredStatoOperations } from './status-purge';
import { createTestDatabase, type TestDatabase } from '../../../test/db';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { migrate, MIGRATIONS_DIR } from '../../db/migrate';

let t: TestApp;
let reader: TestUser;
let editor: TestUser;
let admin: TestUser;
const today = todayIn('Europe/Rome');
const inDays = (n: number) => dayjs(today).add(n, 'day').format('YYYY-MM-DD');

let seq = 0;
async function seed(n: number, dataOffset = 7): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    seq++;
    // Teams of their own: the same team twice at 15:00 on one day would be a clash (docs/occupancy.md).
    const { rows } = await t.db.pool.query(
      `INSERT INTO public.partite (data, ora, squadracasa, squadratrasferta, gruppo, campo, tipo_gara)
       VALUES ($1, '15:00', $2, $3, 'Pulcini', 'Stadio', 'campionato') RETURNING id`,
      [inDays(dataOffset + i), `Virtus ${seq}`, `Atletico Pisa ${seq}`],
    );
    ids.push(rows[0].id);
  }
  return ids;
}
const rowsOf = async (ids: number[]) =>
  (await t.db.pool.query('SELECT * FROM public.partite WHERE id = ANY($1::int[]) ORDER BY id', [ids])).rows;
const stato = (body: unknown, user: TestUser = editor) =>
  t.app.inject({ method: 'POST', url: '/api/partite/stato', headers: bearer(user), payload: body as object });
const undo = (op: string, user: TestUser = editor) =>
  t.app.inject({ method: 'POST', url: `/api/partite/stato/${op}/annulla`, headers: bearer(user) });
const activities = async (like: string) =>
  (await t.db.pool.query(`SELECT activity_message, context, user_email FROM public.activity_logs WHERE activity_message LIKE $1 ORDER BY id`, [like]))
    .rows;

beforeAll(async () => {
  t = await createTestApp();
  [reader, editor, admin] = await Promise.all([createUser(t.db.pool, 'reader'), createUser(t.db.pool, 'editor'), createUser(t.db.pool, 'admin')]);
  await t.db.pool.query(`INSERT INTO public.gruppi (name) VALUES ('Pulcini')`);
});
afterAll(() => t.close());

describe('migration 010', () => {
  it('a new match is In programma with no reason; the CHECK refuses an unknown status', async () => {
    const [id] = await seed(1);
    const [row] = await rowsOf([id]);
    expect(row).toMatchObject({ stato: 'programmata', motivo_stato: null, stato_modificato_da: null, stato_modificato_il: null });
    await expect(t.db.pool.query(`UPDATE public.partite SET stato = 'rimandata' WHERE id = $1`, [id])).rejects.toThrow(/partite_stato_valido/);
  });
});

describe('POST /api/partite/stato', () => {
  it('annulla: status, reason, who and when; SEQUENCE bumped for the calendars; activity with count and reason', async () => {
    const ids = await seed(2);
    const before = await rowsOf(ids);
    const res = await stato({ ids, azione: 'annulla', motivo: ' Campo impraticabile ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ operazione: expect.stringMatching(/^[0-9a-f-]{36}$/), aggiornate: 2 });
    const after = await rowsOf(ids);
    after.forEach((r, i) => {
      expect(r).toMatchObject({ stato: 'annullata', motivo_stato: 'Campo impraticabile', stato_modificato_da: editor.email, data: before[i].data });
      expect(r.stato_modificato_il).toBeInstanceOf(Date);
      expect(r.sequence).toBe(before[i].sequence + 1);
    });
    const [log] = await activities('Stato delle partite: 2 partite annullate%');
    expect(log.activity_message).toBe('Stato delle partite: 2 partite annullate (motivo: Campo impraticabile)');
    expect(log.context).toMatchObject({ operazione: res.json().operazione, azione: 'annulla', count: 2, motivo: 'Campo impraticabile' });
    expect(log.user_email).toBe(editor.email);
  });

  it('rinvia without a date keeps the date; with one moves to it', async () => {
    const [a, b] = await seed(2);
    expect((await stato({ ids: [a], azione: 'rinvia', motivo: 'Pioggia' })).statusCode).toBe(200);
    expect((await stato({ ids: [b], azione: 'rinvia', nuovaData: inDays(30) })).statusCode).toBe(200);
    const [ra, rb] = await rowsOf([a, b]);
    expect(ra).toMatchObject({ stato: 'rinviata', motivo_stato: 'Pioggia', data: inDays(7) });
    expect(rb).toMatchObject({ stato: 'rinviata', motivo_stato: null, data: inDays(30) });
  });

  it('rinvia to a date in the past is refused with the form message', async () => {
    const [a] = await seed(1);
    const res = await stato({ ids: [a], azione: 'rinvia', nuovaData: inDays(-1) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(MSG.match.futureDate);
    expect((await rowsOf([a]))[0].stato).toBe('programmata');
  });

  it('sposta moves each date by N days and marks them postponed', async () => {
    const ids = await seed(3);
    const res = await stato({ ids, azione: 'sposta', giorni: 7 });
    expect(res.json().aggiornate).toBe(3);
    const rows = await rowsOf(ids);
    expect(rows.map((r) => r.data)).toEqual([inDays(14), inDays(15), inDays(16)]);
    expect(rows.every((r) => r.stato === 'rinviata')).toBe(true);
  });

  it('sposta of a past match that would still be in the past is refused', async () => {
    const [old] = await seed(1, -10);
    const res = await stato({ ids: [old], azione: 'sposta', giorni: 3 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(MSG.match.futureDate);
    expect((await rowsOf([old]))[0].data).toBe(inDays(-10));
  });

  it('sospendi then ripristina: back to In programma, reason cleared', async () => {
    const [a] = await seed(1);
    await stato({ ids: [a], azione: 'sospendi', motivo: 'Nebbia' });
    expect((await rowsOf([a]))[0]).toMatchObject({ stato: 'sospesa', motivo_stato: 'Nebbia' });
    await stato({ ids: [a], azione: 'ripristina', motivo: 'Nebbia diradata' }, admin);
    expect((await rowsOf([a]))[0]).toMatchObject({ stato: 'programmata', motivo_stato: null, stato_modificato_da: admin.email });
    const [log] = await activities('Stato delle partite: 1 partita ripristinata%');
    expect(log.context.motivo).toBe('Nebbia diradata');
  });

  it('one unknown id refuses the whole request and changes nothing', async () => {
    const ids = await seed(3);
    const before = await rowsOf(ids);
    const logsBefore = (await activities('Stato delle partite:%')).length;
    const res = await stato({ ids: [...ids, 2147483000], azione: 'annulla', motivo: 'x' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe(STATUS_MSG.unknownIds);
    expect(await rowsOf(ids)).toEqual(before);
    expect((await activities('Stato delle partite:%')).length).toBe(logsBefore);
    expect((await t.db.pool.query('SELECT count(*)::int AS n FROM public.partite_operazioni_stato WHERE $1 = ANY(SELECT (r->>$2)::int FROM jsonb_array_elements(righe) r)', [ids[0], 'id'])).rows[0].n).toBe(0);
  });

  it('the reason is capped at 200 characters and validated; unknown fields and bad bodies are 400s', async () => {
    const [a] = await seed(1);
    let res = await stato({ ids: [a], azione: 'annulla', motivo: 'm'.repeat(201) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(STATUS_MSG.motivoTooLong);
    res = await stato({ ids: [a], azione: 'annulla', motivo: 'm'.repeat(200) });
    expect(res.statusCode).toBe(200);
    expect((await rowsOf([a]))[0].motivo_stato).toHaveLength(200);
    expect((await stato({ ids: [a], azione: 'annulla', extra: true })).statusCode).toBe(400);
    expect((await stato({ ids: [a], azione: 'cancella' })).json().error).toBe(STATUS_MSG.invalidAction);
    expect((await stato({ ids: [a], azione: 'sposta' })).json().error).toBe(STATUS_MSG.giorniRequired);
    expect((await stato({ ids: [a], azione: 'sposta', giorni: 400 })).json().error).toBe(STATUS_MSG.giorniRange);
  });

  it('readers and anonymous callers are refused', async () => {
    const [a] = await seed(1);
    const res = await stato({ ids: [a], azione: 'annulla' }, reader);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe(STATUS_MSG.forbidden);
    expect((await t.app.inject({ method: 'POST', url: '/api/partite/stato', payload: { ids: [a], azione: 'annulla' } })).statusCode).toBe(401);
    expect((await rowsOf([a]))[0].stato).toBe('programmata');
  });

  it('every read carries stato and motivo_stato, and the public list filters on it', async () => {
    const [a, b] = await seed(2, 40);
    await stato({ ids: [a], azione: 'annulla', motivo: 'Neve' });
    const one = (await t.app.inject({ url: `/api/partite/${a}`, headers: bearer(reader) })).json().data;
    expect(one).toMatchObject({ stato: 'annullata', motivo_stato: 'Neve' });
    const all = (await t.app.inject({ url: '/api/partite/public' })).json().data as Array<{ id: number; stato: string }>;
    expect(all.find((p) => p.id === a)).toMatchObject({ stato: 'annullata', motivo_stato: 'Neve' });
    expect(all.find((p) => p.id === b)).toMatchObject({ stato: 'programmata', motivo_stato: null });
    const filtered = (await t.app.inject({ url: '/api/partite/public?stato=annullata' })).json();
    expect(filtered.appliedFilters).toEqual({ stato: 'annullata' });
    expect(filtered.data.every((p: { stato: string }) => p.stato === 'annullata')).toBe(true);
    expect(filtered.data.some((p: { id: number }) => p.id === a)).toBe(true);
  });
});

describe('POST /api/partite/stato/:operazione/annulla', () => {
  it('restores exactly the previous rows (date and status), once', async () => {
    const ids = await seed(3);
    await stato({ ids: [ids[0]], azione: 'sospendi', motivo: 'Prima' });
    const before = await rowsOf(ids);
    const { operazione } = (await stato({ ids, azione: 'sposta', giorni: 7, motivo: 'Pioggia' })).json();
    expect((await rowsOf(ids)).map((r) => r.data)).toEqual([inDays(14), inDays(15), inDays(16)]);
    const res = await undo(operazione);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ operazione, ripristinate: 3 });
    const after = await rowsOf(ids);
    const strip = (r: Record<string, unknown>) => {
      const { sequence: _s, updated_at: _u, ...rest } = r;
      return rest;
    };
    expect(after.map(strip)).toEqual(before.map(strip));
    // The calendars see the undo as one more change.
    after.forEach((r, i) => expect(r.sequence).toBe(before[i].sequence + 2));
    const [log] = await activities("Annullata l'operazione «Sposta di N giorni»%");
    expect(log.activity_message).toBe("Annullata l'operazione «Sposta di N giorni» su 3 partite");
    expect(log.context).toMatchObject({ operazione, count: 3, motivo: 'Pioggia' });
    const again = await undo(operazione);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(STATUS_MSG.alreadyUndone);
  });

  it('is refused (409) after an intervening edit, and changes nothing', async () => {
    const ids = await seed(2);
    const { operazione } = (await stato({ ids, azione: 'annulla' })).json();
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/partite/${ids[1]}`,
      headers: bearer(editor),
      payload: {
        data: inDays(20), ora: '16:00', oraFine: null, squadraCasa: 'Altra', squadraTrasferta: 'Atletico Pisa', campo: 'Stadio',
        gruppo: 'Pulcini', isHouseMatch: false, spogliatoioGari: null, spogliatoioOspiti: null, terreno: null, tipoGara: 'campionato',
      },
    });
    expect(edit.statusCode).toBe(200);
    const before = await rowsOf(ids);
    const res = await undo(operazione);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(STATUS_MSG.undoConflict);
    expect(await rowsOf(ids)).toEqual(before);
    expect(before.every((r) => r.stato === 'annullata')).toBe(true);
  });

  it('is refused after a later bulk operation on the same match, or when the match was deleted', async () => {
    const [a, b] = await seed(2);
    const first = (await stato({ ids: [a], azione: 'annulla' })).json().operazione;
    await stato({ ids: [a], azione: 'ripristina' });
    expect((await undo(first)).statusCode).toBe(409);
    const second = (await stato({ ids: [b], azione: 'annulla' })).json().operazione;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/partite/${b}`, headers: bearer(editor) })).statusCode).toBe(200);
    expect((await undo(second)).statusCode).toBe(409);
  });

  it('unknown, malformed or expired operations are 404; readers are refused', async () => {
    const [a] = await seed(1);
    const { operazione } = (await stato({ ids: [a], azione: 'annulla' })).json();
    expect((await undo(operazione, reader)).statusCode).toBe(403);
    expect((await undo('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await undo('nonsense')).json().error).toBe(STATUS_MSG.operationNotFound);
    await t.db.pool.query(`UPDATE public.partite_operazioni_stato SET created_at = now() - interval '25 hours' WHERE id = $1`, [operazione]);
    expect((await undo(operazione)).statusCode).toBe(404);
    expect((await rowsOf([a]))[0].stato).toBe('annullata');
  });

  it('housekeeping forgets operations older than a day', async () => {
    const [a, b] = await seed(2);
    const old = (await stato({ ids: [a], azione: 'annulla' })).json().operazione;
    const fresh = (await stato({ ids: [b], azione: 'annulla' })).json().operazione;
    await t.db.pool.query(`UPDATE public.partite_operazioni_stato SET created_at = now() - interval '25 hours' WHERE id = $1`, [old]);
    const swept = await t.app.scheduler.runNow('stato-purge');
    expect(swept).toEqual({ status: 'done', result: expect.any(Number) });
    expect((swept as { result: number }).result).toBeGreaterThanOrEqual(1);
    const left = (await t.db.pool.query('SELECT id FROM public.partite_operazioni_stato WHERE id = ANY($1::uuid[])', [[old, fresh]])).rows;
    expect(left).toEqual([{ id: fresh }]);
    expect(await purgeExpiredStatoOperations(t.db.pool)).toBe(0);
  });
});

// Clashes of the bulk moves (docs/occupancy.md): the same rule and the same confirmation as a save.
describe('clashes of the bulk moves', () => {
  /** A home match on day `offset`, Campo Nord, rooms 1 and 2 unless told. */
  async function home(offset: number, over: { ora?: string; fine?: string; campo?: string; casa?: string; stato?: string; rooms?: [number | null, number | null] } = {}) {
    seq++;
    const [g, o] = over.rooms ?? [1, 2];
    const { rows } = await t.db.pool.query(
      `INSERT INTO public.partite (data, ora, ora_fine, squadracasa, squadratrasferta, gruppo, campo, is_house_match, spogliatoio_gari, spogliatoio_ospiti, tipo_gara, stato)
       VALUES ($1, $2, $3, $4, $5, 'Pulcini', $6, true, $7, $8, 'campionato', $9) RETURNING id`,
      [inDays(offset), over.ora ?? '10:00', over.fine ?? '11:30', over.casa ?? `Garibaldina ${seq}`, `Ospiti ${seq}`, over.campo ?? 'Campo Nord', g, o, over.stato ?? 'programmata'],
    );
    return rows[0].id as number;
  }
  const counts = async () => {
    const q = async (sql: string) => Number((await t.db.pool.query(sql)).rows[0].count);
    return {
      operazioni: await q('SELECT count(*) FROM public.partite_operazioni_stato'),
      attivita: await q('SELECT count(*) FROM public.activity_logs'),
    };
  };
  const dmy = (n: number) => dayjs(inDays(n)).format('DD/MM/YYYY');
  const confirmed = () => activities('Sovrapposizioni confermate nel cambio di stato%');

  it('sposta onto a taken campo: 409 with the list naming both matches, nothing written; confirmed: moved and logged as a warning', async () => {
    const taken = await home(103, { casa: 'Garibaldina 2013' });
    const moving = await home(100, { ora: '10:30', fine: '12:00', casa: 'Garibaldina 2014', rooms: [5, 6] });
    const before = await rowsOf([moving]);
    const was = await counts();
    const refused = await stato({ ids: [moving], azione: 'sposta', giorni: 3, motivo: 'Pioggia' });
    expect(refused.statusCode).toBe(409);
    const ospiti = before[0].squadratrasferta;
    const takenOspiti = (await rowsOf([taken]))[0].squadratrasferta;
    expect(refused.json()).toEqual({
      error: 'Una partita si sovrapporrebbe ad altre partite: conferma per procedere comunque',
      totale: 1,
      conflitti: [
        {
          riga: null,
          partitaId: moving,
          id: taken,
          motivo: 'campo',
          messaggio: `Garibaldina 2014 - ${ospiti} del ${dmy(103)} ore 10:30: Campo già occupato dalle 10:00 alle 11:30 da Garibaldina 2013 - ${takenOspiti}`,
        },
      ],
    });
    expect(await rowsOf([moving])).toEqual(before);
    expect(await counts()).toEqual(was);

    const ok = await stato({ ids: [moving], azione: 'sposta', giorni: 3, motivo: 'Pioggia', confermaSovrapposizioni: true });
    expect(ok.statusCode).toBe(200);
    expect((await rowsOf([moving]))[0]).toMatchObject({ data: inDays(103), stato: 'rinviata' });
    const [log] = await confirmed();
    expect(log.activity_message).toBe('Sovrapposizioni confermate nel cambio di stato: 1 partita');
    expect(log.user_email).toBe(editor.email);
    expect(log.context).toMatchObject({
      operazione: ok.json().operazione,
      azione: 'sposta',
      confermatoDa: editor.email,
      totale: 1,
      conflitti: [expect.objectContaining({ partitaId: moving, id: taken, motivo: 'campo' })],
    });
    const type = (await t.db.pool.query(`SELECT activity_type FROM public.activity_logs WHERE activity_message LIKE 'Sovrapposizioni confermate nel cambio%'`)).rows[0];
    expect(type.activity_type).toBe('warning');
  });

  it('rinvia to a new date checks that date (changing room within the margin); without a date nothing is checked', async () => {
    await home(111, { ora: '10:00', fine: '11:30', campo: 'Campo Sud', rooms: [3, 4] });
    // Starts 10 minutes after the other ends: another campo, but room 3 again within the 15-minute changeover.
    const moving = await home(110, { ora: '11:40', fine: '13:00', rooms: [3, 7] });
    const refused = await stato({ ids: [moving], azione: 'rinvia', nuovaData: inDays(111) });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().conflitti.map((c: { motivo: string }) => c.motivo)).toEqual(['spogliatoio']);
    expect((await rowsOf([moving]))[0]).toMatchObject({ data: inDays(110), stato: 'programmata' });
    // Postponed keeping its date: it frees its facilities, nothing to check even next to a clash.
    await home(110, { ora: '11:40', fine: '13:00', campo: 'Campo Nord', rooms: [3, 4] });
    expect((await stato({ ids: [moving], azione: 'rinvia' })).statusCode).toBe(200);
  });

  it('ripristina of a cancelled match whose campo was taken since: 409; a match already holding its place is not re-checked', async () => {
    const cancelled = await home(120, { stato: 'annullata' });
    const since = await home(120, { ora: '11:00', fine: '12:30', rooms: [5, 6] });
    const refused = await stato({ ids: [cancelled], azione: 'ripristina' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().conflitti).toEqual([expect.objectContaining({ partitaId: cancelled, id: since, motivo: 'campo' })]);
    expect((await rowsOf([cancelled]))[0].stato).toBe('annullata');
    // A clash confirmed earlier does not stop an unrelated change of the match already in place.
    expect((await stato({ ids: [since], azione: 'sospendi', motivo: 'Nebbia' })).statusCode).toBe(200);
    expect((await stato({ ids: [cancelled], azione: 'ripristina', confermaSovrapposizioni: true })).statusCode).toBe(200);
    expect((await rowsOf([cancelled]))[0].stato).toBe('programmata');
  });

  it('two matches moved onto the same slot clash with each other (both listed); annulla is never checked', async () => {
    const a = await home(130, { rooms: [1, 2] });
    const b = await home(131, { rooms: [3, 4] });
    const refused = await stato({ ids: [a, b], azione: 'rinvia', nuovaData: inDays(135) });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('2 partite si sovrapporrebbero ad altre partite: conferma per procedere comunque');
    expect(refused.json().conflitti.map((c: { partitaId: number; id: number }) => [c.partitaId, c.id])).toEqual([
      [a, b],
      [b, a],
    ]);
    expect((await rowsOf([a, b])).map((r) => r.data)).toEqual([inDays(130), inDays(131)]);
    await home(130, { rooms: [1, 2] });
    expect((await stato({ ids: [a, b], azione: 'annulla' })).statusCode).toBe(200);
  });

  it('an undo that puts matches back where the campo was taken since: 409 with the list; confirmed: restored and logged', async () => {
    const moving = await home(140);
    const { operazione } = (await stato({ ids: [moving], azione: 'sposta', giorni: 2 })).json();
    const since = await home(140, { ora: '09:00', fine: '10:30', rooms: [5, 6] });
    const refused = await undo(operazione);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().conflitti).toEqual([expect.objectContaining({ partitaId: moving, id: since, motivo: 'campo' })]);
    expect((await rowsOf([moving]))[0]).toMatchObject({ data: inDays(142), stato: 'rinviata' });
    const bad = await t.app.inject({ method: 'POST', url: `/api/partite/stato/${operazione}/annulla`, headers: bearer(editor), payload: { conferma: true } });
    expect(bad.statusCode).toBe(400);
    const ok = await t.app.inject({
      method: 'POST',
      url: `/api/partite/stato/${operazione}/annulla`,
      headers: bearer(editor),
      payload: { confermaSovrapposizioni: true },
    });
    expect(ok.statusCode).toBe(200);
    expect((await rowsOf([moving]))[0]).toMatchObject({ data: inDays(140), stato: 'programmata' });
    const logs = await confirmed();
    expect(logs[logs.length - 1].context).toMatchObject({ operazione, annullamento: true, confermatoDa: editor.email, totale: 1 });
  });
});

describe('data_da_definire (migration 014): which kind of Rinviata a match is', () => {
  const flags = async (ids: number[]) => (await rowsOf(ids)).map((r) => [r.stato, r.data_da_definire]);

  it("true only for 'rinvia' keeping the date; false for a new date, 'sposta' and every status left; the CHECK keeps it to 'rinviata'", async () => {
    const [a, b, c] = await seed(3, 200);
    expect(await flags([a, b, c])).toEqual([['programmata', false], ['programmata', false], ['programmata', false]]);
    await stato({ ids: [a], azione: 'rinvia' });
    await stato({ ids: [b], azione: 'rinvia', nuovaData: inDays(210) });
    await stato({ ids: [c], azione: 'sposta', giorni: 3 });
    expect(await flags([a, b, c])).toEqual([['rinviata', true], ['rinviata', false], ['rinviata', false]]);
    // Postponed again: a date given clears it, none sets it.
    await stato({ ids: [a], azione: 'rinvia', nuovaData: inDays(211) });
    await stato({ ids: [b], azione: 'rinvia' });
    expect(await flags([a, b])).toEqual([['rinviata', false], ['rinviata', true]]);
    for (const azione of ['sospendi', 'annulla', 'ripristina'] as const) {
      await stato({ ids: [b], azione: 'rinvia' });
      expect((await stato({ ids: [b], azione })).statusCode).toBe(200);
      expect((await flags([b]))[0][1]).toBe(false);
    }
    await expect(t.db.pool.query('UPDATE public.partite SET data_da_definire = true WHERE id = $1', [b])).rejects.toThrow(/partite_data_da_definire_rinviata/);
  });

  it('an undo restores it exactly, both ways', async () => {
    const [a, b] = await seed(2, 220);
    await stato({ ids: [a], azione: 'rinvia', motivo: 'Neve' });
    const before = await rowsOf([a, b]);
    const { operazione } = (await stato({ ids: [a, b], azione: 'rinvia', nuovaData: inDays(230) })).json();
    expect(await flags([a, b])).toEqual([['rinviata', false], ['rinviata', false]]);
    expect((await undo(operazione)).statusCode).toBe(200);
    const strip = (r: Record<string, unknown>) => {
      const { sequence: _s, updated_at: _u, ...rest } = r;
      return rest;
    };
    expect((await rowsOf([a, b])).map(strip)).toEqual(before.map(strip));
    expect(await flags([a, b])).toEqual([['rinviata', true], ['programmata', false]]);
    // And the other way: postponed keeping the date, undone back to a match postponed to a date.
    await stato({ ids: [b], azione: 'rinvia', nuovaData: inDays(231) });
    const { operazione: op2 } = (await stato({ ids: [b], azione: 'rinvia' })).json();
    expect(await flags([b])).toEqual([['rinviata', true]]);
    expect((await undo(op2)).statusCode).toBe(200);
    expect((await rowsOf([b]))[0]).toMatchObject({ stato: 'rinviata', data: inDays(231), data_da_definire: false });
  });

  it('every read carries it (API, /rest/v1); a rinviata with the date to be set reads true', async () => {
    const [a] = await seed(1, 240);
    await stato({ ids: [a], azione: 'rinvia' });
    const one = await t.app.inject({ method: 'GET', url: `/api/partite/${a}`, headers: bearer(reader) });
    expect(one.json().data).toMatchObject({ stato: 'rinviata', data_da_definire: true });
    const rest = await t.app.inject({ method: 'GET', url: `/rest/v1/partite?select=*&id=eq.${a}`, headers: bearer(reader) });
    expect(rest.json()).toEqual([expect.objectContaining({ id: a, stato: 'rinviata', data_da_definire: true })]);
  });
});

describe('the first date of a moved match (migration 016, docs/matches.md, status)', () => {
  const firstDate = async (id: number) =>
    (await t.db.pool.query(`SELECT to_char(data, 'YYYY-MM-DD') AS data, to_char(data_originale, 'YYYY-MM-DD') AS originale, stato, data_da_definire FROM public.partite WHERE id = $1`, [id])).rows[0];

  it('a move keeps the date it had, a second move keeps the first, an undo puts back what it found; a date edit of a rinviata keeps it too', async () => {
    const [a, b] = await seed(2, 300);
    const first = inDays(300);
    const moved = await stato({ ids: [a], azione: 'sposta', giorni: 3 });
    expect(moved.statusCode).toBe(200);
    expect(await firstDate(a)).toEqual({ data: inDays(303), originale: first, stato: 'rinviata', data_da_definire: false });
    const again = await stato({ ids: [a], azione: 'rinvia', nuovaData: inDays(310) });
    expect(await firstDate(a)).toEqual({ data: inDays(310), originale: first, stato: 'rinviata', data_da_definire: false });
    expect((await undo(again.json().operazione)).statusCode).toBe(200);
    expect(await firstDate(a)).toMatchObject({ data: inDays(303), originale: first });
    // Postponed keeping its date (to be set), then given one by editing the match.
    await stato({ ids: [b], azione: 'rinvia' });
    expect(await firstDate(b)).toMatchObject({ originale: null, data_da_definire: true });
    const one = (await t.app.inject({ method: 'GET', url: `/api/partite/${b}`, headers: bearer(editor) })).json().data;
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/partite/${b}`,
      headers: bearer(editor),
      payload: { data: inDays(320), ora: '15:00', oraFine: null, squadraCasa: one.squadracasa, squadraTrasferta: one.squadratrasferta, campo: one.campo, gruppo: one.gruppo, isHouseMatch: false, spogliatoioGari: null, spogliatoioOspiti: null, terreno: null, tipoGara: 'campionato' },
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().data).toMatchObject({ data: inDays(320), data_originale: inDays(301), data_da_definire: false });
  });
});

describe('migration 014 on existing rows', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.drop());

  it("reads the last bulk request of each 'rinviata' from the activity log; with none it is 'date to be set'; SEQUENCE and before-images kept", async () => {
    const q = (sql: string, params: unknown[] = []) => db.pool.query(sql, params);
    // The database as it was before 014 (and 016, which reads its column: its trigger back to 012's).
    const trigger012 = /CREATE FUNCTION public\.partite_notifiche_modifiche\(\)[\s\S]*?\$\$;/.exec(readFileSync(join(MIGRATIONS_DIR, '012-notifiche.sql'), 'utf8'))![0];
    await q(trigger012.replace('CREATE FUNCTION', 'CREATE OR REPLACE FUNCTION'));
    await q(`ALTER TABLE public.partite DROP CONSTRAINT partite_data_da_definire_rinviata, DROP COLUMN data_da_definire, DROP COLUMN data_originale`);
    await q(`DELETE FROM public.schema_migrations WHERE name IN ('014-rinvio-data.sql', '016-data-originale.sql')`);
    await q(`INSERT INTO public.gruppi (name) VALUES ('Pulcini')`);
    const ins = async (squadra: string, stato: string) =>
      (
        await q(
          `INSERT INTO public.partite (data, ora, squadracasa, squadratrasferta, gruppo, campo, tipo_gara, stato)
           VALUES ($1, '15:00', $2, 'Ospiti', 'Pulcini', 'Stadio', 'campionato', $3) RETURNING id`,
          [inDays(20), squadra, stato],
        )
      ).rows[0].id as number;
    const keep = await ins('Rinviata senza data', 'rinviata');
    const dated = await ins('Rinviata con data', 'rinviata');
    const shifted = await ins('Spostata', 'rinviata');
    const unknown = await ins('Senza traccia', 'rinviata');
    const undone = await ins('Rinvio annullato', 'rinviata');
    const planned = await ins('In programma', 'programmata');
    const log = (context: object, at: string) =>
      q(`INSERT INTO public.activity_logs (activity_type, activity_message, context, created_at) VALUES ('info', 'x', $1, $2)`, [JSON.stringify(context), at]);
    // 'dated' was first postponed keeping its date, later to a date: the last request counts.
    await log({ operazione: 'o1', azione: 'rinvia', nuovaData: null, giorni: null, ids: [keep, dated] }, '2026-01-01T10:00:00Z');
    await log({ operazione: 'o2', azione: 'rinvia', nuovaData: inDays(20), giorni: null, ids: [dated] }, '2026-01-02T10:00:00Z');
    await log({ operazione: 'o3', azione: 'sposta', nuovaData: null, giorni: 2, ids: [shifted, planned] }, '2026-01-03T10:00:00Z');
    // 'undone': a postponement to a date that was undone, so its earlier one (keeping the date) stands.
    await log({ operazione: 'o4', azione: 'rinvia', nuovaData: null, giorni: null, ids: [undone] }, '2026-01-04T10:00:00Z');
    await log({ operazione: 'o5', azione: 'rinvia', nuovaData: inDays(20), giorni: null, ids: [undone] }, '2026-01-05T10:00:00Z');
    await log({ operazione: 'o5', azione: 'rinvia', count: 1, motivo: null, ids: [undone] }, '2026-01-05T10:00:05Z');
    const image = [{ id: keep, stato: 'rinviata', data: inDays(20) }, { id: planned, stato: 'programmata', data: inDays(20) }];
    await q(`INSERT INTO public.partite_operazioni_stato (azione, righe, dopo) VALUES ('rinvia', $1, '{}')`, [JSON.stringify(image)]);
    const seqBefore = (await q('SELECT id, sequence FROM public.partite ORDER BY id')).rows;

    expect(await migrate(db.pool)).toEqual(['014-rinvio-data.sql', '016-data-originale.sql']);

    const flag = async (id: number) => (await q('SELECT data_da_definire FROM public.partite WHERE id = $1', [id])).rows[0].data_da_definire;
    expect([await flag(keep), await flag(dated), await flag(shifted), await flag(unknown), await flag(undone), await flag(planned)]).toEqual([
      true,
      false,
      false,
      true,
      true,
      false,
    ]);
    expect((await q('SELECT id, sequence FROM public.partite ORDER BY id')).rows).toEqual(seqBefore);
    const [{ righe }] = (await q('SELECT righe FROM public.partite_operazioni_stato')).rows;
    expect(righe).toEqual([
      { ...image[0], data_da_definire: true },
      { ...image[1], data_da_definire: false },
    ]);
  });
});

describe("'Rinvia' to a chosen slot (docs/matches.md, status): the whole slot in one action", () => {
  /** A home match on day `offset`, Campo Nord 10:00-11:30, rooms 1 and 2 unless told. */
  async function home(offset: number, over: { ora?: string; fine?: string; campo?: string; rooms?: [number | null, number | null]; casa?: boolean } = {}) {
    seq++;
    const [g, o] = over.rooms ?? [1, 2];
    const casa = over.casa ?? true;
    const { rows } = await t.db.pool.query(
      `INSERT INTO public.partite (data, ora, ora_fine, squadracasa, squadratrasferta, gruppo, campo, is_house_match, spogliatoio_gari, spogliatoio_ospiti, tipo_gara)
       VALUES ($1, $2, $3, $4, $5, 'Pulcini', $6, $7, $8, $9, 'campionato') RETURNING id`,
      [
        inDays(offset),
        over.ora ?? '10:00',
        casa ? (over.fine ?? '11:30') : null,
        casa ? `Garibaldina S${seq}` : `Livorno S${seq}`,
        casa ? `Ospiti S${seq}` : `Garibaldina S${seq}`,
        over.campo ?? 'Campo Nord',
        casa,
        casa ? g : null,
        casa ? o : null,
      ],
    );
    return rows[0].id as number;
  }
  const slot = (id: number, day: number, over: Record<string, unknown> = {}) => ({
    ids: [id],
    azione: 'rinvia',
    nuovaData: inDays(day),
    ora: '17:30',
    oraFine: '19:00',
    campo: 'Campo Sud',
    spogliatoioGari: 3,
    spogliatoioOspiti: 4,
    ...over,
  });
  const place = (r: Record<string, unknown>) => ({
    data: r.data,
    ora: r.ora,
    ora_fine: r.ora_fine,
    campo: r.campo,
    spogliatoio_gari: r.spogliatoio_gari,
    spogliatoio_ospiti: r.spogliatoio_ospiti,
    stato: r.stato,
    data_da_definire: r.data_da_definire,
    data_originale: r.data_originale,
  });

  it('applies date, start, end, pitch and rooms in the same action, logs them; the undo restores all of them', async () => {
    const id = await home(200);
    const [before] = await rowsOf([id]);
    const res = await stato(slot(id, 203, { motivo: 'Pioggia' }));
    expect(res.statusCode).toBe(200);
    const [after] = await rowsOf([id]);
    expect(place(after)).toEqual({
      data: inDays(203),
      ora: '17:30:00',
      ora_fine: '19:00:00',
      campo: 'Campo Sud',
      spogliatoio_gari: 3,
      spogliatoio_ospiti: 4,
      stato: 'rinviata',
      data_da_definire: false,
      data_originale: inDays(200),
    });
    expect(after.sequence).toBe(before.sequence + 1);
    const [log] = (await activities('Stato delle partite: 1 partita rinviata (motivo: Pioggia)')).slice(-1);
    expect(log.context).toMatchObject({
      operazione: res.json().operazione,
      azione: 'rinvia',
      nuovaData: inDays(203),
      slot: { ora: '17:30', oraFine: '19:00', campo: 'Campo Sud', spogliatoi: [3, 4] },
      ids: [id],
    });
    const back = await undo(res.json().operazione);
    expect(back.statusCode).toBe(200);
    expect(place((await rowsOf([id]))[0])).toEqual(place(before));
  });

  it('a slot on the same day (another time and pitch) is applied and checked too', async () => {
    const id = await home(205);
    // The match's own date, 13:00 on Campo Est: taken there by another match.
    const other = await home(205, { ora: '12:30', fine: '14:00', campo: 'Campo Est', rooms: [5, 6] });
    const refused = await stato(slot(id, 205, { ora: '13:00', oraFine: '14:30', campo: 'Campo Est' }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().conflitti).toEqual([expect.objectContaining({ partitaId: id, id: other, motivo: 'campo' })]);
    expect(refused.json().conflitti[0].messaggio).toContain('ore 13:00');
    const ok = await stato(slot(id, 205, { ora: '15:00', oraFine: '16:30', campo: 'Campo Est' }));
    expect(ok.statusCode).toBe(200);
    expect((await rowsOf([id]))[0]).toMatchObject({ data: inDays(205), ora: '15:00:00', ora_fine: '16:30:00', campo: 'Campo Est', data_originale: null });
  });

  it("a clash at the slot's place: 409 and nothing changed; confirmed: moved to the whole slot; the undo puts it back", async () => {
    const id = await home(210);
    // The new day is free at the match's old time and pitch (10:00, Campo Nord): only the slot's place is taken.
    const taken = await home(213, { ora: '17:00', fine: '18:30', campo: 'Campo Sud', rooms: [5, 6] });
    const [before] = await rowsOf([id]);
    const refused = await stato(slot(id, 213));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().conflitti).toEqual([expect.objectContaining({ partitaId: id, id: taken, motivo: 'campo' })]);
    expect(await rowsOf([id])).toEqual([before]);
    // Another pitch, but room 5 of the match there at that time: a rooms clash.
    const rooms = await stato(slot(id, 213, { campo: 'Campo Ovest', spogliatoioGari: 5, spogliatoioOspiti: 4 }));
    expect(rooms.statusCode).toBe(409);
    expect(rooms.json().conflitti.map((c: { motivo: string }) => c.motivo)).toEqual(['spogliatoio']);
    const ok = await stato(slot(id, 213, { confermaSovrapposizioni: true }));
    expect(ok.statusCode).toBe(200);
    expect((await rowsOf([id]))[0]).toMatchObject({ data: inDays(213), ora: '17:30:00', campo: 'Campo Sud', spogliatoio_gari: 3, spogliatoio_ospiti: 4 });
    expect((await undo(ok.json().operazione)).statusCode).toBe(200);
    expect(place((await rowsOf([id]))[0])).toEqual(place(before));
  });

  it("the undo checks the match's old place: taken since, 409 unless confirmed", async () => {
    const id = await home(220);
    const { operazione } = (await stato(slot(id, 222))).json();
    // Its old pitch and time (10:00 Campo Nord on day 220) taken since.
    const since = await home(220, { ora: '10:30', fine: '12:00', rooms: [5, 6] });
    const refused = await undo(operazione);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().conflitti).toEqual([expect.objectContaining({ partitaId: id, id: since, motivo: 'campo' })]);
    expect((await rowsOf([id]))[0]).toMatchObject({ data: inDays(222), campo: 'Campo Sud' });
  });

  it('an away match takes the start and the pitch; no end nor rooms are stored, as a save stores it', async () => {
    const id = await home(230, { casa: false, campo: 'Stadio Armando Picchi' });
    const res = await stato(slot(id, 231, { ora: '15:30', campo: 'Stadio di Collesalvetti' }));
    expect(res.statusCode).toBe(200);
    expect((await rowsOf([id]))[0]).toMatchObject({ data: inDays(231), ora: '15:30:00', ora_fine: null, campo: 'Stadio di Collesalvetti', spogliatoio_gari: null, spogliatoio_ospiti: null });
  });

  it('the slot fields with several matches, another action or without date, start and pitch: 400 in Italian, nothing changed', async () => {
    const a = await home(240);
    const b = await home(241, { campo: 'Campo Est' });
    const before = await rowsOf([a, b]);
    const cases: Array<[Record<string, unknown>, string]> = [
      [slot(a, 243, { ids: [a, b] }), STATUS_MSG.slotOnlyOne],
      [{ ...slot(a, 243), azione: 'sospendi', nuovaData: null }, STATUS_MSG.slotOnlyRinvia],
      [{ ids: [a], azione: 'annulla', campo: 'Campo Sud' }, STATUS_MSG.slotOnlyRinvia],
      [slot(a, 243, { nuovaData: null }), STATUS_MSG.slotIncomplete],
      [slot(a, 243, { ora: null }), STATUS_MSG.slotIncomplete],
      [slot(a, 243, { campo: '  ' }), STATUS_MSG.slotIncomplete],
    ];
    for (const [body, error] of cases) {
      const res = await stato(body);
      expect({ body, status: res.statusCode, error: res.json().error }).toEqual({ body, status: 400, error });
    }
    expect(await rowsOf([a, b])).toEqual(before);
  });

  it('bad values are refused with the match form messages (400), nothing changed', async () => {
    const id = await home(250);
    const [before] = await rowsOf([id]);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ora: '25:00' }, MSG.match.invalidTime],
      [{ ora: 1730 }, MSG.match.invalidTime],
      [{ oraFine: '7pm' }, MSG.match.invalidTime],
      [{ oraFine: '17:00' }, MSG.match.endNotAfterStart],
      // A home match needs its end (the edit form's message).
      [{ oraFine: null }, MSG.match.fillRequired],
      [{ campo: 'Campo\nSud' }, MSG.validation.singleLine(MSG.match.labels.campo)],
      [{ campo: 'C'.repeat(101) }, MSG.match.textTooLong],
      [{ spogliatoioGari: 8 }, MSG.match.roomsRange],
      [{ spogliatoioOspiti: 1.5 }, MSG.match.roomsRange],
      [{ spogliatoioGari: '3' }, MSG.match.roomsRange],
      [{ spogliatoioOspiti: 3 }, MSG.match.roomsDiffer],
      [{ nuovaData: inDays(-1) }, MSG.match.futureDate],
      [{ sala: 2 }, MSG.http.unknownField('sala')],
    ];
    for (const [over, error] of cases) {
      const res = await stato(slot(id, 252, over));
      expect({ over, status: res.statusCode, error: res.json().error }).toEqual({ over, status: 400, error });
    }
    expect(await rowsOf([id])).toEqual([before]);
  });
});
