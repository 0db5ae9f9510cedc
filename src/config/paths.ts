import type { Role } from '../../common/users/roles';

interface RouteDef {
  path: string;
  getHref: (...args: string[]) => string;
  /** Least role that may open it; 'signedIn' = any signed-in user; absent = everyone. */
  access?: Role | 'signedIn';
}

const fixed = (path: string, access?: RouteDef['access']): RouteDef => ({ path, getHref: () => path, access });
/** `${base}/:id`, opened with an id. */
const byId = (base: string, access: RouteDef['access']): RouteDef => ({ path: `${base}/:id`, getHref: (id: string) => `${base}/${encodeURIComponent(id)}`, access });

/** Every route of docs/screens.md, in one place: no route string is typed twice. */
export const paths = {
  home: fixed('/'),
  login: fixed('/login'),
  resetPassword: fixed('/reset-password'),
  export: fixed('/estrazione', 'signedIn'),
  addMatch: fixed('/aggiungi-partita', 'editor'),
  importMatches: fixed('/importa', 'editor'),
  editMatch: byId('/modifica-partita', 'editor'),
  groups: fixed('/gruppi', 'editor'),
  occupancy: fixed('/occupazione', 'editor'),
  allenamenti: fixed('/allenamenti', 'signedIn'),
  dirigenti: fixed('/dirigenti', 'signedIn'),
  giocatori: fixed('/giocatori', 'signedIn'),
  convocazioni: fixed('/convocazioni', 'signedIn'),
  convocazione: byId('/convocazioni', 'signedIn'),
  users: fixed('/gestione-utenti', 'admin'),
  userAudit: fixed('/user-audit', 'admin'),
  errorLogs: fixed('/error-logs', 'admin'),
  activityLogs: fixed('/activity-logs', 'admin'),
} as const satisfies Record<string, RouteDef>;

/** Screens where the navigation bar is hidden. */
export const BARE_PATHS: readonly string[] = [paths.login.path, paths.resetPassword.path];

export type RouteName = keyof typeof paths;

const patterns = (Object.keys(paths) as RouteName[])
  .filter((name) => name !== 'home')
  .map((name) => [name, new RegExp(`^${paths[name].path.replace(/:[^/]+/g, '[^/]+')}/?$`, 'i')] as const);

/**
 * The route a path opens, matched as the router does (case-insensitive, optional trailing slash);
 * 'home' for / and any path that is no other route (docs/screens.md). No router needed: the entry uses it.
 */
export function routeOf(pathname: string): RouteName {
  return patterns.find(([, pattern]) => pattern.test(pathname))?.[0] ?? 'home';
}
