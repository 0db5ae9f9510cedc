import type { ReactElement, ReactNode } from 'react';
import { render, type RenderOptions } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { setupStore, type AppStore, type RootState } from '../src/store/store';
import { sessionChanged } from '../src/store/sessionSlice';
import type { Role } from '../common/users/roles';
import { AppProviders } from '../src/app/AppProviders';
import { bindAuthStore } from '../src/store/authClient';

interface Options extends Omit<RenderOptions, 'queries'> {
  preloadedState?: Partial<RootState>;
  store?: AppStore;
  route?: string;
}

/**
 * Renders with the real store, theme (Italian locale), toasts and a memory router
 * (docs/testing.md: the real store, never mocked selectors or hooks). The store is also the one the supabase client feeds.
 */
export function renderWithProviders(ui: ReactElement, { preloadedState, store = setupStore(preloadedState), route = '/', ...rest }: Options = {}) {
  bindAuthStore(store);
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <Provider store={store}>
        <AppProviders>
          <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
        </AppProviders>
      </Provider>
    );
  }
  return { store, ...render(ui, { wrapper: Wrapper, ...rest }) };
}

/** Points the relative URLs of fetch (/api/..., the supabase client's) at a test server. */
export function setTestApiOrigin(origin: string | null): void {
  (globalThis as { __setTestApiOrigin?: (o: string | null) => void }).__setTestApiOrigin?.(origin);
}

/** A store signed in as `role` for an hour (token 'tok'), refreshing with `refresh` (by default: nothing). */
export function signedInStore(role: Role, refresh: () => Promise<unknown> = async () => undefined): AppStore {
  const store = setupStore(undefined, { refresh });
  const now = Math.floor(Date.now() / 1000);
  store.dispatch(sessionChanged({ user: { id: 'u', email: 'e@x.it', role }, accessToken: 'tok', issuedAt: now, expiresAt: now + 3600 }));
  return store;
}
