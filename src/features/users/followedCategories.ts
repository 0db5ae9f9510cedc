// The Italian texts of 'Categorie seguite' in Gestione Utenti (docs/players.md, who sees what) that only the
// SPA shows; the server's are in common/players/messages.ts (GIOCATORI_MSG.users). To move beside them.
import { GIOCATORI_MSG } from '../../../common/players/messages';
import type { GruppiSeguiti } from '../../../common/players/rules';
import type { Role } from '../../../common/users/roles';

export const FOLLOWED_MSG = {
  column: 'Categorie seguite',
  none: 'Nessuna',
  tutte: GIOCATORI_MSG.users.tutte,
  /** An administrator sees every player whatever is stored. */
  admin: 'Tutte (amministratore)',
  editOf: (email: string) => `Modifica le categorie seguite da ${email}`,
  title: 'Categorie seguite',
  intro: (email: string) => `Le categorie di cui ${email} vede i giocatori (e le loro scadenze). Nessun altro dato cambia.`,
  adminNote: 'È un amministratore: vede comunque tutti i giocatori. Le categorie scelte contano se il ruolo cambia.',
  allSwitch: 'Tutte le categorie, anche quelle create in futuro',
  pick: 'Categorie',
  noCategories: 'Non ci sono ancora categorie.',
  loadError: 'Impossibile caricare le categorie',
  save: 'Salva',
  saving: 'Salvataggio...',
  cancel: 'Annulla',
} as const;

/** What the users' list says of a user's ties. */
export function describeFollowed(role: Role, ties: GruppiSeguiti | undefined): string {
  if (role === 'admin') return FOLLOWED_MSG.admin;
  if (!ties) return FOLLOWED_MSG.none;
  if (ties.tutte) return FOLLOWED_MSG.tutte;
  return ties.gruppi.length ? ties.gruppi.join(', ') : FOLLOWED_MSG.none;
}
