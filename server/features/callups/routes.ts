// Call-ups (docs/callups.md): the coach's API on a match's call-up. Access as the players' data
// (server/services/player-access): administrators every match; editors and readers the matches of the
// categories they follow, readers only reading (a coach who calls up players is an editor). Every
// write records its activity in its own transaction, naming players by id only.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from '../../../common/core/zod';
import { todayIn } from '../../../common/core/dates';
import { matchLabel } from '../../../common/matches/rules';
import { readMatch } from '../../../common/matches/meaning';
import { CONVOCAZIONI_MSG } from '../../../common/callups/messages';
import {
  anticipoDi,
  conteggiOf,
  convocazioneBodySchema,
  isoInZone,
  periodoQuerySchema,
  RISPOSTE,
  RITROVO_ANTICIPO_DEFAULT,
  RITROVO_ORE_MAX,
  ritrovoIstante,
  rispostaStaffBodySchema,
  SCADENZA_ANTICIPO_DEFAULT,
  SCADENZA_GIORNI_MAX,
  scadenzaAnticipoDi,
  scadenzaIstante,
  type Convocazione,
  type PartitaConvocazione,
} from '../../../common/callups/rules';
import { convocazioneResponse, convocazioniPeriodoResponse, invioResponse, type ConvocazionePeriodo } from '../../../common/callups/types';
import { withTransaction, type Db } from '../../db/pool';
import { requireRole } from '../../shared/auth-guard';
import { badRequest, conflict, forbidden, notFound } from '../../shared/errors';
import { idParams, idSchema, zodRoutes } from '../../shared/route-schemas';
import { recordActivity } from '../../shared/activity';
import { scopeIds, scopeIncludes, scopeOf } from '../../services/player-access/player-access';
import {
  avvisabile,
  callupTimes,
  defaultRow,
  readCallupRow,
  readConvocati,
  readMatchOf,
  type CallupMatch,
  type CallupRow,
  type ConvocatoRow,
} from '../../services/callups/repo';
import { queueInvitations, queueRitrovoChange, queueSolleciti } from '../../services/callups/mail';
import * as repo from './repo';

const M = CONVOCAZIONI_MSG;
const byId = idParams(M.notFound);
const byPlayer = z.object({ id: idSchema(M.notFound), giocatoreId: idSchema(M.nonConvocato) });

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The match as a call-up's answers carry it. */
const partitaOf = (m: Omit<CallupMatch, 'id' | 'gruppo_id' | 'ora_fine' | 'is_house_match'>): PartitaConvocazione => ({
  data: m.data,
  ora: m.ora,
  squadracasa: m.squadracasa,
  squadratrasferta: m.squadratrasferta,
  gruppo: m.gruppo,
  campo: m.campo,
  stato: readMatch(m).badge,
});

/** The call-up as the API answers it (the defaults, nobody called, when none is saved). */
export function viewOf(match: CallupMatch, row: CallupRow | null, list: ConvocatoRow[], now: Date, tz: string): Convocazione {
  const r = row ?? defaultRow(match.id);
  const t = callupTimes(match, r, tz);
  const giocatori = list.map((p) => ({
    id: p.giocatoreId,
    nome: p.nome,
    cognome: p.cognome,
    gruppo: p.gruppo,
    fuoriQuota: p.gruppoId !== match.gruppo_id,
    risposta: p.risposta,
    nota: p.nota,
    rispostoIl: iso(p.rispostoIl),
    rispostaStaff: p.rispostaStaff,
    avvisabile: avvisabile(p),
    invitatoIl: iso(p.invitatoIl),
    promemoriaIl: iso(p.promemoriaIl),
  }));
  return {
    partitaId: match.id,
    partita: partitaOf(match),
    salvata: row !== null,
    giocatori,
    ritrovo: { ora: t.ritrovoOra, luogo: t.luogo },
    scadenza: isoInZone(t.scadenza, tz),
    note: r.note,
    inviataIl: iso(r.inviataIl),
    chiusa: now.getTime() >= t.scadenza.getTime(),
    conteggi: conteggiOf(giocatori),
  };
}

const rispostaLabel = (r: (typeof RISPOSTE)[number] | null) => (r === null ? M.activity.nessuna : M.risposte[r]);

