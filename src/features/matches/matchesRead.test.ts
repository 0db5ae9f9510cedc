// The dashboard's read of `partite` through supabase-js (docs/matches.md, reading matches) takes the
// road of every call (docs/api.md): re-authorization after a 401, retries, slow-call reports and
// Italian errors, with the real store, the real supabase-js client and a loopback server speaking
// PostgREST's /rest/v1.
import * as reporter from '../../api/errorReporter';
import { MSG } from '../../../common/core/messages';
import { signedInStore, withStandInServer } from '../../../test/render';
import { sessionChanged, signedOut } from '../../store/sessionSlice';
import type { AppStore } from '../../store/store';
import { matchesApi } from './matchesApi';

jest.mock('../../api/errorReporter', () => {
  const actual = jest.requireActual<typeof import('../../api/errorReporter')>('../../api/errorReporter');
  return { ...actual, reportClientError: jest.fn(actual.reportClientError) };
});
const reportClientError = reporter.reportClientError as jest.MockedFunction<typeof reporter.reportClientError>;

const TODAY = '2026-05-01';
const ROW = {
  id: 7,
  data: '2026-05-02',
  ora: '10:30',
  squadracasa: 'Garibaldina',
  gruppo: 'Under 12',
  squadratrasferta: 'Ospiti',
  campo: 'Stadio',
  is_house_match: true,
  spogliatoio_gari: 1,
  spogliatoio_ospiti: 2,
  terreno: 'Erba',
  tipo_gara: 'Campionato',
};

/** How /rest/v1/partite answers, by the bearer token of the request. */
let answer: (token: string | undefined) => { status: number; body: unknown };
/** How long the server "takes" to answer: it moves the clock the base query reads. */
let takes = 0;
let offset = 0;
const realNow = Date.now.bind(Date);

const server = withStandInServer((req) => {
  const path = req.url.split('?')[0];
  if (path === '/api/config') return { status: 200, body: { supabaseUrl: server.origin, supabaseAnonKey: 'anon-key' } };
  if (path === '/rest/v1/partite') {
    offset += takes;
    return answer(req.headers.authorization?.replace(/^Bearer /, ''));
  }
  return { status: 404, body: { error: MSG.http.notFound } };
});
const reads = () => server.requests.filter((r) => r.url.split('?')[0] === '/rest/v1/partite');

let store: AppStore;
beforeAll(() => jest.spyOn(Date, 'now').mockImplementation(() => realNow() + offset));
afterAll(() => {
  reporter.resetErrorReporterForTests();
  reporter.setErrorReportingEnabled(false);
  jest.restoreAllMocks();
});
beforeEach(() => {
  takes = 0;
  reportClientError.mockClear();
  reporter.resetErrorReporterForTests();
});
// Sign-out ends the store's token-refresh loop.
afterEach(() => store.dispatch(signedOut()));

const load = () => store.dispatch(matchesApi.endpoints.getPartite.initiate(TODAY, { forceRefetch: true }));

describe("the dashboard's supabase-js read of partite", () => {
  it('sends the store\'s token, once, without supabase-js\'s own retries, and reads the rows', async () => {
    store = signedInStore('reader');
    answer = () => ({ status: 200, body: [ROW] });
    const result = await load();
    expect(result.error).toBeUndefined();
    expect(result.data).toEqual([expect.objectContaining({ id: 7, squadracasa: 'Garibaldina' })]);
    expect(reads()).toHaveLength(1);
    expect(reads()[0].headers.authorization).toBe('Bearer tok');
    expect(reads()[0].url).toBe(`/rest/v1/partite?select=*&data=gte.${TODAY}&order=data.asc%2Cora.asc`);
  });

  it('after a 401 refreshes the session once and reads again with the new token', async () => {
    const refresh = jest.fn(async () => {
      const now = Math.floor(Date.now() / 1000);
      store.dispatch(sessionChanged({ user: { id: 'u', email: 'e@x.it', role: 'reader' }, accessToken: 'tok2', issuedAt: now, expiresAt: now + 3600 }));
    });
    store = signedInStore('reader', refresh);
    answer = (token) => (token === 'tok2' ? { status: 200, body: [ROW] } : { status: 401, body: { code: 'PGRST303', details: null, hint: null, message: 'JWT expired' } });
    const result = await load();
    expect(result.error).toBeUndefined();
    expect(result.data).toHaveLength(1);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(reads().map((r) => r.headers.authorization)).toEqual(['Bearer tok', 'Bearer tok2']);
  });

  it('retries a 503 twice, after 1 s and 2 s, then fails with the Italian message', async () => {
    store = signedInStore('reader');
    const body = { code: 'PGRST000', details: null, hint: null, message: 'Database client error' };
    answer = () => ({ status: 503, body });
    const started = realNow();
    const result = await load();
    expect(reads()).toHaveLength(3);
    expect(realNow() - started).toBeGreaterThanOrEqual(3000);
    expect(result.error).toEqual({ status: 503, message: 'Errore del server (503) - riprova tra qualche istante', data: body });
  });

  it('reports a read slower than 5 s as a slow call, naming the table and the query\'s parameter names only', async () => {
    await reporter.loadReportRules();
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    store = signedInStore('reader');
    answer = () => ({ status: 200, body: [] });
    takes = 5_600;
    const result = await load();
    expect(result.data).toEqual([]);
    expect(reportClientError).toHaveBeenCalledTimes(1);
    const [report] = reportClientError.mock.calls[0];
    expect(report).toMatchObject({ type: 'performance', severity: 'low', message: 'Chiamata lenta: GET /rest/v1/partite' });
    expect(report.context).toMatchObject({ method: 'GET', path: '/rest/v1/partite', queryKeys: ['select', 'data', 'order'] });
    expect(JSON.stringify(report)).not.toContain(TODAY);
  });
});
