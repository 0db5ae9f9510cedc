import type { ReactElement, ReactNode } from 'react';
import { render, type RenderOptions } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { setupStore, type AppStore, type RootState } from '../src/store/store';
import { AppProviders } from '../src/app/AppProviders';
import { bindAuthStore } from '../src/store/authClient';

interface Options extends Omit<RenderOptions, 'queries'> {
  preloadedState?: Partial<RootState>;
  store?: AppStore;
  route?: string;
}

/**
 * Renders with the real store, theme (Italian locale), toasts and a memory router
 * (STYLE.md: never mock selectors or hooks). The store is also the one the supabase client feeds.
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
