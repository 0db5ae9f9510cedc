// Pitch, changing-room and team clashes (docs/occupazione.md): the rule shared by the match form, the server's
// save check and the occupancy board, and its Italian messages. Not part of common/core/messages.ts (the
// start-up bundle): only the form, the board and the server load it.
import { defaultDurationMinutes } from '../calendar/rules';
import { effectiveHome, type PartitaValues } from '../partite/rules';
import { isIsoDate, shortTime } from '../core/dateText';
import { isTime } from '../core/dates';
import { DEFAULT_CLUB_NAME, type Partita } from '../partite/read';
import { DEFAULT_CLASH_MARGIN_MINUTES, OCCUPANCY_LABEL } from './messages';


/**
 * Whether a match holds its campo, rooms and teams at its date (docs/occupazione.md): not when cancelled, nor
 * when postponed keeping its date ('Rinviata' with the new date to be set, data_da_definire); a
 * match postponed to a new date holds them there. The clash check, the occupancy board and the
 * dashboard marks all follow it; HOLDS_FACILITIES_SQL is the same rule for a WHERE of public.partite.
 */
export const holdsFacilities = (m: { stato?: unknown; data_da_definire?: unknown }) =>
  m.stato !== 'annullata' && !(m.stato === 'rinviata' && m.data_da_definire === true);
export const HOLDS_FACILITIES_SQL = "(stato <> 'annullata' AND NOT (stato = 'rinviata' AND data_da_definire))";

/** What two uses of the club's facilities share: a pitch, a changing room, a team, a training's pitch or rooms (docs/allenamenti.md), or a designated official (docs/dirigenti.md). */
export type ClashReason = 'campo' | 'spogliatoio' | 'squadra' | 'allenamento' | 'persona';
export const CLASH_REASONS: readonly ClashReason[] = ['campo', 'spogliatoio', 'squadra', 'allenamento', 'persona'];

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
  /** 'La squadra Garibaldina (Pulcini) gioca già alle 09:30 (Garibaldina - Pro Sesto)': a team is a name within its category. */
  squadra: (team: string, gruppo: string, from: string, teams: string) => `La squadra ${team} (${gruppo}) gioca già alle ${from} (${teams})`,
  /** 409 of a save that clashes and was not confirmed. */
  conflict: 'La partita si sovrappone ad altre partite: conferma per salvarla comunque',
  /** Activity record of a confirmed override. */
  confirmed: (match: string, n: number) => `Sovrapposizion${n === 1 ? 'e confermata' : 'i confermate'} per ${match}`,
  reasonLabel: { campo: 'Campo', spogliatoio: 'Spogliatoio', squadra: 'Squadra', allenamento: 'Allenamento', persona: 'Dirigente' } as Record<ClashReason, string>,
  openTrainings: 'Apri gli allenamenti',
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
  // The board's trainings (docs/allenamenti.md): one block per date a series trains on.
  boardEmptyWithTrainings: 'Nessuna partita in casa e nessun allenamento in questo periodo',
  boardEmptyDayWithTrainings: 'Nessuna partita in casa e nessun allenamento',
  /** The label a training block starts with (the style alone does not say it). */
  boardTraining: 'Allenamento',
  /** A training block's first line in the tooltip: 'Allenamento 18:00-19:30 Esordienti'. */
  boardTrainingText: (time: string, gruppo: string) => `Allenamento ${time} ${gruppo}`,
  /** A training block as read aloud: 'Allenamento 18:00-19:30 Esordienti, Campo Comunale, Spogliatoi 2, 3'. */
  boardTrainingLabel: (time: string, gruppo: string, campo: string, rooms: string) => `Allenamento ${time} ${gruppo}, ${campo}, ${rooms}`,
  // Signed-in dashboard (item 5)
  onlyClashes: 'Solo sovrapposizioni',
  cardMark: (n: number) => (n === 1 ? 'Sovrapposizione:' : `${n} sovrapposizioni:`),
  // Batches: the fixture import and the bulk status moves
  /** A clash with another row of the same import or bulk request. */
  withRow: (message: string, riga: number) => `${message} (riga ${riga})`,
  /** A clash among a preview row's problems. */
  rowMark: (message: string) => `Sovrapposizione: ${message}`,
  /** A row of an import named in a list (as the import's 400s name it). */
  row: (riga: number, message: string) => `Riga ${riga}: ${message}`,
  /** A match of a bulk move named in a list. */
  ofMatch: (match: string, message: string) => `${match}: ${message}`,
  /** 409 of an import that clashes and was not confirmed. */
  importConflict: (n: number) =>
    `${n === 1 ? 'Una partita da importare si sovrappone' : `${n} partite da importare si sovrappongono`} ad altre partite: conferma per importarle comunque`,
  /** 409 of a bulk status move that would clash and was not confirmed. */
  bulkConflict: (n: number) =>
    `${n === 1 ? 'Una partita si sovrapporrebbe' : `${n} partite si sovrapporrebbero`} ad altre partite: conferma per procedere comunque`,
  /** Activity records of confirmed batches. */
  importConfirmed: (n: number) => `Sovrapposizioni confermate nell'importazione: ${n} ${n === 1 ? 'partita' : 'partite'}`,
  bulkConfirmed: (n: number) => `Sovrapposizioni confermate nel cambio di stato: ${n} ${n === 1 ? 'partita' : 'partite'}`,
  /** The import preview. */
  importCount: (n: number) => `Con sovrapposizioni: ${n}`,
  importDialogTitle: 'Importare comunque?',
  importDialogIntro: 'Alcune righe si sovrappongono ad altre partite:',
  importConfirm: 'Importa comunque',
  bulkDialogIntro: 'Il cambio di stato sovrapporrebbe alcune partite ad altre:',
  bulkConfirm: 'Procedi comunque',
  more: (n: number) => `... e altre ${n}`,
} as const;

