import {
  createApi,
  fetchBaseQuery,
  retry,
  type BaseQueryApi,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
  type FetchBaseQueryMeta,
} from '@reduxjs/toolkit/query/react';
import { MSG } from '../../common/core/messages';
import { refreshSuggested, type SessionState } from '../store/sessionSlice';
import { CACHE_TTL, MAX_RETRIES, SLOW_CALL_MS, httpErrorMessage, retryDelayMs, serverErrorField, shouldRetry, type ErrorStatus } from './policy';
import { reportClientError } from './errorReporter';
import type { SessionRefresher } from '../store/refreshMiddleware';

/** Every tag type of the app; features add their endpoints with api.injectEndpoints. */
export const TAG_TYPES = ['Partita', 'Gruppo', 'User', 'UserAudit', 'Suggestion', 'Activity', 'Allenamento', 'Dirigente', 'Designazione', 'Chiusura'] as const;
export type TagType = (typeof TAG_TYPES)[number];

export { CACHE_TTL };

/** What every failed call of the base query carries: the HTTP status (or a fetch error kind) and the Italian message to show. */
export interface ApiError {
  status: ErrorStatus;
  message: string;
  /** The server's JSON body, when there was one (e.g. isRateLimited, remainingTime of /api/login). */
  data?: unknown;
}

/**
 * Per-endpoint options: `public` for calls without a session (never re-authorized after a 401),
 * `maxRetries` to retry less (0 for sign-in).
 */
export interface ApiExtraOptions {
  public?: boolean;
  maxRetries?: number;
}

// Calls of spec 7 marked public: they go out without a bearer token.
const PUBLIC_PATHS = [/^\/?api\/partite\/public(\?|$)/, /^\/?api\/login$/, /^\/?api\/forgot-password$/, /^\/?api\/config$/, /^\/?api\/health$/];

const urlOf = (args: string | FetchArgs) => (typeof args === 'string' ? args : args.url);

/**
 * A slow call's report message, 'Chiamata lenta: GET /api/partite/public': the method and the
 * path without origin, query string or fragment, so it does not change from call to call. The
 * query's values may hold emails or tokens: only its parameter names are kept (at most 20).
 */
export function slowCall(args: string | FetchArgs): { message: string; method: string; path: string; queryKeys: string[] } {
  const url = urlOf(args);
  const method = (typeof args === 'string' ? 'GET' : (args.method ?? 'GET')).toUpperCase();
  const noFragment = url.split('#')[0];
  const q = noFragment.indexOf('?');
  let path = (q >= 0 ? noFragment.slice(0, q) : noFragment).replace(/^[a-z][a-z\d+.-]*:\/\/[^/]*/i, '');
  if (!path.startsWith('/')) path = `/${path}`;
  const keys = new Set<string>(q >= 0 ? [...new URLSearchParams(noFragment.slice(q + 1)).keys()] : []);
  if (typeof args !== 'string' && args.params) Object.keys(args.params).forEach((k) => keys.add(k));
  const queryKeys = [...keys].map((k) => k.slice(0, 50)).slice(0, 20);
  return { message: `Chiamata lenta: ${method} ${path}`, method, path, queryKeys };
}
export const isPublicCall = (url: string) => PUBLIC_PATHS.some((p) => p.test(url));

const rawBaseQuery = fetchBaseQuery({
  baseUrl: '/',
  // Looked up at call time, so test setups can install fetch after this module loads.
  fetchFn: (input, init) => fetch(input, init),
  prepareHeaders(headers, { getState }) {
    const token = (getState() as { session: SessionState }).session.accessToken;
    if (token) headers.set('authorization', `Bearer ${token}`);
    return headers;
  },
});

/** Turns any fetchBaseQuery error into the ApiError shape with its Italian message. */
export function toApiError(error: FetchBaseQueryError | { status?: unknown; error?: unknown; data?: unknown }): ApiError {
  const e = error as { status?: unknown; originalStatus?: unknown; data?: unknown; error?: unknown };
  // A proxy's HTML error page cannot be parsed: its HTTP status still says what happened.
  if (e.status === 'PARSING_ERROR' && typeof e.originalStatus === 'number' && e.originalStatus >= 400) {
    return { status: e.originalStatus, message: httpErrorMessage(e.originalStatus, e.data), data: e.data };
  }
  if (typeof e.status === 'number') return { status: e.status, message: httpErrorMessage(e.status, e.data), data: e.data };
  if (e.status === 'FETCH_ERROR' || e.status === 'TIMEOUT_ERROR' || e.status === 'PARSING_ERROR') {
    return { status: e.status, message: httpErrorMessage(e.status) };
  }
  return { status: 'CUSTOM_ERROR', message: typeof e.error === 'string' && e.error ? e.error : MSG.http.network };
}

const mappedBaseQuery: BaseQueryFn<string | FetchArgs, unknown, ApiError, ApiExtraOptions, FetchBaseQueryMeta> = async (
  args,
  baseApi,
  extraOptions,
) => {
  const url = urlOf(args);
  const token = (baseApi.getState() as { session: SessionState }).session.accessToken;
  if (!token && !extraOptions?.public && !isPublicCall(url)) {
    return { error: { status: 401, message: MSG.http.notAuthenticated } };
  }
  const started = Date.now();
  const result = await rawBaseQuery(args, baseApi, {});
  const elapsed = Date.now() - started;
  if (elapsed > SLOW_CALL_MS) {
    const call = slowCall(args);
    console.warn(`${call.message} (${elapsed} ms)`);
    // The message names the endpoint only, so every slow call to it is one error-log row (same
    // hash) with its count; the duration and the query's parameter names go in the context.
    reportClientError({
      type: 'performance',
      severity: 'low',
      message: call.message,
      context: { method: call.method, path: call.path, elapsed, ...(call.queryKeys.length ? { queryKeys: call.queryKeys } : {}) },
    });
  }
  if (result.meta?.response?.headers.get('x-refresh-token-suggested') === 'true') baseApi.dispatch(refreshSuggested());
  if (result.error) return { error: toApiError(result.error), meta: result.meta };
  return { data: result.data, meta: result.meta };
};

