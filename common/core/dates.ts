import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import 'dayjs/locale/it';
import { DEFAULT_TIMEZONE } from './date-text';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(customParseFormat);

// The checks without dayjs live in date-text.ts (the public page's bundle has no dayjs, docs/public-page.md).

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

/** True for a time written HH:mm or HH:mm:ss (24 h). */
export function isTime(value: unknown): value is string {
  return typeof value === 'string' && TIME_RE.test(value);
}

/** A day as the mails write it: the Italian weekday and dd/mm/yyyy ('domenica 22/11/2026'). */
export function weekdayDate(iso: string): string {
  return dayjs(iso).locale('it').format('dddd DD/MM/YYYY');
}

/**
 * An instant as the club reads it, on every screen (docs/screens.md): 'dd/mm/yyyy hh:mm' in the club's time
 * zone (APP_TIMEZONE), whatever the browser's language or zone; '—' for none or an unreadable one.
 */
export function formatInstant(iso: string | null | undefined, tz: string = DEFAULT_TIMEZONE): string {
  if (!iso) return '—';
  const d = dayjs(iso);
  if (!d.isValid()) return '—';
  return d.tz(tz).format('DD/MM/YYYY HH:mm');
}
