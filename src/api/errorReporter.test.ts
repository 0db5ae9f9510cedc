import { severityOf } from '../../common/logs/rules';
import { STACK_MAX_LINES } from '../../common/logs/constants';
import {
  DEDUPE_MAX,
  DEDUPE_WINDOW_MS,
  QUEUE_MAX,
  REPORT_URL,
  THROTTLE_MS,
  installGlobalErrorReporting,
  loadReportRules,
  reportClientError,
  resetErrorReporterForTests,
  setErrorReportingEnabled,
  setReportToken,
} from './errorReporter';
import { reportForRejectedCall } from '../store/errorReportingMiddleware';

interface Sent {
  url: string;
  init: RequestInit;
  body: { message: string; type: string; severity?: string; stack?: string; context: Record<string, unknown> };
}

/** Records what leaves the browser; answers as the test says (the network is the boundary here). */
function recordFetch(answer: () => Promise<Response> = async () => new Response('{}', { status: 201 })) {
  const sent: Sent[] = [];
  global.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    sent.push({ url: String(input), init: init ?? {}, body: JSON.parse(String(init?.body)) });
    return answer();
  }) as typeof fetch;
  return sent;
}

const realFetch = global.fetch;

beforeAll(async () => {
  // The rules chunk is loaded once; from then on the reporter answers synchronously.
  expect(await loadReportRules()).not.toBeNull();
});

beforeEach(() => {
  jest.useFakeTimers({ now: new Date('2026-05-01T10:00:00Z') });
  resetErrorReporterForTests();
});

afterEach(() => {
  resetErrorReporterForTests();
  jest.useRealTimers();
  global.fetch = realFetch;
});

describe('severity (docs/logs.md) — the shared rule of common/logs/rules.ts', () => {
  it('network, auth and CORS errors are high; validation, bad request, not found medium; else low', () => {
    expect(severityOf({ message: 'Failed to fetch', name: 'TypeError' })).toBe('high');
    expect(severityOf({ message: 'Problemi di connessione - controlla la tua connessione internet' })).toBe('high');
    expect(severityOf({ message: 'Accesso negato - permessi insufficienti', status: 403 })).toBe('high');
    expect(severityOf({ message: 'Blocked by CORS policy' })).toBe('high');
    expect(severityOf({ message: 'x', status: 0 })).toBe('high');
    expect(severityOf({ message: 'Dati non validi - controlla i campi obbligatori', status: 400 })).toBe('medium');
    expect(severityOf({ message: 'Risorsa non trovata', status: 404 })).toBe('medium');
    expect(severityOf({ message: 'Validation failed' })).toBe('medium');
    expect(severityOf({ message: "Cannot read properties of undefined (reading 'x')", name: 'TypeError' })).toBe('low');
  });

  it('a report without a severity gets the rule; one with a severity keeps it', () => {
    const sent = recordFetch();
    reportClientError({ type: 'api', message: 'Risorsa non trovata', status: 404 });
    jest.advanceTimersByTime(THROTTLE_MS);
    reportClientError({ type: 'frontend', message: 'Qualcosa', severity: 'high' });
    jest.advanceTimersByTime(THROTTLE_MS);
    reportClientError({ type: 'api', message: 'Problemi di connessione', status: 0 });
    jest.advanceTimersByTime(THROTTLE_MS);
    expect(sent.map((s) => s.body.severity)).toEqual(['medium', 'high', 'high']);
  });
});

describe('the report', () => {
  it('posts to /api/error-logs with the bearer token, the stack cut to 20 lines and the context of docs/logs.md', () => {
    const sent = recordFetch();
    window.history.pushState({}, '', '/reset-password?access_token=secret#refresh_token=secret2');
    setReportToken(() => 'tok-123');
    const stack = ['TypeError: boom', ...Array.from({ length: 40 }, (_, i) => `    at f${i} (app.js:${i}:1)`)].join('\n');
    expect(reportClientError({ type: 'frontend', message: 'boom', name: 'TypeError', stack })).toBe(true);
    setReportToken(() => null);
    window.history.pushState({}, '', '/');

    expect(sent).toHaveLength(1);
    const [{ url, init, body }] = sent;
    expect(url).toBe(REPORT_URL);
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer tok-123');
    expect(body.stack!.split('\n')).toHaveLength(STACK_MAX_LINES);
    expect(body.stack!.split('\n')[19]).toBe('    at f18 (app.js:18:1)');
    expect(body.context).toMatchObject({ errorName: 'TypeError', timestamp: '2026-05-01T10:00:00.000Z', url: '/reset-password' });
    expect(body.context.userAgent).toEqual(expect.any(String));
    expect(body.context.hash).toMatch(/^[0-9a-f]{8}$/);
    // No tokens of the address bar in the report (credentials never reach the logs, docs/logs.md).
    expect(JSON.stringify(body)).not.toContain('secret');
  });

  it('is off until the app turns it on', () => {
    const sent = recordFetch();
    setErrorReportingEnabled(false);
    expect(reportClientError({ type: 'frontend', message: 'spento' })).toBe(false);
    jest.advanceTimersByTime(60_000);
    expect(sent).toHaveLength(0);
  });
});

