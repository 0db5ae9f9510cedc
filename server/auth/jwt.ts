import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import type { Role } from '../../common/users/roles';

export const ACCESS_TOKEN_TTL = 3600;

export interface AccessClaims {
  sub: string;
  email: string;
  session_id: string;
  role: 'authenticated';
  app_role: Role;
  app_metadata: Record<string, unknown>;
  user_metadata: Record<string, unknown>;
  iat: number;
  exp: number;
  amr?: Array<{ method: string; timestamp: number }>;
}

const key = (secret: string) => new TextEncoder().encode(secret);

/** The access token of docs/auth.md (wire subset: HS256, 1 hour), plus our app_role claim. */
export async function signAccessToken(
  secret: string,
  issuer: string,
  claims: Omit<AccessClaims, 'iat' | 'exp' | 'role'> & { amrMethod?: string },
  now = Math.floor(Date.now() / 1000),
): Promise<{ token: string; expiresAt: number }> {
  const expiresAt = now + ACCESS_TOKEN_TTL;
  const { amrMethod, ...rest } = claims;
  const token = await new SignJWT({
    ...rest,
    aud: 'authenticated',
    phone: '',
    role: 'authenticated',
    aal: 'aal1',
    amr: [{ method: amrMethod ?? 'password', timestamp: now }],
    is_anonymous: false,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(issuer)
    .setSubject(claims.sub)
    .setIssuedAt(now)
    .setExpirationTime(expiresAt)
    .sign(key(secret));
  return { token, expiresAt };
}

/** The anon key: an HS256 JWT with role anon and no subject (Supabase's legacy anon key shape). */
export function signAnonKey(secret: string, issuer: string): Promise<string> {
  return new SignJWT({ role: 'anon' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(issuer)
    .setIssuedAt(1_700_000_000)
    .setExpirationTime(4_100_000_000)
    .sign(key(secret));
}

export type VerifyFailure = 'expired' | 'invalid';

/** Verifies signature (HS256 only), exp and aud; returns the claims or why it failed. */
export async function verifyAccessToken(
  secret: string,
  token: string,
): Promise<{ ok: true; claims: AccessClaims } | { ok: false; reason: VerifyFailure }> {
  try {
    const { payload } = await jwtVerify(token, key(secret), { algorithms: ['HS256'], audience: 'authenticated' });
    if (typeof payload.sub !== 'string' || typeof payload.session_id !== 'string') return { ok: false, reason: 'invalid' };
    return { ok: true, claims: payload as unknown as AccessClaims };
  } catch (err) {
    return { ok: false, reason: err instanceof joseErrors.JWTExpired ? 'expired' : 'invalid' };
  }
}
