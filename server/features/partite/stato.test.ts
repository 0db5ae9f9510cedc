import dayjs from 'dayjs';
import { createTestApp, type TestApp } from '../../../test/app';
import { bearer, createUser, type TestUser } from '../../../test/users';
import { todayIn } from '../../../common/dates';
import { MSG } from '../../../common/messages';
import { STATUS_MSG } from '../../../common/matchStatus';
import { purgeExpiredStatoOperations } from '../../plugins/stato-purge';
import { deleteStaleAuthRows } from '../../auth/housekeeping';

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
    const { rows } = await t.db.pool.query(
      `INSERT INTO public.partite (data, ora, squadracasa, squadratrasferta, gruppo, campo, tipo_gara)
       VALUES ($1, '15:00', $2, 'Atletico Pisa', 'Pulcini', 'Stadio', 'campionato') RETURNING id`,
      [inDays(dataOffset + i), `Virtus ${seq}`],
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
    const [log] = await activities('Stato delle partite: 1 partita ripristinate%');
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
    const swept = await deleteStaleAuthRows(t.db.pool);
    expect(swept.statoOperations).toBeGreaterThanOrEqual(1);
    const left = (await t.db.pool.query('SELECT id FROM public.partite_operazioni_stato WHERE id = ANY($1::uuid[])', [[old, fresh]])).rows;
    expect(left).toEqual([{ id: fresh }]);
    expect(await purgeExpiredStatoOperations(t.db.pool)).toBe(0);
  });
});
