import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import customParseFormat from 'dayjs/plugin/customParseFormat';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(customParseFormat);

/** The club's timezone when the server does not say otherwise (APP_TIMEZONE's default). */
export const DEFAULT_TIMEZONE = 'Europe/Rome';

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;

/** Today's calendar date (yyyy-mm-dd) in the given timezone: "today" of the club, not of the machine. */
export function todayIn(tz: string = DEFAULT_TIMEZONE, now: Date = new Date()): string {
  return dayjs(now).tz(tz).format('YYYY-MM-DD');
}

/**
 * todayIn for hot paths: the timezone conversion is computed at most once a second
 * (a busy listing route would otherwise spend most of its time in Intl).
 */
export function cachedToday(tz: string = DEFAULT_TIMEZONE): string {
  const now = Date.now();
  const hit = todayCache.get(tz);
  if (hit && now < hit.until) return hit.value;
  const value = todayIn(tz, new Date(now));
  todayCache.set(tz, { value, until: now + 1000 });
  return value;
}
const todayCache = new Map<string, { value: string; until: number }>();

/** True for a real calendar date written yyyy-mm-dd (2026-02-30 is not one). */
export function isIsoDate(value: unknown): value is string {
  return typeof value === 'string' && DATE_RE.test(value) && dayjs(value, 'YYYY-MM-DD', true).isValid();
}

/** True for a time written HH:mm or HH:mm:ss (24 h). */
export function isTime(value: unknown): value is string {
  return typeof value === 'string' && TIME_RE.test(value);
}

/** '15:00:00' or '15:00' -> '15:00'. */
export function shortTime(value: string): string {
  return value.slice(0, 5);
}
