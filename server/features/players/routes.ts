// Players and their papers (docs/players.md). Every route reads the caller's categories first
// (server/services/player-access): administrators see every player, editors and readers those of
// the categories they follow; readers only read. Every list read, export, erasure and write records
// its activity in its own transaction, naming no player (the id and the category only).
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from '../../../common/core/zod';
import { MSG } from '../../../common/core/messages';
import { todayIn } from '../../../common/core/dates';
import { IMPORT_MSG } from '../../../common/import/messages';
import { GIOCATORI_MSG } from '../../../common/players/messages';
import {
  addDays,
  avvisiGiocatore,
  avvisiPartiteQuerySchema,
  giocatoreInputSchema,
  giocatoriQuerySchema,
  importGiocatoriSchema,
  nonIdonei,
  scadenze,
  SCADENZA_GIORNI,
  type Giocatore,
  type GiocatoreInput,
} from '../../../common/players/rules';
import {
  avvisiPartiteResponse,
  daRimuovereResponse,
  giocatoreEraseResponse,
  giocatoreExportResponse,
  giocatoreResponse,
  giocatoreSaveResponse,
  giocatoriResponse,
  importGiocatoriResponse,
  scadenzeResponse,
  type AvvisoPartita,
} from '../../../common/players/types';
import { withTransaction, type Db } from '../../db/pool';
import { requireRole } from '../../shared/auth-guard';
import { badRequest, forbidden, notFound } from '../../shared/errors';
import { idParams, zodRoutes } from '../../shared/route-schemas';
import { recordActivity } from '../../shared/activity';
import { mapInSlices } from '../../shared/yield';
import { scopeIds, scopeIncludes, scopeOf, type Scope } from '../../services/player-access/player-access';
import * as repo from './repo';

const M = GIOCATORI_MSG;
const byId = idParams(M.notFound);

/** A player as answered: without the category's id. */
const answer = ({ gruppoId: _, ...g }: repo.GiocatoreLetto): Giocatore => g;

/** The fields a save changed, by name (an activity record names no value of a child's record). */
function changedFields(before: Giocatore, after: Giocatore): string[] {
  return (Object.keys(after) as Array<keyof Giocatore>).filter((k) => k !== 'id' && JSON.stringify(before[k]) !== JSON.stringify(after[k]));
}

