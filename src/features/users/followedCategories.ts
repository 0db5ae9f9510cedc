// 'Categorie seguite' in Gestione Utenti (docs/players.md, who sees what): what the users' list says of a
// user's ties. The texts are in common/players/messages.ts (FOLLOWED_MSG).
import { FOLLOWED_MSG } from '../../../common/players/messages';
import type { GruppiSeguiti } from '../../../common/players/rules';
import type { Role } from '../../../common/users/roles';

/** What the users' list says of a user's ties. */
export function describeFollowed(role: Role, ties: GruppiSeguiti | undefined): string {
  if (role === 'admin') return FOLLOWED_MSG.admin;
  if (!ties) return FOLLOWED_MSG.none;
  if (ties.tutte) return FOLLOWED_MSG.tutte;
  return ties.gruppi.length ? ties.gruppi.join(', ') : FOLLOWED_MSG.none;
}
