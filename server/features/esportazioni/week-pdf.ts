import dayjs from 'dayjs';
import fp from 'fastify-plugin';
import { FILE_NAMES, splitHomeAway, weekDays, type ExportMatch, type WeekPreview } from '../../../common/esportazioni/rules';
import { feedUrls } from '../../../common/calendar/rules';
import { weekPdf } from './pdf';
import * as repo from './repo';

/** A week's matches as the preview shows them and the week sheet prints them. */
export function weekOf(matches: ExportMatch[], start: string, end: string): WeekPreview {
  return {
    week: { start, end },
    total: matches.length,
    ...splitHomeAway(matches),
    days: weekDays(start).map((date) => ({ date, ...splitHomeAway(matches.filter((m) => m.data === date)) })),
  };
}

/** The week calendar PDF of one category, with its file name and how many matches it lists. */
export type WeekPdfBuilder = (week: { start: string; end: string; gruppo: string }) => Promise<{ pdf: Buffer; filename: string; total: number }>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The exports feature's week sheet of one category, for other features (the notifiche weekly digest). */
    weekPdf: WeekPdfBuilder;
  }
}

/** Provides `app.weekPdf`; registered at the root by server/app.ts. */
export const weekPdfPlugin = fp(
  async (app) => {
    const { pool, config } = app.deps;
    const builder: WeekPdfBuilder = async ({ start, end, gruppo }) => {
      const week = weekOf((await repo.listPeriod(pool, start, end)).filter((m) => m.gruppo === gruppo), start, end);
      const generatedAt = dayjs().tz(config.timezone).format('DD/MM/YYYY HH:mm');
      const pdf = await weekPdf({ clubName: config.clubName, generatedAt, feedUrl: feedUrls(config.publicUrl).https, start, end, total: week.total, days: week.days });
      return { pdf, filename: FILE_NAMES.weekPdf(start, end), total: week.total };
    };
    app.decorate('weekPdf', builder);
  },
  { name: 'week-pdf', fastify: '5.x' },
);
