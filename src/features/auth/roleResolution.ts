import { DEFAULT_ROLE, isRole, type Role } from '../../../common/users/roles';
import { CACHE_TTL } from '../../api/policy';

/** The parts of a supabase session that may carry the role. */
interface SessionLike {
  access_token?: string;
  user?: {
    id?: string;
    role?: unknown;
    app_metadata?: Record<string, unknown> | null;
    user_metadata?: Record<string, unknown> | null;
  } | null;
}

/** The claims of a JWT, without checking the signature (the server checks it on every call). */
export function decodeJwt(token: string | undefined): Record<string, unknown> | null {
  if (!token) return null;
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(part.length / 4) * 4, '=');
    const json = decodeURIComponent(
      Array.from(atob(base64), (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join(''),
    );
    const claims = JSON.parse(json);
    return claims && typeof claims === 'object' ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * Which role the SPA uses (roles: docs/users.md): the token's app_role claim, the legacy role claim, the user's role, app_metadata.role,
 * user_metadata.role; the first valid one wins, reader whenever none is (or anything fails).
 */
export function resolveRole(session: SessionLike | null | undefined): Role {
  try {
    const claims = decodeJwt(session?.access_token) ?? {};
    const user = session?.user ?? null;
    const candidates: unknown[] = [
      claims.app_role,
      claims.role,
      user?.role,
      user?.app_metadata?.role,
      user?.user_metadata?.role,
    ];
    return (candidates.find(isRole) as Role | undefined) ?? DEFAULT_ROLE;
  } catch {
    return DEFAULT_ROLE;
  }
}

const cache = new Map<string, { role: Role; at: number; token?: string }>();

/**
 * resolveRole with a role cache of 15 minutes per user. The role travels in the access
 * token, so a new token (a refresh after a role change) is always read again.
 */
export function cachedRole(session: SessionLike, now = Date.now()): Role {
  const id = session.user?.id;
  const hit = id ? cache.get(id) : undefined;
  if (hit && hit.token === session.access_token && now - hit.at < CACHE_TTL.role * 1000) return hit.role;
  const role = resolveRole(session);
  if (id) cache.set(id, { role, at: now, token: session.access_token });
  return role;
}

export function clearRoleCache(): void {
  cache.clear();
}
