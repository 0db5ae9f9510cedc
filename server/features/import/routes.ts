// Fixture import (docs/import.md): many matches in one request and one transaction, each row checked with
// the form's own rules (partitaPayloadSchema), plus the preview's check of categories and duplicates.
import type { FastifyPluginAsync } from 'fastify';
import { z } from '../../../common/core/zod';
import { MSG } from '../../../common/core/messages';
import { isIsoDate } from '../../../common/core/date-text';
import { todayIn } from '../../../common/core/dates';
import { partitaPayloadSchema, type PartitaPayload } from '../../../common/matches/rules';
import { IMPORT_MAX_ROWS, type ImportField } from '../../../common/import/constants';
import { IMPORT_MSG } from '../../../common/import/messages';
import { duplicateKey } from '../../../common/import/rules';
import { requireRole } from '../../shared/auth-guard';
import { HttpError, badRequest } from '../../shared/errors';
import { zodRoutes } from '../../shared/route-schemas';
import { withTransaction } from '../../db/pool';
import { recordActivity } from '../../shared/activity';
import { mapInSlices } from '../../shared/yield';
import { CLASH_MSG, clashCandidate } from '../../../common/occupancy/rules';
import fp from 'fastify-plugin';
import * as repo from './repo';
import { importCheckResponse, importResponse } from '../../../common/import/types';
import { clashService } from '../../services/clashes/clashes';

/** 2,000 rows of 12 fields, texts up to the schema's 1,000-character cap, fit well within 8 MiB (1 MiB does not). */
const IMPORT_BODY_LIMIT = 8 * 1024 * 1024;
/** Rows per INSERT: the statement of 2,000 rows is built in one go otherwise. */
const INSERT_ROWS = 500;

const importBody = z.strictObject({
  partite: z.array(z.unknown(), { error: MSG.http.badRequest }).max(IMPORT_MAX_ROWS, IMPORT_MSG.tooMany(IMPORT_MAX_ROWS)),
  // Clashes (docs/occupancy.md): rows that clash are written only when the editor confirmed them.
  confermaSovrapposizioni: z.boolean({ error: MSG.http.badRequest }).optional(),
  // The file line of each row, so that messages name the row as the preview does (default: 1, 2, ...).
  righe: z.array(z.number({ error: MSG.http.badRequest }).int().min(1).max(1_000_000), { error: MSG.http.badRequest }).max(IMPORT_MAX_ROWS).optional(),
}).superRefine(({ partite, righe }, ctx) => {
  if (partite.length === 0) ctx.addIssue({ code: 'custom', message: IMPORT_MSG.empty, path: ['partite'] });
  else if (righe && righe.length !== partite.length) ctx.addIssue({ code: 'custom', message: MSG.http.badRequest, path: ['righe'] });
});
const checkBody = z.strictObject({
  dates: z.array(z.string().max(10)).max(IMPORT_MAX_ROWS, IMPORT_MSG.tooMany(IMPORT_MAX_ROWS)),
});

const dmy = (iso: string) => iso.split('-').reverse().join('/');

/** The message of a row's first problem, naming the row and, for a field of the wrong type, the field. */
function rowError(riga: number, issue: z.core.$ZodIssue): string {
  if (issue.code === 'unrecognized_keys') return IMPORT_MSG.row(riga, MSG.http.unknownField(issue.keys.join(', ')));
  const field = issue.path[0];
  const label = typeof field === 'string' ? IMPORT_MSG.fields[field as ImportField] : undefined;
  return IMPORT_MSG.row(riga, label ? `${label}: ${issue.message}` : issue.message);
}

