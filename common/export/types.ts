// The JSON answers of the export routes (server/features/export/routes.ts: the previews) as zod
// schemas: the routes declare them (they encode every answer and make the OpenAPI document); the SPA
// reads the interfaces of common/export/rules.ts they satisfy. The files (CSV, PDF) have no schema.
import { z } from '../core/zod';
import { partitaSchema } from '../matches/types';
import { MEANINGS } from '../matches/meaning';
import type { DayPreview, ExportMatch, TablePreview, WeekPreview } from './rules';

/** A match as the previews return it: every column of public.partite, dates 'YYYY-MM-DD', times 'HH:mm'. */
const exportMatch = partitaSchema.required({ stato: true, motivo_stato: true, data_da_definire: true, data_originale: true }) satisfies z.ZodType<ExportMatch>;

const homeAway = { casa: z.array(exportMatch), trasferta: z.array(exportMatch) };

/** GET /api/exports/preview/table: one page of the period, its total and its counts by meaning. */
export const tablePreviewResponse = z.object({
  items: z.array(exportMatch),
  total: z.number(),
  counts: z.record(z.enum(MEANINGS), z.number()),
}) satisfies z.ZodType<TablePreview>;

/** GET /api/exports/preview/week: the week's matches, home and away, and day by day. */
export const weekPreviewResponse = z.object({
  week: z.object({ start: z.string(), end: z.string() }),
  total: z.number(),
  ...homeAway,
  days: z.array(z.object({ date: z.string(), ...homeAway })),
}) satisfies z.ZodType<WeekPreview>;

/** GET /api/exports/preview/day: the day's matches, home and away. */
export const dayPreviewResponse = z.object({
  date: z.string(),
  total: z.number(),
  ...homeAway,
}) satisfies z.ZodType<DayPreview>;
