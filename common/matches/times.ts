// Times of a match (docs/matches.md, validation), one rule for the form, the import, the server and the feeds:
// - a local time that does not exist on its day in the club's timezone (the spring-forward hour,
//   e.g. 02:30 of 2027-03-28 in Europe/Rome) is refused;
// - a local time that exists twice (the autumn hour, 02:30 of 2026-10-25) is its FIRST occurrence
//   (RFC 5545 3.3.5: 02:30 CEST = 00:30Z), in the feeds and everywhere an instant is needed;
// - the end of a match is after its start on the same day (12:00-10:00 and 23:30-00:45 are refused).
// The timezone data is dayjs's (utc and timezone plugins, i.e. the platform's Intl): nothing here
// knows when a change happens. dayjs.tz(text, zone) is not used for the instant of a match: for an
// ambiguous time its answer depends on the date it is run on (the first 02:30 in summer, the second
// one in winter: it starts from the offset of now). It is exact for a noon, though, and the offsets
// it reports for an instant are exact (Intl's formatToParts, whatever the machine's own timezone):
// the candidates below come from the first and are checked against the second.
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import { MSG } from '../core/messages';
import { DEFAULT_TIMEZONE } from '../core/date-text';

dayjs.extend(utc);
dayjs.extend(timezone);

/** How a local date and time reads in a timezone: once, twice (the autumn hour) or never (the spring hour). */
export type LocalTimeKind = 'single' | 'ambiguous' | 'missing';

export interface LocalInstant {
  /**
   * The instant: the first occurrence of an ambiguous time; for a missing one, the time read with
   * the offset in force before the gap (RFC 5545 3.3.5: 02:30 of the spring Sunday is 03:30 CEST),
   * for rows saved before the rule.
   */
  instant: Date;
  kind: LocalTimeKind;
}

const DAY = 86_400_000;
const TIME_RE = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The UTC offset (minutes) in force at an instant in a timezone. */
const offsetAt = (ms: number, tz: string) => dayjs(ms).tz(tz).utcOffset();

/**
 * The offset in force at noon of a day (no timezone changes at noon), kept per day: a feed of a
 * season reads about one new day per match day, once per process (each read costs some 30 µs of Intl).
 */
const noonOffsets = new Map<string, number>();
const MEMO_MAX = 20_000;

function noonOffset(midnightUtc: number, tz: string): number {
  const key = `${tz}|${midnightUtc}`;
  let offset = noonOffsets.get(key);
  if (offset === undefined) {
    offset = dayjs.tz(`${new Date(midnightUtc).toISOString().slice(0, 10)} 12:00`, tz).utcOffset();
    if (noonOffsets.size >= MEMO_MAX) noonOffsets.clear();
    noonOffsets.set(key, offset);
  }
  return offset;
}

/**
 * The offsets a local time of a day may have: those in force from the noon before it to the noon
 * after it. One on nearly every day; two on the days of a change (and on the day after a change made
 * in the evening, where checking the candidates costs a little more and changes nothing).
 */
const dayOffsets = new Map<string, number[]>();

function offsetsOf(midnightUtc: number, tz: string): number[] {
  const key = `${tz}|${midnightUtc}`;
  let offsets = dayOffsets.get(key);
  if (!offsets) {
    offsets = [...new Set([midnightUtc - DAY, midnightUtc, midnightUtc + DAY].map((m) => noonOffset(m, tz)))];
    if (dayOffsets.size >= MEMO_MAX) dayOffsets.clear();
    dayOffsets.set(key, offsets);
  }
  return offsets;
}

/**
 * The instant of a local date (yyyy-mm-dd) and time (HH:mm or HH:mm:ss) in a timezone, and whether
 * that local time exists once, twice or not at all on that day. Throws on malformed text.
 */
export function localInstant(date: string, time: string, tz: string = DEFAULT_TIMEZONE): LocalInstant {
  const d = DATE_RE.exec(date);
  const t = TIME_RE.exec(time);
  if (!d || !t) throw new RangeError(`Data o ora non valida: ${date} ${time}`);
  const midnight = Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]));
  // The local time written as if it were UTC; the instant is that minus the offset in force then.
  const wall = midnight + (Number(t[1]) * 60 + Number(t[2])) * 60_000 + Number(t[3] ?? 0) * 1000;
  const offsets = offsetsOf(midnight, tz);
  if (offsets.length === 1) return { instant: new Date(wall - offsets[0] * 60_000), kind: 'single' };
  // A day of a change: the candidates that read back as this local time, earliest first.
  const valid = offsets
    .filter((o) => offsetAt(wall - o * 60_000, tz) === o)
    .map((o) => wall - o * 60_000)
    .sort((a, b) => a - b);
  if (valid.length > 0) return { instant: new Date(valid[0]), kind: valid.length > 1 ? 'ambiguous' : 'single' };
  // In the gap: the offset in force at the earliest instant it could have been, i.e. before the gap.
  const before = offsetAt(wall - Math.max(...offsets) * 60_000, tz);
  return { instant: new Date(wall - before * 60_000), kind: 'missing' };
}

/** 'HH:mm:ss' or 'HH:mm' -> minutes of the day. */
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** '2027-03-28' -> '28/03/2027'. */
const ddmmyyyy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** The first time rule a match breaks, with the field at fault, or null. */
export interface TimeProblem {
  field: 'ora' | 'oraFine';
  message: string;
}

/**
 * The time rules of a match whose date and times are well formed (yyyy-mm-dd, HH:mm[:ss]):
 * the start, then the end (when given), must exist on that day in `tz`; the end must come after
 * the start on the same day. `oraFine` null or undefined: no end time (an away match).
 */
export function matchTimeProblem(
  v: { data: string; ora: string; oraFine?: string | null },
  tz: string = DEFAULT_TIMEZONE,
): TimeProblem | null {
  const M = MSG.match;
  if (localInstant(v.data, v.ora, tz).kind === 'missing') return { field: 'ora', message: M.startMissing(v.ora.slice(0, 5), ddmmyyyy(v.data)) };
  if (v.oraFine == null) return null;
  if (minutesOf(v.oraFine) <= minutesOf(v.ora)) return { field: 'oraFine', message: M.endNotAfterStart };
  if (localInstant(v.data, v.oraFine, tz).kind === 'missing') return { field: 'oraFine', message: M.endMissing(v.oraFine.slice(0, 5), ddmmyyyy(v.data)) };
  return null;
}