describe('dedupe (docs/logs.md: 5 minutes, at most 100 entries)', () => {
  it('drops the same error within 5 minutes and reports it again after', () => {
    const sent = recordFetch();
    const err = { type: 'frontend' as const, message: 'Errore ripetuto', stack: 'Error: x\n    at a (app.js:1:1)' };
    expect(reportClientError(err)).toBe(true);
    jest.advanceTimersByTime(DEDUPE_WINDOW_MS - 1);
    expect(reportClientError(err)).toBe(false);
    // Another first frame is another error.
    expect(reportClientError({ ...err, stack: 'Error: x\n    at b (app.js:2:1)' })).toBe(true);
    jest.advanceTimersByTime(1);
    expect(reportClientError(err)).toBe(true);
    jest.advanceTimersByTime(3 * THROTTLE_MS);
    expect(sent.map((s) => s.body.stack?.split('\n')[1])).toEqual(['    at a (app.js:1:1)', '    at b (app.js:2:1)', '    at a (app.js:1:1)']);
  });

  it('remembers only the 100 most recent errors', () => {
    const sent = recordFetch();
    // A flood of 101 distinct errors: 1 sent, QUEUE_MAX queued, the rest dropped but remembered.
    for (let i = 0; i <= DEDUPE_MAX; i++) reportClientError({ type: 'frontend', message: `e${i}` });
    jest.advanceTimersByTime(QUEUE_MAX * THROTTLE_MS);
    expect(sent).toHaveLength(1 + QUEUE_MAX);
    // Still within 5 minutes: e1 and e50 are remembered; e0 was forgotten when e100 came in.
    expect(reportClientError({ type: 'frontend', message: 'e1' })).toBe(false);
    expect(reportClientError({ type: 'frontend', message: 'e50' })).toBe(false);
    expect(reportClientError({ type: 'frontend', message: 'e0' })).toBe(true);
    jest.advanceTimersByTime(THROTTLE_MS);
    expect(sent.at(-1)!.body.message).toBe('e0');
  });
});

describe('throttle (docs/logs.md: 10 s)', () => {
  it('sends at most one report every 10 s; distinct errors wait in a bounded queue, the overflow is counted', () => {
    const sent = recordFetch();
    for (let i = 0; i < 1 + QUEUE_MAX + 3; i++) reportClientError({ type: 'frontend', message: `errore ${i}` });
    expect(sent).toHaveLength(1);
    jest.advanceTimersByTime(THROTTLE_MS - 1);
    expect(sent).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(sent).toHaveLength(2);
    jest.advanceTimersByTime(THROTTLE_MS * (QUEUE_MAX - 1));
    expect(sent).toHaveLength(1 + QUEUE_MAX);
    expect(sent.map((s) => s.body.message)).toEqual(Array.from({ length: 1 + QUEUE_MAX }, (_, i) => `errore ${i}`));
    // The three that found the queue full were dropped and are counted in the next report sent.
    expect(sent.map((s) => s.body.context.droppedReports)).toEqual([undefined, 3, ...Array(QUEUE_MAX - 1).fill(undefined)]);
    jest.advanceTimersByTime(10 * THROTTLE_MS);
    expect(sent).toHaveLength(1 + QUEUE_MAX);
  });

  it('a report 10 s after the last one goes out at once', () => {
    const sent = recordFetch();
    reportClientError({ type: 'frontend', message: 'uno' });
    jest.advanceTimersByTime(THROTTLE_MS);
    reportClientError({ type: 'frontend', message: 'due' });
    expect(sent.map((s) => s.body.message)).toEqual(['uno', 'due']);
  });
});

