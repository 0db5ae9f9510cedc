import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, withStandInServer } from '../../../test/render';
import { LOGS_MSG } from '../../../common/logs/messages';
import { type ActivityLogEntry } from '../../../common/logs/rules';
import { initialSessionState } from '../../store/sessionSlice';
import ActivityLogsPage from './ActivityLogsPage';

const S = LOGS_MSG.screen;
const CONFIG = { supabaseUrl: '/', supabaseAnonKey: 'anon', clubName: 'Garibaldina', timezone: 'Europe/Rome' };

const ROWS: ActivityLogEntry[] = [
  {
    id: 'a1a1a1a1-0000-4000-8000-000000000001',
    activity_type: 'success',
    activity_message: 'Accesso effettuato: admin@club.it',
    endpoint: '/api/login',
    created_at: '2026-01-15T09:05:00Z',
    user_id: 'u1u1u1u1-0000-4000-8000-000000000001',
    user_email: 'admin@club.it',
    user_role: 'admin',
    ip_address: '10.0.0.7',
    user_agent: 'Mozilla/5.0 Chromium',
    context: { email: 'admin@club.it' },
  },
  {
    id: 'a1a1a1a1-0000-4000-8000-000000000002',
    activity_type: 'warning',
    activity_message: 'Accesso non riuscito: x@club.it',
    endpoint: null,
    created_at: '2026-01-15T09:00:00Z',
    user_id: null,
    user_email: null,
    user_role: null,
    ip_address: null,
    user_agent: null,
    context: null,
  },
  {
    id: 'a1a1a1a1-0000-4000-8000-000000000003',
    activity_type: 'info',
    activity_message: 'Esportazione CSV',
    endpoint: '/api/export/csv',
    created_at: '2026-01-15T08:00:00Z',
    user_id: 'u3',
    user_email: 'lettore@club.it',
    user_role: null,
    ip_address: null,
    user_agent: null,
    context: null,
  },
];

let rows: ActivityLogEntry[];
let total: number;

const server = withStandInServer((req) => {
  const url = new URL(req.url, 'http://x');
  if (url.pathname === '/api/config') return { status: 200, body: CONFIG };
  if (url.pathname === '/api/activities') {
    const filtered = [...url.searchParams.keys()].some((k) => k !== 'page' && k !== 'limit');
    const count = filtered ? 1 : total;
    const data = filtered ? rows.slice(0, 1) : rows;
    // The server counts up to 10,000 (LOG_COUNT_CAP), then answers countExact: false.
    const capped = Math.min(count, 10_000);
    return {
      status: 200,
      body: { data, count: capped, countExact: count <= 10_000, page: Number(url.searchParams.get('page')), totalPages: Math.ceil(capped / Number(url.searchParams.get('limit'))) },
    };
  }
  return { status: 404, body: { error: 'Risorsa non trovata' } };
});

beforeEach(() => {
  rows = ROWS;
  total = 30;
});

