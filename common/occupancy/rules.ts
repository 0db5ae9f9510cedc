// Pitch, changing-room and team clashes (docs/occupancy.md): the rule shared by the match form, the server's
// save check and the occupancy board, and its Italian messages. Not part of common/core/messages.ts (the
// start-up bundle): only the form, the board and the server load it.
import { defaultDurationMinutes } from '../calendar/rules';
import { effectiveHome, type PartitaValues } from '../matches/rules';
import { isIsoDate, shortTime } from '../core/date-text';
import { isTime } from '../core/dates';
import { DEFAULT_CLUB_NAME, type Partita } from '../matches/read';
import { DEFAULT_CLASH_MARGIN_MINUTES, OCCUPANCY_LABEL } from './messages';


/**
 * Whether a match holds its campo, rooms and teams at its date (docs/occupancy.md): not when cancelled, nor
 * when postponed keeping its date ('Rinviata' with the new date to be set, data_da_definire); a
 * match postponed to a new date holds them there. The clash check, the occupancy board and the
 * dashboard marks all follow it; HOLDS_FACILITIES_SQL is the same rule for a WHERE of public.partite.
 */
export const holdsFacilities = (m: { stato?: unknown; data_da_definire?: unknown }) =>
  m.stato !== 'annullata' && !(m.stato === 'rinviata' && m.data_da_definire === true);
export const HOLDS_FACILITIES_SQL = "(stato <> 'annullata' AND NOT (stato = 'rinviata' AND data_da_definire))";

/** What two uses of the club's facilities share: a pitch, a changing room, a team, a training's pitch or rooms (docs/trainings.md), or a designated official (docs/officials.md). */
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
  // The board's trainings (docs/trainings.md): one block per date a series trains on.
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
  /** After the first CLASH_LIST_MAX clashes of one match or row: how many more it has. */
  andMore: (n: number) => (n === 1 ? "e un'altra sovrapposizione" : `e altre ${n} sovrapposizioni`),
} as const;

