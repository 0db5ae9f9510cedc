// What deleting a category takes with it, from the migrations' ON DELETE rules:
// - referents (gruppi_referenti, ON DELETE CASCADE), with their phone, email and notification choice;
// - training series (allenamenti.gruppo, ON DELETE CASCADE), so they leave the trainings screen,
//   the occupancy board, the sheets and the feeds;
// - the category's own calendar feed (/api/calendar/gruppo/{id}.ics answers 404 afterwards);
// - matches are NEVER deleted with it: partite.gruppo is ON DELETE RESTRICT, so while one match
//   (of any date or status) has the category the delete is refused with 409 (MSG.groups.hasMatches).
// - players are NEVER deleted with it either: giocatori.gruppo_id is ON DELETE RESTRICT (409,
//   GIOCATORI_MSG.gruppoConGiocatori); the users' ties to it (utenti_gruppi) go with it (CASCADE).
// Officials (dirigenti) have no category link: their designations belong to matches.
import { countOf } from '../core/plural';
import { GIORNI } from '../trainings/messages';

/** A training series of the category, as the confirmation names it. */
export interface DeletePreviewSerie {
  giorno: number;
  oraInizio: string;
  oraFine: string;
  campo: string;
}

/** GET /api/gruppi/{id}/eliminazione (admin): what a delete of the category would take with it. */
export interface GruppoDeletePreview {
  name: string;
  /** Matches of the category (any date and status): more than 0 and the delete is refused. */
  partite: number;
  referenti: number;
  allenamenti: DeletePreviewSerie[];
  /**
   * Players of the category (docs/players.md): more than 0 and the delete is refused. Always present
   * in answers of the API; optional in the type so older literals still fit.
   */
  giocatori?: number;
}

export const DELETE_PREVIEW_MSG = {
  loading: 'Controllo di cosa viene eliminato...',
  loadFailed: 'Non è stato possibile controllare cosa viene eliminato con la categoria.',
  goesWith: 'Con la categoria vengono eliminati anche:',
  referenti: (n: number) => `${countOf(n, 'referente', 'referenti')} (con telefono, email e scelta delle notifiche)`,
  allenamenti: (n: number, list: string) => `${countOf(n, 'serie di allenamento', 'serie di allenamento')}: ${list}`,
  feed: "il calendario della categoria: chi l'ha aggiunto al telefono non riceve più aggiornamenti",
  matchesKept: 'Le partite non vengono mai eliminate con la categoria.',
  hasMatches: (n: number) =>
    `La categoria ha ${countOf(n, 'partita', 'partite')}: non si può eliminare finché non vengono eliminate o spostate in un'altra categoria.`,
  hasPlayers: (n: number) =>
    `La categoria ha ${countOf(n, 'giocatore', 'giocatori')}: non si può eliminare finché non vengono spostati in un'altra categoria o cancellati.`,
} as const;

/** 'lunedì 18:00-19:30, Campo Comunale' */
export const describeSerie = (s: DeletePreviewSerie) => `${GIORNI[s.giorno - 1]} ${s.oraInizio}-${s.oraFine}, ${s.campo}`;

/** The lines under 'Con la categoria vengono eliminati anche:' (the feed always goes). */
export function deletePreviewLines(p: GruppoDeletePreview): string[] {
  const lines: string[] = [];
  if (p.referenti > 0) lines.push(DELETE_PREVIEW_MSG.referenti(p.referenti));
  if (p.allenamenti.length > 0) lines.push(DELETE_PREVIEW_MSG.allenamenti(p.allenamenti.length, p.allenamenti.map(describeSerie).join('; ')));
  lines.push(DELETE_PREVIEW_MSG.feed);
  return lines;
}
