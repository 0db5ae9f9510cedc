// Pitch, changing-room and team clashes (issue 15): the rule shared by the match form, the server's
// save check and the occupancy board, and its Italian messages. Not part of common/messages.ts (the
// start-up bundle): only the form, the board and the server load it.
import { defaultDurationMinutes } from './calendar';
import { effectiveHome, type PartitaValues } from './partite';
import { isIsoDate, isTime, shortTime } from './dates';
import { DEFAULT_CLUB_NAME, type Partita } from './partiteRead';
import { OCCUPANCY_LABEL } from './clashesLabel';

/** Default changeover margin of a changing room, in minutes (CLASH_MARGIN_MINUTES). */
export const DEFAULT_CLASH_MARGIN_MINUTES = 15;

export type ClashReason = 'campo' | 'spogliatoio' | 'squadra';
export const CLASH_REASONS: readonly ClashReason[] = ['campo', 'spogliatoio', 'squadra'];

/** What the rule needs of a match (a stored one, or the candidate of a form, whose id may be missing). */
export type ClashMatch = Pick<
  Partita,
  'data' | 'ora' | 'ora_fine' | 'squadracasa' | 'squadratrasferta' | 'campo' | 'gruppo' | 'is_house_match' | 'spogliatoio_gari' | 'spogliatoio_ospiti'
> & { id: number | null };

/** One clash of a match with another: what they share, and the Italian sentence that says it. */
export interface Clash<M extends ClashMatch = ClashMatch> {
  id: number;
  motivo: ClashReason;
  messaggio: string;
  partita: M;
}

/** A clash as the API names it (without the other match's row): the form's warnings, the board's outlines. */
export interface ClashInfo {
  id: number;
  motivo: ClashReason;
  messaggio: string;
}

export const CLASH_MSG = {
  campo: (from: string, to: string, teams: string) => `Campo già occupato dalle ${from} alle ${to} da ${teams}`,
  spogliatoio: (rooms: number[], teams: string, from: string, to: string) =>
    `${rooms.length === 1 ? `Spogliatoio ${rooms[0]} già assegnato` : `Spogliatoi ${rooms.join(', ')} già assegnati`} a ${teams} dalle ${from} alle ${to}`,
  squadra: (team: string, from: string, teams: string) => `La squadra ${team} gioca già alle ${from} (${teams})`,
  /** 409 of a save that clashes and was not confirmed. */
  conflict: 'La partita si sovrappone ad altre partite: conferma per salvarla comunque',
  /** Activity record of a confirmed override. */
  confirmed: (match: string, n: number) => `Sovrapposizion${n === 1 ? 'e confermata' : 'i confermate'} per ${match}`,
  reasonLabel: { campo: 'Campo', spogliatoio: 'Spogliatoio', squadra: 'Squadra' } as Record<ClashReason, string>,
  // Form and board
  formTitle: 'Sovrapposizioni',
  openMatch: 'Apri la partita',
  dialogTitle: 'Salvare comunque?',
  dialogIntro: 'La partita si sovrappone ad altre partite:',
  checking: 'Controllo sovrapposizioni...',
  dialogConfirm: 'Salva comunque',
  dialogCancel: 'Annulla',
  boardTitle: OCCUPANCY_LABEL,
  boardDay: 'Giorno',
  boardWeek: 'Settimana',
  boardPrev: 'Precedente',
  boardNext: 'Successivo',
  boardToday: 'Oggi',
  boardDate: 'Data',
  boardPrint: 'Stampa',
  boardEmpty: 'Nessuna partita in casa in questo periodo',
  boardEmptyDay: 'Nessuna partita in casa',
  boardRoom: (n: number) => `Spogliatoio ${n}`,
  boardClashes: (n: number) => (n === 1 ? '1 sovrapposizione' : `${n} sovrapposizioni`),
  boardLoadError: "Impossibile caricare l'occupazione dei campi",
  // Signed-in dashboard (item 5)
  onlyClashes: 'Solo sovrapposizioni',
  cardMark: (n: number) => (n === 1 ? 'Sovrapposizione:' : `${n} sovrapposizioni:`),
} as const;

