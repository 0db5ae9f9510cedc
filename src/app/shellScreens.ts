// The shell's own chunks and the download before the first render, apart from the registry: the bar's
// chunk reads the registry (navEntries.ts), so the registry must not name it back.
import { routeOf } from '../config/paths';
import { screen, screenRegistry, type Screen } from './screens';

/** The chunks of the screens that are not a route of their own. */
export const screens = {
  publicDashboard: screen(() => import('../features/matches/PublicDashboardPage')),
  dashboard: screen(() => import('../features/matches/DashboardPage')),
  /** Not a route: the bar above every signed-in screen. */
  navBar: screen(() => import('./NavBar')),
} as const satisfies Record<string, Screen>;

/**
 * Downloads the screen the router will show at `pathname` (matched as the router does: case-insensitive,
 * optional trailing slash; any other path is the home page, the dashboard when signed in). Never rejects:
 * a failure is the router's to show when it renders the screen.
 */
export function preloadScreen(pathname: string, signedIn: boolean): Promise<unknown> {
  const route = routeOf(pathname);
  const target = route !== 'home' ? screenRegistry[route].screen : signedIn ? screens.dashboard : screens.publicDashboard;
  // Signed in, the bar comes with the screen (it is drawn above it, not after it). On /login, what follows
  // a sign-in starts downloading while the person types, without delaying the form.
  if (route === 'login') for (const next of [screens.navBar, screens.dashboard]) next.load().catch(() => undefined);
  const wanted = signedIn ? [target, screens.navBar] : [target];
  return Promise.all(wanted.map((s) => s.load())).catch(() => undefined);
}
