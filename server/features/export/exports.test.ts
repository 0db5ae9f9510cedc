import { parse } from 'csv-parse/sync';
import { createTestApp, type TestApp } from '../../../test/app';
import { bearer, createUser, type TestUser } from '../../../test/users';
import { EXPORT_COLUMNS, EXPORT_MSG, exportRow, type ExportMatch } from '../../../common/export/rules';
import { insertMatches, pdfPages, type MatchRow } from '../../../test/exports';

let t: TestApp;
let reader: TestUser;

const get = (url: string, user: TestUser | null = reader) => t.app.inject({ method: 'GET', url, headers: user ? bearer(user) : {} });
const post = (url: string, payload: object, user: TestUser | null = reader) =>
  t.app.inject({ method: 'POST', url, payload, headers: user ? bearer(user) : {} });

// January 2026: 120 matches, three a day at 09:00 / 11:30 / 15:00, inserted in a shuffled order.
const JANUARY: MatchRow[] = Array.from({ length: 120 }, (_, i) => {
  const day = 1 + Math.floor(i / 4);
  const home = i % 2 === 0;
  return {
    data: `2026-01-${String(Math.min(day, 31)).padStart(2, '0')}`,
    ora: ['15:00', '09:00', '11:30', '17:45'][i % 4],
    squadracasa: home ? `Garibaldina ${i}` : `Ospiti ${i}`,
    squadratrasferta: home ? `Rivali ${i}` : `Garibaldina ${i}`,
    is_house_match: home,
    spogliatoio_gari: home ? 1 : null,
    spogliatoio_ospiti: home ? 2 : null,
    terreno: i % 3 === 0 ? null : 'erba',
    tipo_gara: 'torneo',
  };
}).reverse();

// Around a week across a year end (Mon 2026-12-28 .. Sun 2027-01-03) and a month end (Mon 2026-11-30 .. Sun 2026-12-06).
const EDGES: MatchRow[] = [
  { data: '2026-12-27', ora: '10:00', squadracasa: 'Prima Domenica', squadratrasferta: 'Fuori A' },
  { data: '2026-12-28', ora: '10:00', squadracasa: 'Lunedì Casa Garibaldina', squadratrasferta: 'Ospite Lunedì', is_house_match: true, ora_fine: '11:30' },
  { data: '2026-12-31', ora: '09:00', squadracasa: 'San Silvestro', squadratrasferta: 'Garibaldina Allievi' },
  { data: '2027-01-03', ora: '16:00', squadracasa: 'Garibaldina Befana', squadratrasferta: 'Ospiti Befana', is_house_match: true },
  { data: '2027-01-03', ora: '08:30', squadracasa: 'Mattino', squadratrasferta: 'Garibaldina Pulcini' },
  { data: '2027-01-04', ora: '10:00', squadracasa: 'Dopo Lunedì', squadratrasferta: 'Fuori B' },
  { data: '2026-11-29', ora: '10:00', squadracasa: 'Novembre Domenica', squadratrasferta: 'Fuori C' },
  { data: '2026-11-30', ora: '10:00', squadracasa: 'Novembre Lunedì', squadratrasferta: 'Fuori D' },
  { data: '2026-12-06', ora: '10:00', squadracasa: 'Dicembre Domenica', squadratrasferta: 'Fuori E' },
  { data: '2026-12-07', ora: '10:00', squadracasa: 'Dicembre Lunedì', squadratrasferta: 'Fuori F' },
];

// Saturday 21 November 2026: a normal Saturday, six home and six away matches.
const SATURDAY: MatchRow[] = Array.from({ length: 12 }, (_, i) => {
  const home = i < 6;
  return {
    data: '2026-11-21',
    ora: `${String(9 + i).padStart(2, '0')}:00`,
    ora_fine: home ? `${String(10 + i).padStart(2, '0')}:15` : null,
    squadracasa: home ? `Garibaldina Sab ${i}` : `Ștefănești ${i}`,
    squadratrasferta: home ? `Đakovo ${i}` : `Garibaldina Sab ${i}`,
    gruppo: 'Esordienti',
    campo: home ? 'Campo Garibaldi' : `Campo Trasferta ${i}`,
    is_house_match: home,
    spogliatoio_gari: home ? 3 : null,
    spogliatoio_ospiti: home ? 5 : null,
    terreno: home ? 'sintetico' : null,
    tipo_gara: 'campionato',
  };
});

