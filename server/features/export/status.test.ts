// Match status (docs/matches.md, status) in the exports and the calendar feeds: the CSV column 'Stato', the
// status in the PDFs, the optional status filter, and 'RINVIATA: ' / STATUS:CANCELLED in the feeds.
import dayjs from 'dayjs';
import ICAL from 'ical.js';
import { parse } from 'csv-parse/sync';
import { createTestApp, type TestApp } from '../../../test/app';
import { bearer, createUser, type TestUser } from '../../../test/users';
import { todayIn } from '../../../common/core/dates';
import { EXPORT_MSG } from '../../../common/export/rules';
import { insertMatches, pdfPages } from '../../../test/exports';

let t: TestApp;
let reader: TestUser;
let editor: TestUser;
const today = todayIn('Europe/Rome');
const day = dayjs(today).add(10, 'day').format('YYYY-MM-DD');
const ids: Record<string, number> = {};

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload, headers: bearer(reader) });
const csvRecords = (body: string): string[][] => parse(body.replace(/^\uFEFF/, ''), { delimiter: ';' });

beforeAll(async () => {
  t = await createTestApp();
  [reader, editor] = await Promise.all([createUser(t.db.pool, 'reader'), createUser(t.db.pool, 'editor')]);
  await insertMatches(t.db.pool, [
    { data: day, ora: '09:00', squadracasa: 'Garibaldina Annullata', squadratrasferta: 'Ospiti A', is_house_match: true },
    { data: day, ora: '10:00', squadracasa: 'Rinviata Casa', squadratrasferta: 'Garibaldina B' },
    { data: day, ora: '11:00', squadracasa: 'Regolare Casa', squadratrasferta: 'Garibaldina C' },
  ]);
  const { rows } = await t.db.pool.query('SELECT id, squadracasa FROM public.partite');
  for (const r of rows) ids[r.squadracasa] = r.id;
  // Through the real endpoint, as an editor would.
  const stato = (payload: object) => t.app.inject({ method: 'POST', url: '/api/partite/stato', headers: bearer(editor), payload });
  expect((await stato({ ids: [ids['Garibaldina Annullata']], azione: 'annulla', motivo: 'Campo allagato' })).statusCode).toBe(200);
  expect((await stato({ ids: [ids['Rinviata Casa']], azione: 'rinvia', motivo: 'Neve' })).statusCode).toBe(200);
});
afterAll(() => t.close());

