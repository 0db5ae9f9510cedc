// Error-boundary catches reach the error log with the severity of docs/logs.md's rule (severityOf of
// common/logs/rules.ts, applied by the reporter): no fixed 'high' for every render failure. The rule:
// network, auth and CORS errors high; validation, bad request, not found medium; else low.
// (The public shell's boundary, src/app/PublicApp.tsx, reports the same way; src/api may not
// import the app, so it is not rendered here.)
import { createElement, type ComponentType, type ReactNode } from 'react';
import { render, waitFor } from '@testing-library/react';
import { loadReportRules, resetErrorReporterForTests, setErrorReportingEnabled } from './errorReporter';
import { ComponentErrorBoundary, PageErrorBoundary } from '../components/ErrorBoundaries';

interface Sent {
  message: string;
  type: string;
  severity?: string;
  context: Record<string, unknown>;
}

const realFetch = global.fetch;
let sent: Sent[] = [];

beforeAll(async () => {
  expect(await loadReportRules()).not.toBeNull();
});
beforeEach(() => {
  sent = [];
  global.fetch = (async (_input: RequestInfo | URL, init?: RequestInit) => {
    sent.push(JSON.parse(String(init?.body)));
    return new Response('{}', { status: 201 });
  }) as typeof fetch;
  resetErrorReporterForTests();
  // React logs every caught render error; the boundary's report is what is checked here.
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  jest.restoreAllMocks();
  resetErrorReporterForTests();
  global.fetch = realFetch;
});
afterAll(() => setErrorReportingEnabled(false));

function Boom({ error }: { error: Error }): ReactNode {
  throw error;
}

const boundaries: Array<[string, ComponentType<{ children: ReactNode }>]> = [
  ['PageErrorBoundary', PageErrorBoundary],
  ['ComponentErrorBoundary', ComponentErrorBoundary],
];

async function caught(Boundary: ComponentType<{ children: ReactNode }>, error: Error): Promise<Sent> {
  const view = render(createElement(Boundary, null, createElement(Boom, { error })));
  await waitFor(() => expect(sent).toHaveLength(1));
  view.unmount();
  return sent[0];
}

describe.each(boundaries)('%s', (_name, Boundary) => {
  it('reports an ordinary render failure as frontend, severity low (docs/logs.md: else low)', async () => {
    const report = await caught(Boundary, new TypeError("Cannot read properties of undefined (reading 'nome')"));
    expect(report).toMatchObject({ type: 'frontend', severity: 'low', message: "Cannot read properties of undefined (reading 'nome')" });
    expect(report.context.errorName).toBe('TypeError');
  });

  it('reports a network failure high and a not-found medium, as the rule says', async () => {
    expect((await caught(Boundary, new TypeError('Failed to fetch'))).severity).toBe('high');
    sent = [];
    resetErrorReporterForTests();
    expect((await caught(Boundary, new Error('Risorsa non trovata'))).severity).toBe('medium');
  });
});
