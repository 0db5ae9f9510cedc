import type { Socket } from 'node:net';
import fp from 'fastify-plugin';
import { MSG } from '../../common/core/messages';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The first step of a graceful stop, before close(): the app keeps listening, answers every new
     * request 503 (connection: close) and resolves once the requests in flight have sent their whole
     * answer, or after `timeoutMs`.
     */
    drain(timeoutMs: number): Promise<void>;
  }
}

/**
 * Graceful shutdown (docs/operations.md): requests in flight finish; their keep-alive connections
 * close after the answer (else server.close() would wait for the keep-alive timeout); requests begun
 * after the stop began get a 503, answered once their body was read (answering earlier would reset the
 * client's upload). Registered first by server/app.ts, so its hooks run before every other.
 */
export const lifecyclePlugin = fp(
  async (app) => {
    let closing = false;
    app.addHook('preClose', async () => {
      closing = true;
    });
    // Requests being answered, and the connections they came on: an answer counts as sent once its
    // connection holds no more unsent bytes (a large answer to a slow reader sits in the socket's buffer
    // long after the handler finished).
    let inFlight = 0;
    const sockets = new Set<Socket>();
    app.server.on('connection', (socket: Socket) => {
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
    });
    app.addHook('onRequest', async (_request, reply) => {
      inFlight++;
      reply.raw.once('close', () => inFlight--);
    });
    const allSent = () => inFlight === 0 && [...sockets].every((s) => s.destroyed || s.writableLength === 0);
    app.decorate('drain', async (timeoutMs: number) => {
      closing = true;
      const deadline = Date.now() + timeoutMs;
      while (!allSent() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
    });
    const late = new WeakSet<object>();
    app.addHook('onRequest', async (request) => {
      if (closing) late.add(request);
    });
    app.addHook('preValidation', async (request, reply) => {
      if (late.has(request)) return reply.status(503).header('connection', 'close').send({ error: MSG.http.unavailable });
    });
    app.addHook('onSend', async (request, reply) => {
      reply.header('x-request-id', request.id);
      if (closing) reply.header('connection', 'close');
    });
  },
  { name: 'lifecycle', fastify: '5.x' },
);
