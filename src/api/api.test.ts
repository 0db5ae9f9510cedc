/**
 * @jest-environment node
 */
import { startStandInServer, type StandInServer } from '../../test/stand-in-server';
import { api, type ApiError } from './api';
import { setupStore } from '../store/store';
import { sessionChanged, signedOut } from '../store/sessionSlice';

const probeApi = api.injectEndpoints({
  endpoints: (build) => ({
    probe: build.query<unknown, { url: string; public?: boolean }>({ query: ({ url }) => url }),
    publicProbe: build.query<unknown, string>({ query: (url) => url, extraOptions: { public: true } }),
  }),
});

describe('base query (docs/api.md: calls and errors)', () => {
  let server: StandInServer;
  const plan = new Map<string, Array<{ status: number; body?: unknown }>>();
  beforeAll(async () => {
    server = await startStandInServer((req) => {
      const queue = plan.get(req.url) ?? [];
      return queue.length > 1 ? queue.shift()! : (queue[0] ?? { status: 200, body: { ok: true } });
    });
  });
  afterAll(() => server.close());
  const stores: Array<ReturnType<typeof setupStore>> = [];
  // Sign-out ends each store's token-refresh loop, so no timer outlives the test.
  afterEach(() => stores.splice(0).forEach((s) => s.dispatch(signedOut())));

  const hits = (path: string) => server.requests.filter((r) => r.url === path).length;
  function signedInStore(refresh = jest.fn(async () => undefined)) {
    const store = setupStore(undefined, { refresh });
    stores.push(store);
    const now = Math.floor(Date.now() / 1000);
    store.dispatch(sessionChanged({ user: { id: 'u', email: 'a@b.it', role: 'reader' }, accessToken: 'tok', issuedAt: now, expiresAt: now + 3600 }));
    return { store, refresh };
  }
  const run = async (store: ReturnType<typeof setupStore>, path: string) => {
    const started = Date.now();
    const result = await store.dispatch(probeApi.endpoints.probe.initiate({ url: `${server.origin}${path}` }));
    return { error: result.error as ApiError | undefined, data: result.data, ms: Date.now() - started };
  };

  it('retries a 503 twice, after 1 s and 2 s, then gives the Italian message', async () => {
    plan.set('/a', [{ status: 503, body: {} }]);
    const { store } = signedInStore();
    const { error, ms } = await run(store, '/a');
    expect(hits('/a')).toBe(3);
    expect(ms).toBeGreaterThanOrEqual(3000);
    expect(ms).toBeLessThan(4500);
    expect(error).toEqual({ status: 503, message: 'Errore del server (503) - riprova tra qualche istante', data: {} });
  });

  it('succeeds when a retry of a 429 succeeds', async () => {
    plan.set('/b', [{ status: 429, body: {} }, { status: 200, body: { ok: 1 } }]);
    const { store } = signedInStore();
    const { data, error } = await run(store, '/b');
    expect(error).toBeUndefined();
    expect(data).toEqual({ ok: 1 });
    expect(hits('/b')).toBe(2);
  });

  it('never retries other 4xx and uses the server error field', async () => {
    plan.set('/c', [{ status: 403, body: { error: 'Non hai i permessi per creare gruppi' } }]);
    plan.set('/d', [{ status: 404 }]);
    const { store } = signedInStore();
    expect((await run(store, '/c')).error).toMatchObject({ status: 403, message: 'Non hai i permessi per creare gruppi' });
    expect((await run(store, '/d')).error).toMatchObject({ status: 404, message: 'Risorsa non trovata' });
    expect(hits('/c')).toBe(1);
    expect(hits('/d')).toBe(1);
  });

  it('sends the bearer token, and refuses protected calls without a session', async () => {
    const { store } = signedInStore();
    await run(store, '/e');
    expect(hits('/e')).toBe(1);
    const anonymous = setupStore();
    expect((await run(anonymous, '/f')).error).toEqual({ status: 401, message: 'Utente non autenticato' });
    expect(hits('/f')).toBe(0);
    const pub = await anonymous.dispatch(probeApi.endpoints.publicProbe.initiate(`${server.origin}/g`));
    expect(pub.data).toEqual({ ok: true });
  });

  it('asks for a token refresh when a response suggests it', async () => {
    plan.set('/h', [{ status: 200, body: {} }]);
    const { store, refresh } = signedInStore();
    const headerServer = await startStandInServer(() => ({ status: 200, body: {}, headers: { 'x-refresh-token-suggested': 'true' } }));
    await store.dispatch(probeApi.endpoints.probe.initiate({ url: `${headerServer.origin}/x` }));
    await headerServer.close();
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('maps an unreachable server to the connection message after two retries', async () => {
    const { store } = signedInStore();
    const started = Date.now();
    const result = await store.dispatch(probeApi.endpoints.probe.initiate({ url: 'http://127.0.0.1:9/nessuno' }));
    expect(result.error).toEqual({ status: 'FETCH_ERROR', message: 'Problemi di connessione - controlla la tua connessione internet' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(3000);
  });
});
