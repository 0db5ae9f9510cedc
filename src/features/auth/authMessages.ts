import { MSG } from '../../../common/core/messages';
import { serverErrorField } from '../../api/policy';
import type { ApiError } from '../../api/api';

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? Math.ceil(v) : null);

/**
 * Sign-in (docs/auth.md, lock-out): the message of a refused sign-in (POST /auth/v1/token, GoTrue's
 * envelope) or password check (POST /api/login), and how long the form stays locked.
 */
export function loginFailure(error: ApiError, online = typeof navigator === 'undefined' || navigator.onLine): { message: string; lockSeconds: number | null } {
  const data = (error.data ?? {}) as { isRateLimited?: unknown; remainingTime?: unknown; retryAfter?: unknown; error_code?: unknown };
  const remaining = num(data.remainingTime);
  if (data.isRateLimited && remaining) return { message: MSG.login.locked, lockSeconds: remaining };
  if (error.status === 429) {
    const retryAfter = num(data.retryAfter);
    if (retryAfter) return { message: MSG.login.tooManyRetryAfter(retryAfter), lockSeconds: retryAfter };
    return { message: MSG.login.tooMany, lockSeconds: null };
  }
  if (error.status === 401 || data.error_code === 'invalid_credentials') return { message: MSG.login.wrongCredentials, lockSeconds: null };
  if (typeof error.status === 'number' && error.status >= 500) return { message: MSG.login.server, lockSeconds: null };
  if (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR') {
    return { message: online ? MSG.login.unreachable : MSG.login.network, lockSeconds: null };
  }
  if (error.status === 400) return { message: serverErrorField(error.data) ?? MSG.login.required, lockSeconds: null };
  return { message: serverErrorField(error.data) ?? error.message, lockSeconds: null };
}

/** Forgot password (docs/auth.md, recovery mails). */
export function forgotFailure(error: ApiError): string {
  if (error.status === 429) return MSG.forgot.tooMany;
  if (error.status === 400) return serverErrorField(error.data) ?? MSG.forgot.emailRequiredServer;
  return MSG.forgot.failure;
}

/** minutes:seconds of the lock countdown. */
export function formatCountdown(totalSeconds: number): string {
  const s = Math.max(0, Math.ceil(totalSeconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

export interface ResetLink {
  accessToken: string | null;
  refreshToken: string | null;
  type: string | null;
  error: string | null;
  errorCode: string | null;
}

/** Reads the reset link's parameters from the hash and the query (the query wins, as in supabase-js). */
export function parseResetLink(search: string, hashText: string): ResetLink {
  const query = new URLSearchParams(search);
  const hash = new URLSearchParams(hashText.replace(/^#/, ''));
  const get = (k: string) => query.get(k) ?? hash.get(k);
  return { accessToken: get('access_token'), refreshToken: get('refresh_token'), type: get('type'), error: get('error'), errorCode: get('error_code') };
}

export function hasLinkParams(link: ResetLink): boolean {
  return !!(link.accessToken || link.refreshToken || link.error || link.errorCode || link.type);
}

/** Reset link (docs/auth.md, links): null when the link may be used, else the message of the invalid state. */
export function resetLinkProblem(link: ResetLink): string | null {
  if (link.error === 'access_denied' && link.errorCode === 'otp_expired') return MSG.reset.expiredLink;
  if (link.error || link.errorCode) return MSG.reset.requestNewLink;
  // Invitations land here too: invited users set their first password on this page.
  if (!link.accessToken || !link.refreshToken || (link.type !== 'recovery' && link.type !== 'invite')) return MSG.reset.invalidLink;
  return null;
}

/** setSession failures mapped to expired, no longer valid or revoked (docs/auth.md, links). */
export function sessionErrorMessage(error: { name?: string; message?: string; code?: string; status?: number }): string {
  const text = `${error.name ?? ''} ${error.code ?? ''} ${error.message ?? ''}`.toLowerCase();
  if (/expired|scadut/.test(text)) return MSG.reset.expiredLink;
  if (/revoked|session_not_found|session not found|sessionmissing|session missing|not_found/.test(text)) return MSG.reset.sessionRevoked;
  return MSG.reset.requestNewLink;
}

/** updateUser failures (docs/auth.md, password change). */
export function updateErrorMessage(error: { name?: string; message?: string; code?: string }): string {
  const text = `${error.name ?? ''} ${error.code ?? ''} ${error.message ?? ''}`.toLowerCase();
  if (/sessionmissing|session_not_found|session not found|session missing/.test(text)) return MSG.reset.sessionMissing;
  if (/same_password/.test(text)) return MSG.password.samePassword;
  if (/weak_password|weakpassword/.test(text)) return MSG.reset.weakPassword;
  return MSG.reset.updateFailed;
}
