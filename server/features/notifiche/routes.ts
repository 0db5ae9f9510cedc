import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { NOTIFICHE_MSG } from '../../../common/notifiche';
import { recordActivity } from '../../plugins/activity';
import { withTransaction } from '../../db/pool';
import * as repo from './repo';
import { readUnsubscribeToken } from './mail';
import { startWorker } from './worker';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(reply: FastifyReply, status: number, title: string, text: string) {
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .send(
      `<!doctype html><html lang="it"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
        `<title>${escapeHtml(title)}</title></head><body style="font-family:sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem">` +
        `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p></body></html>`,
    );
}

/**
 * Change notifications (issue 18): the unsubscribe link of every mail (GET, one click, no sign-in)
 * and its RFC 8058 one-click POST, both with a signed token; and the queue worker of this process.
 */
export const notificheRoutes: FastifyPluginAsync = async (app) => {
  const { pool, config, jwtSecret, mailer } = app.deps;

  // RFC 8058: mail providers POST "List-Unsubscribe=One-Click" as a form (only in this plugin).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_req, body, done) => done(null, body));

  async function unsubscribe(request: Parameters<typeof recordActivity>[1], token: unknown, reply: FastifyReply, html: boolean) {
    const claims = typeof token === 'string' && token.length < 2000 ? await readUnsubscribeToken(jwtSecret, token) : null;
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
    if (!claims || !gruppo) {
      if (html) return page(reply, 400, NOTIFICHE_MSG.invalidLink, NOTIFICHE_MSG.invalidLinkText);
      return reply.status(400).send({ error: NOTIFICHE_MSG.invalidLink });
    }
    if (html) return page(reply, 200, NOTIFICHE_MSG.unsubscribedTitle, NOTIFICHE_MSG.unsubscribed(claims.email, gruppo));
    return reply.send({ message: NOTIFICHE_MSG.unsubscribed(claims.email, gruppo) });
  }

  app.get<{ Querystring: { t?: string } }>('/notifiche/disiscrivi', async (request, reply) => unsubscribe(request, request.query.t, reply, true));
  app.post<{ Querystring: { t?: string } }>('/notifiche/disiscrivi', async (request, reply) => unsubscribe(request, request.query.t, reply, false));

  if (app.deps.notifyWorker !== false) {
    const worker = startWorker({ pool, mailer, config, jwtSecret, logger: app.log as never });
    app.addHook('onClose', async () => worker.stop());
  }
};
