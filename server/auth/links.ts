import type { Config } from '../config';
import type { Db } from '../db/pool';
import { randomToken, sha256 } from './crypto';
import { insertOneTimeToken, type OneTimeType } from './repo';

export const LINK_TTL_SECONDS: Record<OneTimeType, number> = { recovery: 60 * 60, invite: 24 * 60 * 60 };

/**
 * Where a link may send the browser: only pages of our own PUBLIC_URL (same origin, under its
 * path). Anything else, or nothing, falls back to PUBLIC_URL itself (docs/auth.md, links).
 */
export function safeRedirect(config: Config, redirectTo: string | undefined | null, fallback = config.publicUrl): string {
  if (!redirectTo) return fallback;
  try {
    const base = new URL(config.publicUrl);
    const target = new URL(redirectTo);
    const basePath = base.pathname.replace(/\/+$/, '');
    const samePlace =
      target.origin === base.origin &&
      !target.username &&
      !target.password &&
      (basePath === '' || target.pathname === basePath || target.pathname.startsWith(`${basePath}/`));
    if (!samePlace) return config.publicUrl;
    target.hash = '';
    return target.toString();
  } catch {
    return config.publicUrl;
  }
}

export const resetPasswordUrl = (config: Config) => `${config.publicUrl}/reset-password`;

/** A one-time link for `userId` (token stored hashed; recovery 1 hour, invitation 24 hours). */
export async function issueLink(db: Db, config: Config, opts: { userId: string; type: 'invite' | 'recovery'; redirectTo?: string }): Promise<string> {
  const token = randomToken();
  await insertOneTimeToken(db, { userId: opts.userId, type: opts.type, tokenHash: sha256(token), ttlSeconds: LINK_TTL_SECONDS[opts.type] });
  // An invitation lands on the same page marked as one: it speaks of choosing a password, and an expired
  // or used invitation link says so in its own words (the failure's redirect carries no type).
  const redirect = opts.redirectTo ?? (opts.type === 'invite' ? `${resetPasswordUrl(config)}?invito=1` : resetPasswordUrl(config));
  const q = new URLSearchParams({ token, type: opts.type, redirect_to: redirect });
  return `${config.publicUrl}/auth/v1/verify?${q.toString()}`;
}
