import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { Pool } from '../db/pool';
import { LOGS_MSG } from '../../common/logs/messages';
import { recordActivity } from '../shared/activity';
import { perIpLimit, type RateLimit } from '../shared/rate-limit';

/** A refused IP is on the activity log at most once in this window (a flood of refusals makes one record). */
export const IP_BLOCK_RECORD_INTERVAL_MS = 60_000;
/** Past this many remembered IPs, the ones recorded longer ago than the interval are forgotten. */
const REMEMBERED_MAX = 1000;

/** When each IP was last recorded, per database (one app, or two apps of one test, never share it by mistake). */
const lastRecorded = new WeakMap<Pool, Map<string, number>>();

/** True (and remembered) when `ip` was not recorded in the last minute: in memory, per process. */
export function shouldRecordIpBlock(pool: Pool, ip: string, now = Date.now()): boolean {
  let seen = lastRecorded.get(pool);
  if (!seen) lastRecorded.set(pool, (seen = new Map()));
  const at = seen.get(ip);
  if (at !== undefined && now - at < IP_BLOCK_RECORD_INTERVAL_MS) return false;
  if (seen.size >= REMEMBERED_MAX) {
    for (const [k, t] of seen) if (now - t >= IP_BLOCK_RECORD_INTERVAL_MS) seen.delete(k);
  }
  seen.set(ip, now);
  return true;
}

/**
 * The per-IP limit of the sign-in endpoints (perIpLimit of shared/rate-limit.ts), which also puts
 * the refusal on the activity log as a warning: at most once per IP per minute, before the 429 is
 * sent. A failure to write the record does not change the answer.
 */
export function signInIpLimit(limit: RateLimit, reject: (reply: FastifyReply, retryAfter: number) => FastifyReply): onRequestHookHandler {
  return perIpLimit(limit, reject, async (request: FastifyRequest, retryAfter: number) => {
    const { pool } = request.server.deps;
    if (!shouldRecordIpBlock(pool, request.ip)) return;
    try {
      await recordActivity(pool, request, {
        type: 'warning',
        message: LOGS_MSG.activity.signInIpBlocked(request.ip),
        context: { limit: limit.name, max: limit.max, window_seconds: limit.windowSeconds, retry_after_seconds: retryAfter },
        user: { id: null, email: null, role: null },
      });
    } catch (err) {
      request.log.error({ err }, 'registrazione del blocco per IP non riuscita');
    }
  });
}