/** 'HH:mm[:ss]' -> minutes after midnight. */
export function minutesOf(time: string): number {
  // No split: a batch of 2,000 rows calls this for every pair of a day.
  const colon = time.indexOf(':');
  return Number(time.slice(0, colon)) * 60 + Number(time.slice(colon + 1, colon + 3));
}

const pad = (n: number) => String(n).padStart(2, '0');
/** Minutes after midnight -> 'HH:mm' (24:00 and later are shown as they are). */
export const timeOf = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;

/**
 * The minutes a match takes: from its start to its end time. A match without an end time (an
 * away match) or whose end is not after its start lasts the default length of its category
 * (common/calendar/rules.ts: the same length the calendar feeds give it, 105 minutes for an unknown one).
 */
export function matchSpan(m: Pick<ClashMatch, 'ora' | 'ora_fine' | 'gruppo'>): { start: number; end: number } {
  const start = minutesOf(m.ora);
  const end = m.ora_fine ? minutesOf(m.ora_fine) : NaN;
  return { start, end: end > start ? end : start + defaultDurationMinutes(m.gruppo) };
}

/** Campo and team names compared without case and without any spaces ('Campo  1' = 'campo1'). */
export const sameName = (a: string, b: string) => normName(a) === normName(b);
const NORM_CACHE_MAX = 10_000;
const normCache = new Map<string, string>();
export const normName = (s: string) => {
  // Cached: a batch of 2,000 rows compares each name many times, and the Italian lower-casing is slow.
  let v = normCache.get(s);
  if (v === undefined) {
    v = s.toLocaleLowerCase('it').replace(/\s+/g, '');
    if (normCache.size >= NORM_CACHE_MAX) normCache.clear();
    normCache.set(s, v);
  }
  return v;
};

const teamsOf = (m: Pick<ClashMatch, 'squadracasa' | 'squadratrasferta'>) => `${m.squadracasa} - ${m.squadratrasferta}`;

/**
 * The team two matches share, if any: a team is a name within a category, so 'Garibaldina' of the
 * Pulcini and 'Garibaldina' of the Esordienti (or an opponent club's two categories) are two groups
 * of children, and only the same name in the same category is one team. Names and categories are
 * compared without case and spaces. The name as `a` writes it, or undefined.
 */
export function sharedTeam(a: Pick<ClashMatch, 'squadracasa' | 'squadratrasferta' | 'gruppo'>, b: Pick<ClashMatch, 'squadracasa' | 'squadratrasferta' | 'gruppo'>): string | undefined {
  if (!sameName(a.gruppo, b.gruppo)) return undefined;
  return [a.squadracasa, a.squadratrasferta].find((t) => t.trim() !== '' && (sameName(t, b.squadracasa) || sameName(t, b.squadratrasferta)));
}
const rooms = (m: ClashMatch) => [m.spogliatoio_gari, m.spogliatoio_ospiti].filter((r): r is number => r != null);