const wait = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const id = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(id);
        reject(new Error('Aborted'));
      },
      { once: true },
    );
  });

const retryingBaseQuery = retry(mappedBaseQuery as BaseQueryFn, {
  retryCondition: (error, _args, { attempt, extraOptions }) =>
    shouldRetry((error as ApiError).status, attempt, (extraOptions as ApiExtraOptions | undefined)?.maxRetries ?? MAX_RETRIES),
  backoff: (attempt, _max, signal) => wait(retryDelayMs(attempt), signal),
});

/** What the base query finds in the thunk extra argument of the store (setupStore). */
export interface BaseQueryExtra {
  /** The store's one token refresh, shared with the spec 4 timer (src/store/refreshMiddleware.ts). */
  session?: SessionRefresher;
}

const refresherOf = (baseApi: BaseQueryApi) => (baseApi.extra as BaseQueryExtra | undefined)?.session;
const tokenOf = (baseApi: BaseQueryApi) => (baseApi.getState() as { session: SessionState }).session.accessToken;
const bearerOf = (request: Request | undefined) => request?.headers.get('authorization')?.replace(/^Bearer /i, '') || null;

/** The authentication service (supabase-js's own calls, the refresh among them): never re-authorized. */
const isAuthServiceCall = (url: string) => /^(?:[a-z][a-z\d+.-]*:\/\/[^/]+)?\/?auth\/v1\//i.test(url);

/**
 * The base query of the app: bearer token, retries (spec 7), Italian errors (spec 8); every error is an ApiError.
 *
 * Re-authorization (the pattern of the RTK Query docs, 'Automatic re-authorization by extending
 * fetchBaseQuery', with a promise-based single flight in place of their mutex): when our server
 * answers 401 to a protected call, the store's one shared refresh runs (joined if the timer's or
 * another call's is in flight, so concurrent 401s cause one refresh) and the call is sent once
 * more with the new token, which prepareHeaders reads from the store. A 401 to that second try is
 * the answer (no loop). If the refresh fails the session ends (sign-out) and the call keeps its
 * 401. A call that got its 401 after someone else's refresh already replaced the token is just sent
 * again. Protected calls wait, before going out, for a refresh or such a sign-out in flight.
 * Public calls (sign-in among them) and the authentication service are never re-authorized.
 */
export const baseQuery: BaseQueryFn<string | FetchArgs, unknown, ApiError, ApiExtraOptions, FetchBaseQueryMeta> = async (
  args,
  baseApi,
  extraOptions,
) => {
  const url = urlOf(args);
  const refresher = extraOptions?.public || isPublicCall(url) || isAuthServiceCall(url) ? undefined : refresherOf(baseApi);
  if (refresher) await refresher.settled();
  let result = await retryingBaseQuery(args, baseApi, extraOptions ?? {});
  // A 401 our server answered, and the token it refused (the refusal of mappedBaseQuery, without
  // a session, sent nothing).
  const meta = result.meta as FetchBaseQueryMeta | undefined;
  const refused = (result.error as Partial<ApiError> | undefined)?.status === 401 && meta?.response ? bearerOf(meta.request) : null;
  if (refresher && refused) {
    const renewed = tokenOf(baseApi) !== refused || (await refresher.reauthorize(baseApi));
    const token = tokenOf(baseApi);
    if (renewed && token && token !== refused) result = await retryingBaseQuery(args, baseApi, extraOptions ?? {});
  }
  if (result.error) {
    const error = result.error as Partial<ApiError>;
    const shaped = typeof error.message === 'string' ? (error as ApiError) : toApiError(result.error as FetchBaseQueryError);
    return { error: shaped, meta: result.meta as FetchBaseQueryMeta | undefined };
  }
  return { data: result.data, meta: result.meta as FetchBaseQueryMeta | undefined };
};

/** The one createApi of the SPA. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: TAG_TYPES,
  keepUnusedDataFor: CACHE_TTL.default,
  endpoints: () => ({}),
});

/** Tags of a list: one per item plus the list tag, so creating invalidates the list only. */
export function listTags<T extends TagType>(type: T, items: ReadonlyArray<{ id: string | number }> | undefined) {
  return [...(items ?? []).map(({ id }) => ({ type, id })), { type, id: 'LIST' as const }];
}

export const itemTag = <T extends TagType>(type: T, id: string | number) => ({ type, id });
export const listTag = <T extends TagType>(type: T) => ({ type, id: 'LIST' as const });

/** The Italian message of an RTK Query error (or of anything thrown), for toasts and banners: the policy's mapping of spec 8. */
export function errorMessage(error: unknown): string {
  if (error && typeof error === 'object') {
    const e = error as { message?: unknown; data?: unknown; status?: unknown };
    if (typeof e.message === 'string' && e.message) return e.message;
    if (typeof e.status === 'number' || e.status === 'FETCH_ERROR' || e.status === 'TIMEOUT_ERROR' || e.status === 'PARSING_ERROR') {
      return httpErrorMessage(e.status, e.data);
    }
    const fromServer = serverErrorField(e.data);
    if (fromServer) return fromServer;
  }
  return MSG.http.unknown;
}