const signedIn = { session: { ...initialSessionState, status: 'signedIn' as const, accessToken: 'tok' } };
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('ActivityLogsPage (docs/logs.md, the activity log screen)', () => {
  it('shows the title, total, link, the rows with type labels, users, endpoints or N/A, and the pager', async () => {
    renderWithProviders(<ActivityLogsPage />, { preloadedState: signedIn });
    await screen.findByText('Accesso effettuato: admin@club.it');
    expect(screen.getByRole('heading', { name: 'Log Attività' })).toBeInTheDocument();
    expect(screen.getByText('Totale: 30 attività')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log Errori' })).toHaveAttribute('href', '/error-logs');
    const login = rowOf('Accesso effettuato: admin@club.it');
    expect(within(login).getByText('Successo')).toBeInTheDocument();
    expect(within(login).getByText('Amministratore')).toBeInTheDocument();
    expect(within(login).getByText('/api/login')).toBeInTheDocument();
    expect(within(login).getByText('15/01/2026 10:05')).toBeInTheDocument();
    const failed = rowOf('Accesso non riuscito: x@club.it');
    expect(within(failed).getByText('Avviso')).toBeInTheDocument();
    expect(within(failed).getByText('Anonimo')).toBeInTheDocument();
    expect(within(failed).getByText('N/A')).toBeInTheDocument();
    const exported = rowOf('Esportazione CSV');
    expect(within(exported).getByText('Informazione')).toBeInTheDocument();
    expect(within(exported).getByText('Utente')).toBeInTheDocument();
    expect(screen.getByText('Pagina 1 di 2')).toBeInTheDocument();
  });

  it('a role change recorded with the role codes reads with the labels', async () => {
    rows = [{ ...ROWS[0], id: 'a1a1a1a1-0000-4000-8000-000000000009', activity_type: 'info', activity_message: 'Ruolo di anna@club.it cambiato da reader a editor' }];
    renderWithProviders(<ActivityLogsPage />, { preloadedState: signedIn });
    expect(await screen.findByText('Ruolo di anna@club.it cambiato da Lettore a Editor')).toBeInTheDocument();
    expect(screen.queryByText(/da reader a editor/)).toBeNull();
  });

  it('a count past the cap reads "più di 10.000"', async () => {
    total = 12_345;
    renderWithProviders(<ActivityLogsPage />, { preloadedState: signedIn });
    expect(await screen.findByText('Totale: più di 10.000 attività')).toBeInTheDocument();
  });

  it('the detail modal shows only the fields present', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ActivityLogsPage />, { preloadedState: signedIn });
    await screen.findByText('Accesso effettuato: admin@club.it');
    await user.click(within(rowOf('Accesso effettuato: admin@club.it')).getByRole('button', { name: 'Dettagli' }));
    let dialog = await screen.findByRole('dialog', { name: S.activityDetail });
    for (const text of [ROWS[0].id, ROWS[0].user_id!, 'admin@club.it', '10.0.0.7', 'Mozilla/5.0 Chromium', '/api/login', '15/01/2026 10:05']) {
      expect(within(dialog).getByText(text)).toBeInTheDocument();
    }
    expect(within(dialog).getByLabelText(S.field.context).textContent).toBe(JSON.stringify({ email: 'admin@club.it' }, null, 2));
    await user.click(within(dialog).getByRole('button', { name: S.close }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(rowOf('Accesso non riuscito: x@club.it')).getByRole('button', { name: 'Dettagli' }));
    dialog = await screen.findByRole('dialog', { name: S.activityDetail });
    for (const label of [S.field.endpoint, S.field.userId, S.field.userEmail, S.field.ip, S.field.userAgent, S.field.context]) {
      expect(within(dialog).queryByText(label)).not.toBeInTheDocument();
    }
    expect(within(dialog).getByText(S.field.activityId)).toBeInTheDocument();
  });

  it('an empty log without filters says there is no activity, not that none matches', async () => {
    rows = [];
    total = 0;
    renderWithProviders(<ActivityLogsPage />, { preloadedState: signedIn });
    expect(await screen.findByText('Nessuna attività registrata')).toBeInTheDocument();
    expect(screen.queryByText('Nessuna attività trovata con i filtri selezionati')).not.toBeInTheDocument();
  });

  it('filters reload with page 1 and show ATTIVI; the empty state', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ActivityLogsPage />, { preloadedState: signedIn });
    await screen.findByText('Accesso effettuato: admin@club.it');
    await user.type(screen.getByRole('textbox', { name: S.endpoint }), '/api/login');
    expect(screen.getByText('ATTIVI')).toBeInTheDocument();
    expect(await screen.findByText('Totale: 1 attività')).toBeInTheDocument();
    const q = new URL(server.requests.at(-1)!.url, 'http://x').searchParams;
    expect([q.get('endpoint'), q.get('page'), q.get('limit')]).toEqual(['/api/login', '1', '25']);
    expect(screen.queryByText(/^Pagina/)).not.toBeInTheDocument();

    rows = [];
    total = 0;
    await user.click(screen.getByRole('button', { name: S.clearFilters }));
    await user.click(screen.getByRole('combobox', { name: S.activityType }));
    await user.click(screen.getByRole('option', { name: 'Avviso' }));
    expect(await screen.findByText('Nessuna attività trovata con i filtri selezionati')).toBeInTheDocument();
    expect(new URL(server.requests.at(-1)!.url, 'http://x').searchParams.get('activity_type')).toBe('warning');
  });
});
