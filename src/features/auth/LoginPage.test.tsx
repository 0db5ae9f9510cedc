import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, withStandInServer } from '../../../test/render';
import { MSG } from '../../../common/core/messages';
import { DEFAULT_APP_CONFIG } from '../../config/publicConfig';
import { signOut } from './session';
import LoginPage from './LoginPage';

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
const EMAIL = 'mario@example.it';
const authUser = { id: 'u-1', aud: 'authenticated', role: 'authenticated', email: EMAIL, app_metadata: { role: 'editor' }, user_metadata: {}, created_at: '2026-01-01T00:00:00Z' };
/** The token endpoint's session (docs/auth.md, wire subset), with an access token of its shape. */
function session() {
  const iat = Math.floor(Date.now() / 1000);
  const claims = { sub: 'u-1', aud: 'authenticated', role: 'authenticated', email: EMAIL, app_role: 'editor', session_id: 's-1', iat, exp: iat + 3600 };
  const accessToken = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}.c2ln`;
  return { access_token: accessToken, token_type: 'bearer', expires_in: 3600, expires_at: iat + 3600, refresh_token: 'refresh-1', user: authUser };
}
/** The sign-in screen, the club's settings already read (the stand-in serves /api/config for supabase-js). */
const renderLogin = () => renderWithProviders(<LoginPage />, { route: '/login', preloadedState: { config: { ...DEFAULT_APP_CONFIG, loaded: true } } });
/** GoTrue's error envelope (docs/auth.md, errors), as the token endpoint answers. */
const gotrue = (status: number, code: string, msg: string, extra: object = {}) => ({ status, body: { code, error_code: code, message: msg, msg, ...extra } });

describe('login screen', () => {
  let loginAnswer: { status: number; body: unknown };
  const server = withStandInServer((req) => {
    const path = req.url.split('?')[0];
    if (path === '/api/config') return { status: 200, body: { supabaseUrl: server.origin, supabaseAnonKey: 'anon-key' } };
    if (path === '/auth/v1/token' && req.url.endsWith('grant_type=password')) return loginAnswer;
    if (path === '/auth/v1/user') return { status: 200, body: authUser };
    if (path === '/auth/v1/logout') return { status: 204 };
    return { status: 404, body: { error: MSG.http.notFound } };
  });
  const signIns = () => server.requests.filter((r) => r.url === '/auth/v1/token?grant_type=password');
  // supabase-js forgets the session of a sign-in (its SIGNED_OUT reaches the screen's store: inside act).
  afterEach(() => act(() => signOut('local')));

  async function submit(email = 'mario@example.it', password = 'Sbagliata1!') {
    const user = userEvent.setup();
    const rendered = renderLogin();
    await user.type(screen.getByLabelText('Email'), email);
    await user.type(screen.getByLabelText('Password'), password);
    await user.click(screen.getByRole('button', { name: 'Accedi' }));
    return { user, store: rendered.store };
  }

  it('signs in with one call carrying the password, and hands its session to supabase-js', async () => {
    loginAnswer = { status: 200, body: session() };
    const { store } = await submit(EMAIL, 'Giusta1!x');
    expect(await screen.findByText(MSG.login.success)).toBeInTheDocument();
    await waitFor(() => expect(store.getState().session).toMatchObject({ status: 'signedIn', user: { id: 'u-1', email: EMAIL, role: 'editor' } }));
    // The password crossed the wire once: the token call (docs/auth.md, sign-in); supabase-js was handed tokens only.
    expect(server.requests.filter((r) => r.body.includes('Giusta1!x') || JSON.stringify(r.headers).includes('Giusta1!x'))).toEqual([signIns()[0]]);
    expect(JSON.parse(signIns()[0].body)).toEqual({ email: EMAIL, password: 'Giusta1!x', gotrue_meta_security: {} });
    expect(server.requests.map((r) => `${r.method} ${r.url.split('?')[0]}`)).toContain('GET /auth/v1/user');
    expect(server.requests.filter((r) => r.url.startsWith('/api/login'))).toEqual([]);
    // The tokens are supabase-js's (and the session's), never in the store's cache.
    expect(JSON.stringify(store.getState().api)).not.toContain('refresh-1');
  });

  it('shows the wrong-credentials message', async () => {
    loginAnswer = gotrue(400, 'invalid_credentials', MSG.login.wrongCredentials);
    const { store } = await submit();
    expect(await screen.findByText('Email o password non corretti')).toBeInTheDocument();
    expect(signIns()).toHaveLength(1);
    expect(store.getState().session.status).not.toBe('signedIn');
  });

  it('refuses blank fields without calling the server', async () => {
    const logins = () => signIns().length;
    const before = logins();
    const user = userEvent.setup();
    renderLogin();
    await user.type(screen.getByLabelText('Email'), '   ');
    await user.click(screen.getByRole('button', { name: 'Accedi' }));
    expect(await screen.findByText(MSG.login.required)).toBeInTheDocument();
    expect(logins()).toBe(before);
  });

  describe('the lock countdown (its clock faked: setInterval and Date; requests and the tests\' waits stay real)', () => {
    beforeEach(() =>
      jest.useFakeTimers({
        doNotFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'clearImmediate', 'nextTick', 'queueMicrotask', 'hrtime', 'performance', 'requestAnimationFrame', 'cancelAnimationFrame'],
      }),
    );
    afterEach(() => jest.useRealTimers());
    const countdown = () => screen.getByTestId('lock-countdown');

    it('locks the form with a minutes:seconds countdown that lifts by itself', async () => {
      loginAnswer = gotrue(429, 'over_request_rate_limit', MSG.login.locked, { isRateLimited: true, remainingTime: 3 });
      await submit();
      expect(await screen.findByText('Protezione anti-attacco attiva')).toBeInTheDocument();
      expect(screen.getByText('Account temporaneamente bloccato per troppi tentativi falliti.')).toBeInTheDocument();
      expect(screen.getByText('Attendere prima di riprovare...')).toBeInTheDocument();
      expect(countdown()).toHaveTextContent('Riprova tra 0:03');
      expect(screen.getByRole('button', { name: 'Accedi' })).toBeDisabled();
      act(() => jest.advanceTimersByTime(1000));
      expect(countdown()).toHaveTextContent('Riprova tra 0:02');
      act(() => jest.advanceTimersByTime(1000));
      expect(countdown()).toHaveTextContent('Riprova tra 0:01');
      act(() => jest.advanceTimersByTime(1000));
      expect(screen.queryByText('Protezione anti-attacco attiva')).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Accedi' })).toBeEnabled();
    });

    it('counts from the moment of the lock, however long the page was open before', async () => {
      loginAnswer = gotrue(429, 'over_request_rate_limit', MSG.login.locked, { isRateLimited: true, remainingTime: 3 });
      const user = userEvent.setup();
      renderLogin();
      // The person reads the page for a minute before typing.
      act(() => jest.advanceTimersByTime(60_000));
      await user.type(screen.getByLabelText('Email'), 'mario@example.it');
      await user.type(screen.getByLabelText('Password'), 'Sbagliata1!');
      await user.click(screen.getByRole('button', { name: 'Accedi' }));
      expect(await screen.findByTestId('lock-countdown')).toHaveTextContent('Riprova tra 0:03');
    });
  });

  it('formats long locks as minutes:seconds', async () => {
    loginAnswer = gotrue(429, 'over_request_rate_limit', MSG.login.locked, { isRateLimited: true, remainingTime: 900 });
    await submit();
    expect(await screen.findByTestId('lock-countdown')).toHaveTextContent(/Riprova tra (15:00|14:59)/);
  });

  it('says how long to wait after too many attempts (429 with retryAfter)', async () => {
    loginAnswer = gotrue(429, 'over_request_rate_limit', MSG.http.tooMany, { retryAfter: 90 });
    await submit();
    expect(await screen.findByText('Troppi tentativi di login. Riprova tra 1:30.')).toBeInTheDocument();
    expect(screen.queryByText('Troppi tentativi di login. ...')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Accedi' })).toBeDisabled();
  });

  it('maps server errors and unreachable servers to the catalogue', async () => {
    loginAnswer = gotrue(503, 'unexpected_failure', MSG.http.unavailable);
    await submit();
    expect(await screen.findByText('Errore del server. Riprova più tardi.')).toBeInTheDocument();
  });

  it('shows the Caps Lock indicator while Caps Lock is on', async () => {
    renderLogin();
    const password = screen.getByLabelText('Password');
    expect(screen.queryByText('Bloc Maiusc attivo')).not.toBeInTheDocument();
    fireEvent.keyDown(password, { key: 'A', modifierCapsLock: true });
    expect(screen.getByText('Bloc Maiusc attivo')).toBeInTheDocument();
    fireEvent.keyUp(password, { key: 'a', modifierCapsLock: false });
    expect(screen.queryByText('Bloc Maiusc attivo')).not.toBeInTheDocument();
  });

  it('shows and hides the password', async () => {
    const user = userEvent.setup();
    renderLogin();
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Mostra password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Nascondi password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('opens the inline reset form with the login email and asks for an email when empty', async () => {
    const user = userEvent.setup();
    renderLogin();
    await user.type(screen.getByLabelText('Email'), 'anna@example.it');
    await user.click(screen.getByRole('button', { name: 'Password dimenticata?' }));
    await screen.findByRole('button', { name: 'Invia Reset' });
    const resetEmail = document.getElementById('reset-email') as HTMLInputElement;
    expect(resetEmail.value).toBe('anna@example.it');
    await user.clear(resetEmail);
    await user.click(screen.getByRole('button', { name: 'Invia Reset' }));
    expect(await screen.findByText("Inserisci l'email per il reset")).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Annulla' }));
    await waitFor(() => expect(document.getElementById('reset-email')).toBeNull());
  });
});
