import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { createRoutesFromElements, Outlet, Route, Routes, useLocation, useNavigate, useRouteError, type RouteObject } from 'react-router-dom';
import { ComponentErrorBoundary, PageErrorBoundary } from '../components/ErrorBoundaries';
import { UnsavedChangesProvider } from '../components/form/UnsavedChanges';
import { LoadingScreen } from '../components/StatusScreens';
import { useAppSelector } from '../store/hooks';
import { selectSessionStatus } from '../store/sessionSlice';
import { HomeSwitch, RequireRole, RequireSignIn, SignedOutOnly } from './Guards';
import { BARE_PATHS, paths, type RouteName } from '../config/paths';
import type { Role } from '../../common/users/roles';
import { screenRegistry, type Screen, type ScreenModule } from './screens';
import { screens } from './shellScreens';

/**
 * A screen of src/app/screens.ts or src/app/shellScreens.ts. Once its chunk is there (preloaded with the
 * app for the address being opened) the thenable answers at once, so React renders the screen without its
 * Suspense spinner.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a screen's props are its own
function lazyScreen<T extends ComponentType<any>>(screen: Screen<T>) {
  return lazy(() => {
    const loaded = screen.loaded();
    if (!loaded) return screen.load();
    const ready = { then: (resolve: (m: ScreenModule<T>) => void) => resolve(loaded) };
    return ready as unknown as Promise<ScreenModule<T>>;
  });
}

// One chunk per screen: the public dashboard never downloads admin screens, DataGrid or pickers.
const PublicDashboardPage = lazyScreen(screens.publicDashboard);
const DashboardPage = lazyScreen(screens.dashboard);
const LoginPage = lazyScreen(screenRegistry.login.screen);
const ResetPasswordPage = lazyScreen(screenRegistry.resetPassword.screen);
// Only signed-in users see the bar: visitors of the public page do not download it.
const NavBar = lazyScreen(screens.navBar);

/** Navigation bar (signed in, not on /login or /reset-password) above the page, each page in its own error boundary. */
function Layout() {
  const location = useLocation();
  const status = useAppSelector(selectSessionStatus);
  const showNav = status === 'signedIn' && !BARE_PATHS.includes(location.pathname);
  // Every form of every page asks before typed input is lost (docs/screens.md): one guard for the app.
  return (
    <UnsavedChangesProvider>
      <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
        {showNav && (
          <ComponentErrorBoundary>
            <Suspense fallback={<Box sx={{ height: 64, bgcolor: 'primary.main' }} />}>
              <NavBar />
            </Suspense>
          </ComponentErrorBoundary>
        )}
        <Container maxWidth="xl" component="main" sx={{ py: { xs: 2, sm: 3 } }}>
          <PageErrorBoundary resetKey={location.pathname}>
            <Suspense fallback={<LoadingScreen />}>
              <Outlet />
            </Suspense>
          </PageErrorBoundary>
        </Container>
      </Box>
    </UnsavedChangesProvider>
  );
}

/** A screen behind the guard of its least role (src/config/paths.ts): any signed-in user, or a role. */
function guarded(access: Role | 'signedIn', page: ReactNode) {
  return access === 'signedIn' ? <RequireSignIn>{page}</RequireSignIn> : <RequireRole min={access}>{page}</RequireRole>;
}

/** Every screen of the registry that has a chunk and a least role, as a route behind its guard. */
const guardedRoutes = (Object.keys(screenRegistry) as RouteName[]).flatMap((name) => {
  const { access, path } = paths[name] as { access?: Role | 'signedIn'; path: string };
  const entry = screenRegistry[name] as { screen?: Screen };
  if (!access || !entry.screen) return [];
  const Page = lazyScreen(entry.screen);
  return [<Route key={name} path={path} element={guarded(access, <Page />)} />];
});

/** The public page inside the full app (after a sign-out): its 'Login' is a route change here. */
function PublicHome() {
  const navigate = useNavigate();
  return <PublicDashboardPage onLogin={() => navigate(paths.login.getHref())} />;
}

const home = <HomeSwitch signedIn={<DashboardPage />} signedOut={<PublicHome />} />;

/**
 * A data router catches a route's render errors itself: handed on, they reach the app's own boundary
 * (src/app/FullApp.tsx) as under <BrowserRouter>, not react-router's default screen.
 */
function PassErrorOn(): never {
  throw useRouteError();
}

/** The route table of docs/screens.md: the open screens, then every guarded one of the registry. */
const routeTree = (
  <Route element={<Layout />} errorElement={<PassErrorOn />}>
    <Route path={paths.home.path} element={home} />
    <Route
      path={paths.login.path}
      element={
        <SignedOutOnly>
          <LoginPage />
        </SignedOutOnly>
      }
    />
    {/* The reset page decides itself: its link signs the user in. */}
    <Route path={paths.resetPassword.path} element={<ResetPasswordPage />} />
    {guardedRoutes}
    <Route path="*" element={home} />
  </Route>
);

/** The route table as the data router (createBrowserRouter, src/app/FullApp.tsx) takes it: its blocker guards unsaved forms. */
export const appRoutes: RouteObject[] = createRoutesFromElements(routeTree);

/** The same table inside any router (the shell's tests). */
export function AppRoutes() {
  return <Routes>{routeTree}</Routes>;
}