/**
 * The clashes of `a` with `b`, as seen from `a` (the messages describe `b`):
 * - campo: both home matches, same campo, times overlap (a match ending at 10:00 and one starting
 *   at 10:00 do not clash);
 * - spogliatoio: both home matches sharing a changing-room number, each holding its rooms from
 *   `marginMinutes` before its start to `marginMinutes` after its end, and these overlap (with
 *   15 minutes, a match ending at 11:30 and one starting at 12:00 do not clash, one starting at 11:59 does);
 * - squadra: the same team (home or away, either side) of the same category in two overlapping
 *   matches, home or away (sharedTeam: a team is a name within its category).
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
    const team = sharedTeam(a, b);
    if (team) out.push({ id: b.id, motivo: 'squadra', messaggio: CLASH_MSG.squadra(team, b.gruppo, from, teamsOf(b)), partita: b });
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

// ---- Batches: the fixture import and the bulk status moves (one rule, checked in memory) ----

/** One clash of a batch row: with a stored match (`id`) or with another row of the batch (`altra`, its index). */
export interface BatchClash {
  /** Index of the row in the batch. */
  indice: number;
  /** The other match's stored id; null when the other is a new row of the batch (an import). */
  id: number | null;
  /** Index of the other row when it belongs to the batch, else null. */
  altra: number | null;
  motivo: ClashReason;
  messaggio: string;
}

/**
 * The clashes of a batch of candidates (the rows of an import, or the matches a bulk move puts on
 * a date) with the stored matches of their days and with each other, by the same rule as a save.
 * - `stored`: the stored matches that hold their facilities on the batch's days; a stored match
 *   with the id of a candidate is left out (the candidate is its new state).
 * - `candidates[i]` null: nothing to compare (an invalid import row, a move that frees the
 *   facilities); `check(i)` false: row i is only compared against, never reported (a match of the
 *   request that does not change its occupation).
 * Rows and stored matches are grouped by day, so the work is the pairs within each day, not over
 * the whole batch. The clashes of each row come in the order of the day's matches, stored first.
 */
export function batchClashes(
  candidates: readonly (ClashMatch | null)[],
  stored: readonly ClashMatch[],
  marginMinutes: number,
  check: (index: number) => boolean = () => true,
): BatchClash[][] {
  const out: BatchClash[][] = candidates.map(() => []);
  const taken = new Set(candidates.flatMap((c) => (c?.id != null ? [c.id] : [])));
  const storedByDay = new Map<string, ClashMatch[]>();
  for (const s of stored) {
    if (s.id == null || taken.has(s.id)) continue;
    const day = storedByDay.get(s.data);
    if (day) day.push(s);
    else storedByDay.set(s.data, [s]);
  }
  // Within the batch a row is compared under a stand-in id (rows of an import have none).
  const rowsByDay = new Map<string, Array<{ index: number; match: ClashMatch & { id: number } }>>();
  candidates.forEach((c, index) => {
    if (!c) return;
    const entry = { index, match: { ...c, id: -(index + 1) } };
    const day = rowsByDay.get(c.data);
    if (day) day.push(entry);
    else rowsByDay.set(c.data, [entry]);
  });
  for (const [data, rows] of rowsByDay) {
    const dayStored = storedByDay.get(data) ?? [];
    for (const { index, match } of rows) {
      if (!check(index)) continue;
      for (const s of dayStored) {
        for (const c of clashesBetween(match, s, marginMinutes)) out[index].push({ indice: index, id: c.id, altra: null, motivo: c.motivo, messaggio: c.messaggio });
      }
      for (const other of rows) {
        if (other.index === index) continue;
        const otherId = candidates[other.index]?.id ?? null;
        for (const c of clashesBetween(match, other.match, marginMinutes)) {
          out[index].push({ indice: index, id: otherId, altra: other.index, motivo: c.motivo, messaggio: c.messaggio });
        }
      }
    }
  }
  return out;
}
