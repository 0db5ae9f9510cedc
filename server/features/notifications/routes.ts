import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { z } from '../../../common/core/zod';
import { NOTIFICHE_MSG } from '../../../common/notifications/rules';
import { recordActivity } from '../../shared/activity';
import { escapeHtml } from '../../shared/html';
import { zodRoutes } from '../../shared/route-schemas';
import { withTransaction } from '../../db/pool';
import * as repo from './repo';
import { readUnsubscribeToken } from './mail';
import { notificheJobs, type WeekPdfBuilder } from './worker';

/**
 * The link's signed token. The schema refuses nothing (a repeated `t` comes as an array): any bad
 * link is answered by the handler with the HTML page of an invalid link, never a JSON 400.
 */
const linkQuery = z.object({ t: z.union([z.string(), z.array(z.string())]).optional() });


function page(reply: FastifyReply, status: number, title: string, text: string, confirmToken?: string) {
  // The confirm button is a plain form POSTing to this same URL (relative action "?t=..."): no
  // script, so the CSP (script-src 'self', form-action 'self') holds. The hidden field makes the
  // button's POST the same as a mail client's RFC 8058 one-click POST.
  const form =
    confirmToken === undefined
      ? ''
      : `<form method="post" action="?t=${escapeHtml(encodeURIComponent(confirmToken))}">` +
        `<input type="hidden" name="List-Unsubscribe" value="One-Click">` +
        `<button type="submit">${escapeHtml(NOTIFICHE_MSG.confirmButton)}</button></form>`;
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .send(
      `<!doctype html><html lang="it"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
        `<title>${escapeHtml(title)}</title></head><body style="font-family:sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem">` +
        `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>${form}</body></html>`,
    );
}

/**
 * Change notifications (docs/notifications.md): the unsubscribe link of every mail (no sign-in, a signed token).
 * RFC 8058: a GET never unsubscribes (mail scanners and link previews open links), it only shows
 * the question with a confirm button; the POST (that button, or the mail client's one-click POST
 * of "List-Unsubscribe=One-Click") unsubscribes and shows the confirmation. Also the queue's jobs.
 */
/** The weekly digest attaches the export feature's week sheet, handed over by server/app.ts. */
export interface NotificationsOptions {
  weekPdf?: WeekPdfBuilder;
}

const notifiche: FastifyPluginAsync<NotificationsOptions> = async (root, { weekPdf }) => {
  const app = zodRoutes(root);
  const { pool, config, jwtSecret, mailer } = app.deps;

  // RFC 8058: mail providers POST "List-Unsubscribe=One-Click" as a form (only in this plugin).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_req, body, done) => done(null, body));

  const claimsOf = async (token: unknown) => (typeof token === 'string' && token.length < 2000 ? await readUnsubscribeToken(jwtSecret, token) : null);
  const invalid = (reply: FastifyReply) => page(reply, 400, NOTIFICHE_MSG.invalidLink, NOTIFICHE_MSG.invalidLinkText);
  // A genuine link past its year: 410, saying where a new one is (the next mail).
  const expired = (reply: FastifyReply) => page(reply, 410, NOTIFICHE_MSG.expiredLink, NOTIFICHE_MSG.expiredLinkText);

  // HTML answers: no response schema.
  app.get('/notifiche/disiscrivi', { schema: { querystring: linkQuery } }, async (request, reply) => {
    const token = request.query.t;
    const claims = await claimsOf(token);
    if (claims === 'expired') return expired(reply);
    const gruppo = claims ? await repo.subscribedCategory(pool, claims.gruppoId, claims.email) : null;
    if (!claims || !gruppo || typeof token !== 'string') return invalid(reply);
    return page(reply, 200, NOTIFICHE_MSG.confirmTitle, NOTIFICHE_MSG.confirmText(claims.email, gruppo), token);
  });

  // The body (the one-click form, or nothing) is not read: no body schema.
  app.post('/notifiche/disiscrivi', { schema: { querystring: linkQuery } }, async (request, reply) => {
    const claims = await claimsOf(request.query.t);
    if (claims === 'expired') return expired(reply);
    const gruppo = claims
      ? await withTransaction(pool, async (db) => {
          const name = await repo.unsubscribe(db, claims.gruppoId, claims.email);
          if (name)
            await recordActivity(db, request, {
              type: 'info',
              message: NOTIFICHE_MSG.activityUnsubscribed(claims.email, name),
              context: { gruppoId: claims.gruppoId },
              user: { id: null, email: claims.email, role: null },
            });
          return name;
        })
      : null;
    if (!claims || !gruppo) return invalid(reply);
    return page(reply, 200, NOTIFICHE_MSG.unsubscribedTitle, NOTIFICHE_MSG.unsubscribed(claims.email, gruppo));
  });

  // Only where asked (start.ts): test apps of other features run no queue jobs (AppDeps).
  if (app.deps.notifyWorker === true) {
    for (const job of notificheJobs({ pool, mailer, config, jwtSecret, logger: app.log as never, weekPdf })) app.scheduler.register(job);
  }
};

/** Mounted by server/app.ts under /api, with the export feature's week sheet for the digest. */
export const notificationsRoutes = fp(notifiche, { name: 'notifiche', fastify: '5.x', dependencies: ['scheduler'], encapsulate: true });
