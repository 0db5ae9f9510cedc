import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { Db } from '../db/pool';

export interface RateLimit {
  /** Names the counter; the client IP (or another subject) is appended. */
  name: string;
  max: number;
  windowSeconds: number;
}

/** The per-IP limits of docs/auth.md. */
export const LIMITS = {
  token: { name: 'token', max: 150, windowSeconds: 300 },
  login: { name: 'login', max: 150, windowSeconds: 300 },
  recover: { name: 'recover', max: 30, windowSeconds: 300 },
  verify: { name: 'verify', max: 30, windowSeconds: 300 },
  updateUser: { name: 'update-user', max: 30, windowSeconds: 300 },
} as const satisfies Record<string, RateLimit>;

/**
 * Counters older than this are past their window whatever it was (a counter past its window
 * restarts at the next hit anyway), so housekeeping deletes them. Must stay at or above the
 * longest window any caller of hit() uses (the per-IP LIMITS: 5 minutes; mail cooldown: 1 minute).
 */
export const RATE_LIMIT_RETENTION_SECONDS = 60 * 60;

/** Deletes the counters past every window; answers how many went. */
export async function deleteExpiredCounters(db: Db): Promise<number> {
  const { rowCount } = await db.query('DELETE FROM public.rate_limits WHERE window_start < now() - make_interval(secs => $1)', [
    RATE_LIMIT_RETENTION_SECONDS,
  ]);
  return rowCount ?? 0;
}

/**
 * Counts one hit on `key` in a fixed window kept in PostgreSQL (public.rate_limits), so every
 * server process on the database shares it. One atomic upsert per hit.
 */
export async function hit(db: Db, key: string, max: number, windowSeconds: number): Promise<{ limited: boolean; retryAfter: number }> {
  const { rows } = await db.query(
    `INSERT INTO public.rate_limits AS r (key, window_start, hits) VALUES ($1, now(), 1)
     ON CONFLICT (key) DO UPDATE SET
       window_start = CASE WHEN r.window_start <= now() - make_interval(secs => $2) THEN now() ELSE r.window_start END,
       hits = CASE WHEN r.window_start <= now() - make_interval(secs => $2) THEN 1 ELSE r.hits + 1 END
     RETURNING hits, greatest(1, ceil(extract(epoch FROM r.window_start + make_interval(secs => $2) - now())))::int AS retry_after`,
    [key, windowSeconds],
  );
  return { limited: rows[0].hits > max, retryAfter: rows[0].retry_after };
}

/**
 * onRequest hook limiting requests per client IP (request.ip: the socket address, or what the
 * configured TRUST_PROXY allows). `reject` sends the feature's own 429 body.
 */
export function perIpLimit(
  limit: RateLimit,
  reject: (reply: FastifyReply, retryAfter: number) => FastifyReply,
  /** Runs before a refusal is answered (e.g. to put it on the activity log). */
  onLimited?: (request: FastifyRequest, retryAfter: number) => Promise<void>,
): onRequestHookHandler {
  return async function rateLimited(request: FastifyRequest, reply: FastifyReply) {
    const { limited, retryAfter } = await hit(request.server.deps.pool, `ip:${limit.name}:${request.ip}`, limit.max, limit.windowSeconds);
    if (limited) {
      await onLimited?.(request, retryAfter);
      reply.header('retry-after', String(retryAfter));
      return reject(reply.code(429), retryAfter);
    }
  };
}
