// The slot finder (docs/occupancy.md): the times a match of a category could be played
// on a pitch with nothing in the way, by the same rules a save applies (common/occupancy/rules.ts
// for matches, common/trainings/rules.ts for trainings, common/matches/times.ts for times that
// exist), within the club's playing hours. Pure: the server reads the matches and trainings of the
// range once and calls it.
import dayjs from 'dayjs';
import { clashesBetween, matchSpan, minutesOf, sameName, timeOf, type ClashMatch } from './rules';
import { matchTrainingClashes, trainsOn, weekdayOf, type Allenamento } from '../trainings/rules';
import { matchTimeProblem } from '../matches/times';
import { isClosed, type Periodo } from '../closures/rules';
import { SPOGLIATOIO_MAX, SPOGLIATOIO_MIN } from '../matches/read';

/** Playing hours per weekday (1 = lunedì ... 7 = domenica), in minutes of the day; null: no play. */
export type PlayingHours = Record<number, { from: number; to: number } | null>;

/** Saturday and Sunday 9:00-19:00, weekdays 17:00-21:00. */
export const DEFAULT_PLAYING_HOURS = '1-5=17:00-21:00;6-7=09:00-19:00';

/**
 * Reads 'days=HH:mm-HH:mm' parts separated by ';' (days: '6', '1-5' or '6,7'); days not named have
 * no play. Null when the text is not in that form, or a range ends before it starts or after 23:59.
 */
export function parsePlayingHours(text: string): PlayingHours | null {
  const hours: PlayingHours = { 1: null, 2: null, 3: null, 4: null, 5: null, 6: null, 7: null };
  const parts = text.split(';').map((p) => p.trim()).filter(Boolean);
  if (parts.length === 0) return null;
  for (const part of parts) {
    const m = /^([1-7](?:-[1-7])?(?:,[1-7](?:-[1-7])?)*)=([01]\d|2[0-3]):([0-5]\d)-([01]\d|2[0-3]):([0-5]\d)$/.exec(part.replace(/\s+/g, ''));
    if (!m) return null;
    const from = Number(m[2]) * 60 + Number(m[3]);
    const to = Number(m[4]) * 60 + Number(m[5]);
    if (to <= from) return null;
    for (const range of m[1].split(',')) {
      const [a, b = a] = range.split('-').map(Number);
      if (b < a) return null;
      for (let d = a; d <= b; d++) hours[d] = { from, to };
    }
  }
  return hours;
}

export interface SlotQuery {
  gruppo: string;
  /** Minutes. */
  durata: number;
  dal: string;
  al: string;
  /** The pitches to try, in this order. */
  campi: readonly string[];
  /** A home match: the pitch and two free changing rooms are needed. */
  casa: boolean;
  /** The match being rescheduled: left out of the comparison, its teams kept free. */
  partita?: Pick<ClashMatch, 'squadracasa' | 'squadratrasferta'> & { id: number | null };
  /** Nothing before this instant of the club (today, minutes). */
  notBefore?: { data: string; minutes: number };
  timezone?: string;
  /** The club's closures (common/closures/rules.ts): no slot on their days. */
  chiusure?: readonly Periodo[];
}

export interface Slot {
  data: string;
  ora: string;
  oraFine: string;
  campo: string;
  spogliatoi: number[];
}

/**
 * The free slots of one day (GET /api/slot-liberi answers a list of these, by date): `primi`, the
 * earliest slot on each pitch, by start time then pitch order; `altri`, the other start times of the
 * day ('Altri orari'), in the same order, at most SLOT_MORE_MAX.
 */
export interface SlotDay {
  data: string;
  primi: Slot[];
  altri: Slot[];
}

/** What findSlots compares a slot with, and how much it answers. Further constraints join here as optional fields. */
export interface SlotContext {
  /** The stored matches that hold their facilities on the days of the range. */
  matches: readonly ClashMatch[];
  /** The training series that meet the range. */
  trainings: readonly Allenamento[];
  hours: PlayingHours;
  marginMinutes: number;
  /** At most this many days with a free slot (SLOT_DAYS_MAX). */
  maxDays?: number;
  /** At most this many 'Altri orari' per day (SLOT_MORE_MAX). */
  maxMore?: number;
}

/** Start times are tried every this many minutes. */
export const SLOT_STEP_MINUTES = 15;
/** Days with a free slot answered at most: two weeks of weekday evenings and weekends. */
export const SLOT_DAYS_MAX = 14;
/** 'Altri orari' of a day at most. */
export const SLOT_MORE_MAX = 48;

const ROOMS = Array.from({ length: SPOGLIATOIO_MAX - SPOGLIATOIO_MIN + 1 }, (_, i) => SPOGLIATOIO_MIN + i);

/** Every slot of a list of days, day by day, the earliest per pitch first ('Altri orari' after them). */
export const slotsOfDays = (days: readonly SlotDay[]): Slot[] => days.flatMap((d) => [...d.primi, ...d.altri]);

