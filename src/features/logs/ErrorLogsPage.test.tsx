import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, withStandInServer } from '../../../test/render';
import { LOGS_MSG } from '../../../common/logs/messages';
import { type ErrorLogEntry, type ErrorStat } from '../../../common/logs/rules';
import { initialSessionState } from '../../store/sessionSlice';
import ErrorLogsPage from './ErrorLogsPage';

const S = LOGS_MSG.screen;
const CONFIG = { supabaseUrl: '/', supabaseAnonKey: 'anon', clubName: 'Garibaldina', timezone: 'Europe/Rome' };

function entry(i: number, over: Partial<ErrorLogEntry> = {}): ErrorLogEntry {
  return {
    id: `${String(i).padStart(8, '0')}-1111-4111-8111-111111111111`,
    error_type: 'api',
    severity: 'medium',
    error_message: `Errore numero ${i}`,
    error_stack: `ApiError: Errore numero ${i}\n    at GET /api/partite/${i}`,
    endpoint: `/api/partite/${i}`,
    method: 'GET',
    status_code: 404,
    occurrence_count: 1,
    first_occurred_at: '2026-05-01T08:00:00Z',
    last_occurred_at: '2026-05-01T08:00:00Z',
    created_at: '2026-05-01T08:00:00Z',
    error_hash: `hash${i}`.padEnd(64, '0'),
    context: { url: '/modifica-partita/1', browser: { lang: 'it-IT' } },
    user_id: null,
    user_email: null,
    user_role: null,
    resolved: false,
    resolved_at: null,
    notes: null,
    ...over,
  };
}

const STATS: ErrorStat[] = [
  { error_type: 'api', severity: 'medium', total_errors: 12, unresolved_errors: 5 },
  { error_type: 'frontend', severity: 'low', total_errors: 9, unresolved_errors: 9 },
  { error_type: 'backend', severity: 'high', total_errors: 4, unresolved_errors: 1 },
  { error_type: 'database', severity: 'critical', total_errors: 3, unresolved_errors: 3 },
  { error_type: 'auth', severity: 'high', total_errors: 2, unresolved_errors: 0 },
  { error_type: 'performance', severity: 'low', total_errors: 1, unresolved_errors: 1 },
];

let rows: ErrorLogEntry[];
let total: number;
let failList = false;
let failBulk = false;

const server = withStandInServer((req) => {
  const url = new URL(req.url, 'http://x');
  if (url.pathname === '/api/config') return { status: 200, body: CONFIG };
  if (req.method === 'GET' && url.pathname === '/api/error-logs') {
    if (failList) return { status: 403, body: { error: 'Non hai i permessi per consultare i log' } };
    const limit = Number(url.searchParams.get('limit') ?? 25);
    // A filtered list is shorter, so the screen shows which query it got.
    const filtered = [...url.searchParams.keys()].some((k) => k !== 'page' && k !== 'limit');
    const count = filtered ? 5 : total;
    // The server counts up to 10,000 (LOG_COUNT_CAP), then answers countExact: false.
    const capped = Math.min(count, 10_000);
    return {
      status: 200,
      body: { data: rows, count: capped, countExact: count <= 10_000, page: Number(url.searchParams.get('page') ?? 1), totalPages: Math.ceil(capped / limit) },
    };
  }
  if (url.pathname === '/api/error-stats') return { status: 200, body: STATS };
  const single = /^\/api\/error-logs\/([^/]+)\/resolve$/.exec(url.pathname);
  if (req.method === 'PUT' && single) {
    const row = rows.find((r) => r.id === single[1])!;
    const notes = JSON.parse(req.body).notes ?? null;
    return { status: 200, body: { data: { ...row, resolved: true, resolved_at: '2026-05-02T09:30:00Z', notes }, message: 'Errore risolto' } };
  }
  if (req.method === 'PUT' && url.pathname === '/api/error-logs/resolve-multiple') {
    if (failBulk) return { status: 400, body: { error: 'Array di ID errori richiesto' } };
    const { errorIds } = JSON.parse(req.body) as { errorIds: string[] };
    return { status: 200, body: { resolved_count: errorIds.length, message: `${errorIds.length} errori risolti con successo` } };
  }
  return { status: 404, body: { error: 'Risorsa non trovata' } };
});

