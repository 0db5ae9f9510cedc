// Export API (docs/api.md): previews of a period, a week and a day, and the CSV and
// PDF files. Any signed-in user; inputs validated by the schemas of common/export/rules.ts.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import dayjs from 'dayjs';
import {
  CSV_CONTENT_TYPE,
  EXPORT_MSG,
  FILE_NAMES,
  PDF_CONTENT_TYPE,
  daySchema,
  periodBodySchema,
  splitHomeAway,
  tablePreviewQuerySchema,
  weekPdfBodySchema,
  weekRange,
  weekSchema,
} from '../../../common/export/rules';
import { dayPreviewResponse, tablePreviewResponse, weekPreviewResponse } from '../../../common/export/types';
import { recordActivity } from '../../shared/activity';
import { requireRole } from '../../shared/auth-guard';
import { zodRoutes } from '../../shared/route-schemas';
import { csvStream } from './csv';
import { dayPdf, tablePdf, weekPdf } from './pdf';
import { sheetFeedUrl, weekOf, weekTrainings } from './week-pdf';
import * as repo from './repo';

/** Headers of every file answer: the type, the docs/api.md file name, never cached (docs/operations.md). */
function fileHeaders(reply: FastifyReply, type: string, fileName: string): FastifyReply {
  return reply.header('content-type', type).header('content-disposition', `attachment; filename="${fileName}"`).header('cache-control', 'no-store');
}

export const exportRoutes: FastifyPluginAsync = async (root) => {
  const app = zodRoutes(root);
  const { pool, config } = app.deps;
  /** One activity record per file (logs feature); a failure to record never withholds the file. */
  const logExport = async (request: FastifyRequest, message: string, context: Record<string, unknown>) => {
    try {
      await recordActivity(pool, request, { type: 'info', message, context });
    } catch (err) {
      request.log.warn({ err }, 'registrazione attività export non riuscita');
    }
  };
  const reader = requireRole('reader');
  // The week and day sheets go on notice boards: they carry the club feed's QR code.
  // Without PUBLIC_URL (null) the sheets say the address is not configured instead of a QR to localhost.
  const feedUrl = sheetFeedUrl(config);
  const pdfCommon = () => ({ clubName: config.clubName, generatedAt: dayjs().tz(config.timezone).format('DD/MM/YYYY HH:mm') });

  app.get('/exports/preview/table', { preHandler: reader, schema: { querystring: tablePreviewQuerySchema, response: { 200: tablePreviewResponse } } }, async (request, reply) => {
    const q = request.query;
    reply.header('cache-control', 'no-store');
    return repo.pagePeriod(pool, q.from, q.to, q.limit, q.offset, q.stato);
  });

  app.get('/exports/preview/week', { preHandler: reader, schema: { querystring: weekSchema, response: { 200: weekPreviewResponse } } }, async (request, reply) => {
    const q = request.query;
    const { start, end } = weekRange(q.weekStart);
    reply.header('cache-control', 'no-store');
    return weekOf(await repo.listPeriod(pool, start, end, q.stato), start, end);
  });

  app.get('/exports/preview/day', { preHandler: reader, schema: { querystring: daySchema, response: { 200: dayPreviewResponse } } }, async (request, reply) => {
    const { date, stato } = request.query;
    const matches = await repo.listPeriod(pool, date, date, stato);
    reply.header('cache-control', 'no-store');
    return { date, total: matches.length, ...splitHomeAway(matches) };
  });

  // The files: no response schema (a CSV stream, PDF buffers).
  app.post('/exports/table.csv', { preHandler: reader, schema: { body: periodBodySchema } }, async (request, reply) => {
    const { from, to, stato } = request.body;
    const count = await repo.countPeriod(pool, from, to, stato);
    await logExport(request, EXPORT_MSG.activity.tableCsv(from, to, count), { kind: 'table.csv', from, to, count, ...(stato ? { stato } : {}) });
    const rows = await repo.streamPeriod(pool, from, to, stato);
    return fileHeaders(reply, CSV_CONTENT_TYPE, FILE_NAMES.tableCsv(from, to)).send(csvStream(rows));
  });

  app.post('/exports/table.pdf', { preHandler: reader, schema: { body: periodBodySchema } }, async (request, reply) => {
    const { from, to, stato } = request.body;
    const matches = await repo.listPeriod(pool, from, to, stato);
    const pdf = await tablePdf({ ...pdfCommon(), from, to, matches });
    await logExport(request, EXPORT_MSG.activity.tablePdf(from, to, matches.length), { kind: 'table.pdf', from, to, count: matches.length, ...(stato ? { stato } : {}) });
    return fileHeaders(reply, PDF_CONTENT_TYPE, FILE_NAMES.tablePdf(from, to)).send(pdf);
  });

  app.post('/exports/week.pdf', { preHandler: reader, schema: { body: weekPdfBodySchema } }, async (request, reply) => {
    const q = request.body;
    const { start, end } = weekRange(q.weekStart);
    const [matches, designazioni] = await Promise.all([repo.listPeriod(pool, start, end, q.stato), repo.listDesignations(pool, start, end)]);
    const week = weekOf(matches, start, end);
    // allenamenti: true prints the week's trainings (every category's) in a band at the foot of the sheet.
    const trainings = q.allenamenti ? weekTrainings(await repo.listTrainings(pool, start, end), start, end) : undefined;
    const pdf = await weekPdf({ ...pdfCommon(), feedUrl, start, end, total: week.total, days: week.days, trainings, designazioni });
    await logExport(request, EXPORT_MSG.activity.weekPdf(start, end, week.total), {
      kind: 'week.pdf',
      from: start,
      to: end,
      count: week.total,
      ...(q.stato ? { stato: q.stato } : {}),
      ...(q.allenamenti ? { allenamenti: true } : {}),
    });
    return fileHeaders(reply, PDF_CONTENT_TYPE, FILE_NAMES.weekPdf(start, end)).send(pdf);
  });

  app.post('/exports/day.pdf', { preHandler: reader, schema: { body: daySchema } }, async (request, reply) => {
    const { date, stato } = request.body;
    const [matches, designazioni] = await Promise.all([repo.listPeriod(pool, date, date, stato), repo.listDesignations(pool, date, date)]);
    const pdf = await dayPdf({ ...pdfCommon(), feedUrl, date, ...splitHomeAway(matches), designazioni });
    await logExport(request, EXPORT_MSG.activity.dayPdf(date, matches.length), { kind: 'day.pdf', from: date, to: date, count: matches.length, ...(stato ? { stato } : {}) });
    return fileHeaders(reply, PDF_CONTENT_TYPE, FILE_NAMES.dayPdf(date)).send(pdf);
  });
};
