import type { ComponentType } from 'react';
import type { RouteName } from '../config/paths';
import type { Role } from '../../common/users/roles';
import { MSG } from '../../common/core/messages';
import { IMPORT_NAV_LABEL } from '../../common/import/messages';
import { OCCUPANCY_LABEL } from '../../common/occupancy/messages';
import { ALLENAMENTI_LABEL } from '../../common/trainings/messages';
import { DIRIGENTI_LABEL } from '../../common/officials/messages';
import { GIOCATORI_LABEL } from '../../common/players/messages';
import { CONVOCAZIONI_LABEL } from '../../common/callups/messages';

const N = MSG.screens.nav;

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
export function screen<T extends ComponentType<any>>(importer: () => Promise<ScreenModule<T>>): Screen<T> {
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

/** Where a screen sits in the navigation bar: a link of its own, or an item of one of the two menus. */
export interface NavPlace {
  label: string;
  menu?: 'matches' | 'admin';
  /** The least role that sees the link; by default the screen's own (src/config/paths.ts). */
  min?: Role;
}

/**
 * The screen registry: each route of src/config/paths.ts with its chunk and, when it has one, its place
 * in the navigation bar. The route table (AppRoutes.tsx) and the bar (navEntries.ts) are made from it;
 * the order here is the order of the bar. A new screen is one path in paths.ts and one entry here.
 */
export const screenRegistry = {
  home: { nav: { label: N.dashboard, min: 'reader' } },
  export: { screen: screen(() => import('../features/export/ExportPage')), nav: { label: N.export } },
  addMatch: { screen: screen(() => import('../features/matches/AddMatchPage')), nav: { label: N.addMatch, menu: 'matches' } },
  importMatches: { screen: screen(() => import('../features/import/ImportPage')), nav: { label: IMPORT_NAV_LABEL, menu: 'matches' } },
  occupancy: { screen: screen(() => import('../features/occupancy/OccupancyPage')), nav: { label: OCCUPANCY_LABEL, menu: 'matches' } },
  allenamenti: { screen: screen(() => import('../features/trainings/TrainingsPage')), nav: { label: ALLENAMENTI_LABEL, menu: 'matches' } },
  dirigenti: { screen: screen(() => import('../features/officials/OfficialsPage')), nav: { label: DIRIGENTI_LABEL, menu: 'matches' } },
  giocatori: { screen: screen(() => import('../features/players/PlayersPage')), nav: { label: GIOCATORI_LABEL } },
  convocazioni: { screen: screen(() => import('../features/callups/CallupsPage')), nav: { label: CONVOCAZIONI_LABEL, menu: 'matches' } },
  groups: { screen: screen(() => import('../features/groups/GroupsPage')), nav: { label: N.groups } },
  users: { screen: screen(() => import('../features/users/UsersPage')), nav: { label: N.users, menu: 'admin' } },
  errorLogs: { screen: screen(() => import('../features/logs/ErrorLogsPage')), nav: { label: N.errorLogs, menu: 'admin' } },
  activityLogs: { screen: screen(() => import('../features/logs/ActivityLogsPage')), nav: { label: N.activityLogs, menu: 'admin' } },
  editMatch: { screen: screen(() => import('../features/matches/EditMatchPage')) },
  convocazione: { screen: screen(() => import('../features/callups/CallupPage')) },
  userAudit: { screen: screen(() => import('../features/users/UserAuditPage')) },
  login: { screen: screen(() => import('../features/auth/LoginPage')) },
  resetPassword: { screen: screen(() => import('../features/auth/ResetPasswordPage')) },
} as const satisfies Record<RouteName, { screen?: Screen; nav?: NavPlace }>;