const importPlugin: FastifyPluginAsync = async (root) => {
  const app = zodRoutes(root);
  const { pool, config } = app.deps;
  // The clash check of the rows (docs/occupancy.md).
  const { batchClashList, checkBatch, lockMatchDays, matchesOnDays, recordBatchOverride } = clashService(config);

  // The preview's look-up: the category names and the existing matches on the file's days (duplicates).
  app.post(
    '/partite/import/check',
    { preHandler: requireRole('editor', MSG.match.forbiddenCreate), schema: { body: checkBody, response: { 200: importCheckResponse } } },
    async (request) => {
      const dates = [...new Set(request.body.dates.filter((d) => isIsoDate(d)))];
      const [gruppi, existing, occupano] = await Promise.all([
        repo.categoryNames(pool),
        dates.length ? repo.matchesOnDates(pool, dates) : [],
        matchesOnDays(pool, dates),
      ]);
      const keys = existing.map((m) => duplicateKey({ data: m.data, ora: m.ora, squadraCasa: m.squadracasa, squadraTrasferta: m.squadratrasferta }));
      // The matches of those days that hold a campo, rooms or teams, and the changeover margin
      // (docs/import.md), for the preview's clash check (common/occupancy/rules.ts importClashes, the rule the import applies).
      return { gruppi, existing: keys, partite: occupano, margine: config.clashMarginMinutes };
    },
  );

  app.post(
    '/partite/import',
    {
      preHandler: requireRole('editor', MSG.match.forbiddenCreate),
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: { body: importBody, response: { 201: importResponse } },
    },
    async (request, reply) => {
      const { partite, confermaSovrapposizioni = false, righe } = request.body;
      const riga = (i: number) => righe?.[i] ?? i + 1;
      // A row is a match body as for POST /api/partite, without the save's confirmation flag (the
      // import's own confermaSovrapposizioni covers every row). Checked here, not by the route's schema:
      // row by row with the event loop free between slices, each message naming its row, against today.
      const schema = partitaPayloadSchema({ mode: 'create', today: todayIn(config.timezone), timezone: config.timezone, clubName: config.clubName }, { row: true });
      // In slices of rows with the event loop free between them (docs/import.md): 2,000 rows never hold it for long.
      const payloads: PartitaPayload[] = await mapInSlices(partite, (row, i) => {
        const result = schema.safeParse(row ?? {});
        if (!result.success) throw badRequest(rowError(riga(i), result.error.issues[0]));
        return result.data;
      });
      const ids = await withTransaction(pool, async (db) => {
        const names = await repo.categoryNames(db);
        const known = new Set(names);
        const unknown = payloads.findIndex((p) => !known.has(p.gruppo));
        if (unknown >= 0) throw badRequest(IMPORT_MSG.row(riga(unknown), IMPORT_MSG.unknownCategory(payloads[unknown].gruppo, names)));
        // Clashes as for a save (docs/occupancy.md): the days locked, their matches read once, the rule in memory
        // (in buckets, in slices of rows); a clash (with a stored match or another row) is a 409 with the list
        // (each row's first three clashes, then how many more) unless confirmed.
        const candidates = payloads.map((p) => clashCandidate(p, config.clubName));
        await lockMatchDays(db, payloads.map((p) => p.data));
        const clashes = batchClashList(await checkBatch(db, candidates, config.clashMarginMinutes), {
          riga,
          partitaId: () => null,
          name: (i, message) => CLASH_MSG.row(riga(i), message),
          ref: riga,
        });
        if (clashes.totale > 0 && !confermaSovrapposizioni) {
          throw new HttpError(409, CLASH_MSG.importConflict(clashes.righe), { conflitti: clashes.conflitti, totale: clashes.totale });
        }
        const created: number[] = [];
        for (let i = 0; i < payloads.length; i += INSERT_ROWS) created.push(...(await repo.insertMany(db, payloads.slice(i, i + INSERT_ROWS))));
        const dates = payloads.map((p) => p.data).sort();
        const first = dmy(dates[0]);
        const last = dmy(dates[dates.length - 1]);
        await recordActivity(db, request, {
          type: 'success',
          message: IMPORT_MSG.activity(created.length, first, last),
          context: { count: created.length, first, last, ids: created.slice(0, 20) },
        });
        await recordBatchOverride(db, request, CLASH_MSG.importConfirmed(clashes.righe), clashes, { ids: created.slice(0, 20) });
        return created;
      }).catch((err: unknown) => {
        // A category deleted between the check and the insert.
        if ((err as { code?: string }).code === '23503') throw badRequest(MSG.match.unknownGruppo);
        throw err;
      });
      reply.status(201);
      return { create: ids.length, ids };
    },
  );
};

/** Mounted by server/app.ts under /api; the clash check is the clashes service's. */
export const importRoutes = fp(importPlugin, { name: 'import', fastify: '5.x', encapsulate: true });
