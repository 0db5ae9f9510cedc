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
import { BARE_PATHS, paths } from '../config/paths';
import { screens, type Screen, type ScreenModule } from './screens';

/**
 * A screen of src/app/screens.ts. Once its chunk is there (preloaded with the app for the address being
 * opened) the thenable answers at once, so React renders the screen without its Suspense spinner.
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
const AddMatchPage = lazyScreen(screens.addMatch);
const EditMatchPage = lazyScreen(screens.editMatch);
const ImportPage = lazyScreen(screens.importMatches);
const GroupsPage = lazyScreen(screens.groups);
const OccupancyPage = lazyScreen(screens.occupancy);
const TrainingsPage = lazyScreen(screens.allenamenti);
const OfficialsPage = lazyScreen(screens.dirigenti);
const UsersPage = lazyScreen(screens.users);
const UserAuditPage = lazyScreen(screens.userAudit);
const LoginPage = lazyScreen(screens.login);
const ResetPasswordPage = lazyScreen(screens.resetPassword);
const ExportPage = lazyScreen(screens.export);
const ErrorLogsPage = lazyScreen(screens.errorLogs);
const ActivityLogsPage = lazyScreen(screens.activityLogs);
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

const editorOnly = (page: ReactNode) => <RequireRole min="editor">{page}</RequireRole>;
const adminOnly = (page: ReactNode) => <RequireRole min="admin">{page}</RequireRole>;
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

/** The route table of docs/screens.md. */
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
    <Route
      path={paths.export.path}
      element={
        <RequireSignIn>
          <ExportPage />
        </RequireSignIn>
      }
    />
    <Route path={paths.addMatch.path} element={editorOnly(<AddMatchPage />)} />
    <Route path={paths.editMatch.path} element={editorOnly(<EditMatchPage />)} />
    <Route path={paths.importMatches.path} element={editorOnly(<ImportPage />)} />
    <Route path={paths.groups.path} element={editorOnly(<GroupsPage />)} />
    <Route path={paths.occupancy.path} element={editorOnly(<OccupancyPage />)} />
    <Route
      path={paths.allenamenti.path}
      element={
        <RequireSignIn>
          <TrainingsPage />
        </RequireSignIn>
      }
    />
    <Route
      path={paths.dirigenti.path}
      element={
        <RequireSignIn>
          <OfficialsPage />
        </RequireSignIn>
      }
    />
    <Route path={paths.users.path} element={adminOnly(<UsersPage />)} />
    <Route path={paths.userAudit.path} element={adminOnly(<UserAuditPage />)} />
    <Route path={paths.errorLogs.path} element={adminOnly(<ErrorLogsPage />)} />
    <Route path={paths.activityLogs.path} element={adminOnly(<ActivityLogsPage />)} />
    <Route path="*" element={home} />
  </Route>
);

/** The route table as the data router (createBrowserRouter, src/app/FullApp.tsx) takes it: its blocker guards unsaved forms. */
export const appRoutes: RouteObject[] = createRoutesFromElements(routeTree);

/** The same table inside any router (the shell's tests). */
export function AppRoutes() {
  return <Routes>{routeTree}</Routes>;
}