describe('no loops', () => {
  it.each([
    ['answers 500', async () => new Response(JSON.stringify({ error: 'Errore del server' }), { status: 500, headers: { 'content-type': 'application/json' } })],
    ['fails to connect', async () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('a report whose POST %s is dropped: never reported, retried or re-queued', async (_label, answer) => {
    const sent = recordFetch(answer as () => Promise<Response>);
    const uninstall = installGlobalErrorReporting(window);
    try {
      reportClientError({ type: 'frontend', message: 'primo errore' });
      // Let the failed POST settle (and any report it might trigger).
      await jest.advanceTimersByTimeAsync(10 * THROTTLE_MS);
      expect(sent).toHaveLength(1);
    } finally {
      uninstall();
    }
  });

  it('the middleware never reports a call to the report URL', () => {
    expect(
      reportForRejectedCall({
        type: 'api/executeMutation/rejected',
        payload: { status: 404, message: 'Risorsa non trovata' },
        meta: { rejectedWithValue: true, arg: { endpointName: 'x' }, baseQueryMeta: { request: new Request('http://localhost/api/error-logs', { method: 'POST' }) } },
      }),
    ).toBeNull();
  });
});

describe('what reaches the error log: faults, not the answers to a user\'s mistakes', () => {
  const rejected = (status: number | 'FETCH_ERROR', data: unknown, message: string) =>
    reportForRejectedCall({
      type: 'api/executeMutation/rejected',
      payload: { status, message, data },
      meta: { rejectedWithValue: true, arg: { endpointName: 'x' }, baseQueryMeta: { request: new Request('http://localhost/api/gruppi/3', { method: 'DELETE' }) } },
    });

  it.each([
    [404, 'Partita non trovata - potrebbe essere stata eliminata'],
    [409, 'Impossibile eliminare il gruppo: ha partite collegate'],
    [400, 'Dati non validi - controlla i campi obbligatori'],
    [403, 'Non puoi eliminare il tuo account'],
    [422, 'Valore non valido'],
  ])('a %i our server answered with its message is no report', (status, message) => {
    expect(rejected(status, { error: message }, message)).toBeNull();
  });

  it.each([
    ['a 500 that is not our server\'s JSON answer', 500, null, 'Errore del server (500) - riprova tra qualche istante'],
    ['a proxy\'s 502 page', 502, '<html>Bad Gateway</html>', 'Errore del server (502) - riprova tra qualche istante'],
    ['a 404 of a route the server does not have', 404, { error: 'Risorsa non trovata' }, 'Risorsa non trovata'],
    ['a 4xx without our body', 405, null, 'HTTP 405'],
  ])('%s is reported, with its status', (_label, status, data, message) => {
    expect(rejected(status as number, data, message)).toMatchObject({ type: 'api', status, message, context: { endpoint: '/api/gruppi/3', method: 'DELETE' } });
  });

  it('a call that got no answer, and a crash in the query code, are reported', () => {
    expect(rejected('FETCH_ERROR', undefined, 'Problemi di connessione - controlla la tua connessione internet')).toMatchObject({ status: 0 });
    expect(
      reportForRejectedCall({ type: 'api/executeQuery/rejected', error: { name: 'TypeError', message: 'x is undefined' }, meta: { arg: { endpointName: 'getPartite' } } }),
    ).toMatchObject({ type: 'api', name: 'TypeError', message: 'x is undefined' });
  });

  it('a report of a 5xx still goes out; the answers to mistakes never leave the browser', () => {
    const sent = recordFetch();
    for (const status of [400, 404, 409]) {
      const report = rejected(status, { error: `errore ${status}` }, `errore ${status}`);
      if (report) reportClientError(report);
    }
    reportClientError(rejected(503, null, 'Errore del server (503) - riprova tra qualche istante')!);
    jest.advanceTimersByTime(10 * THROTTLE_MS);
    expect(sent.map((s) => [s.body.message, s.body.context.status])).toEqual([['Errore del server (503) - riprova tra qualche istante', 503]]);
  });
});

describe('window errors', () => {
  it("'error' and 'unhandledrejection' events are reported as frontend errors", () => {
    const sent = recordFetch();
    const uninstall = installGlobalErrorReporting(window);
    try {
      window.dispatchEvent(new ErrorEvent('error', { error: new RangeError('fuori intervallo'), message: 'fuori intervallo' }));
      const rejection = new Event('unhandledrejection') as Event & { reason?: unknown };
      rejection.reason = new Error('promessa fallita');
      window.dispatchEvent(rejection);
      jest.advanceTimersByTime(THROTTLE_MS);
    } finally {
      uninstall();
    }
    expect(sent.map((s) => [s.body.type, s.body.message, s.body.context.errorName])).toEqual([
      ['frontend', 'fuori intervallo', 'RangeError'],
      ['frontend', 'promessa fallita', 'Error'],
    ]);
  });
});
