import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, withStandInServer } from '../../../test/render';
import { MSG } from '../../../common/core/messages';
import LoginPage from './LoginPage';

describe('login screen', () => {
  let loginAnswer: { status: number; body: unknown };
  const server = withStandInServer((req) => {
    if (req.url === '/api/login') return loginAnswer;
    return { status: 404, body: { error: MSG.http.notFound } };
  });

  async function submit(email = 'mario@example.it', password = 'Sbagliata1!') {
    const user = userEvent.setup();
    renderWithProviders(<LoginPage />, { route: '/login' });
    await user.type(screen.getByLabelText('Email'), email);
    await user.type(screen.getByLabelText('Password'), password);
    await user.click(screen.getByRole('button', { name: 'Accedi' }));
    return user;
  }

  it('shows the wrong-credentials message on 401', async () => {
    loginAnswer = { status: 401, body: { success: false, error: MSG.login.wrongCredentials } };
    await submit();
    expect(await screen.findByText('Email o password non corretti')).toBeInTheDocument();
    const sent = server.requests.filter((r) => r.url === '/api/login');
    expect(JSON.parse(sent[sent.length - 1].body)).toEqual({ email: 'mario@example.it', password: 'Sbagliata1!' });
  });

  it('refuses blank fields without calling the server', async () => {
    const logins = () => server.requests.filter((r) => r.url === '/api/login').length;
    const before = logins();
    const user = userEvent.setup();
    renderWithProviders(<LoginPage />, { route: '/login' });
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
      loginAnswer = { status: 429, body: { success: false, error: MSG.login.locked, isRateLimited: true, remainingTime: 3 } };
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
      loginAnswer = { status: 429, body: { success: false, error: MSG.login.locked, isRateLimited: true, remainingTime: 3 } };
      const user = userEvent.setup();
      renderWithProviders(<LoginPage />, { route: '/login' });
      // The person reads the page for a minute before typing.
      act(() => jest.advanceTimersByTime(60_000));
      await user.type(screen.getByLabelText('Email'), 'mario@example.it');
      await user.type(screen.getByLabelText('Password'), 'Sbagliata1!');
      await user.click(screen.getByRole('button', { name: 'Accedi' }));
      expect(await screen.findByTestId('lock-countdown')).toHaveTextContent('Riprova tra 0:03');
    });
  });

  it('formats long locks as minutes:seconds', async () => {
    loginAnswer = { status: 429, body: { success: false, error: MSG.login.locked, isRateLimited: true, remainingTime: 900 } };
    await submit();
    expect(await screen.findByTestId('lock-countdown')).toHaveTextContent(/Riprova tra (15:00|14:59)/);
  });

  it('says how long to wait after too many attempts (429 with retryAfter)', async () => {
    loginAnswer = { status: 429, body: { success: false, error: MSG.login.tooMany, retryAfter: 90 } };
    await submit();
    expect(await screen.findByText('Troppi tentativi di login. Riprova tra 1:30.')).toBeInTheDocument();
    expect(screen.queryByText('Troppi tentativi di login. ...')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Accedi' })).toBeDisabled();
  });

  it('maps server errors and unreachable servers to the catalogue', async () => {
    loginAnswer = { status: 503, body: { error: 'x' } };
    await submit();
    expect(await screen.findByText('Errore del server. Riprova più tardi.')).toBeInTheDocument();
  });

  it('shows the Caps Lock indicator while Caps Lock is on', async () => {
    renderWithProviders(<LoginPage />, { route: '/login' });
    const password = screen.getByLabelText('Password');
    expect(screen.queryByText('Bloc Maiusc attivo')).not.toBeInTheDocument();
    fireEvent.keyDown(password, { key: 'A', modifierCapsLock: true });
    expect(screen.getByText('Bloc Maiusc attivo')).toBeInTheDocument();
    fireEvent.keyUp(password, { key: 'a', modifierCapsLock: false });
    expect(screen.queryByText('Bloc Maiusc attivo')).not.toBeInTheDocument();
  });

  it('shows and hides the password', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LoginPage />, { route: '/login' });
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Mostra password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Nascondi password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('opens the inline reset form with the login email and asks for an email when empty', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LoginPage />, { route: '/login' });
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
