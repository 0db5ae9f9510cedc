// The families' answer page (docs/callups.md): GET and POST /c/{token} and the calendar file
// /c/{token}/calendario, no sign-in. A link opens until the end of its match's day (APP_TIMEZONE);
// a wrong or expired one is an Italian 404. Guessing is limited per client address: the misses are
// counted (server/shared/rate-limit.ts, shared by every process), and past GUESS_LIMIT an address
// meets 429 on every link for the rest of the window. Registered by server/app.ts before the SPA's
// fallback, without the /api prefix.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import dayjs from 'dayjs';
import 'dayjs/locale/it';
import { z } from '../../../common/core/zod';
import { CONVOCAZIONI_MSG } from '../../../common/callups/messages';
import { quandoText, rispostaFormSchema, linkValido } from '../../../common/callups/rules';
import { readMatch } from '../../../common/matches/meaning';
import { withTransaction } from '../../db/pool';
import { hit, type RateLimit } from '../../shared/rate-limit';
import { zodRoutes } from '../../shared/route-schemas';
import { callupTimes, convocatoByHash, defaultRow, readCallupRow, readMatchOf, type CallupMatch, type CallupRow, type ConvocatoRow } from '../../services/callups/repo';
import { callupEvent } from '../../services/callups/mail';
import { callupPublishIcs } from '../../services/callups/ics';
import { hashOf, TOKEN_PATTERN } from '../../services/callups/tokens';
import { answerPage, messagePage } from './page';
import * as repo from './repo';

const P = CONVOCAZIONI_MSG.page;

/** Wrong links one client address may try in a window before every link answers it 429. */
export const GUESS_LIMIT = { name: 'convocazione', max: 30, windowSeconds: 600 } as const satisfies RateLimit;

const params = z.object({ token: z.string().max(200) });
const query = z.object({ salvata: z.string().max(10).optional() });

interface Found {
  p: ConvocatoRow & { partitaId: number };
  match: CallupMatch;
  row: CallupRow;
}

export const callupPageRoutes: FastifyPluginAsync = async (root) => {
  const app = zodRoutes(root);
  const { pool, config } = app.deps;
  const tz = config.timezone;

  // The families' form (only in this plugin): fields as strings, the text gate sees them like any body.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  const key = (request: FastifyRequest) => `ip:${GUESS_LIMIT.name}:${request.ip}`;

  function send(reply: FastifyReply, status: number, html: string) {
    return reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      // The address is a credential: never sent on to another site, never indexed.
      .header('referrer-policy', 'no-referrer')
      .header('x-robots-tag', 'noindex')
      .send(html);
  }

  const tooMany = (reply: FastifyReply, retryAfter: number) =>
    send(reply.header('retry-after', String(retryAfter)), 429, messagePage(P.tooManyTitle, P.tooManyText(retryAfter)));

  /**
   * The called player of a link, or the answer already sent: 429 for an address past its guesses, 404
   * (counted as a guess) for a link that names nothing or whose match's day is over.
   */
  async function find(request: FastifyRequest, reply: FastifyReply, token: string): Promise<Found | null> {
    const limited = await repo.overLimit(pool, key(request), GUESS_LIMIT.max, GUESS_LIMIT.windowSeconds);
    if (limited !== null) {
      await tooMany(reply, limited);
      return null;
    }
    const p = TOKEN_PATTERN.test(token) ? await convocatoByHash(pool, hashOf(token)) : null;
    const match = p && (await readMatchOf(pool, p.partitaId));
    if (!p || !match || !linkValido(match.data, new Date(), tz)) {
      const counted = await hit(pool, key(request), GUESS_LIMIT.max, GUESS_LIMIT.windowSeconds);
      if (counted.limited) await tooMany(reply, counted.retryAfter);
      else await send(reply, 404, messagePage(P.invalidTitle, P.invalidText));
      return null;
    }
    return { p, match, row: (await readCallupRow(pool, p.partitaId)) ?? defaultRow(p.partitaId) };
  }

  function render(reply: FastifyReply, status: number, f: Found, token: string, extra: { salvata?: boolean; errore?: string | null; nota?: string | null } = {}) {
    const { p, match, row } = f;
    const read = readMatch(match);
    const t = callupTimes(match, row, tz);
    const chiusa = Date.now() >= t.scadenza.getTime();
    const stato = read.played ? null : read.meaning === 'annullata' ? P.annullata : read.meaning === 'da_definire' ? P.rinviata : P.sospesa;
    return send(
      reply,
      status,
      answerPage({
        club: config.clubName,
        giocatore: `${p.nome} ${p.cognome}`,
        partita: `${match.squadracasa} - ${match.squadratrasferta}`,
        gruppo: match.gruppo,
        giorno: dayjs(match.data).locale('it').format('dddd D MMMM YYYY'),
        ora: match.ora,
        campo: match.campo,
        stato,
        ritrovo: read.played ? P.ritrovoText(t.ritrovoOra, t.luogo) : null,
        note: row.note,
        risposta: p.risposta,
        nota: p.nota,
        notaForm: extra.nota !== undefined ? extra.nota : p.nota,
        rispostoIl: p.rispostoIl ? quandoText(p.rispostoIl, tz) : null,
        rispostaStaff: p.rispostaStaff,
        entro: quandoText(t.scadenza, tz),
        aperta: read.played && !chiusa,
        chiusa,
        salvata: extra.salvata ?? false,
        errore: extra.errore ?? null,
        calendario: `${token}/calendario`,
      }),
    );
  }

  app.get('/c/:token', { schema: { params, querystring: query } }, async (request, reply) => {
    const { token } = request.params;
    const f = await find(request, reply, token);
    if (!f) return reply;
    return render(reply, 200, f, token, { salvata: request.query.salvata === '1' && f.p.risposta !== null });
  });

  // The form's POST: 303 back to the page (POST/redirect/GET: a reload asks nothing again).
  app.post('/c/:token', { schema: { params, querystring: query } }, async (request, reply) => {
    const { token } = request.params;
    const f = await find(request, reply, token);
    if (!f) return reply;
    const form = rispostaFormSchema.safeParse(request.body ?? {});
    if (!form.success) {
      const raw = (request.body as { nota?: unknown } | null)?.nota;
      return render(reply, 400, f, token, { errore: form.error.issues[0].message, nota: typeof raw === 'string' ? raw.slice(0, 200) : null });
    }
    const read = readMatch(f.match);
    if (!read.played || Date.now() >= callupTimes(f.match, f.row, tz).scadenza.getTime()) return render(reply, 409, f, token);
    await withTransaction(pool, (db) => repo.setAnswer(db, f.p.convocatoId, { risposta: form.data.risposta, nota: form.data.nota, staff: false }));
    return reply.status(303).header('location', `${token}?salvata=1`).header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').send();
  });

  // 'Aggiungi al calendario': the ritrovo's event (METHOD:PUBLISH), the same UID as the mails'.
  app.get('/c/:token/calendario', { schema: { params } }, async (request, reply) => {
    const { token } = request.params;
    const f = await find(request, reply, token);
    if (!f) return reply;
    const ics = callupPublishIcs(callupEvent(f.match, f.row, f.p, tz), { host: new URL(config.publicUrl).hostname });
    return reply
      .type('text/calendar; charset=utf-8')
      .header('content-disposition', 'attachment; filename="convocazione.ics"')
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .send(ics);
  });
};
