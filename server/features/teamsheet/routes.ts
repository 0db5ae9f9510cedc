// The team sheet of a match (docs/teamsheet.md). Admins, and editors who follow the match's
// category, change it; readers who follow the category read and print it (the players' ties,
// server/services/player-access). Each read, save and print records its activity in its own
// transaction, naming the match and never a player.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import dayjs from 'dayjs';
import { MSG } from '../../../common/core/messages';
import { matchLabel } from '../../../common/matches/rules';
import { PDF_CONTENT_TYPE } from '../../../common/export/rules';
import { DISTINTA_MSG } from '../../../common/teamsheet/messages';
import { distintaBodySchema, distinteQuerySchema } from '../../../common/teamsheet/rules';
import { distintaResponse, distinteGiornoResponse, stampeResponse } from '../../../common/teamsheet/types';
import { withTransaction, type Db } from '../../db/pool';
import { requireRole } from '../../shared/auth-guard';
import { HttpError, forbidden, notFound } from '../../shared/errors';
import { idParams, zodRoutes } from '../../shared/route-schemas';
import { recordActivity } from '../../shared/activity';
import { scopeIds, scopeIncludes, scopeOf, type Scope } from '../../services/player-access/player-access';
import { distintaPdf } from './pdf';
import { checkSave, readDistinta } from './sheet';
import * as repo from './repo';

const M = DISTINTA_MSG;
const byId = idParams(MSG.match.notFound);

/** 'Garibaldina - Lupi (Pulcini) del 12/04/2027 ore 10:00': how the activity records name the match. */
const label = (p: repo.PartitaDistinta) => matchLabel(p);

export const distinteRoutes: FastifyPluginAsync = async (root) => {
  const app = zodRoutes(root);
  const { pool, config } = app.deps;
  const regola = config.certificateRule;

  /** The match (404) and the caller's categories, which must include the match's (403); `lock` holds the match row. */
  async function open(db: Db, request: FastifyRequest, id: number, lock = false): Promise<{ partita: repo.PartitaDistinta; scope: Scope }> {
    const partita = await repo.partitaOf(db, id, lock);
    if (!partita) throw notFound(MSG.match.notFound);
    const scope = await scopeOf(db, request.user!);
    if (!scopeIncludes(scope, partita.gruppoId)) throw forbidden(M.notFollowed(partita.gruppo));
    return { partita, scope };
  }

  app.get(
    '/partite/:id/distinta',
    { preHandler: requireRole('reader'), schema: { params: byId, response: { 200: distintaResponse } } },
    async (request, reply) => {
      const data = await withTransaction(pool, async (db) => {
        const { partita } = await open(db, request, request.params.id);
        const distinta = await readDistinta(db, partita, regola);
        await recordActivity(db, request, {
          type: 'info',
          message: M.activity.read(label(partita), distinta.giocatori.length),
          context: { partita: partita.id, numeroGiocatori: distinta.giocatori.length },
        });
        return distinta;
      });
      reply.header('cache-control', 'no-store');
      return { data };
    },
  );

  app.put(
    '/partite/:id/distinta',
    { preHandler: requireRole('editor', M.forbiddenWrite), schema: { params: byId, body: distintaBodySchema, response: { 200: distintaResponse } } },
    async (request, reply) => {
      const data = await withTransaction(pool, async (db) => {
        const { partita, scope } = await open(db, request, request.params.id, true);
        const { righe, staff } = await checkSave(db, partita, request.body, scope, regola);
        await repo.saveDistinta(db, partita.id, righe, staff);
        await recordActivity(db, request, {
          type: 'success',
          message: M.activity.saved(label(partita), righe.length),
          context: { partita: partita.id, numeroGiocatori: righe.length, allenatore: staff.allenatore, altri: staff.altri },
        });
        return readDistinta(db, partita, regola);
      });
      reply.header('cache-control', 'no-store');
      return { data };
    },
  );

  // The PDF (two copies): only a saved sheet with nothing blocking; each print is kept (who, when,
  // the players by id) and recorded as an activity naming the match.
  app.get('/partite/:id/distinta.pdf', { preHandler: requireRole('reader'), schema: { params: byId } }, async (request, reply) => {
    const { partita, distinta } = await withTransaction(pool, async (db) => {
      const { partita } = await open(db, request, request.params.id);
      return { partita, distinta: await readDistinta(db, partita, regola) };
    });
    if (!distinta.stampabile) {
      const problemi = distinta.giocatori.flatMap((g) => g.motivi.map((motivo) => ({ giocatore: g.id, motivo })));
      throw new HttpError(409, M.nonStampabile(distinta.motivi.join('; ')), { motivi: distinta.motivi, problemi });
    }
    const pdf = await distintaPdf({
      clubName: config.clubName,
      generatedAt: dayjs().tz(config.timezone).format('DD/MM/YYYY HH:mm'),
      partita,
      distinta,
    });
    const righe = distinta.giocatori.map((g) => ({ id: g.id, numero: g.numero!, capitano: g.capitano, vice: g.vice }));
    await withTransaction(pool, async (db) => {
      const stampa = await repo.recordStampa(db, partita.id, request.user!.email, righe);
      await recordActivity(db, request, {
        type: 'info',
        message: M.activity.printed(label(partita), righe.length),
        context: { partita: partita.id, stampa, numeroGiocatori: righe.length },
      });
    });
    return reply
      .header('content-type', PDF_CONTENT_TYPE)
      .header('content-disposition', `attachment; filename="${M.pdf.nomeFile(partita.data, partita.id)}"`)
      .header('cache-control', 'no-store')
      .send(pdf);
  });

  // The prints of a sheet, newest first: a player erased since reads 'Giocatore rimosso'.
  app.get(
    '/partite/:id/distinta/stampe',
    { preHandler: requireRole('reader'), schema: { params: byId, response: { 200: stampeResponse } } },
    async (request, reply) => {
      const data = await withTransaction(pool, async (db) => {
        const { partita } = await open(db, request, request.params.id);
        const stampe = await repo.stampeOf(db, partita.id, M.rimosso);
        await recordActivity(db, request, { type: 'info', message: M.activity.history(label(partita)), context: { partita: partita.id, stampe: stampe.length } });
        return stampe;
      });
      reply.header('cache-control', 'no-store');
      return { data, count: data.length };
    },
  );

  // The day's matches whose sheet the caller may open (the day sheet of /estrazione links each): no player named.
  app.get(
    '/distinte',
    { preHandler: requireRole('reader'), schema: { querystring: distinteQuerySchema, response: { 200: distinteGiornoResponse } } },
    async (request, reply) => {
      const scope = await scopeOf(pool, request.user!);
      const data = await repo.distinteDelGiorno(pool, request.query.data, scopeIds(scope));
      reply.header('cache-control', 'no-store');
      return { data, count: data.length };
    },
  );
};