/**
 * The days of [dal, al] with a free slot (at most `maxDays`), each with the earliest slot per pitch and
 * more start times (SlotDay), so the list shows breadth: weekday evenings and weekends, every pitch,
 * as the playing hours allow. A slot clashes with nothing the save would check: the stored matches
 * of its day (pitch, rooms with the margin, teams of the match being moved), the trainings of that
 * day, and it leaves the category's other matches and trainings alone.
 */
export function findSlots(q: SlotQuery, ctx: SlotContext): SlotDay[] {
  const { hours, marginMinutes, maxDays = SLOT_DAYS_MAX, maxMore = SLOT_MORE_MAX } = ctx;
  const out: SlotDay[] = [];
  const byDay = new Map<string, ClashMatch[]>();
  for (const m of ctx.matches) {
    if (q.partita?.id != null && m.id === q.partita.id) continue;
    const day = byDay.get(m.data);
    if (day) day.push(m);
    else byDay.set(m.data, [m]);
  }
  const end = dayjs(q.al);
  for (let d = dayjs(q.dal); !d.isAfter(end) && out.length < maxDays; d = d.add(1, 'day')) {
    const data = d.format('YYYY-MM-DD');
    const h = hours[weekdayOf(data)];
    if (!h) continue;
    if (q.chiusure && isClosed(data, q.chiusure)) continue;
    const { primi, altri } = slotsOfDay(q, data, h, byDay.get(data) ?? [], ctx.trainings.filter((t) => trainsOn(t, data)), marginMinutes, maxMore);
    if (primi.length === 0) continue;
    out.push({ data, primi, altri });
  }
  return out;
}

/**
 * The free slots of one day within its playing hours, by start time then pitch order: the first on each
 * pitch in `primi`, the next `maxMore` in `altri`; once those are full only the pitches still without
 * a slot are tried.
 */
function slotsOfDay(
  q: SlotQuery,
  data: string,
  h: { from: number; to: number },
  dayMatches: readonly ClashMatch[],
  dayTrainings: readonly Allenamento[],
  marginMinutes: number,
  maxMore: number,
): { primi: Slot[]; altri: Slot[] } {
  const primi: Slot[] = [];
  const altri: Slot[] = [];
  const seen = new Set<string>();
  const ownMatches = dayMatches.filter((m) => sameName(m.gruppo, q.gruppo)).map(matchSpan);
  const ownTrainings = dayTrainings.filter((t) => sameName(t.gruppo, q.gruppo)).map((t) => ({ start: minutesOf(t.oraInizio), end: minutesOf(t.oraFine) }));
  for (let start = h.from; start + q.durata <= h.to; start += SLOT_STEP_MINUTES) {
    const full = altri.length >= maxMore;
    if (full && q.campi.every((c) => seen.has(c))) break;
    const finish = start + q.durata;
    if (q.notBefore && (data < q.notBefore.data || (data === q.notBefore.data && start < q.notBefore.minutes))) continue;
    const busy = (s: { start: number; end: number }) => s.start < finish && start < s.end;
    if (ownMatches.some(busy) || ownTrainings.some(busy)) continue;
    const ora = timeOf(start);
    const oraFine = timeOf(finish);
    if (matchTimeProblem({ data, ora, oraFine }, q.timezone)) continue;
    const base: ClashMatch = {
      id: q.partita?.id ?? null,
      data,
      ora,
      ora_fine: oraFine,
      squadracasa: q.partita?.squadracasa ?? '',
      squadratrasferta: q.partita?.squadratrasferta ?? '',
      campo: '',
      gruppo: q.gruppo,
      is_house_match: q.casa,
      spogliatoio_gari: null,
      spogliatoio_ospiti: null,
    };
    // The rooms free at that time (the same on every pitch): a home match needs two.
    let rooms: number[] = [];
    if (q.casa) {
      rooms = ROOMS.filter((r) => {
        const probe = { ...base, campo: '\u0000', spogliatoio_gari: r };
        return dayMatches.every((m) => clashesBetween(probe, m, marginMinutes).every((c) => c.motivo !== 'spogliatoio')) && matchTrainingClashes(probe, dayTrainings, marginMinutes).length === 0;
      });
      if (rooms.length < 2) continue;
    }
    for (const campo of q.campi) {
      if (full && seen.has(campo)) continue;
      const candidate: ClashMatch = q.casa ? { ...base, campo, spogliatoio_gari: rooms[0], spogliatoio_ospiti: rooms[1] } : { ...base, campo };
      const ok = dayMatches.every((m) => clashesBetween(candidate, m, marginMinutes).length === 0) && matchTrainingClashes(candidate, dayTrainings, marginMinutes).length === 0;
      if (!ok) continue;
      const slot = { data, ora, oraFine, campo, spogliatoi: q.casa ? [rooms[0], rooms[1]] : [] };
      if (!seen.has(campo)) {
        seen.add(campo);
        primi.push(slot);
      } else if (altri.length < maxMore) altri.push(slot);
    }
  }
  return { primi, altri };
}
