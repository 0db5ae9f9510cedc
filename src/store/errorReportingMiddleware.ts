import { isRejected, type Middleware, type UnknownAction } from '@reduxjs/toolkit';
import { MSG } from '../../common/core/messages';
import { api, type ApiError } from '../api/api';
import { REPORT_URL, reportClientError, type ClientErrorReport } from '../api/errorReporter';
import { serverErrorField } from '../api/policy';

/**
 * The error half of the store's Redux middleware (the error reporting of docs/logs.md): every RTK Query call that ends
 * rejected (after its retries; told by RTK's matchers, isRejectedApiCall below) is reported to the
 * error log as type api (docs/logs.md), with the endpoint, method and status in the context. Left
 * out, on purpose:
 * - calls RTK Query skipped (condition) or aborted: nothing failed;
 * - 401: a password check with a wrong password and expired or missing sessions ('Utente non
 *   autenticato') are the sign-in flow's business, noise in the error log (a 401 that gets here
 *   already went through the base query's re-authorization: refreshed and retried once, or the
 *   refresh failed and the user was signed out);
 * - 429: rate limiting is a defence working as meant (the server records lock-outs itself);
 * - any other 4xx our server answered with its JSON error body (a wrong password at sign-in, 'Partita non trovata', a
 *   duplicate, a form error, 'Impossibile eliminare il gruppo'): the server refused what the user
 *   asked and the screen says why; an expected answer, not a fault (the server writes activity
 *   where it matters). Still reported: a 404 naming no resource (the generic 'Risorsa non
 *   trovata' of a route the server does not have: the app called a wrong URL) and any 4xx
 *   without that body (a proxy's page);
 * - a 5xx our server answered with its JSON error body: the server recorded that failure itself
 *   (backend or database), a second row from the browser would count it twice. A 5xx without
 *   that body (a proxy's 502/503/504 page) never reached the server and is reported;
 * - the reporter's own POST /api/error-logs: it goes through fetch, never RTK Query, so it
 *   cannot reach this middleware; any call to that URL seen here is skipped as well (no loops).
 * Slow calls (type performance) are reported by the base query, which measures them (src/api/api.ts);
 * error-boundary catches by src/components/ErrorBoundaries.tsx; window errors by
 * installGlobalErrorReporting of src/api/errorReporter.ts.
 */

interface RejectedQueryAction extends UnknownAction {
  payload?: unknown;
  error?: { name?: string; message?: string; stack?: string };
  meta?: {
    arg?: { endpointName?: string; type?: string };
    condition?: boolean;
    aborted?: boolean;
    rejectedWithValue?: boolean;
    baseQueryMeta?: { request?: Request; response?: Response };
  };
}

type EndpointMatchers = Record<string, { matchRejected?: (action: unknown) => boolean } | undefined>;

/**
 * Whether the action is the end of an RTK Query call that failed: RTK's isRejected matcher (any
 * rejected async thunk), then the matchRejected matcher of the endpoint the action names, so only
 * the calls of our api count (not another thunk's rejection). Skipped and aborted calls match too;
 * reportForRejectedCall leaves them out.
 */
function isRejectedApiCall(action: unknown): action is RejectedQueryAction {
  if (!isRejected(action)) return false;
  const endpointName = (action.meta as RejectedQueryAction['meta'])?.arg?.endpointName;
  if (typeof endpointName !== 'string') return false;
  return !!(api.endpoints as EndpointMatchers)[endpointName]?.matchRejected?.(action);
}

/** The status the severity rule reads: an HTTP status, or 0 for a call that got no answer. */
function numericStatus(status: ApiError['status'] | undefined): number | undefined {
  if (typeof status === 'number') return status;
  if (status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR') return 0;
  return undefined;
}

function pathOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url, 'http://localhost').pathname;
  } catch {
    return undefined;
  }
}

/** Our server's JSON error body: `{ error }` of /api, GoTrue's envelope (`msg`) of /auth/v1. */
const isServerBody = (data: unknown) => serverErrorField(data) !== null;

/** A 4xx of our server that refuses what the user asked (see above), as opposed to a call the app got wrong. */
function isUserInputAnswer(status: number | undefined, data: unknown): boolean {
  if (status === undefined || status < 400 || status > 499 || !isServerBody(data)) return false;
  return !(status === 404 && serverErrorField(data) === MSG.http.notFound);
}

/** The report for a rejected RTK Query action (isRejectedApiCall), or null when it is not worth one (see above). */
export function reportForRejectedCall(action: RejectedQueryAction): ClientErrorReport | null {
  const meta = action.meta ?? {};
  if (meta.condition || meta.aborted) return null;
  const endpointName = meta.arg?.endpointName ?? 'sconosciuto';
  const request = meta.baseQueryMeta?.request;
  const endpoint = pathOf(request?.url);
  if (endpoint === REPORT_URL) return null;
  const method = request?.method ?? (meta.arg?.type === 'mutation' ? undefined : 'GET');

  if (!meta.rejectedWithValue) {
    // The query code itself threw (a bug, not an HTTP answer).
    const e = action.error ?? {};
    return {
      type: 'api',
      message: e.message || `Errore nella chiamata ${endpointName}`,
      name: e.name,
      stack: e.stack,
      context: { endpointName, ...(endpoint ? { endpoint } : {}), ...(method ? { method } : {}) },
    };
  }

  const error = (action.payload ?? {}) as Partial<ApiError>;
  const status = numericStatus(error.status);
  if (status === 401 || status === 429 || isUserInputAnswer(status, error.data)) return null;
  if (status !== undefined && status >= 500 && isServerBody(error.data)) return null;
  const message = error.message || `Errore nella chiamata ${endpointName}`;
  return {
    type: 'api',
    message,
    name: 'ApiError',
    status,
    // A stack-like line naming the call: the server's dedupe hash (type, message, first frame)
    // then keeps different endpoints apart and counts repeats of one call on one row.
    stack: `ApiError: ${message}\n    at ${[method, endpoint ?? endpointName].filter(Boolean).join(' ')}`,
    context: {
      endpointName,
      ...(endpoint ? { endpoint } : {}),
      ...(method ? { method } : {}),
      ...(typeof error.status === 'string' ? { failure: error.status } : {}),
    },
  };
}

export const errorReportingMiddleware: Middleware = () => (next) => (action) => {
  const result = next(action);
  if (isRejectedApiCall(action)) {
    const report = reportForRejectedCall(action);
    if (report) reportClientError(report);
  }
  return result;
};
