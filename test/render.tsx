import { createContext, useContext, useState, type ReactElement, type ReactNode } from 'react';
import { render, type RenderOptions } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { setupStore, type AppStore, type RootState } from '../src/store/store';
import { sessionChanged } from '../src/store/sessionSlice';
import type { Role } from '../common/users/roles';
import { AppProviders } from '../src/app/AppProviders';
import { UnsavedChangesProvider } from '../src/components/form/UnsavedChanges';
import { bindAuthStore, sessionOptions } from '../src/features/auth/session';
import { startStandInServer, type StandInHandler, type StandInServer } from './stand-in-server';

interface Options extends Omit<RenderOptions, 'queries'> {
  preloadedState?: Partial<RootState>;
  store?: AppStore;
  route?: string;
}

/** What the test renders, handed to the router's one route (a rerender changes it, the router stays). */
const RenderedUi = createContext<ReactNode>(null);
function Rendered() {
  return <>{useContext(RenderedUi)}</>;
}

/**
 * Renders with the real store, theme (Italian locale), toasts and a memory data router (as the app's:
 * useBlocker works) with the app's unsaved-changes guard (docs/testing.md: the real store, never
 * mocked selectors or hooks). The store is also the one the supabase client feeds, and renews and ends
 * its session through the session gateway, as the app's.
 */
export function renderWithProviders(ui: ReactElement, { preloadedState, store = setupStore(preloadedState, sessionOptions), route = '/', ...rest }: Options = {}) {
  bindAuthStore(store);
  function Wrapper({ children }: { children: ReactNode }) {
    const [router] = useState(() =>
      createMemoryRouter(
        [
          {
            path: '*',
            element: (
              <UnsavedChangesProvider>
                <Rendered />
              </UnsavedChangesProvider>
            ),
          },
        ],
        { initialEntries: [route] },
      ),
    );
    return (
      <Provider store={store}>
        <AppProviders>
          <RenderedUi.Provider value={children}>
            <RouterProvider router={router} />
          </RenderedUi.Provider>
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

/**
 * The stand-in server (test/stand-in-server.ts) of a test file or describe block, with its lifecycle:
 * started and the relative URLs pointed at it before the first test, its `requests` emptied before
 * each test, pointed away and closed after the last. Call it where `beforeAll` may be called; the
 * returned server is usable from the first test on (and inside `handler`).
 */
export function withStandInServer(handler: StandInHandler): StandInServer {
  let started: StandInServer | null = null;
  const running = () => {
    if (!started) throw new Error('the stand-in server runs from beforeAll to afterAll only');
    return started;
  };
  beforeAll(async () => {
    started = await startStandInServer(handler);
    setTestApiOrigin(started.origin);
  });
  afterAll(async () => {
    setTestApiOrigin(null);
    await started?.close();
    started = null;
  });
  beforeEach(() => {
    running().requests.length = 0;
  });
  return {
    get origin() {
      return running().origin;
    },
    get requests() {
      return running().requests;
    },
    close: () => running().close(),
  };
}

/** A store signed in as `role` for an hour (token 'tok'), refreshing with `refresh` (by default: nothing). */
export function signedInStore(role: Role, refresh: () => Promise<unknown> = async () => undefined): AppStore {
  const store = setupStore(undefined, { ...sessionOptions, refresh });
  const now = Math.floor(Date.now() / 1000);
  store.dispatch(sessionChanged({ user: { id: 'u', email: 'e@x.it', role }, accessToken: 'tok', issuedAt: now, expiresAt: now + 3600 }));
  return store;
}
