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
import { GIOCATORI_MSG } from '../../../common/players/messages';
import { distintaBodySchema, distinteQuerySchema } from '../../../common/teamsheet/rules';
import { distintaResponse, distinteGiornoResponse, stampeResponse } from '../../../common/teamsheet/types';
import { withTransaction } from '../../db/pool';
import { requireRole } from '../../shared/auth-guard';
import { HttpError, forbidden, notFound } from '../../shared/errors';
import { idParams, zodRoutes } from '../../shared/route-schemas';
import { recordActivity } from '../../shared/activity';
import { scopeIds, scopeIncludes, scopeOf, type Scope } from '../../services/player-access/player-access';
import { distintaPdf } from './pdf';
import { checkSave, composeDistinta } from './sheet';
import * as repo from './repo';

const M = DISTINTA_MSG;
const byId = idParams(MSG.match.notFound);

/** 'Garibaldina - Lupi (Pulcini) del 12/04/2027 ore 10:00': how the activity records name the match. */
const label = (p: repo.PartitaDistinta) => matchLabel(p);

export const teamsheetRoutes: FastifyPluginAsync = async (root) => {
  const app = zodRoutes(root);
  const { pool, config } = app.deps;
  const regola = config.certificateRule;

  /** The match's category must be one the caller follows (403). */
  const followed = (scope: Scope, partita: repo.PartitaDistinta) => {
    if (!scopeIncludes(scope, partita.gruppoId)) throw forbidden(M.notFollowed(partita.gruppo));
  };

  /** The sheet of match `id` as the caller may see it: 404 for no match, 403 for a category not followed. */
  async function read(request: FastifyRequest, id: number): Promise<repo.LetturaDistinta> {
    // One read of the sheet beside the caller's categories (two connections): every GET pays it.
    const [l, scope] = await Promise.all([repo.letturaDistinta(pool, id), scopeOf(pool, request.user!)]);
    if (!l) throw notFound(MSG.match.notFound);
    followed(scope, l.partita);
    return l;
  }

  app.get(
    '/partite/:id/distinta',
    { preHandler: requireRole('reader'), schema: { params: byId, response: { 200: distintaResponse } } },
    async (request, reply) => {
      const l = await read(request, request.params.id);
      const data = composeDistinta(l, regola);
      // A read of a list of players is an activity record (docs/players.md), naming the match only.
      await recordActivity(pool, request, {
        type: 'info',
        message: M.activity.read(label(l.partita), data.giocatori.length),
        context: { partita: l.partita.id, numeroGiocatori: data.giocatori.length },
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
        // The match's row held (FOR SHARE) while the save is checked against its day and category.
        const partita = await repo.partitaOf(db, request.params.id, true);
        if (!partita) throw notFound(MSG.match.notFound);
        const scope = await scopeOf(db, request.user!);
        followed(scope, partita);
        const { righe, staff } = await checkSave(db, (await repo.letturaDistinta(db, partita.id))!, request.body, scope, regola);
        await repo.saveDistinta(db, partita.id, righe, staff);
        await recordActivity(db, request, {
          type: 'success',
          message: M.activity.saved(label(partita), righe.length),
          context: { partita: partita.id, numeroGiocatori: righe.length, allenatore: staff.allenatore, altri: staff.altri },
        });
        return composeDistinta((await repo.letturaDistinta(db, partita.id))!, regola);
      });
      reply.header('cache-control', 'no-store');
      return { data };
    },
  );

  // The PDF (two copies): only a saved sheet with nothing blocking; each print is kept (who, when,
  // the players by id) and recorded as an activity naming the match, in one transaction.
  app.get('/partite/:id/distinta.pdf', { preHandler: requireRole('reader'), schema: { params: byId } }, async (request, reply) => {
    const l = await read(request, request.params.id);
    const { partita } = l;
    const distinta = composeDistinta(l, regola);
    if (!distinta.stampabile) {
      // The players who may not play, of a saved sheet (a proposal's are no sheet's).
      const problemi = distinta.salvata ? distinta.giocatori.flatMap((g) => g.motivi.map((motivo) => ({ giocatore: g.id, motivo }))) : [];
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
      const [partita, scope] = await Promise.all([repo.partitaOf(pool, request.params.id), scopeOf(pool, request.user!)]);
      if (!partita) throw notFound(MSG.match.notFound);
      followed(scope, partita);
      const data = await repo.stampeOf(pool, partita.id, GIOCATORI_MSG.rimosso);
      await recordActivity(pool, request, { type: 'info', message: M.activity.history(label(partita)), context: { partita: partita.id, stampe: data.length } });
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
