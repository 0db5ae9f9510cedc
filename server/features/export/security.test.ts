import { Readable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import { createTestApp, type TestApp } from '../../../test/app';
import { bearer, createUser, type TestUser } from '../../../test/users';
import { EXPORT_MSG, type ExportMatch } from '../../../common/export/rules';
import { csvStream, neutraliseCell } from './csv';
import { dayPdf, tablePdf, weekPdf } from './pdf';
import { activeContent, insertMatches, pdfPages } from '../../../test/exports';

let t: TestApp;
let reader: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  reader = await createUser(t.db.pool, 'reader');
});
afterAll(() => t.close());

const ROUTES: Array<[string, string, object | undefined]> = [
  ['GET', '/api/exports/preview/table?from=2026-01-01&to=2026-01-31', undefined],
  ['GET', '/api/exports/preview/week?weekStart=2026-11-21', undefined],
  ['GET', '/api/exports/preview/day?date=2026-11-21', undefined],
  ['POST', '/api/exports/table.csv', { from: '2026-01-01', to: '2026-01-31' }],
  ['POST', '/api/exports/table.pdf', { from: '2026-01-01', to: '2026-01-31' }],
  ['POST', '/api/exports/week.pdf', { weekStart: '2026-11-21' }],
  ['POST', '/api/exports/day.pdf', { date: '2026-11-21' }],
];

describe('sign-in required (docs/users.md, roles)', () => {
  it.each(ROUTES)('%s %s: anonymous 401, a bad token 401, a reader 200', async (method, url, payload) => {
    const body = payload ? { payload } : {};
    const anon = await t.app.inject({ method: method as 'GET', url, ...body });
    expect(anon.statusCode).toBe(401);
    expect(anon.json().error).toEqual(expect.any(String));
    const bad = await t.app.inject({ method: method as 'GET', url, ...body, headers: { authorization: 'Bearer nope' } });
    expect(bad.statusCode).toBe(401);
    const ok = await t.app.inject({ method: method as 'GET', url, ...body, headers: bearer(reader) });
    expect(ok.statusCode).toBe(200);
  });
});

describe('period cap', () => {
  it('more than 3 years is refused with an Italian message; exactly 3 years passes', async () => {
    for (const [method, url, payload] of [
      ['GET', '/api/exports/preview/table?from=2020-01-01&to=2023-01-02', undefined],
      ['POST', '/api/exports/table.csv', { from: '2020-01-01', to: '2023-01-02' }],
      ['POST', '/api/exports/table.pdf', { from: '2020-01-01', to: '2030-01-01' }],
    ] as const) {
      const res = await t.app.inject({ method, url, payload, headers: bearer(reader) });
      expect([url, res.statusCode, res.json()]).toEqual([url, 400, { error: EXPORT_MSG.periodTooLong }]);
    }
    const ok = await t.app.inject({ method: 'POST', url: '/api/exports/table.csv', payload: { from: '2020-01-01', to: '2023-01-01' }, headers: bearer(reader) });
    expect(ok.statusCode).toBe(200);
  });
});

describe('CSV cells a spreadsheet would run (docs/export.md, CSV)', () => {
  it('neutraliseCell puts a quote before = + - @ TAB CR LF, and only then', () => {
    for (const s of ['=1+1', '+39 333', '-2', '@SUM(A1)', '\tx', '\rx', '\nx']) expect(neutraliseCell(s)).toBe(`'${s}`);
    for (const s of ['Garibaldina', '1=1', 'a-b', '', "'già"]) expect(neutraliseCell(s)).toBe(s);
  });

  it('through the API: stored hostile names come back neutralised, quoted per RFC 4180', async () => {
    await insertMatches(t.db.pool, [
      { data: '2026-03-01', ora: '10:00', squadracasa: '=HYPERLINK("http://x";"y")', squadratrasferta: '+cmd|\' /C calc\'!A0' },
      { data: '2026-03-01', ora: '11:00', squadracasa: '-2+3', squadratrasferta: '@SUM(1;2)', campo: 'Campo "Nuovo"; lato B' },
    ]);
    const res = await t.app.inject({ method: 'POST', url: '/api/exports/table.csv', payload: { from: '2026-03-01', to: '2026-03-01' }, headers: bearer(reader) });
    const text = res.rawPayload.toString('utf8');
    expect(text).toContain('"\'=HYPERLINK(""http://x"";""y"")"');
    const rows: string[][] = parse(res.rawPayload, { bom: true, delimiter: ';' });
    expect(rows.slice(1).map((r) => [r[3], r[4], r[6]])).toEqual([
      ['\'=HYPERLINK("http://x";"y")', "'+cmd|' /C calc'!A0", 'Stadio Comunale'],
      ["'-2+3", "'@SUM(1;2)", 'Campo "Nuovo"; lato B'],
    ]);
  });

  it('cells with a leading TAB, CR or LF (not storable, but never trusted) are neutralised and quoted', async () => {
    const m: ExportMatch = {
      id: 1, data: '2026-03-01', ora: '10:00', ora_fine: null, squadracasa: '\t=1', squadratrasferta: '\r\n=2', gruppo: 'a\nb', campo: '\n@x',
      is_house_match: false, spogliatoio_gari: null, spogliatoio_ospiti: null, terreno: null, tipo_gara: null,
      stato: 'programmata', motivo_stato: null, data_da_definire: false, data_originale: null,
    };
    const chunks: Buffer[] = [];
    for await (const c of csvStream(Readable.from([m]))) chunks.push(Buffer.from(c));
    const rows: string[][] = parse(Buffer.concat(chunks), { bom: true, delimiter: ';' });
    expect(rows[1].slice(3, 7)).toEqual(["'\t=1", "'\r\n=2", 'a\nb', "'\n@x"]);
  });
});