describe('exports', () => {
  it('the CSV has the column Stato with the Italian label of each match', async () => {
    const res = await post('/api/exports/table.csv', { from: day, to: day });
    expect(res.statusCode).toBe(200);
    const records = csvRecords(res.body);
    expect(records[0].slice(-2)).toEqual(['Stato', 'Motivo']);
    expect(records.slice(1).map((r) => [r[3], r.at(-2)])).toEqual([
      ['Garibaldina Annullata', 'Annullata'],
      ['Rinviata Casa', 'Rinviata - data da definire'],
      ['Regolare Casa', 'In programma'],
    ]);
  });

  it('the status filter of the CSV, the previews and the PDFs; an unknown status is a 400', async () => {
    const csv = csvRecords((await post('/api/exports/table.csv', { from: day, to: day, stato: 'annullata' })).body);
    expect(csv.slice(1).map((r) => r[3])).toEqual(['Garibaldina Annullata']);
    const all = csvRecords((await post('/api/exports/table.csv', { from: day, to: day, stato: '' })).body);
    expect(all).toHaveLength(4);
    const get = (url: string) => t.app.inject({ url, headers: bearer(reader) });
    const table = (await get(`/api/exports/preview/table?from=${day}&to=${day}&stato=rinviata`)).json();
    expect(table.total).toBe(1);
    expect(table.items[0]).toMatchObject({ squadracasa: 'Rinviata Casa', stato: 'rinviata', motivo_stato: 'Neve' });
    const dayPreview = (await get(`/api/exports/preview/day?date=${day}&stato=programmata`)).json();
    expect(dayPreview.total).toBe(1);
    const week = (await get(`/api/exports/preview/week?weekStart=${day}`)).json();
    expect(week.total).toBe(3);
    expect(week.casa[0]).toMatchObject({ stato: 'annullata', motivo_stato: 'Campo allagato' });
    const pdf = await post('/api/exports/table.pdf', { from: day, to: day, stato: 'annullata' });
    const text = (await pdfPages(pdf.rawPayload)).join('\n');
    expect(text.replace(/\s+/g, ' ')).toContain('Garibaldina Annullata');
    expect(text).not.toContain('Regolare Casa');
    const bad = await post('/api/exports/table.csv', { from: day, to: day, stato: 'rimandata' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe(EXPORT_MSG.invalidStato);
    expect((await get(`/api/exports/preview/day?date=${day}&stato=x`)).statusCode).toBe(400);
  });

  it('the table PDF has the Stato column; the day and week PDFs show the status and its reason', async () => {
    const table = (await pdfPages((await post('/api/exports/table.pdf', { from: day, to: day })).rawPayload)).join('\n');
    expect(table).toMatch(/Casa\/\s*Trasferta\s*Stato\s*Motivo/);
    expect(table).toContain('Annullata');
    expect(table.replace(/\s+/g, ' ')).toContain('Rinviata - data da definire');
    expect(table).toContain('In programma');
    // Dates stay on one line with the extra column.
    expect(table).toContain(`${day.slice(8)}/${day.slice(5, 7)}/${day.slice(0, 4)} 09:00`);
    // The status in bold beside the time, the reason in the grey line (docs/export.md).
    const dayText = (await pdfPages((await post('/api/exports/day.pdf', { date: day })).rawPayload)).join('\n').replace(/\s+/g, ' ');
    expect(dayText).toMatch(/09:00 - 18:00\s*Annullata\s*Garibaldina\s*Annullata - Ospiti A/);
    expect(dayText).toContain('Motivo: Campo allagato');
    expect(dayText).toMatch(/10:00\s*Rinviata - data da definire\s*Rinviata\s*Casa - Garibaldina B/);
    expect(dayText).toContain('Motivo: Neve');
    expect(dayText).toMatch(/11:00\s*Regolare Casa - Garibaldina C/);
    expect(dayText).not.toContain('Stato:');
    expect(dayText).toContain('1 partita, 1 rinviata, 1 annullata');
    const weekText = (await pdfPages((await post('/api/exports/week.pdf', { weekStart: day })).rawPayload)).join('\n');
    expect(weekText).toMatch(/09:00 - 18:00\s*Annullata\s*Garibaldina Annullata/);
    expect(weekText).toContain('Motivo: Campo allagato');
  });
});

describe('calendar feeds', () => {
  // docs/matches.md, status (common/matches/meaning.ts): a match postponed with its date to be set is CANCELLED at its old time too.
  it("a postponed match's SUMMARY starts with 'RINVIATA: ', a cancelled one's with 'ANNULLATA: '; both are STATUS:CANCELLED, the others CONFIRMED", async () => {
    const res = await t.app.inject({ url: '/api/calendar.ics' });
    expect(res.statusCode).toBe(200);
    const cal = new ICAL.Component(ICAL.parse(res.body));
    const byUid = new Map(cal.getAllSubcomponents('vevent').map((e) => [String(e.getFirstPropertyValue('uid')), e]));
    const ev = (name: string) => byUid.get(`partita-${ids[name]}@localhost`)!;
    expect(ev('Rinviata Casa').getFirstPropertyValue('summary')).toBe('RINVIATA: Rinviata Casa - Garibaldina B (Pulcini)');
    expect(ev('Rinviata Casa').getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(String(ev('Rinviata Casa').getFirstPropertyValue('description'))).toMatch(/^Stato: Rinviata - data da definire\nMotivo: Neve\nCategoria: Pulcini/);
    expect(ev('Garibaldina Annullata').getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(ev('Garibaldina Annullata').getFirstPropertyValue('summary')).toBe('ANNULLATA: Garibaldina Annullata - Ospiti A (Pulcini)');
    expect(ev('Regolare Casa').getFirstPropertyValue('status')).toBe('CONFIRMED');
    expect(ev('Regolare Casa').getFirstPropertyValue('summary')).toBe('Regolare Casa - Garibaldina C (Pulcini)');
    // The status change bumped SEQUENCE (migration 008's trigger compares whole rows).
    expect(ev('Rinviata Casa').getFirstPropertyValue('sequence')).toBe(1);
    expect(ev('Regolare Casa').getFirstPropertyValue('sequence')).toBe(0);
  });
});
