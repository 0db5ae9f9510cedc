/**
 * @jest-environment node
 */
// Slow calls (over 5 s, docs/api.md) are reported as performance errors. Every slow
// call to one endpoint must carry the same message, so the reporter's 5-minute dedupe and the
// server's upsert (both keyed on type, message and first stack frame) make one row with a count.
import * as reporter from './errorReporter';
import { startStandInServer, type StandInServer } from '../../test/stand-in-server';
import { api } from './api';
import { setupStore } from '../store/store';
import { sessionChanged, signedOut } from '../store/sessionSlice';

jest.mock('./errorReporter', () => {
  const actual = jest.requireActual<typeof import('./errorReporter')>('./errorReporter');
  return { ...actual, reportClientError: jest.fn(actual.reportClientError) };
});
const reportClientError = reporter.reportClientError as jest.MockedFunction<typeof reporter.reportClientError>;

const probeApi = api.injectEndpoints({
  endpoints: (build) => ({
    slowProbe: build.query<unknown, { url: string; n: number }>({ query: ({ url }) => url }),
  }),
});

describe('slow-call reports', () => {
  let server: StandInServer;
  // The stand-in server moves the clock the base query reads, so a call "takes" that long.
  let offset = 0;
  let nextDelay = 0;
  const realNow = Date.now.bind(Date);
  let store: ReturnType<typeof setupStore>;

  beforeAll(async () => {
    jest.spyOn(Date, 'now').mockImplementation(() => realNow() + offset);
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    server = await startStandInServer(() => {
      offset += nextDelay;
      return { status: 200, body: { ok: true } };
    });
    // The reporter's rules are a lazy chunk: loaded first, its answers are synchronous.
    await reporter.loadReportRules();
  });
  afterAll(async () => {
    // Clears the reporter's throttle timer (a report queued behind the 10 s throttle).
    reporter.resetErrorReporterForTests();
    reporter.setErrorReportingEnabled(false);
    await server.close();
    jest.restoreAllMocks();
  });
  beforeEach(() => {
    reporter.resetErrorReporterForTests();
    reportClientError.mockClear();
    store = setupStore(undefined, { refresh: jest.fn(async () => undefined) });
    const now = Math.floor(Date.now() / 1000);
    store.dispatch(sessionChanged({ user: { id: 'u', email: 'a@b.it', role: 'reader' }, accessToken: 'tok', issuedAt: now, expiresAt: now + 3600 }));
  });
  // Sign-out ends the store's token-refresh loop.
  afterEach(() => store.dispatch(signedOut()));

  const call = async (path: string, delay: number, n: number) => {
    nextDelay = delay;
    const result = await store.dispatch(probeApi.endpoints.slowProbe.initiate({ url: `${server.origin}${path}`, n }));
    nextDelay = 0;
    expect(result.data).toEqual({ ok: true });
  };

  it('gives two slow calls to one endpoint, with different durations and queries, the same message; the second is deduped', async () => {
    await call('/api/partite/public?campo=Stadio&data=2026-05-01', 5_600, 1);
    await call('/api/partite/public?campo=Palestra', 7_300, 2);

    expect(reportClientError).toHaveBeenCalledTimes(2);
    const [first, second] = reportClientError.mock.calls.map(([report]) => report);
    expect(first.message).toBe('Chiamata lenta: GET /api/partite/public');
    expect(second.message).toBe(first.message);
    expect(first).toMatchObject({ type: 'performance', severity: 'low' });
    // The durations and the query's parameter names (never its values) are in the context.
    expect(first.context).toMatchObject({ method: 'GET', path: '/api/partite/public', queryKeys: ['campo', 'data'] });
    expect(second.context).toMatchObject({ queryKeys: ['campo'] });
    expect(first.context!.elapsed).toBeGreaterThanOrEqual(5_600);
    expect(second.context!.elapsed).toBeGreaterThanOrEqual(7_300);
    expect(JSON.stringify([first, second])).not.toContain('Stadio');
    // The reporter accepted the first and dropped the second as a repeat (5-minute dedupe).
    expect(reportClientError.mock.results.map((r) => r.value)).toEqual([true, false]);
  });

  it('does not report a call under 5 s, and tells endpoints apart', async () => {
    await call('/api/gruppi', 1_000, 3);
    expect(reportClientError).not.toHaveBeenCalled();
    await call('/api/gruppi', 5_200, 4);
    await call('/api/users', 5_200, 5);
    expect(reportClientError.mock.calls.map(([r]) => r.message)).toEqual(['Chiamata lenta: GET /api/gruppi', 'Chiamata lenta: GET /api/users']);
  });
});
