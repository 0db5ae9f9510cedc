// The exports say what every other output says (docs/matches.md, status). One match in each of the five meanings
// of common/matches/meaning.ts (in programma; moved to a new date; postponed with the date to be set;
// suspended; cancelled), set through the real status endpoint as an editor would, read back from
// the CSV (csv-parse), the three PDFs (pdf.js text) and the previews' JSON.
import dayjs from 'dayjs';
import { parse } from 'csv-parse/sync';
import { createTestApp, type TestApp } from '../../../test/app';
import { bearer, createUser, type TestUser } from '../../../test/users';
import { todayIn } from '../../../common/core/dates';
import { countLineOf } from '../../../common/matches/meaning';
import { EXPORT_COLUMNS, exportRow, formatDate, statusMark, weekRange, type DayPreview, type ExportMatch, type TablePreview, type WeekPreview } from '../../../common/export/rules';
import { countLine } from '../../../common/matches/meaning';
import { insertMatches, pdfPages } from '../../../test/exports';

let t: TestApp;
let reader: TestUser;
let editor: TestUser;

// A week in the future (the new date of 'rinvia' may not be before today): Monday .. Sunday.
const monday = dayjs(weekRange(dayjs(todayIn('Europe/Rome')).add(14, 'day').format('YYYY-MM-DD')).start);
const d = (n: number) => monday.add(n, 'day').format('YYYY-MM-DD');
/** The match day: Tuesday. The moved match was first on Thursday; Friday holds one cancelled match only. */
const DAY = d(1);
const FIRST_DATE = d(3);
const LONELY = d(4);
const SUNDAY = d(6);
/** A reason with a line break, a tab, quotes, a semicolon and a comma: one CSV cell, one row. */
const MOTIVO = 'Neve sul campo;\n"gelo" in area\tpiccola, rinvio';

const ids: Record<string, number> = {};
const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload, headers: bearer(reader) });
const get = (url: string) => t.app.inject({ url, headers: bearer(reader) });
const flat = (s: string) => s.replace(/\s+/g, ' ');

beforeAll(async () => {
  t = await createTestApp();
  [reader, editor] = await Promise.all([createUser(t.db.pool, 'reader'), createUser(t.db.pool, 'editor')]);
  await insertMatches(t.db.pool, [
    { data: DAY, ora: '09:00', squadracasa: 'Garibaldina Prima', squadratrasferta: 'Ospiti P', is_house_match: true, campo: 'Campo P' },
    { data: FIRST_DATE, ora: '10:00', squadracasa: 'Verdi FC', squadratrasferta: 'Garibaldina S', gruppo: 'Esordienti', campo: 'Campo S' },
    { data: DAY, ora: '11:00', squadracasa: 'Garibaldina Neve', squadratrasferta: 'Ospiti R', is_house_match: true, gruppo: 'Allievi', campo: 'Campo R' },
    { data: DAY, ora: '12:00', squadracasa: 'Bianchi FC', squadratrasferta: 'Garibaldina Z', campo: 'Campo Z' },
    { data: DAY, ora: '13:00', squadracasa: 'Rossi FC', squadratrasferta: 'Garibaldina A', gruppo: 'Esordienti', campo: 'Campo A' },
    { data: LONELY, ora: '15:00', squadracasa: 'Garibaldina Sola', squadratrasferta: 'Ospiti Soli', is_house_match: true, campo: 'Campo Solo' },
  ]);
  const { rows } = await t.db.pool.query('SELECT id, squadracasa FROM public.partite');
  for (const r of rows) ids[r.squadracasa] = r.id;
  const stato = async (payload: object) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/partite/stato', headers: bearer(editor), payload });
    expect([res.statusCode, res.body]).toEqual([200, expect.any(String)]);
  };
  await stato({ ids: [ids['Verdi FC']], azione: 'rinvia', nuovaData: DAY, motivo: 'Campo occupato' });
  await stato({ ids: [ids['Garibaldina Neve']], azione: 'rinvia', motivo: MOTIVO });
  await stato({ ids: [ids['Bianchi FC']], azione: 'sospendi', motivo: 'Nebbia' });
  await stato({ ids: [ids['Rossi FC']], azione: 'annulla', motivo: 'Ritiro "ospiti"' });
  await stato({ ids: [ids['Garibaldina Sola']], azione: 'annulla' });
});
afterAll(() => t.close());

const MOVED_NOTE = `Spostata dal ${formatDate(FIRST_DATE)}`;
/** What each match's Stato reads, in the period's order. */
const STATO_TEXT: Array<[string, string]> = [
  ['Garibaldina Prima', 'In programma'],
  ['Verdi FC', `In programma - ${MOVED_NOTE}`],
  ['Garibaldina Neve', 'Rinviata - data da definire'],
  ['Bianchi FC', 'Sospesa'],
  ['Rossi FC', 'Annullata'],
  ['Garibaldina Sola', 'Annullata'],
];
const WEEK_COUNT = '2 partite, 1 rinviata, 1 sospesa, 2 annullate';
const DAY_COUNT = '2 partite, 1 rinviata, 1 sospesa, 1 annullata';
const LONELY_COUNT = '0 partite, 1 annullata';