export const callupsRoutes: FastifyPluginAsync = async (root) => {
  const app = zodRoutes(root);
  const { pool, config, jwtSecret } = app.deps;
  const tz = config.timezone;

  /** The match, which must exist (404) and be of a category the caller follows (403). */
  async function followedMatch(db: Db, request: FastifyRequest, id: number): Promise<CallupMatch> {
    const match = await readMatchOf(db, id);
    if (!match) throw notFound(M.notFound);
    if (!scopeIncludes(await scopeOf(db, request.user!), match.gruppo_id)) throw forbidden(M.notFollowed(match.gruppo));
    return match;
  }

  const current = async (db: Db, match: CallupMatch) => viewOf(match, await readCallupRow(db, match.id), await readConvocati(db, match.id), new Date(), tz);

  app.get(
    '/partite/:id/convocazione',
    { preHandler: requireRole('reader'), schema: { params: byId, response: { 200: convocazioneResponse } } },
    async (request, reply) => {
      const data = await withTransaction(pool, async (db) => current(db, await followedMatch(db, request, request.params.id)));
      reply.header('cache-control', 'no-store');
      return { data };
    },
  );

  app.put(
    '/partite/:id/convocazione',
    {
      preHandler: requireRole('editor', M.forbiddenWrite),
      schema: { params: byId, body: convocazioneBodySchema, response: { 200: convocazioneResponse } },
    },
    async (request) => {
      const { id } = request.params;
      const input = request.body;
      const data = await withTransaction(pool, async (db) => {
        const match = await followedMatch(db, request, id);
        // The ritrovo and the deadline, kept relative to the match (docs/callups.md).
        let ritrovoAnticipo = RITROVO_ANTICIPO_DEFAULT;
        if (input.ritrovo) {
          const a = anticipoDi(match.ora, input.ritrovo.ora);
          if (a === null) throw badRequest(M.invalid.ritrovoDopo);
          if (a > RITROVO_ORE_MAX * 60) throw badRequest(M.invalid.ritrovoPresto(RITROVO_ORE_MAX));
          ritrovoAnticipo = a;
        }
        let scadenzaAnticipo = SCADENZA_ANTICIPO_DEFAULT;
        if (input.scadenza) {
          const a = scadenzaAnticipoDi(ritrovoIstante(match, ritrovoAnticipo, tz), input.scadenza);
          if (a === null) throw badRequest(M.invalid.scadenzaDopo);
          if (a === undefined) throw badRequest(M.invalid.scadenzaPresto(SCADENZA_GIORNI_MAX));
          scadenzaAnticipo = a;
        }
        // Every player exists and is of a category the caller follows (another category than the match's: 'fuori quota').
        const players = await repo.playersByIds(db, input.giocatori);
        const scope = await scopeOf(db, request.user!);
        for (const gid of input.giocatori) {
          const p = players.get(gid);
          if (!p) throw badRequest(M.giocatoreNotFound(gid));
          if (!scopeIncludes(scope, p.gruppoId)) throw forbidden(M.notFollowed(p.gruppo));
        }
        const before = await readCallupRow(db, id, true);
        const ritrovoLuogo = input.ritrovo?.luogo ?? null;
        const { aggiunti, tolti } = await repo.saveCallup(db, id, { ritrovoAnticipo, ritrovoLuogo, scadenzaAnticipo, note: input.note }, input.giocatori, jwtSecret);
        const after = (await readCallupRow(db, id))!;
        // A ritrovo moved after the families were asked: they are told, with the updated invitation.
        let ritrovoMail = 0;
        if (before?.inviataIl) {
          const [t0, t1] = [callupTimes(match, before, tz), callupTimes(match, after, tz)];
          if (t0.ritrovoOra !== t1.ritrovoOra || t0.luogo !== t1.luogo) ritrovoMail = await queueRitrovoChange(db, id, `${t0.ritrovoOra}, ${t0.luogo}`, new Date(), tz);
        }
        const label = matchLabel(match);
        const t = callupTimes(match, after, tz);
        await recordActivity(db, request, {
          type: 'info',
          message: M.activity.saved(label, input.giocatori.length),
          context: {
            partita: id,
            giocatori: input.giocatori,
            aggiunti,
            tolti,
            ritrovo: { ora: t.ritrovoOra, luogo: t.luogo },
            scadenza: isoInZone(scadenzaIstante(match, ritrovoAnticipo, scadenzaAnticipo, tz), tz),
          },
        });
        if (ritrovoMail) await recordActivity(db, request, { type: 'info', message: M.activity.ritrovo(label, ritrovoMail), context: { partita: id, mail: ritrovoMail } });
        return current(db, match);
      });
      return { data };
    },
  );

  /** The match of a send or a reminder: played, not over. */
  function sendable(match: CallupMatch) {
    const read = readMatch(match);
    if (!read.played) throw conflict(M.nonGiocata(read.label));
    if (match.data < todayIn(tz)) throw conflict(M.passata);
  }

  app.post(
    '/partite/:id/convocazione/invia',
    { preHandler: requireRole('editor', M.forbiddenWrite), schema: { params: byId, response: { 200: invioResponse } } },
    async (request) => {
      const { id } = request.params;
      const data = await withTransaction(pool, async (db) => {
        const match = await followedMatch(db, request, id);
        const row = await readCallupRow(db, id, true);
        if (!row || (await readConvocati(db, id)).length === 0) throw conflict(M.nessunConvocato);
        sendable(match);
        if (Date.now() >= callupTimes(match, row, tz).scadenza.getTime()) throw conflict(M.chiusa);
        const result = await queueInvitations(db, id, new Date(), tz);
        await recordActivity(db, request, {
          type: 'success',
          message: M.activity.sent(matchLabel(match), result.inviate, result.daAvvisare.length),
          context: { partita: id, mail: result.inviate, daAvvisare: result.daAvvisare.map((p) => p.id) },
        });
        return result;
      });
      return { data };
    },
  );

  app.post(
    '/partite/:id/convocazione/sollecita',
    { preHandler: requireRole('editor', M.forbiddenWrite), schema: { params: byId, response: { 200: invioResponse } } },
    async (request) => {
      const { id } = request.params;
      const data = await withTransaction(pool, async (db) => {
        const match = await followedMatch(db, request, id);
        const row = await readCallupRow(db, id, true);
        if (!row?.inviataIl) throw conflict(M.nonInviata);
        sendable(match);
        if (Date.now() >= callupTimes(match, row, tz).scadenza.getTime()) throw conflict(M.chiusa);
        const result = await queueSolleciti(db, id, new Date(), tz);
        await recordActivity(db, request, {
          type: 'info',
          message: M.activity.reminded(matchLabel(match), result.inviate),
          context: { partita: id, mail: result.inviate, daAvvisare: result.daAvvisare.map((p) => p.id) },
        });
        return result;
      });
      return { data };
    },
  );

  // An answer set by the staff on a family's behalf (after a phone call), marked as such; also after the deadline.
  app.put(
    '/partite/:id/convocazione/giocatori/:giocatoreId',
    {
      preHandler: requireRole('editor', M.forbiddenWrite),
      schema: { params: byPlayer, body: rispostaStaffBodySchema, response: { 200: convocazioneResponse } },
    },
    async (request) => {
      const { id, giocatoreId } = request.params;
      const { risposta, nota } = request.body;
      const data = await withTransaction(pool, async (db) => {
        const match = await followedMatch(db, request, id);
        const convocato = await repo.convocatoId(db, id, giocatoreId);
        if (convocato === null) throw notFound(M.nonConvocato);
        await repo.setAnswer(db, convocato, { risposta, nota, staff: true });
        await recordActivity(db, request, {
          type: 'info',
          message: M.activity.staffAnswer(matchLabel(match), giocatoreId, rispostaLabel(risposta)),
          context: { partita: id, giocatore: giocatoreId, risposta },
        });
        return current(db, match);
      });
      return { data };
    },
  );

  // The call-ups of a period's matches, for the dashboard's cards and the 'Convocazioni' screen: only
  // the categories the caller follows (none followed: nothing).
  app.get(
    '/convocazioni',
    { preHandler: requireRole('reader'), schema: { querystring: periodoQuerySchema, response: { 200: convocazioniPeriodoResponse } } },
    async (request, reply) => {
      const { from, to, partite } = request.query;
      const scope = await scopeOf(pool, request.user!);
      const rows = scope.tutte || scope.gruppi.size ? await repo.callupsBetween(pool, from, to, scopeIds(scope), partite === 'tutte') : [];
      const data: Record<string, ConvocazionePeriodo> = {};
      for (const r of rows) {
        const ritrovo = r.ritrovo_anticipo ?? RITROVO_ANTICIPO_DEFAULT;
        data[r.partita_id] = {
          convocati: r.convocati,
          si: r.si,
          no: r.no,
          inAttesa: r.convocati - r.si - r.no,
          salvata: r.salvata,
          inviataIl: iso(r.inviata_il),
          scadenza: isoInZone(scadenzaIstante(r, ritrovo, r.scadenza_anticipo ?? SCADENZA_ANTICIPO_DEFAULT, tz), tz),
          partita: partitaOf(r),
        };
      }
      reply.header('cache-control', 'no-store');
      return { data };
    },
  );
};