beforeAll(async () => {
  t = await createTestApp();
  reader = await createUser(t.db.pool, 'reader');
  await insertMatches(t.db.pool, [...JANUARY, ...EDGES, ...SATURDAY]);
});
afterAll(() => t.close());

const sortedJanuary = () => [...JANUARY].sort((a, b) => (a.data + a.ora).localeCompare(b.data + b.ora));

describe('GET /api/exports/preview/table', () => {
  it('a page of 50 by default, sorted by date and time, with the period total; matches as read elsewhere', async () => {
    const res = await get('/api/exports/preview/table?from=2026-01-01&to=2026-01-31');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body.total).toBe(120);
    expect(body.items).toHaveLength(50);
    expect(body.items.map((m: ExportMatch) => `${m.data} ${m.ora} ${m.squadracasa}`)).toEqual(
      sortedJanuary().slice(0, 50).map((m) => `${m.data} ${m.ora} ${m.squadracasa}`),
    );
    expect(body.items[0]).toEqual({
      id: expect.any(Number),
      data: '2026-01-01',
      ora: '09:00',
      ora_fine: null,
      squadracasa: 'Ospiti 1',
      squadratrasferta: 'Garibaldina 1',
      gruppo: 'Pulcini',
      campo: 'Stadio Comunale',
      is_house_match: false,
      spogliatoio_gari: null,
      spogliatoio_ospiti: null,
      terreno: 'erba',
      tipo_gara: 'torneo',
      stato: 'programmata',
      motivo_stato: null,
      data_da_definire: false,
      data_originale: null,
    });
    const home = body.items.find((m: ExportMatch) => m.is_house_match);
    expect(home).toMatchObject({ ora_fine: '18:00', spogliatoio_gari: 1, spogliatoio_ospiti: 2 });
  });

  it('pages with limit and offset; the last page is short; past the end is empty', async () => {
    const all = sortedJanuary().map((m) => `${m.data} ${m.ora}`);
    const last = (await get('/api/exports/preview/table?from=2026-01-01&to=2026-01-31&limit=50&offset=100')).json();
    expect(last.total).toBe(120);
    expect(last.items.map((m: ExportMatch) => `${m.data} ${m.ora}`)).toEqual(all.slice(100));
    const big = (await get('/api/exports/preview/table?from=2026-01-01&to=2026-01-31&limit=100&offset=10')).json();
    expect(big.items).toHaveLength(100);
    expect(big.items.map((m: ExportMatch) => `${m.data} ${m.ora}`)).toEqual(all.slice(10, 110));
    const past = (await get('/api/exports/preview/table?from=2026-01-01&to=2026-01-31&offset=500')).json();
    expect(past).toEqual({ items: [], total: 120, counts: { programmata: 120, spostata: 0, da_definire: 0, sospesa: 0, annullata: 0 } });
    const oneDay = (await get('/api/exports/preview/table?from=2026-01-02&to=2026-01-02')).json();
    expect(oneDay.total).toBe(4);
  });

  it.each([
    ['', EXPORT_MSG.datesRequired],
    ['?from=2026-01-01', 'Seleziona le date di inizio e fine'],
    ['?from=2026-02-01&to=2026-01-01', 'La data di inizio deve essere precedente o uguale alla data di fine'],
    ['?from=2026-01-01&to=2026-13-01', EXPORT_MSG.invalidDate],
    ['?from=2026-01-01&to=2026-01-31&limit=0', EXPORT_MSG.invalidLimit],
    ['?from=2026-01-01&to=2026-01-31&limit=101', EXPORT_MSG.invalidLimit],
    ['?from=2026-01-01&to=2026-01-31&offset=-1', EXPORT_MSG.invalidOffset],
    ['?from=2026-01-01&to=2026-01-31&ordine=data', 'Campo non previsto: ordine'],
  ])('400 for %s', async (query, message) => {
    const res = await get(`/api/exports/preview/table${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message });
  });
});

describe('GET /api/exports/preview/week', () => {
  const names = (ms: ExportMatch[]) => ms.map((m) => m.squadracasa);

  it.each([
    ['a Sunday', '2027-01-03'],
    ['a Monday', '2026-12-28'],
    ['a Thursday across the year end', '2027-01-01'],
  ])('%s gives the week Monday 2026-12-28 .. Sunday 2027-01-03', async (_what, day) => {
    const res = await get(`/api/exports/preview/week?weekStart=${day}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.week).toEqual({ start: '2026-12-28', end: '2027-01-03' });
    expect(body.total).toBe(4);
    expect(names(body.casa)).toEqual(['Lunedì Casa Garibaldina', 'Garibaldina Befana']);
    expect(names(body.trasferta)).toEqual(['San Silvestro', 'Mattino']);
    expect(body.days.map((d: { date: string }) => d.date)).toEqual([
      '2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02', '2027-01-03',
    ]);
    expect(body.days[0]).toMatchObject({ casa: [{ squadracasa: 'Lunedì Casa Garibaldina', ora: '10:00', ora_fine: '11:30' }], trasferta: [] });
    expect(body.days[3]).toMatchObject({ casa: [], trasferta: [{ squadracasa: 'San Silvestro' }] });
    // Sunday: the away match at 08:30 and the home one at 16:00, each in its column.
    expect(names(body.days[6].casa)).toEqual(['Garibaldina Befana']);
    expect(names(body.days[6].trasferta)).toEqual(['Mattino']);
  });

  it('a week across a month end', async () => {
    const body = (await get('/api/exports/preview/week?weekStart=2026-12-02')).json();
    expect(body.week).toEqual({ start: '2026-11-30', end: '2026-12-06' });
    expect(body.total).toBe(2);
    expect(names(body.trasferta)).toEqual(['Novembre Lunedì', 'Dicembre Domenica']);
  });

  it('validation', async () => {
    for (const [q, message] of [
      ['', 'Seleziona la settimana di riferimento'],
      ['?weekStart=', 'Seleziona la settimana di riferimento'],
      ['?weekStart=2026-02-30', EXPORT_MSG.invalidDate],
      ['?weekStart=2026-11-21&x=1', 'Campo non previsto: x'],
    ]) {
      const res = await get(`/api/exports/preview/week${q}`);
      expect([res.statusCode, res.json()]).toEqual([400, { error: message }]);
    }
  });
});