describe('the CSV (docs/matches.md, status)', () => {
  it('one row per match, the Stato column per meaning, the reason in one quoted multi-line cell', async () => {
    const res = await post('/api/exports/table.csv', { from: d(0), to: SUNDAY });
    expect(res.statusCode).toBe(200);
    const records: string[][] = parse(res.rawPayload, { bom: true, delimiter: ';', record_delimiter: '\r\n' });
    expect(records[0]).toEqual([...EXPORT_COLUMNS]);
    expect(records).toHaveLength(1 + STATO_TEXT.length);
    for (const r of records) expect(r).toHaveLength(EXPORT_COLUMNS.length);
    const col = (name: string) => EXPORT_COLUMNS.indexOf(name as (typeof EXPORT_COLUMNS)[number]);
    expect(records.slice(1).map((r) => [r[col('Casa')], r[col('Stato')]])).toEqual(STATO_TEXT);
    expect(records.slice(1).map((r) => r[col('Motivo')])).toEqual(['', 'Campo occupato', MOTIVO, 'Nebbia', 'Ritiro "ospiti"', '']);
    expect(records[2][col('Data')]).toBe(formatDate(DAY));
    // RFC 4180 on the wire: the reason quoted, its quotes doubled, its line break and tab kept inside.
    const text = res.rawPayload.toString('utf8');
    expect(text).toContain(`;"Neve sul campo;\n""gelo"" in area\tpiccola, rinvio"\r\n`);
    expect(text).toContain(';"Ritiro ""ospiti"""\r\n');
    // A reader that splits on ';', tab and ',' together (LibreOffice Calc's separator choices) and
    // takes any line break for the end of a row still reads the same rows.
    const loose: string[][] = parse(res.rawPayload, { bom: true, delimiter: [';', '\t', ','] });
    expect(loose).toEqual(records);
  });

  it('the status filter still picks both kinds of rinviata', async () => {
    const records: string[][] = parse((await post('/api/exports/table.csv', { from: d(0), to: SUNDAY, stato: 'rinviata' })).rawPayload, { bom: true, delimiter: ';' });
    expect(records.slice(1).map((r) => r.at(-2))).toEqual([`In programma - ${MOVED_NOTE}`, 'Rinviata - data da definire']);
  });
});

describe('the PDFs (docs/matches.md, status)', () => {
  it('the table: Stato is readMatch().text for each match; the heading counts the matches played and names the others', async () => {
    const pages = await pdfPages((await post('/api/exports/table.pdf', { from: d(0), to: SUNDAY })).rawPayload);
    const text = flat(pages.join('\n'));
    expect(text).toContain(WEEK_COUNT);
    expect(text).not.toContain('6 partite');
    // Cells wrap inside their column: compare without whitespace.
    const squeezed = text.replace(/\s+/g, '');
    for (const [, stato] of STATO_TEXT) expect(squeezed).toContain(stato.replace(/\s+/g, ''));
    expect(squeezed).toContain(MOTIVO.replace(/\s+/g, ''));
    expect(text).not.toMatch(/Rinviata(?! - data da definire)/);
  });

  it('the day sheet: a bold status beside the time; the moved match reads Spostata dal, not postponed; the heading counts', async () => {
    const pages = await pdfPages((await post('/api/exports/day.pdf', { date: DAY })).rawPayload);
    expect(pages).toHaveLength(1);
    const text = flat(pages[0]);
    expect(text).toContain(DAY_COUNT);
    expect(text).toMatch(/09:00 - 18:00\s*Garibaldina Prima - Ospiti P/);
    expect(text).toContain(`10:00 ${MOVED_NOTE} Verdi FC - Garibaldina S`);
    expect(text).toMatch(/11:00 - 18:00\s*Rinviata - data da definire\s*Garibaldina Neve - Ospiti R/);
    expect(text).toMatch(/12:00\s*Sospesa\s*Bianchi FC - Garibaldina Z/);
    expect(text).toMatch(/13:00\s*Annullata\s*Rossi FC - Garibaldina A/);
    // The reasons in the grey line, the one of several lines whole, the tab a space.
    expect(text).toContain(flat(`Motivo: ${MOTIVO}`));
    // The line break of the reason is kept on the sheet (the rest of it may wrap at the sheet's type size).
    expect(pages[0]).toMatch(/Motivo: Neve sul campo;\n"gelo" in area piccola,\s+rinvio/);
    expect(text).toContain('Motivo: Nebbia');
    expect(text).toContain('Motivo: Ritiro "ospiti"');
    expect(text).not.toMatch(/Stato:|RINVIATA|SOSPESA|ANNULLATA/);
    // The day whose only match is cancelled is not headed '1 partita'.
    const lonely = flat((await pdfPages((await post('/api/exports/day.pdf', { date: LONELY })).rawPayload)).join('\n'));
    expect(lonely).toContain(LONELY_COUNT);
    expect(lonely).toMatch(/15:00 - 18:00\s*Annullata\s*Garibaldina Sola - Ospiti Soli/);
    expect(lonely).not.toContain('1 partita');
    // The first date of the moved match no longer has it.
    const first = (await pdfPages((await post('/api/exports/day.pdf', { date: FIRST_DATE })).rawPayload)).join('\n');
    expect(first).toContain('Nessuna partita trovata per il periodo selezionato');
  });

  it('the week sheet: the same words beside the times, the counts of the week and of each day', async () => {
    const pages = await pdfPages((await post('/api/exports/week.pdf', { weekStart: DAY })).rawPayload);
    const text = flat(pages.join('\n'));
    expect(text).toContain(WEEK_COUNT);
    expect(text).toContain(`${DAY_COUNT} · Casa (2) · Trasferta (3)`);
    expect(text).toContain(`${LONELY_COUNT} · Casa (1) · Trasferta (0)`);
    expect(text).toContain(`10:00 ${MOVED_NOTE} Verdi FC - Garibaldina S`);
    expect(text).toMatch(/11:00 - 18:00\s*Rinviata - data da definire\s*Garibaldina Neve - Ospiti R/);
    expect(text).toMatch(/12:00\s*Sospesa\s*Bianchi FC/);
    expect(text).toMatch(/13:00\s*Annullata\s*Rossi FC/);
    expect(text).toMatch(/09:00 - 18:00\s*Garibaldina Prima/);
    expect(text).not.toMatch(/Stato:|RINVIATA/);
  });
});

