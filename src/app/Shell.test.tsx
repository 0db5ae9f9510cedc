import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test/render';
import { ComponentErrorBoundary, PageErrorBoundary } from '../components/ErrorBoundaries';
import { initialSessionState, type SessionState } from '../store/sessionSlice';
import { AppRoutes } from './AppRoutes';

const session = (over: Partial<SessionState>): SessionState => ({ ...initialSessionState, status: 'signedOut', ...over });

describe('route guards and fallback screens', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it("shows 'Verifica permessi...' while roles load", async () => {
    renderWithProviders(<AppRoutes />, { route: '/gruppi', preloadedState: { session: session({ status: 'loading', roleStatus: 'loading' }) } });
    expect(await screen.findByText('Verifica permessi...')).toBeInTheDocument();
  });

  it("shows 'Errore di Autenticazione' with a retry on role error", async () => {
    renderWithProviders(<AppRoutes />, { route: '/gestione-utenti', preloadedState: { session: session({ status: 'loading', roleStatus: 'error' }) } });
    expect(await screen.findByText('Errore di Autenticazione')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Riprova' })).toBeInTheDocument();
  });

  it('sends signed-out visitors of editor screens to the login form, and asks them to sign in on /estrazione', async () => {
    const { unmount } = renderWithProviders(<AppRoutes />, { route: '/gruppi', preloadedState: { session: session({}) } });
    expect(await screen.findByRole('button', { name: 'Accedi' })).toBeInTheDocument();
    unmount();
    renderWithProviders(<AppRoutes />, { route: '/estrazione', preloadedState: { session: session({}) } });
    expect(await screen.findByText('Accesso richiesto')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Vai al Login' }));
    expect(await screen.findByRole('button', { name: 'Accedi' })).toBeInTheDocument();
  });

  it('catches a failing page and a failing component, and retries', async () => {
    let fail = true;
    function Fragile() {
      if (fail) throw new Error('rotto');
      return <p>funziona</p>;
    }
    const user = userEvent.setup();
    const { unmount } = renderWithProviders(
      <PageErrorBoundary>
        <Fragile />
      </PageErrorBoundary>,
    );
    expect(screen.getByText('Errore nella Pagina')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Torna alla Home' })).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Riprova' }));
    expect(screen.getByText('funziona')).toBeInTheDocument();
    unmount();

    fail = true;
    renderWithProviders(
      <ComponentErrorBoundary>
        <Fragile />
      </ComponentErrorBoundary>,
    );
    expect(screen.getByText('Oops! Qualcosa è andato storto')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ricarica la pagina' })).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Riprova' }));
    expect(screen.getByText('funziona')).toBeInTheDocument();
  });
});
