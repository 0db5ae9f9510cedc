// The designated people on the day and week sheets (docs/export.md): officials made
// and designated through the real API (POST /api/dirigenti, PUT /api/partite/{id}/designazioni), the
// PDFs of the real routes read back with pdfjs-dist. Each match's card names the roles held, in the
// order Arbitro, Accompagnatore, Addetto all'arbitro; a match nobody is designated to prints none.
import { createTestApp, type TestApp } from '../../../test/app';
import { bearer, createUser, type TestUser } from '../../../test/users';
import { insertMatch } from '../../../test/matches';
import { RUOLO_LABELS } from '../../../common/officials/messages';
import type { Dirigente } from '../../../common/officials/rules';
import { activeContent, pdfPages } from '../../../test/exports';
import { designationLine } from './pdf';

let t: TestApp;
let reader: TestUser;
let editor: TestUser;

// Saturday 20 February 2027, in the week of Monday 15 February.
const DAY = '2027-02-20';
const api = (method: 'POST' | 'PUT', url: string, user: TestUser, payload: object) => t.app.inject({ method, url, headers: bearer(user), payload });
let seq = 0;
async function official(nome: string, cognome: string, qualifiche: string[]): Promise<Dirigente> {
  const res = await api('POST', '/api/dirigenti', editor, { nome, cognome, email: `dirigente${++seq}@example.it`, telefono: null, qualifiche });
  expect(res.statusCode).toBe(201);
  return res.json().data;
}
/** The PDF's text on one line (pdfjs splits runs and wrapped lines). */
async function sheet(url: string, payload: object): Promise<string> {
  const res = await api('POST', url, reader, payload);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  expect(activeContent(res.rawPayload)).toEqual([]);
  return (await pdfPages(res.rawPayload)).join(' ').replace(/\s+/g, ' ');
}

const FULL = "Arbitro: Mario Rossi · Accompagnatore: Luca Bianchi · Addetto all'arbitro: Giulia Verdi";
const AWAY = 'Accompagnatore: Luca Bianchi';

beforeAll(async () => {
  t = await createTestApp();
  reader = await createUser(t.db.pool, 'reader');
  editor = await createUser(t.db.pool, 'editor');
  await t.db.pool.query(`INSERT INTO public.gruppi (name, arbitro_societa) VALUES ('Pulcini', true), ('Allievi', false) ON CONFLICT DO NOTHING`);
  const mario = await official('Mario', 'Rossi', ['arbitro']);
  const luca = await official('Luca', 'Bianchi', ['accompagnatore']);
  const giulia = await official('Giulia', 'Verdi', ['addetto_arbitro']);
  // Three matches that Saturday: a home match with every role, an away one with its accompanying
  // official only (at another time: the same person), a home match with nobody.
  const home = await insertMatch(t.db.pool, { data: DAY, ora: '09:30', ora_fine: '10:45', squadracasa: 'Garibaldina Pulcini', squadratrasferta: 'Virtus Lucca', gruppo: 'Pulcini', is_house_match: true });
  const away = await insertMatch(t.db.pool, { data: DAY, ora: '16:00', squadracasa: 'Fortis Juventus', squadratrasferta: 'Garibaldina Allievi', gruppo: 'Allievi', is_house_match: false });
  await insertMatch(t.db.pool, { data: DAY, ora: '11:30', ora_fine: '12:45', squadracasa: 'Garibaldina Esordienti', squadratrasferta: 'Nessuno Designato', gruppo: 'Pulcini', is_house_match: true });
  const save = (id: number, body: object) => api('PUT', `/api/partite/${id}/designazioni`, editor, { arbitro: null, accompagnatore: null, addettoArbitro: null, ...body });
  expect((await save(home, { arbitro: mario.id, accompagnatore: luca.id, addettoArbitro: giulia.id })).statusCode).toBe(200);
  expect((await save(away, { accompagnatore: luca.id })).statusCode).toBe(200);
});
afterAll(() => t.close());

/** The text of the sheet from a card's teams to the next card's (or the end). */
const cardOf = (text: string, teams: string, next?: string) => text.slice(text.indexOf(teams), next ? text.indexOf(next) : undefined);

describe('designations on the sheets', () => {
  it('designationLine names the roles held only, in the order of RUOLO_LABELS', () => {
    expect(designationLine(undefined)).toBeNull();
    expect(designationLine({})).toBeNull();
    expect(designationLine({ addettoArbitro: 'Giulia Verdi', accompagnatore: 'Luca Bianchi' })).toBe(
      `${RUOLO_LABELS.accompagnatore}: Luca Bianchi  ·  ${RUOLO_LABELS.addettoArbitro}: Giulia Verdi`,
    );
  });

  it('the day sheet prints the designated names in each match card, none for a match without designations', async () => {
    const text = await sheet('/api/exports/day.pdf', { date: DAY });
    // The home column holds 09:30 then 11:30; the away column is drawn after each row's home card.
    const home = cardOf(text, 'Garibaldina Pulcini - Virtus Lucca', 'Fortis Juventus');
    expect(home).toContain(FULL);
    const away = cardOf(text, 'Fortis Juventus - Garibaldina Allievi', 'Garibaldina Esordienti');
    expect(away).toContain(AWAY);
    expect(away).not.toContain('Arbitro:');
    const bare = cardOf(text, 'Garibaldina Esordienti - Nessuno Designato');
    expect(bare).not.toMatch(/Arbitro:|Accompagnatore:|Addetto all'arbitro:/);
    expect(text.match(/Arbitro: Mario Rossi/g)).toHaveLength(1);
    expect(text.match(/Accompagnatore: Luca Bianchi/g)).toHaveLength(2);
  });

  it('the week sheet prints them too, on the line of each match', async () => {
    const text = await sheet('/api/exports/week.pdf', { weekStart: DAY });
    expect(cardOf(text, 'Garibaldina Pulcini - Virtus Lucca', 'Fortis Juventus')).toContain(FULL);
    expect(cardOf(text, 'Fortis Juventus - Garibaldina Allievi', 'Garibaldina Esordienti')).toContain(AWAY);
    expect(cardOf(text, 'Garibaldina Esordienti - Nessuno Designato')).not.toMatch(/Arbitro:|Accompagnatore:|Addetto all'arbitro:/);
  });

  it('a week without designations prints no role', async () => {
    const text = await sheet('/api/exports/week.pdf', { weekStart: '2027-03-03' });
    expect(text).not.toMatch(/Arbitro:|Accompagnatore:/);
  });
});
