import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { hasBody } from './unread-body';

/**
 * A request body that stops arriving holds no connection for ever. Node's own requestTimeout does
 * not cover a body still being read by a handler, so each request that has not yet arrived whole gets
 * a deadline of `ms`: past it, `answer` writes the 408 on the socket (the same Italian answer as Node's
 * own timeouts, security-headers.ts) and the connection is closed. Nothing of the body is kept.
 */
export function requestDeadline(app: FastifyInstance, ms: number, answer: (error: Error & { code?: string }, socket: Socket) => void): void {
  app.addHook('onRequest', async (request) => {
    const req = request.raw;
    // Only requests with a body, on a real connection (not app.inject's stand-in socket), not yet arrived whole.
    if (req.complete || !hasBody(req) || !(req.socket instanceof Socket)) return;
    const socket = req.socket;
    const timer = setTimeout(() => {
      if (req.complete || socket.destroyed) return;
      answer(Object.assign(new Error('request timeout'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' }), socket);
      setTimeout(() => socket.destroy(), 1000).unref();
    }, ms);
    timer.unref();
    // One listener on the connection per request in flight, gone with the request (keep-alive connections serve many).
    const stop = () => {
      clearTimeout(timer);
      socket.off('close', stop);
    };
    req.once('end', stop);
    req.once('close', stop);
    socket.once('close', stop);
  });
}