export const playersRoutes: FastifyPluginAsync = async (root) => {
  const app = zodRoutes(root);
  const { pool, config } = app.deps;
  const today = () => todayIn(config.timezone);
  const regola = config.certificateRule;
  const body = giocatoreInputSchema(today);
  const scope = (db: Db, request: FastifyRequest) => scopeOf(db, request.user!);

  /** The category a body names, which must exist (400) and be followed by the caller (403). */
  async function followedGruppo(db: Db, s: Scope, name: string): Promise<{ id: number; name: string }> {
    const g = await repo.gruppoByName(db, name);
    if (!g) throw badRequest(M.unknownGruppo(name));
    if (!scopeIncludes(s, g.id)) throw forbidden(M.notFollowed(g.name));
    return g;
  }

  app.get(
    '/giocatori',
    { preHandler: requireRole('reader'), schema: { querystring: giocatoriQuerySchema, response: { 200: giocatoriResponse } } },
    async (request, reply) => {
      const q = request.query;
      // The caller's categories and the one asked for, side by side before the transaction (one round trip less).
      const [s, gruppo] = await Promise.all([scope(pool, request), q.gruppo === undefined ? null : repo.gruppoByName(pool, q.gruppo)]);
      if (q.gruppo !== undefined && !gruppo) throw notFound(M.unknownGruppo(q.gruppo));
      if (gruppo && !scopeIncludes(s, gruppo.id)) throw forbidden(M.notFollowed(gruppo.name));
      // Beside the list, the categories the caller follows, for the screen's picker (a followed category with no player yet is offered too).
      const [data, seguite] = await Promise.all([
        withTransaction(pool, async (db) => {
          const list = await repo.listGiocatori(db, {
            scope: scopeIds(s),
            gruppoId: gruppo?.id,
            scadenzaEntro: q.scadenzaEntro === undefined ? undefined : addDays(today(), q.scadenzaEntro),
          });
          await recordActivity(db, request, {
            type: 'info',
            message: M.activity.listed(gruppo?.name ?? M.activity.tutte, list.length),
            context: { gruppo: gruppo?.name ?? null, scadenzaEntro: q.scadenzaEntro ?? null, count: list.length },
          });
          return list.map(answer);
        }),
        repo.gruppiNames(pool, scopeIds(s)),
      ]);
      reply.header('cache-control', 'no-store');
      return { data, count: data.length, regola, seguite };
    },
  );

  // The expiry panel of the categories the caller follows (docs/players.md, 'Scadenze').
  app.get('/giocatori/scadenze', { preHandler: requireRole('reader'), schema: { response: { 200: scadenzeResponse } } }, async (request, reply) => {
    const oggi = today();
    const s = await scope(pool, request);
    const data = await withTransaction(pool, async (db) => {
      const list = await repo.listForPanel(db, scopeIds(s));
      const voci = scadenze(list, oggi, regola, SCADENZA_GIORNI);
      await recordActivity(db, request, { type: 'info', message: M.activity.expiries(voci.length), context: { count: voci.length, giocatori: list.length } });
      return voci;
    });
    reply.header('cache-control', 'no-store');
    return { data, count: data.length, oggi, giorni: SCADENZA_GIORNI, regola };
  });

  // The match cards' flag (docs/players.md, expiry alerts): per planned match of the period, how many players
  // of its category the certificate rule keeps off the pitch on its day. Counts only, naming no player, and read
  // at every dashboard visit: no activity record (as the call-ups' counts of the cards).
  app.get(
    '/giocatori/avvisi-partite',
    { preHandler: requireRole('reader'), schema: { querystring: avvisiPartiteQuerySchema, response: { 200: avvisiPartiteResponse } } },
    async (request, reply) => {
      const { dal, al } = request.query;
      const s = await scope(pool, request);
      const data: Record<string, AvvisoPartita> = {};
      const matches = s.tutte || s.gruppi.size ? await repo.plannedMatches(pool, dal, al, scopeIds(s)) : [];
      if (matches.length) {
        const byGruppo = new Map<number, Awaited<ReturnType<typeof repo.certificatesOf>>>();
        for (const p of await repo.certificatesOf(pool, [...new Set(matches.map((m) => m.gruppoId))])) {
          byGruppo.set(p.gruppoId, [...(byGruppo.get(p.gruppoId) ?? []), p]);
        }
        for (const m of matches) {
          const n = nonIdonei(byGruppo.get(m.gruppoId) ?? [], m.data, regola).length;
          if (n > 0) data[m.id] = { nonIdonei: n };
        }
      }
      reply.header('cache-control', 'no-store');
      return { data };
    },
  );

  // The yearly review (docs/players.md, 'Da rimuovere'): administrators only.
  app.get(
    '/giocatori/da-rimuovere',
    { preHandler: requireRole('admin', M.forbiddenReview), schema: { response: { 200: daRimuovereResponse } } },
    async (request, reply) => {
      const data = await withTransaction(pool, async (db) => {
        const list = await repo.daRimuovere(db, today());
        await recordActivity(db, request, { type: 'info', message: M.activity.review(list.length), context: { count: list.length } });
        return list;
      });
      reply.header('cache-control', 'no-store');
      return { data, count: data.length };
    },
  );

  app.get(
    '/giocatori/:id',
    { preHandler: requireRole('reader'), schema: { params: byId, response: { 200: giocatoreResponse } } },
    async (request, reply) => {
      const { id } = request.params;
      const [p, s] = await Promise.all([repo.getGiocatore(pool, id), scope(pool, request)]);
      // A player of a category the caller does not follow is, to them, no player at all.
      if (!p || !scopeIncludes(s, p.gruppoId)) throw notFound(M.notFound);
      reply.header('cache-control', 'no-store');
      return { data: answer(p) };
    },
  );

  app.post(
    '/giocatori',
    { preHandler: requireRole('editor', M.forbiddenWrite), schema: { body, response: { 201: giocatoreSaveResponse } } },
    async (request, reply) => {
      const input = request.body;
      const data = await withTransaction(pool, async (db) => {
        const g = await followedGruppo(db, await scope(db, request), input.gruppo);
        const id = await repo.insertGiocatore(db, input, g.id);
        await recordActivity(db, request, { type: 'success', message: M.activity.created(id, g.name), context: { giocatore: id, gruppo: g.name } });
        return answer((await repo.getGiocatore(db, id))!);
      });
      return reply.status(201).send({ data, avvisi: avvisiGiocatore(data, today()) });
    },
  );

  app.put(
    '/giocatori/:id',
    { preHandler: requireRole('editor', M.forbiddenWrite), schema: { params: byId, body, response: { 200: giocatoreSaveResponse } } },
    async (request) => {
      const { id } = request.params;
      const input = request.body;
      const data = await withTransaction(pool, async (db) => {
        const s = await scope(db, request);
        const before = await repo.getGiocatore(db, id, true);
        if (!before || !scopeIncludes(s, before.gruppoId)) throw notFound(M.notFound);
        const g = await followedGruppo(db, s, input.gruppo);
        await repo.updateGiocatore(db, id, input, g.id);
        const after = answer((await repo.getGiocatore(db, id))!);
        await recordActivity(db, request, {
          type: 'info',
          message: M.activity.updated(id, g.name),
          context: { giocatore: id, gruppo: g.name, ...(before.gruppo !== g.name ? { daGruppo: before.gruppo } : {}), campi: changedFields(answer(before), after) },
        });
        return after;
      });
      return { data, avvisi: avvisiGiocatore(data, today()) };
    },
  );

  // Erasure (docs/players.md): the row goes; the activity record keeps the id alone.
  app.delete(
    '/giocatori/:id',
    { preHandler: requireRole('admin', M.forbiddenErase), schema: { params: byId, response: { 200: giocatoreEraseResponse } } },
    async (request) => {
      const { id } = request.params;
      await withTransaction(pool, async (db) => {
        const before = await repo.getGiocatore(db, id, true);
        if (!before || !(await repo.deleteGiocatore(db, id))) throw notFound(M.notFound);
        await recordActivity(db, request, { type: 'warning', message: M.activity.erased(id), context: { giocatore: id, gruppo: before.gruppo } });
      });
      return { data: { id }, message: M.erased };
    },
  );

  // Everything held about one player (docs/players.md, a person's rights): administrators only.
  app.get(
    '/giocatori/:id/export',
    { preHandler: requireRole('admin', M.forbiddenExport), schema: { params: byId, response: { 200: giocatoreExportResponse } } },
    async (request, reply) => {
      const { id } = request.params;
      const data = await withTransaction(pool, async (db) => {
        const p = await repo.getGiocatore(db, id);
        if (!p) throw notFound(M.notFound);
        const times = (await repo.timesOf(db, id))!;
        const attivita = await repo.activityOf(db, id);
        await recordActivity(db, request, { type: 'info', message: M.activity.exported(id), context: { giocatore: id, gruppo: p.gruppo } });
        return { esportatoIl: new Date().toISOString(), giocatore: { ...answer(p), ...times }, attivita };
      });
      reply.header('cache-control', 'no-store');
      return { data };
    },
  );

  // Import (docs/players.md, import): rows checked with the form's own schema, one transaction, one record.
  app.post(
    '/giocatori/import',
    { preHandler: requireRole('editor', M.forbiddenWrite), schema: { body: importGiocatoriSchema, response: { 201: importGiocatoriResponse } } },
    async (request, reply) => {
      const { giocatori, righe } = request.body;
      if (righe && righe.length !== giocatori.length) throw badRequest();
      const riga = (i: number) => righe?.[i] ?? i + 1;
      const rows: GiocatoreInput[] = await mapInSlices(giocatori, (row, i) => {
        const result = body.safeParse(row ?? {});
        if (!result.success) throw badRequest(IMPORT_MSG.row(riga(i), rowMessage(result.error.issues[0])));
        return result.data;
      });
      const ids = await withTransaction(pool, async (db) => {
        const s = await scope(db, request);
        const known = await repo.gruppiByLowerName(db);
        const placed = rows.map((p, i) => {
          const g = known.get(p.gruppo.toLowerCase());
          if (!g) throw badRequest(IMPORT_MSG.row(riga(i), M.unknownGruppo(p.gruppo)));
          if (!scopeIncludes(s, g.id)) throw forbidden(IMPORT_MSG.row(riga(i), M.notFollowed(g.name)));
          return { p, gruppoId: g.id, gruppo: g.name };
        });
        const created = await repo.insertMany(db, placed);
        const gruppi = [...new Set(placed.map((x) => x.gruppo))];
        await recordActivity(db, request, {
          type: 'success',
          message: M.activity.imported(created.length, gruppi.join(', ')),
          context: { count: created.length, gruppi, giocatori: created },
        });
        return created;
      });
      return reply.status(201).send({ create: ids.length, ids });
    },
  );
};

/** A row's first problem (an unknown column names itself). */
function rowMessage(issue: z.core.$ZodIssue): string {
  if (issue.code === 'unrecognized_keys') return MSG.http.unknownField(issue.keys.join(', '));
  return issue.message;
}
