import { MSG } from '../../common/core/messages';
import { hasRole, type Role } from '../../common/users/roles';
import { paths } from '../config/paths';
import { IMPORT_NAV_LABEL } from '../../common/import/messages';
import { OCCUPANCY_LABEL } from '../../common/occupancy/messages';
import { ALLENAMENTI_LABEL } from '../../common/trainings/messages';
import { DIRIGENTI_LABEL } from '../../common/officials/messages';

const N = MSG.screens.nav;

export interface NavItem {
  to: string;
  label: string;
  min: Role;
}

/** A link of the bar, or a group of links behind one menu button. */
export type NavEntry = ({ kind: 'link' } & NavItem) | { kind: 'menu'; id: string; label: string; items: NavItem[] };

/**
 * Links by role (docs/screens.md), lowest role first. The match screens and the admin screens are
 * grouped behind a menu each, so that the bar stays on one line from 1280 px for every role.
 */
const ENTRIES: NavEntry[] = [
  { kind: 'link', to: paths.home.getHref(), label: N.dashboard, min: 'reader' },
  { kind: 'link', to: paths.export.getHref(), label: N.export, min: 'reader' },
  {
    kind: 'menu',
    id: 'nav-partite',
    label: N.matchesMenu,
    items: [
      { to: paths.addMatch.getHref(), label: N.addMatch, min: 'editor' },
      { to: paths.importMatches.getHref(), label: IMPORT_NAV_LABEL, min: 'editor' },
      { to: paths.occupancy.getHref(), label: OCCUPANCY_LABEL, min: 'editor' },
      { to: paths.allenamenti.getHref(), label: ALLENAMENTI_LABEL, min: 'reader' },
      { to: paths.dirigenti.getHref(), label: DIRIGENTI_LABEL, min: 'reader' },
    ],
  },
  { kind: 'link', to: paths.groups.getHref(), label: N.groups, min: 'editor' },
  {
    kind: 'menu',
    id: 'nav-amministrazione',
    label: N.adminMenu,
    items: [
      { to: paths.users.getHref(), label: N.users, min: 'admin' },
      { to: paths.errorLogs.getHref(), label: N.errorLogs, min: 'admin' },
      { to: paths.activityLogs.getHref(), label: N.activityLogs, min: 'admin' },
    ],
  },
];

/** The entries a role sees: links it may open, menus with at least one such link. */
export function navEntries(role: Role): NavEntry[] {
  return ENTRIES.flatMap((e): NavEntry[] => {
    if (e.kind === 'link') return hasRole(role, e.min) ? [e] : [];
    const items = e.items.filter((i) => hasRole(role, i.min));
    return items.length > 0 ? [{ ...e, items }] : [];
  });
}
