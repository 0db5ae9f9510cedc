import { waitFor } from '@testing-library/react';
import { api } from '../api/api';
import { loadReportRules, resetErrorReporterForTests } from '../api/errorReporter';
import { startStandInServer, type StandInServer } from '../api/testServer';
import { setTestApiOrigin } from '../../test/render';
import { initialSessionState } from './sessionSlice';
import { setupStore } from './store';

// Probe endpoints on the app's one createApi, without retries so each failure is one call.
const probeApi = api.injectEndpoints({
  endpoints: (build) => ({
    probe: build.query<unknown, string>({ query: (path) => path, extraOptions: { maxRetries: 0 } }),
    probeWrite: build.mutation<unknown, string>({ query: (path) => ({ url: path, method: 'PUT', body: {} }), extraOptions: { maxRetries: 0 } }),
  }),
});

let server: StandInServer;

const ANSWERS: Record<string, { status: number; body?: unknown; raw?: string }> = {
  '/api/partite/999999': { status: 404, body: { error: 'Partita non trovata - potrebbe essere stata eliminata' } },
  '/api/partite/1': { status: 400, body: { error: 'Dati non validi - controlla i campi obbligatori' } },
  '/api/users': { status: 401, body: { error: 'Sessione scaduta' } },
  '/api/login-like': { status: 429, body: { error: 'Troppe richieste' } },
  '/api/boom': { status: 500, body: { error: 'Errore interno del server' } },
  '/api/ok': { status: 200, body: { ok: true } },
  '/api/error-logs': { status: 201, body: { ok: true } },
};

beforeAll(async () => {
  await loadReportRules();
  server = await startStandInServer((req) => {
    const path = req.url.split('?')[0];
    return ANSWERS[path] ?? { status: 404, body: { error: 'Non trovato' } };
  });
  setTestApiOrigin(server.origin);
});

afterAll(async () => {
  setTestApiOrigin(null);
  resetErrorReporterForTests();
  await server.close();
});

beforeEach(() => {
  resetErrorReporterForTests();
  server.requests.length = 0;
});

const reports = () => server.requests.filter((r) => r.url === '/api/error-logs').map((r) => JSON.parse(r.body));

async function waitForReports(n: number) {
  await waitFor(() => expect(reports().length).toBeGreaterThanOrEqual(n));
  return reports();
}

const signedInStore = () => setupStore({ session: { ...initialSessionState, status: 'signedIn', accessToken: 'tok' } });

describe('errorReportingMiddleware (real store, real fetch, a loopback server)', () => {
  it('reports a rejected query as type api with endpoint, method, status, severity medium for a 404', async () => {
    const store = signedInStore();
    await store.dispatch(probeApi.endpoints.probe.initiate('api/partite/999999'));
    const [report] = await waitForReports(1);
    expect(report).toMatchObject({
      type: 'api',
      severity: 'medium',
      message: 'Partita non trovata - potrebbe essere stata eliminata',
      context: { endpoint: '/api/partite/999999', method: 'GET', status: 404, endpointName: 'probe', errorName: 'ApiError' },
    });
    expect(report.stack.split('\n')[1]).toBe('    at GET /api/partite/999999');
  });

  it('reports a rejected mutation with its method', async () => {
    const store = signedInStore();
    await store.dispatch(probeApi.endpoints.probeWrite.initiate('api/partite/1'));
    const [report] = await waitForReports(1);
    expect(report).toMatchObject({ type: 'api', severity: 'medium', context: { endpoint: '/api/partite/1', method: 'PUT', status: 400 } });
  });

  it('leaves out 401, 429, our own 5xx, skipped calls, and successes', async () => {
    const store = signedInStore();
    await store.dispatch(probeApi.endpoints.probe.initiate('api/users'));
    await store.dispatch(probeApi.endpoints.probe.initiate('api/login-like'));
    await store.dispatch(probeApi.endpoints.probe.initiate('api/boom'));
    await store.dispatch(probeApi.endpoints.probe.initiate('api/ok'));
    // Signed out: the base query refuses before any request ('Utente non autenticato').
    const signedOut = setupStore();
    await signedOut.dispatch(probeApi.endpoints.probe.initiate('api/partite/999999'));
    // Then one that is reported, so the test knows the reporter was listening. The first report of a page
    // goes out at once and the next ones wait 10 s behind it: had any call above been reported, it would be
    // the one that arrived.
    await store.dispatch(probeApi.endpoints.probe.initiate('api/partite/999999'));
    await waitForReports(1);
    expect(reports().map((r) => r.context.endpoint)).toEqual(['/api/partite/999999']);
  });
});