describe('GET /api/exports/preview/day', () => {
  it('the date, its total and home and away matches in time order', async () => {
    const body = (await get('/api/exports/preview/day?date=2026-11-21')).json();
    expect(body.date).toBe('2026-11-21');
    expect(body.total).toBe(12);
    expect(body.casa.map((m: ExportMatch) => m.ora)).toEqual(['09:00', '10:00', '11:00', '12:00', '13:00', '14:00']);
    expect(body.trasferta.map((m: ExportMatch) => m.squadracasa)).toEqual(SATURDAY.slice(6).map((m) => m.squadracasa));
    expect((await get('/api/exports/preview/day?date=2026-11-22')).json()).toEqual({ date: '2026-11-22', total: 0, casa: [], trasferta: [] });
  });

  it('validation', async () => {
    const res = await get('/api/exports/preview/day');
    expect([res.statusCode, res.json()]).toEqual([400, { error: 'Seleziona la data' }]);
  });
});

describe('POST /api/exports/table.csv', () => {
  it('an attachment named partite_{from}_{to}.csv: UTF-8 with BOM, ; separator, CRLF, the rows of the preview', async () => {
    const res = await post('/api/exports/table.csv', { from: '2026-01-01', to: '2026-01-31' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="partite_2026-01-01_2026-01-31.csv"');
    expect(res.headers['cache-control']).toBe('no-store');
    const bytes = res.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8');
    expect(text.slice(1).split('\r\n')[0]).toBe(EXPORT_COLUMNS.join(';'));
    expect(text.split('\r\n')).toHaveLength(122); // header, 120 rows, and the final CRLF
    expect(text.replace(/\r\n/g, '')).not.toMatch(/\n/);

    const records: string[][] = parse(bytes, { bom: true, delimiter: ';', record_delimiter: '\r\n' });
    expect(records[0]).toEqual([...EXPORT_COLUMNS]);
    const preview = [
      ...(await get('/api/exports/preview/table?from=2026-01-01&to=2026-01-31&limit=100')).json().items,
      ...(await get('/api/exports/preview/table?from=2026-01-01&to=2026-01-31&limit=100&offset=100')).json().items,
    ];
    expect(records.slice(1)).toEqual(preview.map((m: ExportMatch) => Object.values(exportRow(m))));
    expect(records[1]).toEqual(['01/01/2026', '09:00', '', 'Ospiti 1', 'Garibaldina 1', 'Pulcini', 'Stadio Comunale', 'Erba', 'Torneo', 'Trasferta', 'In programma', '']);
    expect(records.find((r) => r[9] === 'Casa')).toEqual(expect.arrayContaining(['18:00', 'Casa']));
  });

  it('an empty period still gives the header row', async () => {
    const res = await post('/api/exports/table.csv', { from: '2030-01-01', to: '2030-01-31' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(`\ufeff${EXPORT_COLUMNS.join(';')}\r\n`);
  });

  it.each([
    [{}, 'Seleziona le date di inizio e fine'],
    [{ from: '2026-01-01', to: null }, 'Seleziona le date di inizio e fine'],
    [{ from: '2026-02-01', to: '2026-01-01' }, 'La data di inizio deve essere precedente o uguale alla data di fine'],
    [{ from: '2026-01-01', to: '2026-01-31', formato: 'xls' }, 'Campo non previsto: formato'],
  ])('400 for %j', async (body, message) => {
    const res = await post('/api/exports/table.csv', body);
    expect([res.statusCode, res.json()]).toEqual([400, { error: message }]);
  });
});

describe('PDF files', () => {
  it('table.pdf: A4 landscape pages, header row and page numbers on each, teams and dates', async () => {
    const res = await post('/api/exports/table.pdf', { from: '2026-01-01', to: '2026-01-31' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="partite_2026-01-01_2026-01-31.pdf"');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(res.rawPayload.toString('latin1')).toMatch(/\/MediaBox \[0 0 841\.89 595\.28\]/);
    const pages = await pdfPages(res.rawPayload);
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((text, i) => {
      expect(text).toContain(`Pagina ${i + 1} di ${pages.length}`);
      expect(text).toContain('Garibaldina');
      expect(text).toContain('Periodo: dal 01/01/2026 al 31/01/2026');
      expect(text).toMatch(/Data\s*Inizio\s*Fine\s*Casa\s*Trasferta\s*Gruppo\s*Campo\s*Terreno\s*Tipo\s*Casa\/\s*Trasferta/);
    });
    const all = pages.join('\n');
    expect(all).toContain('120 partite');
    for (const m of JANUARY) expect(all).toContain(m.squadracasa);
    expect(all).toContain('01/01/2026');
    expect(all).toContain('31/01/2026');
  });

  it('table.pdf of an empty period says so', async () => {
    const res = await post('/api/exports/table.pdf', { from: '2030-01-01', to: '2030-01-31' });
    expect(res.statusCode).toBe(200);
    const pages = await pdfPages(res.rawPayload);
    expect(pages).toHaveLength(1);
    expect(pages[0]).toContain('Nessuna partita trovata per il periodo selezionato');
    expect(pages[0]).toContain('Pagina 1 di 1');
    // The period table is no notice-board sheet: no feed QR code.
    expect(pages[0]).not.toContain('Inquadra per avere le partite sul telefono');
  });

  it('week.pdf: named by the computed Monday and Sunday; one A4 page for a normal Saturday; each day with home and away counts', async () => {
    const res = await post('/api/exports/week.pdf', { weekStart: '2026-11-21' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="partite_settimanali_2026-11-16_2026-11-22.pdf"');
    expect(res.headers['cache-control']).toBe('no-store');
    const pages = await pdfPages(res.rawPayload);
    expect(pages).toHaveLength(1);
    const text = pages[0];
    expect(text).toContain('Settimana dal 16/11/2026 al 22/11/2026');
    expect(text).toContain('Pagina 1 di 1');
    for (const day of ['Lunedì 16 novembre', 'Martedì 17 novembre', 'Mercoledì 18 novembre', 'Giovedì 19 novembre', 'Venerdì 20 novembre', 'Sabato 21 novembre', 'Domenica 22 novembre']) {
      expect(text).toContain(day);
    }
    expect(text).toContain('Casa (6)');
    expect(text).toContain('Trasferta (6)');
    expect(text).toContain('Ștefănești 7 - Garibaldina Sab 7');
    expect(text).toContain('09:00 - 10:15');
    expect(text).toContain('Đakovo 0');
    // The club feed's QR code and its caption in the corner of the notice-board sheet (docs/calendar.md).
    expect(text).toContain('Inquadra per avere le partite sul telefono');
    expect(text).toContain('http://localhost:3000/api/calendar.ics');
  });

  it('day.pdf: the date written out, home and away columns with counts, times, teams, campo, gruppo, tipo, terreno, rooms', async () => {
    const res = await post('/api/exports/day.pdf', { date: '2026-11-21' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="partite_giornaliere_2026-11-21.pdf"');
    const pages = await pdfPages(res.rawPayload);
    expect(pages).toHaveLength(1);
    // The lines as the sheet's width and type size break them (the type fills the page).
    const text = pages[0].replace(/\s+/g, ' ');
    expect(text).toContain('sabato 21 novembre 2026');
    expect(text).toContain('12 partite');
    expect(text).toContain('Casa (6)');
    expect(text).toContain('Trasferta (6)');
    expect(text).toContain('09:00 - 10:15');
    expect(text).toContain('Garibaldina Sab 0 - Đakovo 0');
    expect(text).toContain('Campo: Campo Garibaldi');
    expect(text).toContain('Terreno: Sintetico');
    expect(text).toContain('Gruppo: Esordienti');
    expect(text).toContain('Tipo: Campionato');
    expect(text).toContain('Spogliatoio Garibaldina: 3');
    expect(text).toContain('Spogliatoio ospiti: 5');
    expect(text).toContain('Pagina 1 di 1');
    expect(text).toContain('Inquadra per avere le partite sul telefono');
    expect(text).toContain('http://localhost:3000/api/calendar.ics');
  });

  it('validation of the PDF bodies', async () => {
    for (const [url, body, message] of [
      ['/api/exports/table.pdf', { from: '2026-01-01' }, 'Seleziona le date di inizio e fine'],
      ['/api/exports/week.pdf', {}, 'Seleziona la settimana di riferimento'],
      ['/api/exports/week.pdf', { weekStart: '2026-11-21', extra: true }, 'Campo non previsto: extra'],
      ['/api/exports/day.pdf', { date: '' }, 'Seleziona la data'],
      ['/api/exports/day.pdf', { date: '21/11/2026' }, EXPORT_MSG.invalidDate],
    ] as const) {
      const res = await post(url, body);
      expect([url, res.statusCode, res.json()]).toEqual([url, 400, { error: message }]);
    }
  });
});

describe('activity log', () => {
  it('each export writes one info record with kind, period and count; a preview writes none', async () => {
    await t.db.pool.query('DELETE FROM public.activity_logs');
    await get('/api/exports/preview/day?date=2026-11-21');
    await post('/api/exports/table.csv', { from: '2026-01-01', to: '2026-01-31' });
    await post('/api/exports/table.pdf', { from: '2026-01-01', to: '2026-01-02' });
    await post('/api/exports/week.pdf', { weekStart: '2026-11-19' });
    await post('/api/exports/day.pdf', { date: '2026-11-21' });
    const { rows } = await t.db.pool.query(
      'SELECT activity_type, activity_message, endpoint, user_email, user_role, context FROM public.activity_logs ORDER BY id',
    );
    expect(rows).toEqual([
      { activity_type: 'info', activity_message: 'Export CSV 2026-01-01 - 2026-01-31 (120 partite)', endpoint: 'POST /api/exports/table.csv',
        user_email: reader.email, user_role: 'reader', context: { kind: 'table.csv', from: '2026-01-01', to: '2026-01-31', count: 120 } },
      { activity_type: 'info', activity_message: 'Export PDF 2026-01-01 - 2026-01-02 (8 partite)', endpoint: 'POST /api/exports/table.pdf',
        user_email: reader.email, user_role: 'reader', context: { kind: 'table.pdf', from: '2026-01-01', to: '2026-01-02', count: 8 } },
      { activity_type: 'info', activity_message: 'Export PDF settimanale 2026-11-16 - 2026-11-22 (12 partite)', endpoint: 'POST /api/exports/week.pdf',
        user_email: reader.email, user_role: 'reader', context: { kind: 'week.pdf', from: '2026-11-16', to: '2026-11-22', count: 12 } },
      { activity_type: 'info', activity_message: 'Export PDF giornaliero 2026-11-21 (12 partite)', endpoint: 'POST /api/exports/day.pdf',
        user_email: reader.email, user_role: 'reader', context: { kind: 'day.pdf', from: '2026-11-21', to: '2026-11-21', count: 12 } },
    ]);
  });
});
