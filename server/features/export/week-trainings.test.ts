// The week sheet with the week's trainings (POST /api/exports/week.pdf with allenamenti: true,
// docs/export.md): series made through the real API, the PDF read back with pdfjs-dist. The
// band at the foot of the sheet lists each category's trainings of that week only, skipped dates
// left out; without the flag there is no band.
import { createTestApp, type TestApp } from '../../../test/app';
import { bearer, createUser, type TestUser } from '../../../test/users';
import { EXPORT_MSG, weekPdfBodySchema } from '../../../common/export/rules';
import type { Allenamento } from '../../../common/trainings/rules';
import { activeContent, insertMatches, pdfPages } from '../../../test/exports';
import { weekTrainings } from './week-pdf';

let t: TestApp;
let reader: TestUser;
let editor: TestUser;

// The week of Monday 15 February 2027 and the next one.
const WEEK = '2027-02-17';
const NEXT_WEEK = '2027-02-24';
const series = (over: Record<string, unknown>) => ({
  gruppo: 'Esordienti',
  campo: 'Campo Comunale',
  giorno: 1,
  oraInizio: '18:00',
  oraFine: '19:30',
  dal: '2027-01-04',
  al: '2027-05-31',
  spogliatoi: [],
  saltate: [],
  ...over,
});
async function create(over: Record<string, unknown>): Promise<Allenamento> {
  const res = await t.app.inject({ method: 'POST', url: '/api/allenamenti', headers: bearer(editor), payload: series(over) });
  expect(res.statusCode).toBe(201);
  return res.json().data;
}
const post = (payload: object) => t.app.inject({ method: 'POST', url: '/api/exports/week.pdf', headers: bearer(reader), payload });
/** The PDF's text on one line (pdfjs splits runs and wrapped lines). */
async function sheet(payload: object): Promise<{ text: string; pages: string[] }> {
  const res = await post(payload);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  expect(activeContent(res.rawPayload)).toEqual([]);
  const pages = await pdfPages(res.rawPayload);
  return { text: pages.join(' ').replace(/\s+/g, ' '), pages };
}

const ESORDIENTI_WEEK = 'Allenamenti Esordienti: lunedì 18:00-19:30 Campo Comunale (spogliatoi 3, 4)';
const PULCINI_WEEK = 'Allenamenti Pulcini: mercoledì 17:00-18:00 Campo Comunale; sabato 10:00-11:00 Campo Nord (spogliatoio 2)';

beforeAll(async () => {
  t = await createTestApp();
  reader = await createUser(t.db.pool, 'reader');
  editor = await createUser(t.db.pool, 'editor');
  await insertMatches(t.db.pool, [
    { data: '2027-02-20', ora: '15:00', squadracasa: 'Garibaldina Esordienti', squadratrasferta: 'Virtus Lucca', gruppo: 'Esordienti', is_house_match: true, campo: 'Campo Comunale' },
  ]);
  // Esordienti: Mondays, and Thursdays whose date of this week is skipped.
  await create({ spogliatoi: [4, 3] });
  await create({ giorno: 4, oraInizio: '17:00', oraFine: '18:30', campo: 'Campo Nord', spogliatoi: [1], saltate: ['2027-02-18'] });
  // Pulcini: Wednesdays and Saturdays.
  await create({ gruppo: 'Pulcini', giorno: 3, oraInizio: '17:00', oraFine: '18:00' });
  await create({ gruppo: 'Pulcini', giorno: 6, oraInizio: '10:00', oraFine: '11:00', campo: 'Campo Nord', spogliatoi: [2] });
  // Allievi: one series over before the week, one starting after it.
  await create({ gruppo: 'Allievi', giorno: 2, dal: '2027-01-04', al: '2027-02-14', campo: 'Campo Sud' });
  await create({ gruppo: 'Allievi', giorno: 2, dal: '2027-02-22', al: '2027-03-31', campo: 'Campo Sud' });
});
afterAll(() => t.close());

