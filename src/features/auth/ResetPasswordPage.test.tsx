import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, withStandInServer } from '../../../test/render';
import ResetPasswordPage from './ResetPasswordPage';
import { loadReportRules, resetErrorReporterForTests, setErrorReportingEnabled } from '../../api/errorReporter';
import { CONTEXT_MAX_BYTES } from '../../../common/logs/constants';
import { errorReportSchema } from '../../../common/logs/rules';

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
const now = () => Math.floor(Date.now() / 1000);
const accessToken = () => `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: 'u-1', exp: now() + 3600, iat: now(), role: 'authenticated', app_role: 'reader' })}.c2ln`;
const user = { id: 'u-1', aud: 'authenticated', role: 'authenticated', email: 'anna@example.it', app_metadata: { role: 'reader' }, user_metadata: {}, created_at: '2026-01-01T00:00:00Z' };

describe('reset-password screen', () => {
  let userAnswer: { status: number; body: unknown; delayMs?: number };
  afterAll(() => {
    resetErrorReporterForTests();
    setErrorReportingEnabled(false);
  });
  const server = withStandInServer((req) => {
    if (req.url === '/api/config') return { status: 200, body: { supabaseUrl: server.origin, supabaseAnonKey: 'anon-key' } };
    if (req.url.startsWith('/auth/v1/user') && req.method === 'GET') return userAnswer;
    if (req.url.startsWith('/auth/v1/user') && req.method === 'PUT') return { status: 422, body: { code: 'weak_password', message: 'weak', weak_password: { reasons: ['length'] } } };
    if (req.url.startsWith('/auth/v1/logout')) return { status: 204 };
    if (req.url === '/api/error-logs') return { status: 201, body: {} };
    return { status: 404, body: { error: 'Risorsa non trovata' } };
  });
  beforeEach(() => window.localStorage.clear());

  it('shows the expired-link state for otp_expired', async () => {
    renderWithProviders(<ResetPasswordPage />, { route: '/reset-password#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid' });
    expect(await screen.findByText('Il link di reset è scaduto. Richiedi un nuovo link.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Torna al Login' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Aggiorna Password' })).not.toBeInTheDocument();
  });

  it('shows the invalid-link state without tokens or with a wrong type', async () => {
    const { unmount } = renderWithProviders(<ResetPasswordPage />, { route: '/reset-password?type=recovery' });
    expect(await screen.findByText('Link di reset password non valido o scaduto.')).toBeInTheDocument();
    unmount();
    renderWithProviders(<ResetPasswordPage />, { route: `/reset-password#access_token=${accessToken()}&refresh_token=r&type=signup` });
    expect(await screen.findByText('Link di reset password non valido o scaduto.')).toBeInTheDocument();
  });

  it('shows a generic new-link message for other link errors', async () => {
    renderWithProviders(<ResetPasswordPage />, { route: '/reset-password#error=server_error&error_code=unexpected_failure' });
    expect(await screen.findByText('Il link non è più valido. Richiedi un nuovo link di reset.')).toBeInTheDocument();
  });

  it('verifies the link, then shows the form with criteria, strength and confirmation', async () => {
    userAnswer = { status: 200, body: user, delayMs: 300 };
    const u = userEvent.setup();
    renderWithProviders(<ResetPasswordPage />, { route: `/reset-password#access_token=${accessToken()}&refresh_token=refresh-1&expires_in=3600&token_type=bearer&type=recovery` });
    expect(screen.getByText('Verifica del link in corso...')).toBeInTheDocument();
    const field = await screen.findByLabelText('Nuova password');
    const button = screen.getByRole('button', { name: 'Aggiorna Password' });
    expect(button).toBeDisabled();
    expect(screen.getByText('Sicurezza password: Debole')).toBeInTheDocument();

    await u.type(field, 'abcdefgh');
    expect(screen.getByText('Sicurezza password: Media')).toBeInTheDocument();
    await u.type(field, 'A1');
    expect(screen.getByText('Sicurezza password: Buona')).toBeInTheDocument();
    await u.type(field, '!');
    expect(screen.getByText('Sicurezza password: Forte')).toBeInTheDocument();
    expect(screen.getByText('Almeno 8 caratteri').closest('li')).toHaveAttribute('data-met', 'true');

    const confirm = screen.getByLabelText('Conferma password');
    await u.type(confirm, 'abcdefghA1');
    expect(screen.getByText('Le password non corrispondono')).toBeInTheDocument();
    expect(button).toBeDisabled();
    await u.type(confirm, '!');
    expect(screen.getByText('Le password corrispondono')).toBeInTheDocument();
    expect(button).toBeEnabled();

    // The server refuses the password as weak (422 weak_password, docs/auth.md): the catalogue message.
    await u.click(button);
    expect(await screen.findByText('La password non rispetta i criteri di sicurezza richiesti')).toBeInTheDocument();
  });

  it('shows the revoked state when the link session no longer exists', async () => {
    userAnswer = { status: 403, body: { code: 'session_not_found', message: 'Session from session_id claim in JWT does not exist' } };
    renderWithProviders(<ResetPasswordPage />, { route: `/reset-password#access_token=${accessToken()}&refresh_token=refresh-2&type=recovery` });
    await waitFor(() => expect(screen.queryByText('Verifica del link in corso...')).not.toBeInTheDocument());
    expect(screen.queryByLabelText('Nuova password')).not.toBeInTheDocument();
    expect(screen.getByText('La sessione di reset è stata revocata. Richiedi un nuovo link di reset.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Torna al Login' })).toBeInTheDocument();
  });

  it('reports a link failure as type auth, category auth, with a context the intake accepts even for a huge error code', async () => {
    await loadReportRules();
    resetErrorReporterForTests();
    server.requests.length = 0;
    const code = `otp_${'x'.repeat(6000)}`;
    renderWithProviders(<ResetPasswordPage />, { route: `/reset-password#error=access_denied&error_code=${code}` });
    expect(await screen.findByText('Il link non è più valido. Richiedi un nuovo link di reset.')).toBeInTheDocument();
    const posted = () => server.requests.filter((r) => r.url === '/api/error-logs');
    await waitFor(() => expect(posted()).toHaveLength(1));
    const body = JSON.parse(posted()[0].body);
    expect(body).toMatchObject({ type: 'auth', severity: 'medium', message: 'Il link non è più valido. Richiedi un nuovo link di reset.' });
    expect(body.context).toMatchObject({ category: 'auth' });
    expect(body.context.detail.startsWith('otp_xxx')).toBe(true);
    // What POST /api/error-logs validates: the whole report passes, its context within the cap.
    expect(new TextEncoder().encode(JSON.stringify(body.context)).length).toBeLessThanOrEqual(CONTEXT_MAX_BYTES);
    expect(errorReportSchema.safeParse(body).success).toBe(true);
  });
});
