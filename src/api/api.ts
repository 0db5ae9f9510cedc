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
import type { UnknownAction } from '@reduxjs/toolkit';
import { MSG } from '../../common/core/messages';
import { CACHE_TTL, MAX_RETRIES, SLOW_CALL_MS, httpErrorMessage, retryDelayMs, serverErrorField, shouldRetry, type ErrorStatus } from './policy';
import { reportClientError } from './errorReporter';

/**
 * Every tag type of the app, one English name per concept of docs/glossary.md (a match is 'Match',
 * never 'Partita'); features add their endpoints with api.injectEndpoints.
 */
const TAG_TYPES = ['Match', 'Group', 'Training', 'Closure', 'Official', 'Designation', 'Suggestion', 'User', 'UserAudit', 'Activity', 'ErrorLog', 'ErrorStats', 'Player', 'Callup', 'TeamSheet'] as const;
type TagType = (typeof TAG_TYPES)[number];

export { CACHE_TTL };

/** What every failed call of the base query carries: the HTTP status (or a fetch error kind) and the Italian message to show. */
export interface ApiError {
  status: ErrorStatus;
  message: string;
  /** The server's JSON body, when there was one (e.g. isRateLimited, remainingTime of a refused sign-in). */
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

/** The request a call sent and the answer it got: fetchBaseQuery's meta, which the supabase-js road records too. */
export type CallMeta = FetchBaseQueryMeta;

/** The store as the re-authorization needs it (RTK Query's BaseQueryApi fits). */
export interface SessionStore {
  dispatch: (action: UnknownAction) => unknown;
  getState: () => unknown;
}

/**
 * The one refresh of a store's access token (made by setupStore, src/store/refreshMiddleware.ts).
 * The store's proactive timer and the base query's re-authorization after a 401 both go through
 * it, so a refresh one of them started is joined, never doubled.
 */
export interface SessionRefresher {
  /** Joins the refresh in flight or starts one; resolves once the refresh function resolved. */
  refresh(): Promise<void>;
  /**
   * After a 401 to the store's current token: joins the refresh in flight or starts one (recorded
   * as an attempt, as the timer's are). True once it succeeded; false when it failed, and then the
   * session is ended (sign-out started), once for all the callers of that refresh. A 401 that
   * comes while that sign-out runs starts nothing: false once the sign-out is done.
   */
  reauthorize(store: SessionStore): Promise<boolean>;
  /** Resolves when no refresh and no such sign-out are in flight (protected calls wait for it before going out). */
  settled(): Promise<void>;
}

/**
 * What the base query finds in the store's thunk extra argument (setupStore): the session, handed
 * in, so that nothing in src/api imports the store.
 */
export interface BaseQueryExtra {
  /** The access token of the session in the store's state; null when signed out. */
  accessToken(state: unknown): string | null;
  /** The action that tells the store an answer carried `X-Refresh-Token-Suggested: true`. */
  refreshSuggested(): UnknownAction;
  /** The store's one token refresh. */
  session: SessionRefresher;
}

/** A call's raw outcome on its road, before the layers: fetchBaseQuery's shapes. */
export type RoadResult = { data: unknown; error?: undefined; meta?: CallMeta } | { error: FetchBaseQueryError; data?: undefined; meta?: CallMeta };

/**
 * One way out of the SPA: fetch to our server (the base query below) or supabase-js to /rest/v1
 * (src/api/supabase.ts). A road sends one try of a call; withPolicies puts the same layers around
 * every road: the session check, retries, slow-call reports, Italian errors and re-authorization.
 */
export interface Road<Args> {
  /** Sends the call once with `token` as its bearer (none when null); the request and answer in meta once it went out. */
  send(args: Args, api: BaseQueryApi, token: string | null): Promise<RoadResult>;
  /** Calls that need no session of ours: sent without one, never re-authorized after a 401. */
  isPublic(args: Args): boolean;
}

// Calls of docs/api.md marked public: they go out without a bearer token.
const PUBLIC_PATHS = [/^\/?api\/partite\/public(\?|$)/, /^\/?api\/login$/, /^\/?api\/forgot-password$/, /^\/?api\/config$/, /^\/?api\/health$/];

const urlOf = (args: string | FetchArgs) => (typeof args === 'string' ? args : args.url);

/**
 * A slow call's report message, 'Chiamata lenta: GET /api/partite/public': the method and the
 * path without origin, query string or fragment, so it does not change from call to call. The
 * query's values may hold emails or tokens: only its parameter names are kept (at most 20).
 */
function slowCall(request: { url: string; method?: string }): { message: string; method: string; path: string; queryKeys: string[] } {
  const method = (request.method ?? 'GET').toUpperCase();
  const noFragment = request.url.split('#')[0];
  const q = noFragment.indexOf('?');
  let path = (q >= 0 ? noFragment.slice(0, q) : noFragment).replace(/^[a-z][a-z\d+.-]*:\/\/[^/]*/i, '');
  if (!path.startsWith('/')) path = `/${path}`;
  const keys = new Set<string>(q >= 0 ? [...new URLSearchParams(noFragment.slice(q + 1)).keys()] : []);
  const queryKeys = [...keys].map((k) => k.slice(0, 50)).slice(0, 20);
  return { message: `Chiamata lenta: ${method} ${path}`, method, path, queryKeys };
}
const isPublicCall = (url: string) => PUBLIC_PATHS.some((p) => p.test(url));

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

const extraOf = (baseApi: BaseQueryApi) => baseApi.extra as BaseQueryExtra | undefined;
const tokenOf = (baseApi: BaseQueryApi) => extraOf(baseApi)?.accessToken(baseApi.getState()) ?? null;
const bearerOf = (request: Request | undefined) => request?.headers.get('authorization')?.replace(/^Bearer /i, '') || null;

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

/** The report of a call slower than SLOW_CALL_MS (docs/api.md), as a performance error. */
function reportSlowCall(request: Request, elapsed: number): void {
  const call = slowCall(request);
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

/**
 * The layers every call of the SPA goes through, whatever its road: bearer token (from the store,
 * through the thunk extra argument), retries (docs/api.md), slow-call reports, Italian errors (docs/api.md);
 * every error is an ApiError.
 *
 * Re-authorization (the pattern of the RTK Query docs, 'Automatic re-authorization by extending
 * fetchBaseQuery', with a promise-based single flight in place of their mutex): when our server
 * answers 401 to a protected call, the store's one shared refresh runs (joined if the timer's or
 * another call's is in flight, so concurrent 401s cause one refresh) and the call is sent once
 * more with the new token. A 401 to that second try is the answer (no loop). If the refresh fails
 * the session ends (sign-out) and the call keeps its 401. A call that got its 401 after someone
 * else's refresh already replaced the token is just sent again. Protected calls wait, before going
 * out, for a refresh or such a sign-out in flight. Public calls (sign-in among them) and the
 * authentication service are never re-authorized.
 */
export function withPolicies<Args>(road: Road<Args>): BaseQueryFn<Args, unknown, ApiError, ApiExtraOptions, CallMeta> {
  const isPublic = (args: Args, extraOptions: ApiExtraOptions | undefined) => !!extraOptions?.public || road.isPublic(args);

  // One try: the session check, the call, its timing, the refresh hint and the Italian error.
  const once: BaseQueryFn<Args, unknown, ApiError, ApiExtraOptions, CallMeta> = async (args, baseApi, extraOptions) => {
    const token = tokenOf(baseApi);
    if (!token && !isPublic(args, extraOptions)) return { error: { status: 401, message: MSG.http.notAuthenticated } };
    const started = Date.now();
    const result = await road.send(args, baseApi, token);
    const elapsed = Date.now() - started;
    if (elapsed > SLOW_CALL_MS && result.meta?.request) reportSlowCall(result.meta.request, elapsed);
    const extra = extraOf(baseApi);
    if (extra && result.meta?.response?.headers.get('x-refresh-token-suggested') === 'true') baseApi.dispatch(extra.refreshSuggested());
    if (result.error) return { error: toApiError(result.error), meta: result.meta };
    return { data: result.data, meta: result.meta };
  };

  const retrying = retry(once as BaseQueryFn, {
    retryCondition: (error, _args, { attempt, extraOptions }) =>
      shouldRetry((error as ApiError).status, attempt, (extraOptions as ApiExtraOptions | undefined)?.maxRetries ?? MAX_RETRIES),
    backoff: (attempt, _max, signal) => wait(retryDelayMs(attempt), signal),
  }) as BaseQueryFn<Args, unknown, ApiError, ApiExtraOptions, CallMeta>;

  return async (args, baseApi, extraOptions) => {
    const refresher = isPublic(args, extraOptions) ? undefined : extraOf(baseApi)?.session;
    if (refresher) await refresher.settled();
    let result = await retrying(args, baseApi, extraOptions ?? {});
    // A 401 our server answered, and the token it refused (the session check of `once`, without a
    // session, sent nothing).
    const refused = result.error?.status === 401 && result.meta?.response ? bearerOf(result.meta.request) : null;
    if (refresher && refused) {
      const renewed = tokenOf(baseApi) !== refused || (await refresher.reauthorize(baseApi));
      const token = tokenOf(baseApi);
      if (renewed && token && token !== refused) result = await retrying(args, baseApi, extraOptions ?? {});
    }
    if (result.error) {
      // retry's own answers (an aborted call) are fetchBaseQuery errors without a message.
      const error = result.error as Partial<ApiError>;
      return { error: typeof error.message === 'string' ? (error as ApiError) : toApiError(result.error as FetchBaseQueryError), meta: result.meta };
    }
    return { data: result.data, meta: result.meta };
  };
}

/** The authentication service (the sign-in's token call, supabase-js's own calls): never re-authorized. */
const isAuthServiceCall = (url: string) => /^(?:[a-z][a-z\d+.-]*:\/\/[^/]+)?\/?auth\/v1\//i.test(url);

const rawBaseQuery = fetchBaseQuery({
  baseUrl: '/',
  // Looked up at call time, so test setups can install fetch after this module loads.
  fetchFn: (input, init) => fetch(input, init),
  // The token withPolicies chose for this try (fetchRoad.send).
  prepareHeaders(headers, { extraOptions }) {
    const token = (extraOptions as { token?: string | null } | undefined)?.token;
    if (token) headers.set('authorization', `Bearer ${token}`);
    return headers;
  },
});

/** Our server's road: fetch (RTK Query's fetchBaseQuery), relative URLs. */
const fetchRoad: Road<string | FetchArgs> = {
  send: (args, baseApi, token) => rawBaseQuery(args, baseApi, { token }) as Promise<RoadResult>,
  isPublic: (args) => isPublicCall(urlOf(args)) || isAuthServiceCall(urlOf(args)),
};

/** The base query of the app (fetch to our server) with every layer of withPolicies. */
export const baseQuery = withPolicies(fetchRoad);

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

/** The Italian message of an RTK Query error (or of anything thrown), for toasts and banners: the policy's mapping of docs/api.md. */
/**
 * A refused call in words: the server's own Italian reason for the `answered` statuses (a reason about the
 * input or the rights), else the operation's message before it ('Salvataggio non riuscito: …').
 */
export function refusalMessage(err: unknown, answered: readonly number[], failed: string): string {
  const status = (err as { status?: unknown }).status;
  return answered.includes(status as number) ? errorMessage(err) : `${failed}: ${errorMessage(err)}`;
}

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
