import dayjs from 'dayjs';
import { FILE_NAMES, splitHomeAway, weekDays, type ExportMatch, type WeekPreview, type WeekTrainingGroup } from '../../../common/export/rules';
import { feedUrls } from '../../../common/calendar/rules';
import { occurrencesOf, weekdayOf, type Allenamento } from '../../../common/trainings/rules';
import { weekPdf } from './pdf';
import type { Config } from '../../config';
import type { Pool } from '../../db/pool';
import * as repo from './repo';
import { ritroviBetween } from '../../services/callups/repo';

/**
 * The address the notice-board sheets' QR code points to (the club feed), or null when PUBLIC_URL is
 * unset: the default http://localhost:PORT would reach nobody's phone, so the sheet says so instead.
 */
export const sheetFeedUrl = (config: Pick<Config, 'publicUrl' | 'publicUrlFromEnv'>): string | null =>
  config.publicUrlFromEnv ? feedUrls(config.publicUrl).https : null;

/** A week's matches as the preview shows them and the week sheet prints them. */
export function weekOf(matches: ExportMatch[], start: string, end: string): WeekPreview {
  return {
    week: { start, end },
    total: matches.length,
    ...splitHomeAway(matches),
    days: weekDays(start).map((date) => ({ date, ...splitHomeAway(matches.filter((m) => m.data === date)) })),
  };
}

/**
 * The trainings of the week (docs/trainings.md: the dates each series trains on, skipped dates
 * left out), one group per category in the order of the series (by category), each by date and
 * time; a category without a training that week has no group. `oneCategory`: the sheet is of one
 * category, its group is unnamed.
 */
export function weekTrainings(series: Allenamento[], start: string, end: string, oneCategory = false): WeekTrainingGroup[] {
  const groups = new Map<string, WeekTrainingGroup>();
  for (const s of series) {
    for (const data of occurrencesOf(s, start, end)) {
      let group = groups.get(s.gruppo);
      if (!group) groups.set(s.gruppo, (group = { gruppo: oneCategory ? null : s.gruppo, items: [] }));
      group.items.push({ data, giorno: weekdayOf(data), oraInizio: s.oraInizio, oraFine: s.oraFine, campo: s.campo, spogliatoi: s.spogliatoi });
    }
  }
  const order = (a: { data: string; oraInizio: string; oraFine: string }, b: typeof a) =>
    a.data.localeCompare(b.data) || a.oraInizio.localeCompare(b.oraInizio) || a.oraFine.localeCompare(b.oraFine);
  return [...groups.values()].map((g) => ({ ...g, items: g.items.sort(order) }));
}

/** The week calendar PDF of one category, with its file name and how many matches it lists; `allenamenti`: with the category's trainings of the week. */
export type WeekPdfBuilder = (week: { start: string; end: string; gruppo: string; allenamenti?: boolean }) => Promise<{ pdf: Buffer; filename: string; total: number }>;

/**
 * The week sheet of one category for other parts of the app (the weekly digest of the notifications):
 * server/app.ts builds it and hands it to the notifications' routes as an option.
 */
export function weekPdfBuilder({ pool, config }: { pool: Pool; config: Config }): WeekPdfBuilder {
  return async ({ start, end, gruppo, allenamenti = false }) => {
    const [matches, designazioni, ritrovi] = await Promise.all([repo.listPeriod(pool, start, end), repo.listDesignations(pool, start, end), ritroviBetween(pool, start, end, config.timezone)]);
    const week = weekOf(matches.filter((m) => m.gruppo === gruppo), start, end);
    const trainings = allenamenti ? weekTrainings((await repo.listTrainings(pool, start, end)).filter((s) => s.gruppo === gruppo), start, end, true) : undefined;
    const generatedAt = dayjs().tz(config.timezone).format('DD/MM/YYYY HH:mm');
    const pdf = await weekPdf({ clubName: config.clubName, generatedAt, feedUrl: sheetFeedUrl(config), start, end, total: week.total, days: week.days, trainings, designazioni, ritrovi });
    return { pdf, filename: FILE_NAMES.weekPdf(start, end), total: week.total };
  };
}
