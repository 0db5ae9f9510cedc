import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyHelmetOptions } from '@fastify/helmet';
import helmetHeaders, { type HelmetOptions } from 'helmet';
import { MSG } from '../../common/core/messages';

/** The security headers of every answer (@fastify/helmet applies them to the routes' answers). */
export function helmetOptions(https: boolean): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Emotion (MUI) injects <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        // Over plain HTTP on a club's LAN this directive would break every request.
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: https,
    // The same rule as frame-ancestors 'none', for browsers that only know the older header.
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  };
}

/** The headers helmet sets with these options, as name-value pairs (they do not depend on the request). */
export function securityHeaders(options: FastifyHelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  // The same helmet that @fastify/helmet runs (its types are declared twice, once per package).
  helmetHeaders(options as unknown as HelmetOptions)({} as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  return headers;
}

/**
 * The answers the framework gives before any route or hook runs, in the app's format: the Italian
 * `{ error }`, the security headers and a request id, never the input echoed back.
 * - frameworkErrors: a URL that cannot be decoded (Fastify's FST_ERR_BAD_URL), a failed constraint.
 * - clientErrorHandler: what Node's HTTP parser refuses (headers too large: 431, a request that took
 *   too long: 408, anything malformed such as two different Content-Length: 400), written on the socket.
 */
export function frameworkErrorAnswers(headers: Record<string, string>) {
  return {
    frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
      const message = error.code === 'FST_ERR_BAD_URL' ? MSG.http.badUrl : MSG.http.badRequest;
      void reply.code(400).headers({ ...headers, 'x-request-id': request.id }).send({ error: message });
    },
    clientErrorHandler(error: Error & { code?: string }, socket: Duplex) {
      if (!socket.writable) {
        socket.destroy();
        return;
      }
      const [status, reason, message] =
        error.code === 'HPE_HEADER_OVERFLOW'
          ? [431, 'Request Header Fields Too Large', MSG.http.headersTooLarge]
          : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
            ? [408, 'Request Timeout', MSG.http.requestTimeout]
            : [400, 'Bad Request', MSG.http.badRequest];
      const body = JSON.stringify({ error: message });
      const lines = Object.entries({
        ...headers,
        'content-type': 'application/json; charset=utf-8',
        'content-length': String(Buffer.byteLength(body)),
        'x-request-id': crypto.randomUUID(),
        connection: 'close',
      }).map(([name, value]) => `${name}: ${value}\r\n`);
      socket.end(`HTTP/1.1 ${status} ${reason}\r\n${lines.join('')}\r\n${body}`);
    },
  };
}