/** 'HH:mm[:ss]' -> minutes after midnight. */
export function minutesOf(time: string): number {
  // No split: the board and the batches call this for every match they index.
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
  // Cached: a batch of 2,000 rows names the same campi and teams again and again, and the Italian lower-casing is slow.
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

// ---- Many matches at once: the board, the dashboard, the fixture import and the bulk status moves ----

/**
 * At most this many clashes of one match are listed (a match of the board or of the dashboard, a row
 * of an import, a match of a bulk move); the others are only counted ('e altre N sovrapposizioni').
 */
export const CLASH_LIST_MAX = 3;

/** The clashes of one match among many: the first ones (by the other match's start), at most a limit, and how many there are in all. */
export interface ListedClashes<C> {
  listed: C[];
  total: number;
}

/** Adds a clash found apart (with a training, of a designated official) to a match's list: listed while there is room, always counted. */
export function addClash<C>(found: ListedClashes<C>, clash: C, limit: number = CLASH_LIST_MAX): void {
  found.total++;
  if (found.listed.length < limit) found.listed.push(clash);
}

/** The line after a match's listed clashes: 'e altre N sovrapposizioni' for those not listed, or null when all are. */
export function moreClashes(found: ListedClashes<unknown>): string | null {
  const n = found.total - found.listed.length;
  return n > 0 ? CLASH_MSG.andMore(n) : null;
}

/** A clash found by ClashIndex: the other match (the order it was added in), what they share, the sentence. */
export interface IndexedClash {
  other: number;
  motivo: ClashReason;
  messaggio: string;
}

/** A match as the index holds it: its span in minutes, its rooms (home matches only), and the buckets it is in. */
interface Entry {
  m: ClashMatch;
  /** The order it was added in (the tie-break of two equal starts). */
  k: number;
  start: number;
  end: number;
  /** Distinct room numbers, ascending; none for an away match. */
  rooms: number[];
  /** Its campo's bucket (home matches). */
  campo: Bucket | null;
  /** One bucket per room, and the bucket of its two rooms when it has two. */
  roomBuckets: Bucket[];
  roomPair: Bucket | null;
  /** One bucket per team (a name within its category), and the bucket of its two teams when it has two. */
  teamBuckets: Bucket[];
  teamPair: Bucket | null;
}

/** How many of the ascending `xs` are below `x`. */
function below(xs: readonly number[], x: number): number {
  let lo = 0;
  let hi = xs.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (xs[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
/** How many of the ascending `xs` are at most `x`. */
function atMost(xs: readonly number[], x: number): number {
  let lo = 0;
  let hi = xs.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (xs[mid] <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The matches of one day that share one thing (a campo, a room or a pair of rooms, a team or a pair
 * of teams), sorted by start. Which of them overlap a span [lo, hi) (start before hi, end after lo)
 * is answered without looking at the others: how many, by two binary searches (those starting
 * before hi, less those ending by lo, which all start before it); the first few, by a tree of the
 * largest end under each node of the start order. Most buckets hold one match (an opponent's team):
 * those need none of it.
 */
class Bucket {
  readonly entries: Entry[] = [];
  /** Entries were put in since the last seal. */
  dirty = false;
  private starts: number[] = [];
  private ends: number[] = [];
  private maxEnd: number[] = [];
  private leaves = 1;

  /** Sorts the entries put in and builds the look-ups; again after more were put in. */
  seal(): void {
    this.dirty = false;
    const entries = this.entries;
    const n = entries.length;
    if (n === 1) return;
    entries.sort((a, b) => a.start - b.start || a.k - b.k);
    this.leaves = 1;
    while (this.leaves < n) this.leaves *= 2;
    this.starts = entries.map((e) => e.start);
    this.ends = entries.map((e) => e.end).sort((a, b) => a - b);
    const maxEnd = new Array<number>(2 * this.leaves).fill(-Infinity);
    for (let i = 0; i < n; i++) maxEnd[this.leaves + i] = entries[i].end;
    for (let node = this.leaves - 1; node >= 1; node--) maxEnd[node] = Math.max(maxEnd[2 * node], maxEnd[2 * node + 1]);
    this.maxEnd = maxEnd;
  }

  /** How many entries overlap [lo, hi). */
  count(lo: number, hi: number): number {
    if (this.entries.length === 1) return this.entries[0].start < hi && this.entries[0].end > lo ? 1 : 0;
    return below(this.starts, hi) - atMost(this.ends, lo);
  }

  /** The first `want` entries but `self` that overlap [lo, hi), in start order, pushed to `out`; how many were pushed. */
  first(lo: number, hi: number, want: number, self: Entry, out: Entry[]): number {
    if (want <= 0) return 0;
    if (this.entries.length === 1) {
      const e = this.entries[0];
      if (e === self || !(e.start < hi && e.end > lo)) return 0;
      out.push(e);
      return 1;
    }
    const before = below(this.starts, hi);
    // Most often the first ones overlap (a crowded day): a few steps of a plain scan, then the tree from there.
    let found = 0;
    let i = 0;
    for (; i < before && i < SCAN_STEPS; i++) {
      const e = this.entries[i];
      if (e.end <= lo || e === self) continue;
      out.push(e);
      if (++found === want) return found;
    }
    return i >= before ? found : found + this.visit(1, 0, this.leaves, i, before, lo, want - found, self, out);
  }

  /**
   * The entries of [from, to) under `node` with an index in [after, before) and an end past lo, up to
   * `want`, left to right: only subtrees that hold such an end are entered, so each leaf reached is one.
   */
  private visit(node: number, from: number, to: number, after: number, before: number, lo: number, want: number, self: Entry, out: Entry[]): number {
    if (want <= 0 || from >= before || to <= after || this.maxEnd[node] <= lo) return 0;
    if (node >= this.leaves) {
      const e = this.entries[node - this.leaves];
      if (e === self) return 0;
      out.push(e);
      return 1;
    }
    const mid = (from + to) >> 1;
    const left = this.visit(2 * node, from, mid, after, before, lo, want, self, out);
    return left + this.visit(2 * node + 1, mid, to, after, before, lo, want - left, self, out);
  }
}

/** Entries a look-up reads in start order before it turns to the tree. */
const SCAN_STEPS = 8;

const REASON_ORDER: Record<ClashReason, number> = { campo: 0, spogliatoio: 1, squadra: 2, allenamento: 3, persona: 4 };

/**
 * The clashes of many matches (of several days) with each other, by the rule of clashesBetween, in
 * time that grows with the matches and the clashes listed, not with the pairs: the matches are put
 * in buckets by day and campo (home matches), room (home matches) and team (sharedTeam: a name
 * within its category), and a match is compared only within its buckets, where the count comes from
 * the times alone. A match with two rooms (or teams) meets a match sharing both in both buckets: it
 * counts once (the bucket of that pair of rooms takes it out again), and its one clash names both.
 * `add` each match (a caller may spread them over time: the server does, server/shared/yield.ts), then
 * `clashesOf(k, limit)`: the clashes of the k-th match added with the others, the first `limit` (by the
 * other match's start, then the order they were added, then campo, room, team) and how many in all.
 * Nothing here compares ids: each match added is a match of its own (the callers leave out what must
 * not be compared).
 */
export class ClashIndex {
  private readonly entries: Entry[] = [];
  /**
   * Per day, by key: 'c' + campo, 's' + room or 's' + room,room, 't' + team, 'T' + team + ' ' + team; a
   * team is its category and its name, normName, apart by a line feed (normName leaves no white space).
   */
  private readonly days = new Map<string, Map<string, Bucket>>();
  /** The buckets that got a match since the last look-up. */
  private readonly changed: Bucket[] = [];

  constructor(private readonly marginMinutes: number = DEFAULT_CLASH_MARGIN_MINUTES) {}

  /** How many matches were added. */
  get size(): number {
    return this.entries.length;
  }

  /** Adds a match: its k (clashesOf) is the size before. */
  add(m: ClashMatch): void {
    let day = this.days.get(m.data);
    if (!day) this.days.set(m.data, (day = new Map()));
    const { start, end } = matchSpan(m);
    const e: Entry = { m, k: this.entries.length, start, end, rooms: NO_ROOMS, campo: null, roomBuckets: NO_BUCKETS, roomPair: null, teamBuckets: NO_BUCKETS, teamPair: null };
    if (m.is_house_match) {
      e.campo = this.put(day, 'c' + normName(m.campo), e);
      const g = m.spogliatoio_gari;
      const o = m.spogliatoio_ospiti;
      e.rooms = g == null ? (o == null ? NO_ROOMS : [o]) : o == null || o === g ? [g] : g < o ? [g, o] : [o, g];
      if (e.rooms.length === 1) e.roomBuckets = [this.put(day, 's' + e.rooms[0], e)];
      else if (e.rooms.length === 2) {
        e.roomBuckets = [this.put(day, 's' + e.rooms[0], e), this.put(day, 's' + e.rooms[1], e)];
        e.roomPair = this.put(day, `s${e.rooms[0]},${e.rooms[1]}`, e);
      }
    }
    const gruppo = normName(m.gruppo);
    const home = normName(m.squadracasa);
    const away = normName(m.squadratrasferta);
    const h = home === '' ? null : `${gruppo}\n${home}`;
    const a = away === '' || away === home ? null : `${gruppo}\n${away}`;
    if (h !== null && a !== null) {
      e.teamBuckets = [this.put(day, 't' + h, e), this.put(day, 't' + a, e)];
      e.teamPair = this.put(day, h < a ? `T${h} ${a}` : `T${a} ${h}`, e);
    } else if (h !== null || a !== null) e.teamBuckets = [this.put(day, 't' + (h ?? a), e)];
    this.entries.push(e);
  }

  private put(day: Map<string, Bucket>, key: string, e: Entry): Bucket {
    let b = day.get(key);
    if (!b) day.set(key, (b = new Bucket()));
    b.entries.push(e);
    if (!b.dirty) {
      b.dirty = true;
      this.changed.push(b);
    }
    return b;
  }

  /** The clashes of the k-th match added with the others: the first `limit`, and how many. */
  clashesOf(k: number, limit: number = CLASH_LIST_MAX): ListedClashes<IndexedClash> {
    for (const b of this.changed) b.seal();
    this.changed.length = 0;
    const a = this.entries[k];
    const found: Found[] = [];
    let total = 0;
    if (a.campo) total += among(a, [a.campo], null, a.start, a.end, 'campo', limit, found);
    // Each holds its rooms from the margin before its start to the margin after its end.
    const margin = this.marginMinutes;
    if (a.roomBuckets.length > 0) total += among(a, a.roomBuckets, a.roomPair, a.start - 2 * margin, a.end + 2 * margin, 'spogliatoio', limit, found);
    if (a.teamBuckets.length > 0) total += among(a, a.teamBuckets, a.teamPair, a.start, a.end, 'squadra', limit, found);
    if (found.length > 1) found.sort((x, y) => x.e.start - y.e.start || x.e.k - y.e.k || REASON_ORDER[x.motivo] - REASON_ORDER[y.motivo]);
    if (found.length > limit) found.length = limit;
    return { total, listed: found.map(({ e, motivo }) => ({ other: e.k, motivo, messaggio: sentence(a, e, motivo) })) };
  }
}

const NO_ROOMS: number[] = [];
const NO_BUCKETS: Bucket[] = [];

/** A clash found, before its sentence is written (only for those listed). */
interface Found {
  e: Entry;
  motivo: ClashReason;
}

/**
 * The others in any of `list` (`pair`: the bucket of those in both) that overlap [lo, hi): how many,
 * and the first `limit` of them pushed to `found` (once each).
 */
function among(a: Entry, list: readonly Bucket[], pair: Bucket | null, lo: number, hi: number, motivo: ClashReason, limit: number, found: Found[]): number {
  let n = -1; // `a` is in each of them, and overlaps itself
  for (const b of list) n += b.count(lo, hi);
  if (pair) n -= pair.count(lo, hi);
  if (n === 0 || limit <= 0) return n;
  const first: Entry[] = [];
  for (const b of list) b.first(lo, hi, limit, a, first);
  // With two buckets a match of both comes twice: kept once.
  const seen = list.length > 1 ? new Set<Entry>() : null;
  for (const e of first) {
    if (seen) {
      if (seen.has(e)) continue;
      seen.add(e);
    }
    found.push({ e, motivo });
  }
  return n;
}

/** The sentence of a clash of `a` with `b`, as clashesBetween words it. */
function sentence(a: Entry, b: Entry, motivo: ClashReason): string {
  const from = shortTime(b.m.ora);
  const to = timeOf(b.end);
  if (motivo === 'campo') return CLASH_MSG.campo(from, to, teamsOf(b.m));
  if (motivo === 'spogliatoio') return CLASH_MSG.spogliatoio(a.rooms.filter((r) => b.rooms.includes(r)), teamsOf(b.m), from, to);
  return CLASH_MSG.squadra(sharedTeam(a.m, b.m) ?? '', b.m.gruppo, from, teamsOf(b.m));
}

/** A ClashIndex of `matches`, in their order. */
export function clashIndex(matches: readonly ClashMatch[], marginMinutes?: number): ClashIndex {
  const index = new ClashIndex(marginMinutes);
  for (const m of matches) index.add(m);
  return index;
}

/**
 * For the board and the dashboard: each match's clashes with the others of its day (matches of several
 * days may be mixed), only for the matches that have some: the first `limit` and how many in all.
 */
export function clashesOfAll<M extends ClashMatch & { id: number }>(
  matches: readonly M[],
  marginMinutes?: number,
  limit: number = CLASH_LIST_MAX,
): Map<number, ListedClashes<Clash<M>>> {
  const index = clashIndex(matches, marginMinutes);
  const out = new Map<number, ListedClashes<Clash<M>>>();
  matches.forEach((m, k) => {
    const { listed, total } = index.clashesOf(k, limit);
    if (total === 0) return;
    out.set(m.id, { total, listed: listed.map((c) => ({ id: matches[c.other].id, motivo: c.motivo, messaggio: c.messaggio, partita: matches[c.other] })) });
  });
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

/** The clashes of a batch row: the first CLASH_LIST_MAX, and how many. */
export type RowClashes = ListedClashes<BatchClash>;

/**
 * The clashes of a batch of candidates (the rows of an import, or the matches a bulk move puts on
 * a date) with the stored matches of their days and with each other, by the same rule as a save
 * (ClashIndex): `build(n)` indexes the next n matches (until it answers false), then
 * `clashesOfRow(i)` gives row i's, so that a caller may spread the work over time.
 * - `stored`: the stored matches that hold their facilities on the batch's days; a stored match
 *   with the id of a candidate is left out (the candidate is its new state).
 * - `candidates[i]` null: nothing to compare (an invalid import row, a move that frees the
 *   facilities); `check(i)` false: row i is only compared against, never reported (a match of the
 *   request that does not change its occupation).
 */
export class BatchClashIndex {
  private readonly index: ClashIndex;
  /** Stored matches first, then the rows. */
  private readonly members: ClashMatch[] = [];
  /** The batch row of each member, -1 for a stored match. */
  private readonly rowOf: number[] = [];
  /** The member of each row, -1 for a null one. */
  private readonly memberOf: number[];

  constructor(
    private readonly candidates: readonly (ClashMatch | null)[],
    stored: readonly ClashMatch[],
    marginMinutes: number,
    private readonly check: (index: number) => boolean = () => true,
  ) {
    this.index = new ClashIndex(marginMinutes);
    const taken = new Set(candidates.flatMap((c) => (c?.id != null ? [c.id] : [])));
    for (const s of stored) {
      if (s.id == null || taken.has(s.id)) continue;
      this.members.push(s);
      this.rowOf.push(-1);
    }
    this.memberOf = candidates.map((c, i) => {
      if (!c) return -1;
      this.rowOf.push(i);
      return this.members.push(c) - 1;
    });
  }

  /** Indexes up to `n` more matches; true while some are left. */
  build(n: number = Infinity): boolean {
    const end = Math.min(this.members.length, this.index.size + n);
    while (this.index.size < end) this.index.add(this.members[this.index.size]);
    return this.index.size < this.members.length;
  }

  /** Row `index`'s clashes: the first `limit`, and how many. */
  clashesOfRow(index: number, limit: number = CLASH_LIST_MAX): RowClashes {
    this.build();
    const member = this.memberOf[index];
    if (member < 0 || !this.check(index)) return { listed: [], total: 0 };
    const { listed, total } = this.index.clashesOf(member, limit);
    return {
      total,
      listed: listed.map((c) => {
        const row = this.rowOf[c.other];
        return { indice: index, id: row < 0 ? this.members[c.other].id : (this.candidates[row]?.id ?? null), altra: row < 0 ? null : row, motivo: c.motivo, messaggio: c.messaggio };
      }),
    };
  }
}

/** BatchClashIndex for every row at once (the import preview). */
export function batchClashes(
  candidates: readonly (ClashMatch | null)[],
  stored: readonly ClashMatch[],
  marginMinutes: number,
  check?: (index: number) => boolean,
  limit: number = CLASH_LIST_MAX,
): RowClashes[] {
  const index = new BatchClashIndex(candidates, stored, marginMinutes, check);
  return candidates.map((_, i) => index.clashesOfRow(i, limit));
}
