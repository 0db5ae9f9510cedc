import { waitFor } from '@testing-library/react';
import { api } from '../api/api';
import { loadReportRules, resetErrorReporterForTests } from '../api/errorReporter';
import { withStandInServer } from '../../test/render';
import { initialSessionState } from './sessionSlice';
import { setupStore } from './store';

// Probe endpoints on the app's one createApi, without retries so each failure is one call.
const probeApi = api.injectEndpoints({
  endpoints: (build) => ({
    probe: build.query<unknown, string>({ query: (path) => path, extraOptions: { maxRetries: 0 } }),
    probeWrite: build.mutation<unknown, string>({ query: (path) => ({ url: path, method: 'PUT', body: {} }), extraOptions: { maxRetries: 0 } }),
  }),
});

const ANSWERS: Record<string, { status: number; body?: unknown }> = {
  // The server refusing what the user asked, with its message: never a report.
  '/api/partite/999999': { status: 404, body: { error: 'Partita non trovata - potrebbe essere stata eliminata' } },
  '/api/partite/1': { status: 400, body: { error: 'Dati non validi - controlla i campi obbligatori' } },
  '/api/gruppi/7': { status: 409, body: { error: 'Impossibile eliminare il gruppo: ha 3 partite' } },
  '/api/users/me': { status: 403, body: { error: 'Non puoi eliminare il tuo account' } },
  '/api/partite/import': { status: 413, body: { error: 'Richiesta troppo grande' } },
  // Faults: a route the server does not have, a 4xx or 5xx that is not our server's answer.
  '/api/nowhere': { status: 404, body: { error: 'Risorsa non trovata' } },
  '/api/proxy': { status: 502, body: '<html><body>Bad Gateway</body></html>' },
  '/api/gone': { status: 405 },
  '/api/users': { status: 401, body: { error: 'Sessione scaduta' } },
  '/api/login-like': { status: 429, body: { error: 'Troppe richieste' } },
  '/api/boom': { status: 500, body: { error: 'Errore interno del server' } },
  '/api/ok': { status: 200, body: { ok: true } },
  '/api/error-logs': { status: 201, body: { ok: true } },
};

beforeAll(() => loadReportRules());
afterAll(() => resetErrorReporterForTests());

const server = withStandInServer((req) => {
  const path = req.url.split('?')[0];
  return ANSWERS[path] ?? { status: 404, body: { error: 'Non trovato' } };
});

beforeEach(() => {
  resetErrorReporterForTests();
});

const reports = () => server.requests.filter((r) => r.url === '/api/error-logs').map((r) => JSON.parse(r.body));

async function waitForReports(n: number) {
  await waitFor(() => expect(reports().length).toBeGreaterThanOrEqual(n));
  return reports();
}

const signedInStore = () => setupStore({ session: { ...initialSessionState, status: 'signedIn', accessToken: 'tok' } });

describe('errorReportingMiddleware (real store, real fetch, a loopback server)', () => {
  it('reports a call to a route the server does not have as type api with endpoint, method, status, severity medium', async () => {
    const store = signedInStore();
    await store.dispatch(probeApi.endpoints.probe.initiate('api/nowhere'));
    const [report] = await waitForReports(1);
    expect(report).toMatchObject({
      type: 'api',
      severity: 'medium',
      message: 'Risorsa non trovata',
      context: { endpoint: '/api/nowhere', method: 'GET', status: 404, endpointName: 'probe', errorName: 'ApiError' },
    });
    expect(report.stack.split('\n')[1]).toBe('    at GET /api/nowhere');
  });

  it('reports a rejected mutation with its method: a 5xx that is not our server\'s answer', async () => {
    const store = signedInStore();
    await store.dispatch(probeApi.endpoints.probeWrite.initiate('api/proxy'));
    const [report] = await waitForReports(1);
    expect(report).toMatchObject({ type: 'api', message: 'Errore del server (502) - riprova tra qualche istante', context: { endpoint: '/api/proxy', method: 'PUT', status: 502 } });
  });

  it("never reports the server refusing what the user asked (400, 403, 404, 409, 413 with its message); a 4xx without it is reported", async () => {
    const store = signedInStore();
    for (const path of ['api/partite/999999', 'api/gruppi/7', 'api/users/me', 'api/partite/import']) {
      await store.dispatch(probeApi.endpoints.probe.initiate(path));
    }
    await store.dispatch(probeApi.endpoints.probeWrite.initiate('api/partite/1'));
    // The first report of a page goes out at once, the next ones wait 10 s behind it: had any call
    // above been reported, it would be the one that arrived.
    await store.dispatch(probeApi.endpoints.probeWrite.initiate('api/gone'));
    await waitForReports(1);
    expect(reports().map((r) => [r.context.endpoint, r.context.status])).toEqual([['/api/gone', 405]]);
  });

  it('leaves out 401, 429, our own 5xx, skipped calls, and successes', async () => {
    const store = signedInStore();
    await store.dispatch(probeApi.endpoints.probe.initiate('api/users'));
    await store.dispatch(probeApi.endpoints.probe.initiate('api/login-like'));
    await store.dispatch(probeApi.endpoints.probe.initiate('api/boom'));
    await store.dispatch(probeApi.endpoints.probe.initiate('api/ok'));
    // Signed out: the base query refuses before any request ('Utente non autenticato').
    const signedOut = setupStore();
    await signedOut.dispatch(probeApi.endpoints.probe.initiate('api/nowhere'));
    // Then one that is reported, so the test knows the reporter was listening. The first report of a page
    // goes out at once and the next ones wait 10 s behind it: had any call above been reported, it would be
    // the one that arrived.
    await store.dispatch(probeApi.endpoints.probe.initiate('api/nowhere'));
    await waitForReports(1);
    expect(reports().map((r) => r.context.endpoint)).toEqual(['/api/nowhere']);
  });
});
