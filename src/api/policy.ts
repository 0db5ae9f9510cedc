import { MSG } from '../../common/core/messages';

/** docs/api.md (the SPA's calls): at most 2 retries, 1 s then 2 s, only on 5xx, 429 and network failure. */
export const MAX_RETRIES = 2;
export const SLOW_CALL_MS = 5000;

/** Client cache lifetimes (docs/api.md), in seconds (RTK Query keepUnusedDataFor). */
export const CACHE_TTL = {
  default: 300,
  user: 600,
  role: 900,
  list: 120,
  stats: 120,
  audit: 300,
} as const;

export type ErrorStatus = number | 'FETCH_ERROR' | 'PARSING_ERROR' | 'TIMEOUT_ERROR' | 'CUSTOM_ERROR';

/** Whether a failed call may be retried: server errors, 429 and network failures only. */
export function isRetryable(status: ErrorStatus): boolean {
  if (status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR') return true;
  if (typeof status !== 'number') return false;
  return status === 429 || (status >= 500 && status <= 599);
}

/** Delay before retry number `attempt` (1-based): 1 s, then 2 s. */
export function retryDelayMs(attempt: number): number {
  return 1000 * 2 ** (Math.max(1, attempt) - 1);
}

/** Retry decision for RTK Query's retryCondition: `attempt` counts failures so far (1 after the first). */
export function shouldRetry(status: ErrorStatus, attempt: number, maxRetries = MAX_RETRIES): boolean {
  return attempt <= maxRetries && isRetryable(status);
}

/** The server's message, when the body carries one: `error` of /api, `msg` of the /auth/v1 envelope (docs/auth.md, errors). */
export function serverErrorField(data: unknown): string | null {
  if (data && typeof data === 'object') {
    const { error, msg } = data as { error?: unknown; msg?: unknown };
    if (typeof error === 'string' && error.trim()) return error;
    if (error === undefined && typeof msg === 'string' && msg.trim()) return msg;
  }
  return null;
}

/**
 * The Italian message of a failed call (docs/api.md, errors): the server's `error` field
 * first, then the catalogue by status, else 'HTTP {status}'.
 */
export function httpErrorMessage(status: ErrorStatus, data?: unknown): string {
  if (status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR') return MSG.http.network;
  if (status === 'PARSING_ERROR') return MSG.http.badJson;
  const fromServer = serverErrorField(data);
  if (fromServer) return fromServer;
  if (typeof status !== 'number') return typeof data === 'string' && data ? data : MSG.http.network;
  if (status === 400) return MSG.http.badRequest;
  if (status === 401) return MSG.http.unauthorized;
  if (status === 403) return MSG.http.forbidden;
  if (status === 404) return MSG.http.notFound;
  if (status === 429) return MSG.http.tooMany;
  if (status >= 500 && status <= 599) return MSG.http.server(status);
  return MSG.http.status(status);
}
