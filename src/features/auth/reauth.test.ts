import { waitFor } from '@testing-library/react';
import { MSG } from '../../../common/core/messages';
import { withStandInServer } from '../../../test/render';
import { bindAuthStore, getAuthClient, refreshSession, signOut } from './session';
import { signedOut } from '../../store/sessionSlice';
import { setupStore, type AppStore } from '../../store/store';
import { api, type ApiError, type ApiExtraOptions } from '../../api/api';
import { storedSessionKeys } from '../../api/supabase';
import { supabaseBaseQuery } from '../../api/supabaseRoad';

/*
 * Re-authorization of the base query's layers (src/api/api.ts, withPolicies) on both roads (fetch
 * to /api, supabase-js to /rest/v1) with the real store, the real supabase-js client and the
 * session gateway, and a loopback server speaking /auth/v1 (docs/auth.md), PostgREST's
 * /rest/v1 and our /api.
 */

const probeApi = api.injectEndpoints({
  endpoints: (build) => ({
    reauthProbe: build.query<{ id: number }, number>({ query: (id) => `api/partite/${id}` }),
    /** A read of `partite` through supabase-js, as the dashboard's (src/features/matches/matchesApi.ts). */
    reauthRest: build.query<unknown, number>({
      queryFn: (id, baseApi, extraOptions) => supabaseBaseQuery((db) => db.from('partite').select('*').eq('id', id), baseApi, extraOptions as ApiExtraOptions),
    }),
    reauthSignIn: build.mutation<unknown, { email: string; password: string }>({
      query: (body) => ({ url: 'api/login', method: 'POST', body }),
      extraOptions: { public: true, maxRetries: 0 },
    }),
  }),
});