describe('week.pdf with allenamenti: true', () => {
  it("prints the band of that week's trainings at the foot of the sheet, by category, skipped dates left out", async () => {
    const { text, pages } = await sheet({ weekStart: WEEK, allenamenti: true });
    expect(pages).toHaveLength(1);
    // Categories by age (common/groups/order.ts): Pulcini before Esordienti.
    expect(text).toContain(`${PULCINI_WEEK} ${ESORDIENTI_WEEK}`);
    // The skipped Thursday, and Allievi (no training that week), are not there.
    expect(text).not.toContain('giovedì');
    expect(text).not.toContain('Allievi');
    expect(text).not.toContain('Campo Sud');
    // After the week's days (the match of Saturday is above the band).
    expect(text.indexOf('Virtus Lucca')).toBeLessThan(text.indexOf(ESORDIENTI_WEEK));
    expect(text.indexOf('Domenica')).toBeLessThan(text.indexOf(ESORDIENTI_WEEK));

    // The next week: the Thursday trains, Allievi's new series has started.
    const next = (await sheet({ weekStart: NEXT_WEEK, allenamenti: true })).text;
    expect(next).toContain(
      `${PULCINI_WEEK} Allenamenti Esordienti: lunedì 18:00-19:30 Campo Comunale (spogliatoi 3, 4); giovedì 17:00-18:30 Campo Nord (spogliatoio 1) Allenamenti Allievi: martedì 18:00-19:30 Campo Sud`,
    );
    // A week without matches still has its band, under 'Nessuna partita trovata per il periodo selezionato'.
    expect(next.indexOf(EXPORT_MSG.emptyPeriod)).toBeGreaterThan(-1);
    expect(next.indexOf(EXPORT_MSG.emptyPeriod)).toBeLessThan(next.indexOf('Allenamenti Allievi'));
  });

  it('leaves out the trainings of a day the club is closed (docs/trainings.md, closures)', async () => {
    // Closed on Monday 15 February 2027 only: the Esordienti Monday goes, the rest of the week stays.
    const closed = await t.app.inject({ method: 'POST', url: '/api/chiusure', headers: bearer(editor), payload: { nome: 'Festa', dal: '2027-02-15', al: '2027-02-15' } });
    expect(closed.statusCode).toBe(201);
    try {
      const { text } = await sheet({ weekStart: WEEK, allenamenti: true });
      expect(text).not.toContain('lunedì 18:00-19:30');
      expect(text).toContain(PULCINI_WEEK);
    } finally {
      await t.app.inject({ method: 'DELETE', url: `/api/chiusure/${closed.json().data.id}`, headers: bearer(editor) });
    }
  });

  it("without the flag (or with false) no band; with it, a week without trainings says so", async () => {
    for (const payload of [{ weekStart: WEEK }, { weekStart: WEEK, allenamenti: false }]) {
      const { text } = await sheet(payload);
      expect(text).toContain('Virtus Lucca');
      expect(text).not.toContain('Allenamenti');
    }
    const summer = (await sheet({ weekStart: '2027-08-04', allenamenti: true })).text;
    expect(summer).toContain(EXPORT_MSG.noTrainings);
  });

  it('keeps the strict body: allenamenti is a boolean, unknown fields are refused; the activity record says it', async () => {
    const bad = await post({ weekStart: WEEK, allenamenti: 'sì' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: EXPORT_MSG.invalidAllenamenti });
    expect((await post({ weekStart: WEEK, allenamenti: 1 })).statusCode).toBe(400);
    expect((await post({ weekStart: WEEK, allenamenti: true, training: true })).json()).toEqual({ error: 'Campo non previsto: training' });
    expect(weekPdfBodySchema.parse({ weekStart: WEEK })).toEqual({ weekStart: WEEK, stato: null, allenamenti: false });

    await sheet({ weekStart: WEEK, allenamenti: true });
    const { rows } = await t.db.pool.query(`SELECT context FROM public.activity_logs WHERE endpoint = 'POST /api/exports/week.pdf' ORDER BY id DESC LIMIT 1`);
    expect(rows[0].context).toEqual({ kind: 'week.pdf', from: '2027-02-15', to: '2027-02-21', count: 1, allenamenti: true });
  });

  it("the sheet of one category (the weekly digest's) names no category in its band", async () => {
    const { pdf } = await t.weekPdf({ start: '2027-02-15', end: '2027-02-21', gruppo: 'Pulcini', allenamenti: true });
    const text = (await pdfPages(pdf)).join(' ').replace(/\s+/g, ' ');
    expect(text).toContain('Allenamenti: mercoledì 17:00-18:00 Campo Comunale; sabato 10:00-11:00 Campo Nord (spogliatoio 2)');
    expect(text).not.toContain('Esordienti: lunedì');
    const without = (await pdfPages((await t.weekPdf({ start: '2027-02-15', end: '2027-02-21', gruppo: 'Pulcini' })).pdf)).join(' ');
    expect(without).not.toContain('Allenamenti');
  });

  it('a band longer than the page goes on to the next one, with the heading and the page numbers', async () => {
    const names = Array.from({ length: 45 }, (_, i) => `Squadra ${String(i + 1).padStart(2, '0')}`);
    await t.db.pool.query(`INSERT INTO public.gruppi (name) SELECT unnest($1::text[])`, [names]);
    await t.db.pool.query(
      `INSERT INTO public.allenamenti (gruppo, campo, giorno, ora_inizio, ora_fine, dal, al, spogliatoi)
       SELECT n, 'Campo ' || n, g, '18:00', '19:30', '2027-01-04', '2027-05-31', '{1,2}' FROM unnest($1::text[]) AS n, generate_series(1, 5) AS g`,
      [names],
    );
    try {
      const { text, pages } = await sheet({ weekStart: WEEK, allenamenti: true });
      expect(pages.length).toBeGreaterThan(1);
      pages.forEach((p, i) => {
        expect(p).toContain(EXPORT_MSG.weekTitle);
        expect(p).toContain(EXPORT_MSG.page(i + 1, pages.length));
      });
      for (const n of names) {
        expect(text).toContain(
          `Allenamenti ${n}: ${['lunedì', 'martedì', 'mercoledì', 'giovedì', 'venerdì'].map((g) => `${g} 18:00-19:30 Campo ${n} (spogliatoi 1, 2)`).join('; ')}`,
        );
      }
    } finally {
      await t.db.pool.query(`DELETE FROM public.gruppi WHERE name LIKE 'Squadra %'`);
    }
  });
});

describe('weekTrainings', () => {
  const s = (over: Partial<Allenamento>): Allenamento => ({ id: 1, ...series({}), ...over }) as Allenamento;
  it('the dates of the week each series trains on, by category then date and time; none for a category not training', () => {
    const groups = weekTrainings(
      [
        s({ id: 1, gruppo: 'A', giorno: 5, oraInizio: '18:00', oraFine: '19:00' }),
        s({ id: 2, gruppo: 'A', giorno: 1, oraInizio: '19:00', oraFine: '20:00' }),
        s({ id: 3, gruppo: 'A', giorno: 1, oraInizio: '17:00', oraFine: '18:00' }),
        s({ id: 4, gruppo: 'B', giorno: 3, saltate: ['2027-02-17'] }),
      ],
      '2027-02-15',
      '2027-02-21',
    );
    expect(groups.map((g) => [g.gruppo, g.items.map((i) => `${i.data} ${i.oraInizio}`)])).toEqual([['A', ['2027-02-15 17:00', '2027-02-15 19:00', '2027-02-19 18:00']]]);
    expect(weekTrainings([s({ gruppo: 'A' })], '2027-02-15', '2027-02-21', true)[0].gruppo).toBeNull();
  });
});
