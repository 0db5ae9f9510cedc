import { createTestApp, type TestApp } from '../../../test/app';
import { bearer, createUser, type TestUser } from '../../../test/users';
import { todayIn } from '../../../common/core/dates';
import { MSG } from '../../../common/core/messages';
import { partitaToValues, toPayload } from '../../../common/matches/rules';
import { sanitizePartita, storedPartita } from '../../../common/matches/read';
import { insertMatch } from '../../../test/matches';

/*
 * docs/matches.md (reading matches): what is saved is what every later write starts from. The edit screen reads a match
 * (GET /api/partite/:id) and sends every field back: texts full of apostrophes, quotes and
 * semicolons must come back byte-identical. And names are single-line: a line break or a tab in a
 * team, pitch, category or referent is refused in Italian, nothing stored.
 */

let t: TestApp;
let editor: TestUser;
let admin: TestUser;
const inDays = (n: number) => {
  const d = new Date(`${todayIn()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};
const NAMES = {
  squadracasa: `A.C. Sant'Ambrogio "Vecchie Glorie"; Calcio`,
  squadratrasferta: `D'Annunzio & Dell'Orto; U.S.`,
  gruppo: `Pulcini "A"`,
  campo: `Campo Sant'Angelo; lato 'nord'`,
};

beforeAll(async () => {
  t = await createTestApp();
  editor = await createUser(t.db.pool, 'editor');
  admin = await createUser(t.db.pool, 'admin');
  await t.db.pool.query('INSERT INTO public.gruppi (name) VALUES ($1)', [NAMES.gruppo]);
});
afterAll(() => t.close());

const stored = async (id: number) =>
  (await t.db.pool.query('SELECT squadracasa, squadratrasferta, gruppo, campo, data, ora::text AS ora, ora_fine, tipo_gara FROM public.partite WHERE id = $1', [id])).rows[0];

describe('editing one field keeps every other field byte-identical', () => {
  it("the edit screen's chain (read, form values, payload) sends back the stored text", async () => {
    const id = await insertMatch(t.db.pool, { data: inDays(5), ora: '15:00', ...NAMES });
    const before = await stored(id);
    const res = await t.app.inject({ method: 'GET', url: `/api/partite/${id}`, headers: bearer(editor) });
    // What EditMatchPage does: storedPartita (matchesApi.getPartita), partitaToValues, the person changes the time, toPayload.
    const values = { ...partitaToValues(storedPartita(res.json().data)!), ora: '16:30' };
    const save = await t.app.inject({ method: 'PUT', url: `/api/partite/${id}`, headers: bearer(editor), payload: toPayload(values) });
    expect(save.statusCode).toBe(200);
    expect(await stored(id)).toEqual({ ...before, ora: '16:30:00' });
    for (const [k, v] of Object.entries(NAMES)) expect((await stored(id))[k]).toBe(v);
  });

  it('the display guard keeps names readable: quotes become typographic, never dropped', () => {
    const shown = sanitizePartita({ id: 1, data: inDays(5), ora: '15:00', ora_fine: null, is_house_match: false, ...NAMES });
    expect(shown?.squadracasa).toBe('A.C. Sant’Ambrogio ”Vecchie Glorie” Calcio');
    expect(shown?.squadratrasferta).toBe('D’Annunzio & Dell’Orto U.S.');
  });
});

describe('names are single-line', () => {
  const match = (over: Record<string, unknown>) => ({
    data: inDays(6), ora: '10:00', oraFine: null, squadraCasa: 'Lupi', squadraTrasferta: 'Orsi', campo: 'Campo 1', gruppo: NAMES.gruppo,
    isHouseMatch: false, spogliatoioGari: null, spogliatoioOspiti: null, terreno: null, tipoGara: 'campionato', ...over,
  });
  const count = async () => Number((await t.db.pool.query('SELECT count(*) FROM public.partite')).rows[0].count);

  it.each([
    ['squadraCasa', 'Lupi\nRossi', 'Squadra di casa'],
    ['squadraTrasferta', 'Orsi\tBlu', 'Squadra ospite'],
    ['campo', 'Campo\r1', 'Campo'],
  ])('a match with a control character in %s: 400 in Italian, nothing stored', async (field, value) => {
    const before = await count();
    const res = await t.app.inject({ method: 'POST', url: '/api/partite', headers: bearer(editor), payload: match({ [field]: value }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(MSG.validation.singleLine(MSG.match.labels[field as 'campo']));
    expect(await count()).toBe(before);
  });

  it('an import row with a tab in a name is a row error', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/partite/import',
      headers: bearer(editor),
      payload: { partite: [match({}), match({ squadraCasa: 'Lupi\tRossi', ora: '11:00' })] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(`Riga 2`);
    expect(res.json().error).toContain(MSG.validation.singleLine(MSG.match.labels.squadraCasa));
  });

  it('a category or a referent with a line break: 400 in Italian, nothing stored', async () => {
    const post = (payload: object) => t.app.inject({ method: 'POST', url: '/api/gruppi', headers: bearer(admin), payload });
    const groups = async () => Number((await t.db.pool.query('SELECT count(*) FROM public.gruppi')).rows[0].count);
    const before = await groups();
    const referente = { nome: 'Mario', cognome: 'Rossi', telefono: null };
    expect((await post({ name: 'Esordienti\nB', components: [referente] })).json().error).toBe(MSG.validation.singleLine(MSG.groups.name));
    expect((await post({ name: 'Esordienti', components: [{ ...referente, cognome: 'Rossi\nBianchi' }] })).json().error).toBe(
      MSG.validation.singleLine(MSG.groups.componentField(1, 'cognome')),
    );
    expect(await groups()).toBe(before);
  });
});