describe('the previews (docs/matches.md, status)', () => {
  const byName = (ms: ExportMatch[]) => Object.fromEntries(ms.map((m) => [m.squadracasa, m]));

  it('each match carries what its status reads from; the sheets words and counts come out of it', async () => {
    const week: WeekPreview = (await get(`/api/exports/preview/week?weekStart=${DAY}`)).json();
    expect(week.total).toBe(6);
    const all = [...week.casa, ...week.trasferta];
    const m = byName(all);
    expect(m['Garibaldina Prima']).toMatchObject({ stato: 'programmata', data_da_definire: false, data_originale: null, motivo_stato: null });
    expect(m['Verdi FC']).toMatchObject({ data: DAY, stato: 'rinviata', data_da_definire: false, data_originale: FIRST_DATE, motivo_stato: 'Campo occupato' });
    expect(m['Garibaldina Neve']).toMatchObject({ data: DAY, stato: 'rinviata', data_da_definire: true, data_originale: null, motivo_stato: MOTIVO });
    expect(m['Bianchi FC']).toMatchObject({ stato: 'sospesa', data_da_definire: false });
    expect(m['Rossi FC']).toMatchObject({ stato: 'annullata', motivo_stato: 'Ritiro "ospiti"' });
    expect(Object.fromEntries(all.map((x) => [x.squadracasa, statusMark(x)?.text ?? null]))).toEqual({
      'Garibaldina Prima': null,
      'Verdi FC': MOVED_NOTE,
      'Garibaldina Neve': 'Rinviata - data da definire',
      'Bianchi FC': 'Sospesa',
      'Rossi FC': 'Annullata',
      'Garibaldina Sola': 'Annullata',
    });
    expect(countLine(all)).toBe(WEEK_COUNT);
    const tuesday = week.days.find((x) => x.date === DAY)!;
    expect(countLine([...tuesday.casa, ...tuesday.trasferta])).toBe(DAY_COUNT);
    expect(week.days.find((x) => x.date === FIRST_DATE)).toEqual({ date: FIRST_DATE, casa: [], trasferta: [] });

    const lonely: DayPreview = (await get(`/api/exports/preview/day?date=${LONELY}`)).json();
    expect(lonely.total).toBe(1);
    expect(countLine([...lonely.casa, ...lonely.trasferta])).toBe(LONELY_COUNT);
    const day: DayPreview = (await get(`/api/exports/preview/day?date=${DAY}`)).json();
    expect(countLine([...day.casa, ...day.trasferta])).toBe(DAY_COUNT);
    expect(byName([...day.casa, ...day.trasferta])['Verdi FC']).toMatchObject({ data_originale: FIRST_DATE, data_da_definire: false });
  });

  it('the table preview: its rows as the CSV reads them and the counts of the whole period, not of the page', async () => {
    const page: TablePreview = (await get(`/api/exports/preview/table?from=${d(0)}&to=${SUNDAY}&limit=2`)).json();
    expect(page.total).toBe(6);
    expect(page.items).toHaveLength(2);
    expect(page.counts).toEqual({ programmata: 1, spostata: 1, da_definire: 1, sospesa: 1, annullata: 2 });
    expect(countLineOf(page.counts)).toBe(WEEK_COUNT);
    const all: TablePreview = (await get(`/api/exports/preview/table?from=${d(0)}&to=${SUNDAY}`)).json();
    expect(all.items.map((x) => [x.squadracasa, exportRow(x).Stato])).toEqual(STATO_TEXT);
  });
});
