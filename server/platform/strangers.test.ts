import { performance } from 'node:perf_hooks';
import { MSG } from '../../common/core/messages';
import { createTestApp, type TestApp } from '../../test/app';
import { guardedBeforeBody } from '../shared/auth-guard';

// Who you are before what you send (docs/operations.md): on every route that needs a sign-in, the token and
// role are checked before the body is read. A stranger's 8 MB body is refused in milliseconds, never parsed,
// never walked by the text gate: the route-matrix routes, collected while the real app is built.
jest.setTimeout(120_000);

let t: TestApp;
let parsed = 0;
const guarded: Array<{ method: string; url: string }> = [];
const EIGHT_MB = JSON.stringify({ partite: [{ note: 'x'.repeat(8 * 1024 * 1024) }] });

beforeAll(async () => {
  t = await createTestApp({
    listen: true,
    deps: {
      onRoute: (route) => {
        if (!guardedBeforeBody(route)) return;
        for (const method of [route.method].flat()) if (['POST', 'PUT', 'PATCH', 'DELETE'].includes(method)) guarded.push({ method, url: route.url });
      },
      onBodyParsed: () => {
        parsed++;
      },
    },
  });
});
afterAll(() => t.close());

describe('strangers cost nothing', () => {
  it('every signed-in route that takes a body checks the role before reading it', () => {
    const urls = guarded.map((r) => `${r.method} ${r.url}`);
    for (const expected of ['POST /api/partite/import', 'POST /api/partite', 'PUT /api/partite/:id', 'POST /api/partite/stato', 'POST /api/dirigenti', 'PUT /api/gruppi/:id']) {
      expect(urls).toContain(expected);
    }
  });

  it('an anonymous 8 MB body on each: 401 in Italian within 100 ms of server time, the body never parsed', async () => {
    const slow: string[] = [];
    for (const route of guarded) {
      const before = parsed;
      const started = performance.now();
      const res = await t.app.inject({ method: route.method as 'POST', url: route.url.replace(/:[^/]+/g, '1'), headers: { 'content-type': 'application/json' }, payload: EIGHT_MB });
      const ms = performance.now() - started;
      if (res.statusCode !== 401 || res.json().error !== MSG.http.notAuthenticated || parsed !== before || ms > 100) {
        slow.push(`${route.method} ${route.url}: ${res.statusCode} in ${ms.toFixed(0)} ms, ${parsed - before} corpi letti`);
      }
    }
    expect(slow).toEqual([]);
  });

  it('over a real connection, the import route answers a stranger at once and the client reads the 401', async () => {
    const started = performance.now();
    const res = await fetch(`${t.url}/api/partite/import`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: EIGHT_MB });
    const body = (await res.json()) as { error: string };
    expect([res.status, body.error]).toEqual([401, MSG.http.notAuthenticated]);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(parsed).toBe(0);
  });

  it('a forged token is no better than none: 401 before the body', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/partite/import', headers: { 'content-type': 'application/json', authorization: 'Bearer abc.def.ghi' }, payload: EIGHT_MB });
    expect(res.statusCode).toBe(401);
    expect(parsed).toBe(0);
  });
});
