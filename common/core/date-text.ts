// Date and time text checks that need no date library: the public page's start-up bundle imports these
// (through common/matches/read.ts and src/config/publicConfig.ts) without dayjs and its plugins (docs/public-page.md);
// common/core/dates.ts re-exports them beside the dayjs-based helpers.

/** The club's timezone when the server does not say otherwise (APP_TIMEZONE's default). */
export const DEFAULT_TIMEZONE = 'Europe/Rome';

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/** True for a real calendar date written yyyy-mm-dd (2026-02-30 is not one). */
export function isIsoDate(value: unknown): value is string {
  if (typeof value !== 'string' || !DATE_RE.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number);
  // The calendar of Date.UTC decides: a day past the month's end rolls over and no longer matches.
  const date = new Date(0);
  date.setUTCFullYear(y, m - 1, d);
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** 'HH:mm:ss' or 'HH:mm' -> 'HH:mm'. */
export function shortTime(value: string): string {
  return value.slice(0, 5);
}
