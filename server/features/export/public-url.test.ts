// Issue 32: without PUBLIC_URL the notice-board sheets (week and day PDFs) would carry a QR code to
// http://localhost; they say the address is not configured instead, and the server warns at start.
import { createTestApp, type TestApp } from '../../../test/app';
import { bearer, createUser, type TestUser } from '../../../test/users';
import { EXPORT_MSG } from '../../../common/export/rules';
import { loadConfig, publicUrlWarning } from '../../config';
import { insertMatches, pdfPages } from '../../../test/exports';

let t: TestApp;
let reader: TestUser;

beforeAll(async () => {
  // An empty value is an unset one (loadConfig drops empty variables): publicUrl falls back to localhost.
  t = await createTestApp({ env: { PUBLIC_URL: '' } });
  reader = await createUser(t.db.pool, 'reader');
  await insertMatches(t.db.pool, [{ data: '2026-11-21', ora: '10:00', squadracasa: 'Garibaldina 2013', squadratrasferta: 'Aquile', is_house_match: true }]);
});
afterAll(() => t.close());

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload, headers: bearer(reader) });

describe('PUBLIC_URL unset', () => {
  it('the config falls back to localhost and knows it was not set', () => {
    expect(t.config.publicUrlFromEnv).toBe(false);
    expect(t.config.publicUrl).toMatch(/^http:\/\/localhost:/);
  });

  it.each([
    ['week.pdf', '/api/exports/week.pdf', { weekStart: '2026-11-16' }],
    ['day.pdf', '/api/exports/day.pdf', { date: '2026-11-21' }],
  ])('%s: the footer says the address is not configured; no QR caption, no localhost address', async (_name, url, body) => {
    const res = await post(url, body);
    expect(res.statusCode).toBe(200);
    const pages = await pdfPages(res.rawPayload);
    expect(pages).toHaveLength(1);
    expect(pages[0]).toContain('Indirizzo pubblico non configurato (PUBLIC_URL)');
    expect(pages[0]).toContain(EXPORT_MSG.publicUrlMissing);
    expect(pages[0]).not.toContain('Inquadra per avere le partite sul telefono');
    expect(pages[0]).not.toContain('localhost');
    expect(pages[0]).toContain('Pagina 1 di 1');
  });

  it('the table PDF (never a QR) does not carry the notice', async () => {
    const res = await post('/api/exports/table.pdf', { from: '2026-11-21', to: '2026-11-21' });
    expect(res.statusCode).toBe(200);
    expect((await pdfPages(res.rawPayload)).join('\n')).not.toContain(EXPORT_MSG.publicUrlMissing);
  });
});

describe('the start-up warning (server/start.ts logs it once)', () => {
  it('is an Italian line naming PUBLIC_URL and the localhost address, only when PUBLIC_URL is unset', () => {
    const warning = publicUrlWarning(loadConfig({ PORT: '3000', DATA_DIR: '/tmp/x' }));
    expect(warning).toMatch(/^PUBLIC_URL non impostato: .*http:\/\/localhost:3000.*impostare PUBLIC_URL/);
    expect(publicUrlWarning(loadConfig({ PORT: '3000', DATA_DIR: '/tmp/x', PUBLIC_URL: 'https://calendario.example.it' }))).toBeNull();
  });
});
