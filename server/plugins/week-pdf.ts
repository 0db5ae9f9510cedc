import type { Config } from '../config';
import type { Pool } from '../db/pool';

/**
 * The week calendar PDF of one category, for features other than exports (the notifiche weekly
 * digest, issue 18). Features may not import each other: the exports feature provides the
 * builder here when it registers (a pure function of the pool and config it is handed), and the
 * notifiche worker asks for it; null when the exports feature is not registered.
 */
export type WeekPdfBuilder = (
  db: Pool,
  config: Config,
  week: { start: string; end: string; gruppo: string },
) => Promise<{ pdf: Buffer; filename: string; total: number }>;

let builder: WeekPdfBuilder | null = null;

export function provideWeekPdf(b: WeekPdfBuilder): void {
  builder = b;
}

export const weekPdfBuilder = (): WeekPdfBuilder | null => builder;
