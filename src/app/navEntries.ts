import { MSG } from '../../common/core/messages';
import { hasRole, type Role } from '../../common/users/roles';
import { paths, type RouteName } from '../config/paths';
import { screenRegistry, type NavPlace } from './screens';

const N = MSG.screens.nav;

export interface NavItem {
  to: string;
  label: string;
  min: Role;
}

/** A link of the bar, or a group of links behind one menu button. */
export type NavEntry = ({ kind: 'link' } & NavItem) | { kind: 'menu'; id: string; label: string; items: NavItem[] };

const MENUS = {
  matches: { id: 'nav-partite', label: N.matchesMenu },
  admin: { id: 'nav-amministrazione', label: N.adminMenu },
} as const;

/** The least role of a route: its own in paths.ts ('signedIn' is any signed-in user, a reader up). */
const leastRole = (name: RouteName): Role => {
  const access: string | undefined = paths[name].access;
  return access === undefined || access === 'signedIn' ? 'reader' : (access as Role);
};

/**
 * The bar of docs/screens.md, made from the screen registry (src/app/screens.ts) in its order: the match
 * screens and the admin screens are grouped behind a menu each, placed where their first screen is, so
 * that the bar stays on one line from 1280 px for every role.
 */
const ENTRIES: NavEntry[] = (() => {
  const entries: NavEntry[] = [];
  for (const [name, entry] of Object.entries(screenRegistry) as [RouteName, { nav?: NavPlace }][]) {
    // Only fixed addresses have a link (a screen with a parameter, like a match's edit, is opened from its list).
    if (!entry.nav || paths[name].path.includes(':')) continue;
    const item: NavItem = { to: paths[name].path, label: entry.nav.label, min: entry.nav.min ?? leastRole(name) };
    const menu = entry.nav.menu && MENUS[entry.nav.menu];
    if (!menu) {
      entries.push({ kind: 'link', ...item });
      continue;
    }
    const existing = entries.find((e) => e.kind === 'menu' && e.id === menu.id);
    if (existing && existing.kind === 'menu') existing.items.push(item);
    else entries.push({ kind: 'menu', id: menu.id, label: menu.label, items: [item] });
  }
  return entries;
})();

/** The entries a role sees: links it may open, menus with at least one such link. */
export function navEntries(role: Role): NavEntry[] {
  return ENTRIES.flatMap((e): NavEntry[] => {
    if (e.kind === 'link') return hasRole(role, e.min) ? [e] : [];
    const items = e.items.filter((i) => hasRole(role, i.min));
    return items.length > 0 ? [{ ...e, items }] : [];
  });
}