/** 'HH:mm[:ss]' -> minutes after midnight. */
export function minutesOf(time: string): number {
  const [h, m] = time.split(':').map(Number);
  return h * 60 + m;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** Minutes after midnight -> 'HH:mm' (24:00 and later are shown as they are). */
export const timeOf = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;

/**
 * The minutes a match takes: from its start to its end time. A match without an end time (an
 * away match) or whose end is not after its start lasts the default length of its category
 * (common/calendar.ts: the same length the calendar feeds give it, 105 minutes for an unknown one).
 */
export function matchSpan(m: Pick<ClashMatch, 'ora' | 'ora_fine' | 'gruppo'>): { start: number; end: number } {
  const start = minutesOf(m.ora);
  const end = m.ora_fine ? minutesOf(m.ora_fine) : NaN;
  return { start, end: end > start ? end : start + defaultDurationMinutes(m.gruppo) };
}

/** Campo and team names compared without case and without any spaces ('Campo  1' = 'campo1'). */
export const sameName = (a: string, b: string) => normName(a) === normName(b);
export const normName = (s: string) => s.toLocaleLowerCase('it').replace(/\s+/g, '');

const teamsOf = (m: Pick<ClashMatch, 'squadracasa' | 'squadratrasferta'>) => `${m.squadracasa} - ${m.squadratrasferta}`;
const rooms = (m: ClashMatch) => [m.spogliatoio_gari, m.spogliatoio_ospiti].filter((r): r is number => r != null);

/**
 * The clashes of `a` with `b`, as seen from `a` (the messages describe `b`):
 * - campo: both home matches, same campo, times overlap (a match ending at 10:00 and one starting
 *   at 10:00 do not clash);
 * - spogliatoio: both home matches sharing a changing-room number, each holding its rooms from
 *   `marginMinutes` before its start to `marginMinutes` after its end, and these overlap (with
 *   15 minutes, a match ending at 11:30 and one starting at 12:00 do not clash, one starting at 11:59 does);
 * - squadra: the same team (home or away, either side) in two overlapping matches, home or away.
 * Away matches have no campo or rooms of the club and are never compared for them. A match is
 * never compared with itself (same id), nor with a match of another day.
 */
export function clashesBetween<M extends ClashMatch>(a: ClashMatch, b: M, marginMinutes: number = DEFAULT_CLASH_MARGIN_MINUTES): Clash<M>[] {
  if (b.id == null || (a.id != null && a.id === b.id) || a.data !== b.data) return [];
  const sa = matchSpan(a);
  const sb = matchSpan(b);
  const from = shortTime(b.ora);
  const to = timeOf(sb.end);
  const out: Clash<M>[] = [];
  const overlap = sa.start < sb.end && sb.start < sa.end;
  if (a.is_house_match && b.is_house_match) {
    if (overlap && sameName(a.campo, b.campo)) {
      out.push({ id: b.id, motivo: 'campo', messaggio: CLASH_MSG.campo(from, to, teamsOf(b)), partita: b });
    }
    const shared = [...new Set(rooms(a).filter((r) => rooms(b).includes(r)))].sort((x, y) => x - y);
    if (shared.length > 0 && sa.start - marginMinutes < sb.end + marginMinutes && sb.start - marginMinutes < sa.end + marginMinutes) {
      out.push({ id: b.id, motivo: 'spogliatoio', messaggio: CLASH_MSG.spogliatoio(shared, teamsOf(b), from, to), partita: b });
    }
  }
  if (overlap) {
    const team = [a.squadracasa, a.squadratrasferta].find((t) => sameName(t, b.squadracasa) || sameName(t, b.squadratrasferta));
    if (team) out.push({ id: b.id, motivo: 'squadra', messaggio: CLASH_MSG.squadra(team, from, teamsOf(b)), partita: b });
  }
  return out;
}

/** The clashes of `candidate` with each of `others`, in the order of `others` (by time). */
export function findClashes<M extends ClashMatch>(candidate: ClashMatch, others: readonly M[], marginMinutes?: number): Clash<M>[] {
  return others.flatMap((o) => clashesBetween(candidate, o, marginMinutes));
}

/**
 * The candidate of a form or a save body (PartitaValues, possibly incomplete): null while the date
 * or start time is not yet a valid one (nothing to compare). The home switch and the rooms follow
 * the save's rules (toPayload): an away match has no end time and no rooms.
 */
export function clashCandidate(v: PartitaValues & { id?: number | null }, clubName: string = DEFAULT_CLUB_NAME): ClashMatch | null {
  if (!isIsoDate(v.data) || !isTime(v.ora)) return null;
  const home = effectiveHome(v, clubName);
  const text = (s: string | null | undefined) => (s ?? '').trim();
  return {
    id: v.id ?? null,
    data: v.data,
    ora: shortTime(v.ora),
    ora_fine: home && isTime(v.oraFine) ? shortTime(v.oraFine) : null,
    squadracasa: text(v.squadraCasa),
    squadratrasferta: text(v.squadraTrasferta),
    campo: text(v.campo),
    gruppo: text(v.gruppo),
    is_house_match: home,
    spogliatoio_gari: home ? (v.spogliatoioGari ?? null) : null,
    spogliatoio_ospiti: home ? (v.spogliatoioOspiti ?? null) : null,
  };
}

/** For the board: each match's clashes with the others of its day (matches of several days may be mixed). */
export function clashesOfAll<M extends ClashMatch & { id: number }>(matches: readonly M[], marginMinutes?: number): Map<number, Clash<M>[]> {
  const byDay = new Map<string, M[]>();
  for (const m of matches) byDay.set(m.data, [...(byDay.get(m.data) ?? []), m]);
  const out = new Map<number, Clash<M>[]>();
  for (const day of byDay.values()) {
    for (const m of day) {
      const found = findClashes(m, day, marginMinutes);
      if (found.length > 0) out.set(m.id, found);
    }
  }
  return out;
}