const MIN = 60_000;
const EMAIL = 'anna@example.it';
const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
const nowS = () => Math.floor(Date.now() / 1000);
/** An access token of the protocol doc's shape (section 3); `label` tells the tokens apart. */
const accessToken = (label: string) => {
  const iat = nowS();
  const claims = { sub: 'u-1', aud: 'authenticated', role: 'authenticated', email: EMAIL, app_role: 'editor', session_id: 's-1', iat, exp: iat + 3600, label };
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}.c2ln`;
};
const labelOf = (token: string | null) => (token ? (JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { label: string }).label : null);
const authUser = { id: 'u-1', aud: 'authenticated', role: 'authenticated', email: EMAIL, app_metadata: { role: 'editor' }, user_metadata: {}, created_at: '2026-01-01T00:00:00Z' };

/** What the server does: whether refreshes succeed, and which paths refuse every token. */
let refreshWorks = true;
const alwaysRefused = new Set<string>();

/** The bearer token each call to /api and /rest/v1 carried, in order (read from the real requests, not altered). */
const sentTokens: Array<{ path: string; id?: number; token: string | null }> = [];
const idOf = (url: string) => Number(new URL(url, 'http://x').searchParams.get('id')?.replace(/^eq\./, ''));
/**
 * The token the request the server is answering carried (the stand-in server's handler sees no
 * headers): the n-th request to a path (and read id) is the n-th one recorded going out to it,
 * since the calls to one of them (a call, then its retry) never overlap.
 */
function bearerOfRequest(path: string, id?: number): string | null {
  const n = server.requests.filter((r) => r.method === 'GET' && r.url.split('?')[0] === path && (id === undefined || idOf(r.url) === id)).length;
  return sentTokens.filter((s) => s.path === path && s.id === id)[n - 1]?.token ?? null;
}
const realFetch = globalThis.fetch;
const realNow = Date.now.bind(Date);

const server = withStandInServer((req) => {
  const path = req.url.split('?')[0];
  if (path === '/api/config') return { status: 200, body: { supabaseUrl: server.origin, supabaseAnonKey: 'anon-key' } };
  if (path === '/auth/v1/user' && req.method === 'GET') return { status: 200, body: authUser };
  if (path === '/auth/v1/logout') return { status: 204 };
  if (path === '/auth/v1/token' && req.url.includes('grant_type=refresh_token')) {
    // Slow enough that all ten 401s arrive while it is in flight.
    if (!refreshWorks) {
      return { status: 400, delayMs: 150, body: { code: 400, error_code: 'refresh_token_not_found', msg: 'Invalid Refresh Token: Refresh Token Not Found' } };
    }
    return {
      status: 200,
      delayMs: 150,
      body: { access_token: accessToken('B'), token_type: 'bearer', expires_in: 3600, expires_at: nowS() + 3600, refresh_token: 'refresh-B', user: authUser },
    };
  }
  if (path === '/api/login') return { status: 401, body: { success: false, error: MSG.login.wrongCredentials } };
  if (path === '/rest/v1/partite') {
    // PostgREST's refusal of an expired token (server/rest/plugin.ts), for the call's own count.
    const id = Number(new URL(req.url, server.origin).searchParams.get('id')?.replace(/^eq\./, ''));
    if (labelOf(bearerOfRequest(path, id)) !== 'B') return { status: 401, delayMs: 50, body: { code: 'PGRST303', details: null, hint: null, message: 'JWT expired' } };
    return { status: 200, body: [{ id }] };
  }
  if (path.startsWith('/api/partite/')) {
    // Token A is refused as expired, as our server does (auth-guard: 'Utente non autenticato -
    // Sessione scaduta'), a little later so that the ten calls are all out before the first
    // refusal comes back; B, the refreshed one, is accepted.
    if (labelOf(bearerOfRequest(path)) !== 'B' || alwaysRefused.has(path)) return { status: 401, delayMs: 50, body: { error: MSG.http.sessionExpired } };
    return { status: 200, body: { id: Number(path.split('/').pop()) } };
  }
  return { status: 404, body: { error: MSG.http.notFound } };
});

// Records the bearer token of each call to /api/partite and /rest/v1 (the stand-in server's handler sees no headers).
beforeAll(() => {
  globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : null;
    const url = new URL(request ? request.url : String(input), server.origin);
    if (url.pathname.startsWith('/api/partite/') || url.pathname === '/rest/v1/partite') {
      const headers = request ? request.headers : new Headers(init?.headers);
      const id = url.pathname === '/rest/v1/partite' ? idOf(url.toString()) : undefined;
      sentTokens.push({ path: url.pathname, id, token: headers.get('authorization')?.replace(/^Bearer /, '') ?? null });
    }
    return realFetch(input, init);
  };
});

afterAll(() => {
  globalThis.fetch = realFetch;
});

const stores: AppStore[] = [];
let refreshTokens = 0;

beforeEach(() => {
  sentTokens.length = 0;
  refreshWorks = true;
  alwaysRefused.clear();
});

afterEach(async () => {
  jest.restoreAllMocks();
  await signOut('local');
  // Sign-out ends each store's refresh loop, so no timer outlives the test.
  stores.splice(0).forEach((s) => s.dispatch(signedOut()));
});

/** Signs in through supabase-js (setSession with token A), with the store's refresh and sign-out observed. */
async function signIn() {
  const refresh = jest.fn(refreshSession);
  const endSession = jest.fn(() => signOut('local'));
  const store = setupStore(undefined, { refresh, endSession });
  stores.push(store);
  bindAuthStore(store);
  const client = await getAuthClient();
  refreshTokens += 1;
  const { error } = await client.auth.setSession({ access_token: accessToken('A'), refresh_token: `refresh-A${refreshTokens}` });
  expect(error).toBeNull();
  expect(store.getState().session).toMatchObject({ status: 'signedIn', user: { id: 'u-1' } });
  expect(labelOf(store.getState().session.accessToken)).toBe('A');
  return { store, refresh, endSession };
}

/** The clock moves on past token A's expiry: the timer did not get to refresh it (a laptop asleep, a throttled tab). */
function sleepPastExpiry() {
  jest.spyOn(Date, 'now').mockImplementation(() => realNow() + 61 * MIN);
}

const IDS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
const query = (store: AppStore, id: number) => store.dispatch(probeApi.endpoints.reauthProbe.initiate(id));
const sent = (method: string, path: string) => server.requests.filter((r) => r.method === method && r.url.split('?')[0] === path);
const tokensFor = (id: number) => sentTokens.filter((s) => s.path === `/api/partite/${id}`).map((s) => labelOf(s.token));
const read = (store: AppStore, id: number) => store.dispatch(probeApi.endpoints.reauthRest.initiate(id));
const readTokensFor = (id: number) => sentTokens.filter((s) => s.path === '/rest/v1/partite' && s.id === id).map((s) => labelOf(s.token));

describe('re-authorization after a 401 (one shared refresh, then one retry)', () => {
  it('ten parallel calls refused with an expired token: ONE refresh, then each succeeds with the new token', async () => {
    const { store, refresh, endSession } = await signIn();
    sleepPastExpiry();

    const results = await Promise.all(IDS.map((id) => query(store, id)));

    expect(results.map((r) => r.error)).toEqual(IDS.map(() => undefined));
    expect(results.map((r) => r.data)).toEqual(IDS.map((id) => ({ id })));
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(sent('POST', '/auth/v1/token')).toHaveLength(1);
    // Each call went out twice: refused with A, accepted with B.
    for (const id of IDS) expect(tokensFor(id)).toEqual(['A', 'B']);
    expect(store.getState().session).toMatchObject({ status: 'signedIn' });
    expect(labelOf(store.getState().session.accessToken)).toBe('B');
    expect(endSession).not.toHaveBeenCalled();
    // The retry counts as a refresh attempt for the timer's once-a-minute rule.
    expect(store.getState().session.lastRefreshAt).not.toBeNull();
  });

  it('a failing refresh signs the user out once, and every call fails with its own 401', async () => {
    const { store, refresh, endSession } = await signIn();
    // Here the server's clock says A expired while the browser's still gives it an hour: supabase-js
    // keeps its session after the failed refresh, so ending it is the app's (once, not ten times).
    refreshWorks = false;

    const results = await Promise.all(IDS.map((id) => query(store, id)));

    for (const r of results) {
      expect(r.error as ApiError).toEqual({ status: 401, message: MSG.http.sessionExpired, data: { error: MSG.http.sessionExpired } });
    }
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(sent('POST', '/auth/v1/token')).toHaveLength(1);
    expect(endSession).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(store.getState().session.status).toBe('signedOut'));
    expect(sent('POST', '/auth/v1/logout')).toHaveLength(1);
    expect(storedSessionKeys()).toEqual([]);
    // Never sent again: no new token to send.
    for (const id of IDS) expect(tokensFor(id)).toEqual(['A']);
    // A call made after the sign-out is refused without going out.
    expect((await query(store, 11)).error).toEqual({ status: 401, message: MSG.http.notAuthenticated });
    expect(tokensFor(11)).toEqual([]);
  });

  it('when supabase-js itself drops the expired session after the failed refresh, the app does not sign out a second time', async () => {
    const { store, refresh, endSession } = await signIn();
    sleepPastExpiry();
    refreshWorks = false;

    await Promise.all(IDS.map((id) => query(store, id)));

    await waitFor(() => expect(store.getState().session.status).toBe('signedOut'));
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(sent('POST', '/auth/v1/token')).toHaveLength(1);
    expect(endSession).not.toHaveBeenCalled();
    expect(storedSessionKeys()).toEqual([]);
  });

  it('a 401 to the retry is the answer: no second refresh, no loop', async () => {
    const { store, refresh, endSession } = await signIn();
    sleepPastExpiry();
    alwaysRefused.add('/api/partite/99');

    const result = await query(store, 99);

    expect(result.error).toEqual({ status: 401, message: MSG.http.sessionExpired, data: { error: MSG.http.sessionExpired } });
    expect(tokensFor(99)).toEqual(['A', 'B']);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(endSession).not.toHaveBeenCalled();
    expect(store.getState().session.status).toBe('signedIn');
  });

  it('supabase-js reads take the same road: refused by the server, they share ONE refresh with the fetch calls, then each succeeds with the new token', async () => {
    // The server says A expired while the browser still gives it an hour (supabase-js, reading its
    // session before each call, would renew by itself a session it sees expiring).
    const { store, refresh, endSession } = await signIn();

    const [reads, calls] = await Promise.all([Promise.all(IDS.map((id) => read(store, id))), Promise.all(IDS.map((id) => query(store, id + 100)))]);

    expect(reads.map((r) => r.error)).toEqual(IDS.map(() => undefined));
    expect(reads.map((r) => r.data)).toEqual(IDS.map((id) => [{ id }]));
    expect(calls.map((r) => r.error)).toEqual(IDS.map(() => undefined));
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(sent('POST', '/auth/v1/token')).toHaveLength(1);
    // Each read went out twice, with the store's token: refused with A, accepted with B.
    for (const id of IDS) expect(readTokensFor(id)).toEqual(['A', 'B']);
    expect(labelOf(store.getState().session.accessToken)).toBe('B');
    expect(endSession).not.toHaveBeenCalled();
  });

  it('a supabase-js read whose refresh fails keeps its 401, in Italian, and the session ends once', async () => {
    const { store, refresh, endSession } = await signIn();
    refreshWorks = false;

    const results = await Promise.all(IDS.map((id) => read(store, id)));

    for (const r of results) {
      expect(r.error as ApiError).toEqual({ status: 401, message: MSG.http.unauthorized, data: { code: 'PGRST303', details: null, hint: null, message: 'JWT expired' } });
    }
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(endSession).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(store.getState().session.status).toBe('signedOut'));
    for (const id of IDS) expect(readTokensFor(id)).toEqual(['A']);
    // Signed out, a read is refused without going out.
    expect((await read(store, 11)).error).toEqual({ status: 401, message: MSG.http.notAuthenticated });
    expect(readTokensFor(11)).toEqual([]);
  });

  it('never re-authorizes the sign-in call: its 401 is a wrong password', async () => {
    const { store, refresh } = await signIn();
    const result = await store.dispatch(probeApi.endpoints.reauthSignIn.initiate({ email: EMAIL, password: 'sbagliata' }));
    expect(result).toMatchObject({ error: { status: 401, message: MSG.login.wrongCredentials } });
    expect(sent('POST', '/api/login')).toHaveLength(1);
    expect(refresh).not.toHaveBeenCalled();
    expect(store.getState().session.status).toBe('signedIn');
  });
});