beforeEach(() => {
  failList = false;
  failBulk = false;
  rows = [
    entry(1, { occurrence_count: 3, first_occurred_at: '2026-04-30T06:15:00Z', last_occurred_at: '2026-05-01T08:00:00Z', user_email: 'mario@club.it', user_role: 'editor' }),
    entry(2, {
      severity: 'critical',
      error_type: 'database',
      resolved: true,
      resolved_at: '2026-05-01T10:00:00Z',
      notes: 'Indice ricostruito',
      context: { query: 'select' },
    }),
    entry(3, { severity: 'low', error_type: 'frontend' }),
  ];
  total = 60;
});

const signedIn = { session: { ...initialSessionState, status: 'signedIn' as const, accessToken: 'tok' } };
const requests = (method: string, path: string) => server.requests.filter((r) => r.method === method && r.url.split('?')[0] === path);
const grid = () => screen.getByRole('grid');
const rowOf = (text: string) => screen.getByText(text).closest('[role="row"]') as HTMLElement;

async function renderPage() {
  const user = userEvent.setup();
  const view = renderWithProviders(<ErrorLogsPage />, { preloadedState: signedIn });
  await screen.findByText('Errore numero 1');
  return { user, ...view };
}

describe('ErrorLogsPage (docs/logs.md, the error log screen)', () => {
  it('shows the title, the link to the activity log, the first 5 statistics groups, the total line and the pager', async () => {
    await renderPage();
    expect(screen.getByRole('heading', { name: 'Log Errori' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log Attività' })).toHaveAttribute('href', '/activity-logs');
    const cards = within(await screen.findByRole('list', { name: S.statistics })).getAllByRole('listitem');
    expect(cards).toHaveLength(5);
    expect(cards[0]).toHaveTextContent('12 errori');
    expect(cards[0]).toHaveTextContent('API · Media');
    expect(cards[0]).toHaveTextContent('5 non risolti');
    expect(cards[3]).toHaveStyle({ backgroundColor: '#5d0000', color: '#ffffff' });
    expect(screen.queryByText('Prestazioni · Bassa')).not.toBeInTheDocument();
    expect(screen.getByText('Totale: 60 errori (Pagina 1 di 3)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Successiva' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Precedente' })).toBeDisabled();
  });

  it('a count past the cap reads "più di 10.000"', async () => {
    total = 250_000;
    renderWithProviders(<ErrorLogsPage />, { preloadedState: signedIn });
    expect(await screen.findByText('Totale: più di 10.000 errori (Pagina 1 di 400)')).toBeInTheDocument();
  });

  it('shows each column: severity, type, message with its count badge, user or Anonimo, dates, status, actions', async () => {
    await renderPage();
    const first = rowOf('Errore numero 1');
    expect(within(first).getByText('Media')).toBeInTheDocument();
    expect(within(first).getByText('API')).toBeInTheDocument();
    expect(within(first).getByLabelText('3 occorrenze')).toHaveTextContent('×3');
    expect(within(first).getByText('mario@club.it')).toBeInTheDocument();
    expect(within(first).getByText('Editor')).toBeInTheDocument();
    // Club time zone (Europe/Rome, UTC+2 in May), it-IT order.
    expect(within(first).getByText('01/05/2026 10:00')).toBeInTheDocument();
    expect(within(first).getByText('Prima: 30/04/2026 08:15')).toBeInTheDocument();
    expect(within(first).getByText('Aperto')).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Risolvi' })).toBeInTheDocument();
    const second = rowOf('Errore numero 2');
    expect(within(second).getByText('Risolto')).toBeInTheDocument();
    expect(within(second).getByText('Anonimo')).toBeInTheDocument();
    expect(within(second).queryByRole('button', { name: 'Risolvi' })).not.toBeInTheDocument();
    expect(within(second).queryByText(/occorrenze/)).not.toBeInTheDocument();
  });

  it('reloads 300 ms after a filter change with page 1, shows ATTIVI, and clears', async () => {
    const { user } = await renderPage();
    await user.click(screen.getByRole('button', { name: 'Successiva' }));
    await waitFor(() => expect(requests('GET', '/api/error-logs').at(-1)!.url).toContain('page=2'));
    expect(screen.queryByText('ATTIVI')).not.toBeInTheDocument();

    const before = requests('GET', '/api/error-logs').length;
    // The word typed in one go (no timer between keys: on a loaded machine a person-paced type could
    // leave a 300 ms gap between two keys, and then two reloads are right).
    await userEvent.setup({ delay: null }).type(screen.getByRole('textbox', { name: S.message }), 'timeout');
    expect(screen.getByText('ATTIVI')).toBeInTheDocument();
    // One request for the whole word, after the pause.
    await waitFor(() => expect(requests('GET', '/api/error-logs').length).toBe(before + 1));
    const url = new URL(requests('GET', '/api/error-logs').at(-1)!.url, 'http://x');
    expect(url.searchParams.get('error_message')).toBe('timeout');
    expect(url.searchParams.get('page')).toBe('1');
    expect(url.searchParams.get('limit')).toBe('25');

    await user.click(screen.getByRole('combobox', { name: S.severity }));
    await user.click(screen.getByRole('option', { name: 'Critica' }));
    await user.click(screen.getByRole('combobox', { name: S.status }));
    await user.click(screen.getByRole('option', { name: S.resolvedPlural }));
    await waitFor(() => {
      const q = new URL(requests('GET', '/api/error-logs').at(-1)!.url, 'http://x').searchParams;
      expect([q.get('severity'), q.get('resolved'), q.get('error_message')]).toEqual(['critical', 'true', 'timeout']);
    });

    expect(await screen.findByText('Totale: 5 errori (Pagina 1 di 1)')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Successiva' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: S.clearFilters }));
    expect(screen.queryByText('ATTIVI')).not.toBeInTheDocument();
    // Back to the unfiltered first page (from the cache: RTK Query already holds it).
    expect(await screen.findByText('Totale: 60 errori (Pagina 1 di 3)')).toBeInTheDocument();
  });

  it('the detail modal shows every field, the formatted context, and for resolved errors the resolution', async () => {
    const { user } = await renderPage();
    await user.click(within(rowOf('Errore numero 2')).getByRole('button', { name: 'Dettagli' }));
    const dialog = await screen.findByRole('dialog', { name: S.errorDetail });
    expect(within(dialog).getByText('00000002')).toBeInTheDocument();
    expect(within(dialog).getByText('Database')).toBeInTheDocument();
    expect(within(dialog).getByText('Critica')).toBeInTheDocument();
    expect(within(dialog).getByText('/api/partite/2')).toBeInTheDocument();
    expect(within(dialog).getByText('GET')).toBeInTheDocument();
    expect(within(dialog).getByText('404')).toBeInTheDocument();
    expect(within(dialog).getByText(rows[1].error_hash)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(S.field.stack)).toHaveTextContent('at GET /api/partite/2');
    expect(within(dialog).getByLabelText(S.field.context).textContent).toBe(JSON.stringify({ query: 'select' }, null, 2));
    expect(within(dialog).getByText('01/05/2026 12:00')).toBeInTheDocument();
    expect(within(dialog).getByText('Indice ricostruito')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: S.close }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(rowOf('Errore numero 3')).getByRole('button', { name: 'Dettagli' }));
    const open = await screen.findByRole('dialog', { name: S.errorDetail });
    expect(within(open).queryByText(S.field.resolvedAt)).not.toBeInTheDocument();
    expect(within(open).queryByText(S.field.notes)).not.toBeInTheDocument();
  });

  it('resolves one error with notes: toast, row updated locally, statistics reloaded', async () => {
    const { user } = await renderPage();
    const listCalls = requests('GET', '/api/error-logs').length;
    const statsCalls = requests('GET', '/api/error-stats').length;
    await user.click(within(rowOf('Errore numero 1')).getByRole('button', { name: 'Risolvi' }));
    const dialog = await screen.findByRole('dialog', { name: S.resolveTitle });
    await user.type(within(dialog).getByRole('textbox', { name: S.notesLabel }), 'Corretto il link');
    await user.click(within(dialog).getByRole('button', { name: 'Risolvi' }));
    expect(await screen.findByText('Errore risolto con successo')).toBeInTheDocument();
    const [put] = requests('PUT', `/api/error-logs/${rows[0].id}/resolve`);
    expect(JSON.parse(put.body)).toEqual({ notes: 'Corretto il link' });
    await waitFor(() => expect(within(rowOf('Errore numero 1')).getByText('Risolto')).toBeInTheDocument());
    expect(within(rowOf('Errore numero 1')).queryByRole('button', { name: 'Risolvi' })).not.toBeInTheDocument();
    await waitFor(() => expect(requests('GET', '/api/error-stats').length).toBe(statsCalls + 1));
    expect(requests('GET', '/api/error-logs').length).toBe(listCalls);
  });

  it('bulk: the bar, disabled row buttons, counts of open and ignored, only open ids sent, selection cleared', async () => {
    const { user } = await renderPage();
    await user.click(within(rowOf('Errore numero 1')).getByRole('checkbox'));
    await user.click(within(rowOf('Errore numero 2')).getByRole('checkbox'));
    const bar = screen.getByRole('region', { name: '2 errori selezionati' });
    for (const b of within(grid()).getAllByRole('button', { name: /^(Dettagli|Risolvi)$/ })) expect(b).toBeDisabled();

    await user.click(within(bar).getByRole('button', { name: 'Risolvi Tutti' }));
    const dialog = await screen.findByRole('dialog', { name: S.resolveManyTitle });
    expect(dialog).toHaveTextContent('1 errore aperto verrà risolto.');
    expect(dialog).toHaveTextContent('1 errore già risolto verrà ignorato.');
    await user.type(within(dialog).getByRole('textbox', { name: S.notesLabel }), 'Sistemati');
    await user.click(within(dialog).getByRole('button', { name: 'Risolvi 1' }));
    expect(await screen.findByText('1 errori risolti con successo')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(JSON.parse(requests('PUT', '/api/error-logs/resolve-multiple')[0].body)).toEqual({ errorIds: [rows[0].id], notes: 'Sistemati' });
    await waitFor(() => expect(screen.queryByRole('region', { name: /selezionat/ })).not.toBeInTheDocument());
    expect(within(rowOf('Errore numero 1')).getByText('Risolto')).toBeInTheDocument();
    for (const b of within(grid()).getAllByRole('button', { name: 'Dettagli' })) expect(b).toBeEnabled();
  });

  it('bulk: all selected already resolved -> "Nessun errore da risolvere" disabled; Deseleziona tutto clears', async () => {
    const { user } = await renderPage();
    await user.click(within(rowOf('Errore numero 2')).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Risolvi Tutti' }));
    const dialog = await screen.findByRole('dialog', { name: S.resolveManyTitle });
    expect(within(dialog).getByRole('button', { name: 'Nessun errore da risolvere' })).toBeDisabled();
    expect(dialog).toHaveTextContent('Tutti gli errori selezionati sono già risolti');
    await user.click(within(dialog).getByRole('button', { name: S.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Deseleziona tutto' }));
    expect(screen.queryByRole('button', { name: 'Risolvi Tutti' })).not.toBeInTheDocument();
    expect(requests('PUT', '/api/error-logs/resolve-multiple')).toHaveLength(0);
  });

  it('bulk failure toast; header checkbox selects the whole page', async () => {
    failBulk = true;
    const { user } = await renderPage();
    await user.click(within(grid()).getAllByRole('checkbox')[0]);
    expect(screen.getByRole('region', { name: '3 errori selezionati' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Risolvi Tutti' }));
    const dialog = await screen.findByRole('dialog', { name: S.resolveManyTitle });
    await user.click(within(dialog).getByRole('button', { name: 'Risolvi 2' }));
    expect(await screen.findByText('Errore nella risoluzione multipla: Array di ID errori richiesto')).toBeInTheDocument();
  });

  it('the two empty states: no error at all without filters, none matching with filters', async () => {
    rows = [];
    total = 0;
    const user = userEvent.setup();
    renderWithProviders(<ErrorLogsPage />, { preloadedState: signedIn });
    // A fresh install: the log is empty, no filter is set, so nothing speaks of filters.
    expect(await screen.findByText('Nessun errore registrato')).toBeInTheDocument();
    expect(screen.getByText(LOGS_MSG.noErrorsAtAllHint)).toBeInTheDocument();
    expect(screen.queryByText('Nessun errore trovato con i filtri selezionati')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Successiva' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: S.severity }));
    await user.click(screen.getByRole('option', { name: 'Critica' }));
    expect(await screen.findByText('Nessun errore trovato con i filtri selezionati')).toBeInTheDocument();
    expect(screen.queryByText('Nessun errore registrato')).not.toBeInTheDocument();
    await waitFor(() => expect(new URL(requests('GET', '/api/error-logs').at(-1)!.url, 'http://x').searchParams.get('severity')).toBe('critical'));

    await user.click(screen.getByRole('button', { name: S.clearFilters }));
    expect(await screen.findByText('Nessun errore registrato')).toBeInTheDocument();
  });

  it('load failure full-page with Riprova and a toast', async () => {
    const user = userEvent.setup();

    failList = true;
    renderWithProviders(<ErrorLogsPage />, { preloadedState: signedIn });
    // On the page and in a toast.
    await waitFor(() => expect(screen.getAllByText('Errore: Non hai i permessi per consultare i log')).toHaveLength(2));
    failList = false;
    rows = [entry(7)];
    total = 1;
    await user.click(screen.getByRole('button', { name: 'Riprova' }));
    expect(await screen.findByText('Errore numero 7')).toBeInTheDocument();
  });
});
