import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/pool';
import type { ActivityType } from '../../common/logs/constants';
import { isRole } from '../../common/users/roles';

export interface ActivityUser {
  id: string | null;
  email: string | null;
  role: string | null;
}

export interface ActivityEntry {
  type: ActivityType;
  message: string;
  context?: Record<string, unknown>;
  /** Who acted, when request.user does not say it (a sign-in: the account being signed in). */
  user?: ActivityUser;
}

const USER_AGENT_MAX = 512;
const MESSAGE_MAX = 1000;
const ENDPOINT_MAX = 500;
const CONTEXT_DEPTH_MAX = 6;
const CONTEXT_STRING_MAX = 1000;
const CONTEXT_KEYS_MAX = 50;

/** Keys whose values never reach a log (docs/logs.md): passwords, tokens, credentials of any kind. */
const SECRET_KEY = /pass(word|wd)?|pwd|token|secret|authori[sz]ation|cookie|credential|api[-_]?key|otp|bearer|jwt|session[-_]?id|refresh/i;
const BEARER_VALUE = /\b(Bearer|Basic)\s+[\w\-.~+/=]+/gi;
const JWT_VALUE = /\beyJ[\w-]+\.[\w-]+\.[\w-]*/g;

/** Removes credentials from a text (a stray "Bearer eyJ..." or a bare JWT). */
export function redactText(text: string): string {
  return text.replace(BEARER_VALUE, '$1 [redatto]').replace(JWT_VALUE, '[redatto]');
}

/**
 * A copy of `value` fit for a log: keys that name secrets dropped, strings redacted and capped,
 * arrays and objects capped in size and depth. Used for activity and error contexts alike.
 */
export function sanitizeContext(value: unknown, depth = 0): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return redactText(value.length > CONTEXT_STRING_MAX ? value.slice(0, CONTEXT_STRING_MAX) : value);
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (depth >= CONTEXT_DEPTH_MAX) return '[…]';
  if (Array.isArray(value)) return value.slice(0, CONTEXT_KEYS_MAX).map((v) => sanitizeContext(v, depth + 1));
  if (typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>).slice(0, CONTEXT_KEYS_MAX)) {
      if (SECRET_KEY.test(k)) continue;
      if (v === undefined || typeof v === 'function' || typeof v === 'symbol') continue;
      out[k] = sanitizeContext(v, depth + 1);
    }
    return out;
  }
  return null;
}

/** `METHOD /route` of a request: the route pattern (/api/partite/:id), not the raw URL with its query. */
export function endpointOf(request: FastifyRequest): string {
  const route = request.routeOptions?.url ?? request.url.split('?')[0];
  return `${request.method} ${route}`.slice(0, ENDPOINT_MAX);
}

/**
 * Writes one activity record (THE helper every feature calls, docs/api.md). Pass the
 * transaction's client as `db` so that the record commits, or rolls back, with the action.
 * Endpoint, IP and user agent come from the request; the user from request.user unless
 * `entry.user` names them (sign-in). Secrets are stripped from the context (docs/logs.md).
 */
export async function recordActivity(
  db: Db,
  request: FastifyRequest | null,
  entry: {
    type: 'success' | 'info' | 'warning';
    message: string;
    context?: Record<string, unknown>;
    user?: { id: string | null; email: string | null; role: string | null };
  },
): Promise<void> {
  const user: ActivityUser = entry.user ?? {
    id: request?.user?.id ?? null,
    email: request?.user?.email ?? null,
    role: request?.user?.role ?? null,
  };
  const userAgent = request?.headers['user-agent'];
  const context = entry.context ? (sanitizeContext(entry.context) as Record<string, unknown>) : null;
  const message = redactText(entry.message).slice(0, MESSAGE_MAX) || '-';
  const userId = user.id && /^[0-9a-f-]{36}$/i.test(user.id) ? user.id : null;
  await db.query(
    `INSERT INTO public.activity_logs
       (activity_type, activity_message, endpoint, user_id, user_email, user_role, ip_address, user_agent, context)
     VALUES ($1, $2, $3, $4, $5, $6, $7::inet, $8, $9)`,
    [
      entry.type,
      message,
      request ? endpointOf(request) : null,
      userId,
      user.email ? user.email.slice(0, 320) : null,
      isRole(user.role) ? user.role : null,
      request?.ip && isIp(request.ip) ? request.ip : null,
      typeof userAgent === 'string' ? userAgent.slice(0, USER_AGENT_MAX) : null,
      context ? JSON.stringify(context) : null,
    ],
  );
}

function isIp(value: string): boolean {
  return /^[0-9a-f:.]+$/i.test(value) && value.length <= 45;
}
