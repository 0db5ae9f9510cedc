// The texts of a match card (docs/matches.md), computed once for both renderings of a card: React's
// (src/features/matches/MatchCard.tsx) and the server's HTML of / (server/shared/public-home.ts,
// docs/public-page.md), so the first response shows exactly what React shows later.
import { DASHBOARD_MSG, MATCH_OPTION_MSG } from './messages';
import { isHomeTeam, type Partita } from './read';
import { readMatch, type MatchMeaning } from './meaning';

const dateFormat = new Intl.DateTimeFormat('it-IT', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });

/** '2026-11-28' -> 'Sabato 28 novembre 2026' (noon, so no timezone moves the day). */
export function formatDataIt(data: string): string {
  const text = dateFormat.format(new Date(`${data}T12:00:00`));
  return text.charAt(0).toLocaleUpperCase('it') + text.slice(1);
}

const dayFormat = new Intl.DateTimeFormat('it-IT', { weekday: 'long', day: 'numeric', month: 'long' });

/** A day heading of the signed-in dashboard: 'Sabato 28 novembre' (the year only when it is not `currentYear`'s). */
export function formatDayHeading(data: string, currentYear: string): string {
  if (data.slice(0, 4) !== currentYear) return formatDataIt(data);
  const text = dayFormat.format(new Date(`${data}T12:00:00`));
  return text.charAt(0).toLocaleUpperCase('it') + text.slice(1);
}

const hhmm = (t: string | null | undefined) => (t ? String(t).slice(0, 5) : '');

/** The badge colour of each competition type (theme palette names). */
export const TIPO_COLOR = { campionato: 'primary', torneo: 'secondary', amichevole: 'info' } as const;

export interface MatchCardText {
  date: string;
  /** '15:00' or '15:00 - 16:30'. */
  time: string;
  tipo: { label: string; color: (typeof TIPO_COLOR)[keyof typeof TIPO_COLOR] } | null;
  /** 'CASA' on a house match. */
  home: string | null;
  teams: Array<{ name: string; club: boolean }>;
  /** 'Campo: Stadio Garibaldi'. */
  campo: string;
  terreno: string | null;
  gruppo: string;
  /** 'Spogliatoi: Garibaldina 1 · Ospiti 2' on a house match with both rooms. */
  rooms: string | null;
  /**
   * The status badge of a match not plainly in programma (common/matches/meaning.ts): 'Spostata dal
   * 21/11/2026' on a moved one, 'Rinviata - data da definire', 'Sospesa', 'Annullata'; null otherwise.
   */
  status: { meaning: MatchMeaning; label: string } | null;
  /** Struck through: it will not be played (cancelled). */
  struck: boolean;
}

export function matchCardText(p: Partita, clubName: string): MatchCardText {
  const rooms = p.is_house_match && p.spogliatoio_gari != null && p.spogliatoio_ospiti != null;
  return {
    date: formatDataIt(p.data),
    time: p.ora_fine ? `${hhmm(p.ora)} - ${hhmm(p.ora_fine)}` : hhmm(p.ora),
    tipo: p.tipo_gara ? { label: MATCH_OPTION_MSG.tipoGara[p.tipo_gara], color: TIPO_COLOR[p.tipo_gara] } : null,
    home: p.is_house_match ? DASHBOARD_MSG.home : null,
    teams: [p.squadracasa, p.squadratrasferta].map((name) => ({ name, club: isHomeTeam(name, clubName) })),
    campo: `${DASHBOARD_MSG.filterLabels.campo}: ${p.campo}`,
    terreno: p.terreno ? MATCH_OPTION_MSG.terrenoLabel[p.terreno] : null,
    gruppo: p.gruppo,
    rooms: rooms
      ? `${DASHBOARD_MSG.dressingRooms}: ${DASHBOARD_MSG.dressingRoomClub} ${p.spogliatoio_gari} · ${DASHBOARD_MSG.dressingRoomGuests} ${p.spogliatoio_ospiti}`
      : null,
    status: statusBadge(p),
    struck: readMatch(p).meaning === 'annullata',
  };
}

function statusBadge(p: Partita): MatchCardText['status'] {
  const r = readMatch(p);
  return r.badge === null ? null : { meaning: r.meaning, label: r.badge };
}
