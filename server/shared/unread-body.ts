import type { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * An answer sent before its request's body was read (a 413 over the body limit, a refusal to a
 * stranger whose body is never parsed) must still reach the client. Such an answer closes the
 * connection (the client must not send its next request on it: the server would take it for the rest
 * of the body), but Node closes it by destroying the socket right after the answer, while the client
 * is still sending: the client's kernel gets a reset and often drops the answer it had not yet read
 * (fetch says 'fetch failed', a browser a connection error). So the connection is closed gently: the
 * answer, then our end of the connection (FIN), while what the client still sends is read and thrown
 * away (Node's parser drops a body nobody reads) until the client stops, up to `maxBytes` more or
 * `maxMs`, past which the socket is destroyed. Nothing of it is parsed or kept.
 */
export const UNREAD_BODY_MAX_BYTES = 32 * 1024 * 1024;
export const UNREAD_BODY_MAX_MS = 10_000;
const CHECK_MS = 100;

function closeGently(socket: Socket, maxBytes: number, maxMs: number): void {
  if (socket.writable) socket.end();
  const start = socket.bytesRead;
  const deadline = Date.now() + maxMs;
  const check = setInterval(() => {
    if (socket.destroyed || socket.readableEnded || socket.bytesRead - start > maxBytes || Date.now() >= deadline) {
      clearInterval(check);
      socket.destroy();
    }
  }, CHECK_MS);
  check.unref();
  socket.once('close', () => clearInterval(check));
}

/** Whether a request announces a body (a length, or chunks): a bodiless GET is never waited for nor drained. */
export const hasBody = (req: IncomingMessage) => Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;

export function drainUnreadBodies(app: FastifyInstance, limits: { maxBytes?: number; maxMs?: number } = {}): void {
  const maxBytes = limits.maxBytes ?? UNREAD_BODY_MAX_BYTES;
  const maxMs = limits.maxMs ?? UNREAD_BODY_MAX_MS;
  app.addHook('onSend', async (request, reply, payload) => {
    const req = request.raw;
    if (req.complete || req.destroyed || !hasBody(req) || !(req.socket instanceof Socket)) return payload;
    reply.header('connection', 'close');
    // Node ends a 'Connection: close' answer's socket with destroySoon(): this one ends it gently.
    const socket = req.socket as Socket & { destroySoon?: () => void };
    if (!socket.destroyed) socket.destroySoon = () => closeGently(socket, maxBytes, maxMs);
    return payload;
  });
}
