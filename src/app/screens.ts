import type { ComponentType } from 'react';
import { routeOf } from '../config/paths';

/*
 * Every screen is a chunk of its own. The app (FullApp.tsx) downloads the one of the address being opened
 * before its first render, and the router renders it at once: a person opening /login sees the form as
 * the app's first picture, not a spinner before it.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a screen's props are its own
export type ScreenModule<T extends ComponentType<any> = ComponentType<any>> = { default: T };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
export interface Screen<T extends ComponentType<any> = ComponentType<any>> {
  /** Starts (or joins) the download; a failed one is tried again on the next call. */
  load: () => Promise<ScreenModule<T>>;
  /** The module once downloaded. */
  loaded: () => ScreenModule<T> | undefined;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
function screen<T extends ComponentType<any>>(importer: () => Promise<ScreenModule<T>>): Screen<T> {
  let pending: Promise<ScreenModule<T>> | undefined;
  let module: ScreenModule<T> | undefined;
  return {
    load: () =>
      (pending ??= importer().then(
        (m) => (module = m),
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      )),
    loaded: () => module,
  };
}

export const screens = {
  publicDashboard: screen(() => import('../features/matches/PublicDashboardPage')),
  dashboard: screen(() => import('../features/matches/DashboardPage')),
  addMatch: screen(() => import('../features/matches/AddMatchPage')),
  editMatch: screen(() => import('../features/matches/EditMatchPage')),
  importMatches: screen(() => import('../features/import/ImportPage')),
  groups: screen(() => import('../features/groups/GroupsPage')),
  occupancy: screen(() => import('../features/occupancy/OccupancyPage')),
  allenamenti: screen(() => import('../features/trainings/TrainingsPage')),
  dirigenti: screen(() => import('../features/officials/OfficialsPage')),
  users: screen(() => import('../features/users/UsersPage')),
  userAudit: screen(() => import('../features/users/UserAuditPage')),
  login: screen(() => import('../features/auth/LoginPage')),
  resetPassword: screen(() => import('../features/auth/ResetPasswordPage')),
  export: screen(() => import('../features/export/ExportPage')),
  errorLogs: screen(() => import('../features/logs/ErrorLogsPage')),
  activityLogs: screen(() => import('../features/logs/ActivityLogsPage')),
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
  const target = route !== 'home' ? screens[route] : signedIn ? screens.dashboard : screens.publicDashboard;
  // Signed in, the bar comes with the screen (it is drawn above it, not after it). On /login, what follows
  // a sign-in starts downloading while the person types, without delaying the form.
  if (target === screens.login) for (const next of [screens.navBar, screens.dashboard]) next.load().catch(() => undefined);
  const wanted = signedIn ? [target, screens.navBar] : [target];
  return Promise.all(wanted.map((s) => s.load())).catch(() => undefined);
}
