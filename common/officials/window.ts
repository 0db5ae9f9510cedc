// The days 'Partite scoperte' looks at (docs/officials.md): by default through the Sunday after
// next, so the coming weekend and the one after are always in sight (on a Saturday a fixed 7 days
// stopped short of next Saturday); the panel also offers 7, 14 or 30 days. Shared by the server
// (GET /api/designazioni/scoperte) and the panel.
import dayjs from 'dayjs';
import 'dayjs/locale/it';
import { DIRIGENTI_MSG } from './messages';

/** The windows the panel offers: the default (through the Sunday after next) or a number of days from today. */
export const UNCOVERED_CHOICES = ['weekend', 7, 14, 30] as const;
export type UncoveredChoice = (typeof UNCOVERED_CHOICES)[number];

/**
 * The last day (yyyy-mm-dd) of the default window from `today` (yyyy-mm-dd, the club's day): the
 * Sunday of next week (weeks from Monday to Sunday). Monday 23/11 and Saturday 28/11 both look
 * through Sunday 6/12; Sunday 29/11 too (its own weekend ends that day).
 */
export function uncoveredDefaultEnd(today: string): string {
  const d = dayjs(today);
  const toSunday = (7 - d.day()) % 7; // dayjs: Sunday is 0
  return d.add(toSunday + 7, 'day').format('YYYY-MM-DD');
}

/** The last day of a window of `giorni` days from `today` (today included). */
export const uncoveredEndAfter = (today: string, giorni: number) => dayjs(today).add(giorni - 1, 'day').format('YYYY-MM-DD');

/** 'domenica 6 dicembre': a window's last day as its texts name it (Italian, lower case). */
export const dayName = (iso: string) => dayjs(iso).locale('it').format('dddd D MMMM');

/** The empty panel: 'Nessuna partita scoperta fino a domenica 6 dicembre'. */
export const uncoveredNoneUntil = (fino: string) => DIRIGENTI_MSG.uncoveredNoneUntil(dayName(fino));

/** The folded panel's count: '3 partite senza designazioni fino a domenica 6 dicembre'. */
export const uncoveredCountUntil = (n: number, fino: string) => DIRIGENTI_MSG.uncoveredCountUntil(n, dayName(fino));
