import type { Role } from '../../common/users/roles';
import { isIsoDate } from '../../common/core/date-text';

interface RouteDef {
  path: string;
  getHref: (...args: string[]) => string;
  /** Least role that may open it; 'signedIn' = any signed-in user; absent = everyone. */
  access?: Role | 'signedIn';
}

const fixed = (path: string, access?: RouteDef['access']): RouteDef => ({ path, getHref: () => path, access });

/** Every route of docs/screens.md, in one place: no route string is typed twice. */
export const paths = {
  home: fixed('/'),
  login: fixed('/login'),
  resetPassword: fixed('/reset-password'),
  export: fixed('/estrazione', 'signedIn'),
  addMatch: fixed('/aggiungi-partita', 'editor'),
  importMatches: fixed('/importa', 'editor'),
  editMatch: { path: '/modifica-partita/:id', getHref: (id: string) => `/modifica-partita/${encodeURIComponent(id)}`, access: 'editor' },
  groups: fixed('/gruppi', 'editor'),
  occupancy: fixed('/occupazione', 'editor'),
  allenamenti: fixed('/allenamenti', 'signedIn'),
  dirigenti: fixed('/dirigenti', 'signedIn'),
  giocatori: fixed('/giocatori', 'signedIn'),
  convocazioni: fixed('/convocazioni', 'signedIn'),
  convocazione: { path: '/convocazioni/:id', getHref: (id: string) => `/convocazioni/${encodeURIComponent(id)}`, access: 'signedIn' },
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

/**
 * A slot chosen with 'Trova uno slot' (docs/trainings.md, slot finder) for the edit form: the
 * values it fills, carried as query parameters of /modifica-partita/:id. (The 'Rinvia' dialog no longer
 * uses it: the postponement applies the whole slot itself, docs/matches.md, status.)
 */
export interface SlotPrefill {
  data: string;
  ora: string;
  oraFine: string;
  campo: string;
  /** The club's room, then the guests'. */
  spogliatoi: readonly number[];
}

/** /modifica-partita/{id}?data=...&ora=...&oraFine=...&campo=...&spogliatoi=3,4 */
export function editMatchWithSlot(id: string, slot: SlotPrefill): string {
  const q = new URLSearchParams({ data: slot.data, ora: slot.ora, oraFine: slot.oraFine });
  if (slot.campo) q.set('campo', slot.campo);
  if (slot.spogliatoi.length > 0) q.set('spogliatoi', slot.spogliatoi.join(','));
  return `${paths.editMatch.getHref(id)}?${q.toString()}`;
}

/** The well-formed values of editMatchWithSlot's parameters (anything else ignored); null when there are none. */
export function readSlotPrefill(search: string): Partial<SlotPrefill> | null {
  const q = new URLSearchParams(search);
  const out: Partial<SlotPrefill> = {};
  const data = q.get('data');
  if (isIsoDate(data)) out.data = data;
  const ora = q.get('ora');
  if (ora && /^([01]\d|2[0-3]):[0-5]\d$/.test(ora)) out.ora = ora;
  const oraFine = q.get('oraFine');
  if (oraFine && /^([01]\d|2[0-3]):[0-5]\d$/.test(oraFine)) out.oraFine = oraFine;
  const campo = q.get('campo')?.trim();
  if (campo && campo.length <= 100) out.campo = campo;
  const rooms = q.get('spogliatoi');
  if (rooms && /^\d{1,2}(,\d{1,2})?$/.test(rooms)) out.spogliatoi = rooms.split(',').map(Number);
  return Object.keys(out).length > 0 ? out : null;
}