describe('PDFs with hostile text (docs/export.md, PDF)', () => {
  const LONG = 'Lunghissimo'.repeat(910); // 10,010 characters
  const HOSTILE = [
    'Squadra (con) parentesi) e (',
    'Back\\slash \\n \\) \\\\',
    '<script>alert(1)</script>',
    'Ștefănești Đakovo Łódź Ærø',
    "Sant'Anna perché più città",
    // DejaVu Sans covers Latin, Greek and Cyrillic (not CJK).
    'Μπαρτσελόνα Спартак',
    '/JavaScript /Launch /OpenAction',
  ];
  const match = (i: number, squadracasa: string, squadratrasferta: string): ExportMatch => ({
    id: i, data: '2026-11-21', ora: '10:00', ora_fine: i % 2 ? null : '11:30', squadracasa, squadratrasferta, gruppo: 'Pulcini (B) \\ <b>', campo: HOSTILE[i % HOSTILE.length],
    is_house_match: i % 2 === 0, spogliatoio_gari: 1, spogliatoio_ospiti: 2, terreno: 'erba', tipo_gara: 'torneo',
    stato: 'programmata', motivo_stato: null, data_da_definire: false, data_originale: null,
  });
  const matches = [...HOSTILE.map((h, i) => match(i, h, `Ospiti ${i}`)), match(HOSTILE.length, LONG, 'Dopo il lungo')];
  const common = { clubName: 'Garibaldina (test) \\ <i>', generatedAt: '21/11/2026 10:00' };
  const split = { casa: matches.filter((m) => m.is_house_match), trasferta: matches.filter((m) => !m.is_house_match) };

  it.each([
    ['table', () => tablePdf({ ...common, from: '2026-11-21', to: '2026-11-21', matches })],
    ['week', () => weekPdf({ ...common, start: '2026-11-16', end: '2026-11-22', total: matches.length, days: [{ date: '2026-11-21', ...split }] })],
    ['day', () => dayPdf({ ...common, date: '2026-11-21', ...split })],
  ])('%s: renders, the text reads back as typed, no active content', async (_kind, make) => {
    const started = Date.now();
    const pdf = await make();
    expect(Date.now() - started).toBeLessThan(3000);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(activeContent(pdf)).toEqual([]);
    const pages = await pdfPages(pdf);
    const text = pages.join('\n');
    // pdf.js splits text runs on line wraps: compare without whitespace.
    const flat = text.replace(/\s+/g, '');
    for (const h of HOSTILE) expect(flat).toContain(h.replace(/\s+/g, ''));
    expect(flat).toContain('Garibaldina(test)\\<i>');
    expect(flat).toContain('LunghissimoLunghissimoLunghissimo');
    expect(flat).not.toContain(LONG); // cut before layout (400 characters)
    expect(flat).toContain('Dopoillungo');
    expect(text).toContain(`Pagina 1 di ${pages.length}`);
  });

  it('through the API: hostile names stored in the database print as typed, no active content', async () => {
    await insertMatches(t.db.pool, [
      { data: '2026-04-04', ora: '10:00', squadracasa: 'Garibaldina <script>alert(1)</script>', squadratrasferta: 'Ștefănești (a) \\ b', is_house_match: true },
    ]);
    for (const [url, payload] of [
      ['/api/exports/table.pdf', { from: '2026-04-04', to: '2026-04-04' }],
      ['/api/exports/week.pdf', { weekStart: '2026-04-04' }],
      ['/api/exports/day.pdf', { date: '2026-04-04' }],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url, payload, headers: bearer(reader) });
      expect(res.statusCode).toBe(200);
      expect(activeContent(res.rawPayload)).toEqual([]);
      const flat = (await pdfPages(res.rawPayload)).join('').replace(/\s+/g, '');
      expect(flat).toContain('Garibaldina<script>alert(1)</script>');
      expect(flat).toContain('Ștefănești(a)\\b');
    }
  });

  it('activeContent finds an action (the check can fail)', () => {
    expect(activeContent(Buffer.from('%PDF-1.3\n1 0 obj << /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >> endobj'))).toEqual([
      '/OpenAction', '/JavaScript', '/JS',
    ]);
  });
});
