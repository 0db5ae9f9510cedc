import { createTestApp, type TestApp } from '../../test/app';
import { bearer, createUser, type TestUser } from '../../test/users';

// docs/testing.md, app-wide: every route the app registers (collected with an onRoute hook while
// the real app is built) has one row here, with the exact status of each role. The table must
// cover exactly the registered routes: a new route without a row fails, and so does a row whose
// route went away. Each request is harmless (an invalid body, an unknown id, a bad query value)
// so that nothing changes between cells; what the matrix pins is who gets past the door — 401
// (no valid sign-in) vs 403 (signed in, role too low) vs anything else (the handler ran).
// The per-feature matrices (partite, users, gruppi, auth) keep checking the messages and the
// successful writes. HEAD routes are Fastify's automatic twins of the GET routes; the SPA's
// static files (registered only with a client folder) are public assets, not part of this table.

type Role = 'anonymous' | 'reader' | 'editor' | 'admin';
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS' | 'QUERY' | 'TRACE';
interface Row {
  method: Method;
  /** The route as registered (Fastify's url, with :params). */
  route: string;
  /** The concrete request; defaults to the route itself. */
  url?: string;
  payload?: object;
  expect: Record<Role, number>;
}

const ZERO_UUID = '00000000-0000-4000-8000-000000000000';
const UNKNOWN_ID = '2147483647';
const ROLES: Role[] = ['anonymous', 'reader', 'editor', 'admin'];

const all = (status: number): Record<Role, number> => ({ anonymous: status, reader: status, editor: status, admin: status });
/** Signed-in users only: anonymous 401, every role `signedIn`. */
const signedIn = (status: number): Record<Role, number> => ({ anonymous: 401, reader: status, editor: status, admin: status });
/** From the editor role up. */
const editorUp = (status: number): Record<Role, number> => ({ anonymous: 401, reader: 403, editor: status, admin: status });
/** Administrators only. */
const adminOnly = (status: number): Record<Role, number> => ({ anonymous: 401, reader: 403, editor: 403, admin: status });

const MATRIX: Row[] = [
  // Platform
  { method: 'GET', route: '/api/health', expect: all(200) },
  // The OpenAPI document of every route (server/shared/route-schemas.ts).
  { method: 'GET', route: '/api/docs/json', expect: adminOnly(200) },

  // The app's own sign-in endpoints (docs/api.md) and the SPA's configuration: open to everyone.
  { method: 'POST', route: '/api/login', payload: {}, expect: all(400) },
  { method: 'POST', route: '/api/forgot-password', payload: {}, expect: all(400) },
  { method: 'GET', route: '/api/me', expect: signedIn(200) },
  { method: 'GET', route: '/api/config', expect: all(200) },

  // GoTrue-compatible /auth/v1 (docs/auth.md).
  { method: 'GET', route: '/auth/v1/health', expect: all(200) },
  { method: 'GET', route: '/auth/v1/settings', expect: all(200) },
  { method: 'GET', route: '/auth/v1/.well-known/jwks.json', expect: all(200) },
  { method: 'POST', route: '/auth/v1/signup', payload: {}, expect: all(422) },
  { method: 'POST', route: '/auth/v1/token', url: '/auth/v1/token?grant_type=password', payload: {}, expect: all(400) },
  { method: 'GET', route: '/auth/v1/user', expect: signedIn(200) },
  // No password in the body: the user is answered unchanged.
  { method: 'PUT', route: '/auth/v1/user', payload: {}, expect: signedIn(200) },
  // An unknown scope is refused after the sign-in check: no session ends.
  { method: 'POST', route: '/auth/v1/logout', url: '/auth/v1/logout?scope=nessuno', expect: signedIn(400) },
  { method: 'POST', route: '/auth/v1/recover', payload: {}, expect: all(400) },
  // Without a token: the redirect back to the app with otp_expired.
  { method: 'GET', route: '/auth/v1/verify', expect: all(303) },

  // PostgREST-compatible read of partite: anonymous role 401, users read, nobody writes.
  { method: 'GET', route: '/rest/v1/partite', url: '/rest/v1/partite?select=*', expect: signedIn(200) },
  ...(['POST', 'PATCH', 'PUT', 'DELETE'] as const).map((method): Row => ({ method, route: '/rest/v1/partite', expect: signedIn(403) })),
  // Any other table is not in the schema cache, for everyone (app.all: every method Fastify knows).
  ...(['GET', 'POST', 'PATCH', 'PUT', 'DELETE', 'OPTIONS', 'QUERY', 'TRACE'] as const).map(
    // (Fastify wants a content type on QUERY, as on POST.)
    (method): Row => ({ method, route: '/rest/v1/:table', url: '/rest/v1/users', ...(method === 'QUERY' ? { payload: {} } : {}), expect: all(404) }),
  ),

  // Categories (docs/users.md): editors list and rename, administrators create and delete.
  { method: 'GET', route: '/api/gruppi', expect: editorUp(200) },
  { method: 'POST', route: '/api/gruppi', payload: {}, expect: adminOnly(400) },
  { method: 'PUT', route: '/api/gruppi/:id', url: `/api/gruppi/${UNKNOWN_ID}`, payload: {}, expect: editorUp(400) },
  { method: 'DELETE', route: '/api/gruppi/:id', url: `/api/gruppi/${UNKNOWN_ID}`, expect: adminOnly(404) },
  { method: 'GET', route: '/api/gruppi/:id/eliminazione', url: `/api/gruppi/${UNKNOWN_ID}/eliminazione`, expect: adminOnly(404) },

  // Matches (docs/matches.md): the public listing is open, reading needs a sign-in, writing the editor role.
  // By pages (docs/public-page.md): a later page, as 'Mostra altre partite' asks it.
  { method: 'GET', route: '/api/partite/public', url: '/api/partite/public?offset=60&limit=60', expect: all(200) },
  { method: 'GET', route: '/api/partite/:id', url: `/api/partite/${UNKNOWN_ID}`, expect: signedIn(404) },
  { method: 'POST', route: '/api/partite', payload: {}, expect: editorUp(400) },
  // With designazioni (the match and its designations in one save): the match's fields are missing.
  { method: 'PUT', route: '/api/partite/:id', url: `/api/partite/${UNKNOWN_ID}`, payload: { designazioni: { arbitro: null, accompagnatore: null, addettoArbitro: null } }, expect: editorUp(400) },
  { method: 'DELETE', route: '/api/partite/:id', url: `/api/partite/${UNKNOWN_ID}`, expect: editorUp(404) },

  // Import: editors and administrators; an empty body is a 400 (nothing written).
  { method: 'POST', route: '/api/partite/import', payload: {}, expect: editorUp(400) },
  { method: 'POST', route: '/api/partite/import/check', payload: {}, expect: editorUp(400) },
  { method: 'GET', route: '/api/squadre/suggestions', url: '/api/squadre/suggestions?search=zz', expect: signedIn(200) },
  { method: 'GET', route: '/api/campi/suggestions', url: '/api/campi/suggestions?search=zz', expect: signedIn(200) },
  // Match status: editors and administrators; an empty body is a 400, an unknown operation a 404.
  { method: 'POST', route: '/api/partite/stato', payload: {}, expect: editorUp(400) },
  { method: 'POST', route: '/api/partite/stato/:operazione/annulla', url: `/api/partite/stato/${ZERO_UUID}/annulla`, expect: editorUp(404) },

  // Clashes: editors and administrators; an empty candidate has nothing to compare (200), no period is a 400.
  { method: 'POST', route: '/api/partite/conflitti', payload: {}, expect: editorUp(200) },
  { method: 'GET', route: '/api/occupazione', expect: editorUp(400) },
  // Training slots and the slot finder (docs/trainings.md): reading for every signed-in user, writing for editors up.
  { method: 'GET', route: '/api/allenamenti', expect: signedIn(200) },
  { method: 'POST', route: '/api/allenamenti', payload: {}, expect: editorUp(400) },
  { method: 'PUT', route: '/api/allenamenti/:id', url: `/api/allenamenti/${UNKNOWN_ID}`, payload: {}, expect: editorUp(400) },
  { method: 'DELETE', route: '/api/allenamenti/:id', url: `/api/allenamenti/${UNKNOWN_ID}`, expect: editorUp(404) },
  { method: 'POST', route: '/api/allenamenti/:id/salta', url: `/api/allenamenti/${UNKNOWN_ID}/salta`, payload: {}, expect: editorUp(400) },
  // The club's closures (docs/trainings.md): reading for every signed-in user, writing for editors up.
  { method: 'GET', route: '/api/chiusure', expect: signedIn(200) },
  { method: 'POST', route: '/api/chiusure', payload: {}, expect: editorUp(400) },
  { method: 'PUT', route: '/api/chiusure/:id', url: `/api/chiusure/${UNKNOWN_ID}`, payload: {}, expect: editorUp(400) },
  { method: 'DELETE', route: '/api/chiusure/:id', url: `/api/chiusure/${UNKNOWN_ID}`, expect: editorUp(404) },
  { method: 'GET', route: '/api/slot-liberi', expect: editorUp(400) },
  // Officials and designations (docs/officials.md): reading for every signed-in user, writing, feed addresses and the uncovered list for editors up.
  { method: 'GET', route: '/api/dirigenti', expect: signedIn(200) },
  { method: 'POST', route: '/api/dirigenti', payload: {}, expect: editorUp(400) },
  { method: 'PUT', route: '/api/dirigenti/:id', url: `/api/dirigenti/${UNKNOWN_ID}`, payload: {}, expect: editorUp(400) },
  { method: 'DELETE', route: '/api/dirigenti/:id', url: `/api/dirigenti/${UNKNOWN_ID}`, expect: editorUp(404) },
  { method: 'GET', route: '/api/dirigenti/:id/calendario', url: `/api/dirigenti/${UNKNOWN_ID}/calendario`, expect: editorUp(404) },
  { method: 'POST', route: '/api/dirigenti/:id/calendario/revoca', url: `/api/dirigenti/${UNKNOWN_ID}/calendario/revoca`, expect: editorUp(404) },
  { method: 'PUT', route: '/api/partite/:id/designazioni', url: `/api/partite/${UNKNOWN_ID}/designazioni`, payload: {}, expect: editorUp(400) },
  { method: 'GET', route: '/api/designazioni', expect: signedIn(400) },
  { method: 'GET', route: '/api/designazioni/scoperte', expect: editorUp(200) },

  // Exports (docs/api.md): any signed-in user; an empty body or query is a 400 (no file is made).
  { method: 'GET', route: '/api/exports/preview/table', expect: signedIn(400) },
  { method: 'GET', route: '/api/exports/preview/week', expect: signedIn(400) },
  { method: 'GET', route: '/api/exports/preview/day', expect: signedIn(400) },
  { method: 'POST', route: '/api/exports/table.csv', payload: {}, expect: signedIn(400) },
  { method: 'POST', route: '/api/exports/table.pdf', payload: {}, expect: signedIn(400) },
  { method: 'POST', route: '/api/exports/week.pdf', payload: {}, expect: signedIn(400) },
  { method: 'POST', route: '/api/exports/day.pdf', payload: {}, expect: signedIn(400) },

  // Calendar feeds: public like the dashboard's list; an unknown category is a 404.
  { method: 'GET', route: '/api/calendar.ics', expect: all(200) },
  { method: 'GET', route: '/api/calendar/:id.ics', url: `/api/calendar/${UNKNOWN_ID}.ics`, expect: all(404) },
  // An official's private feed (docs/officials.md): no sign-in, the token is the key; an unknown one is a 404.
  { method: 'GET', route: '/api/calendar/dirigente/:token.ics', url: `/api/calendar/dirigente/${'0'.repeat(64)}.ics`, expect: all(404) },

  // Notifications: the unsubscribe link of the mails, no sign-in (a signed token);
  // without a token the page (GET) and the one-click POST answer 400.
  { method: 'GET', route: '/api/notifiche/disiscrivi', expect: all(400) },
  { method: 'POST', route: '/api/notifiche/disiscrivi', expect: all(400) },

  // Users (docs/users.md): administrators only.
  { method: 'GET', route: '/api/users', expect: adminOnly(200) },
  { method: 'POST', route: '/api/users', payload: {}, expect: adminOnly(400) },
  { method: 'PUT', route: '/api/users/:id/role', url: `/api/users/${ZERO_UUID}/role`, payload: {}, expect: adminOnly(400) },
  { method: 'DELETE', route: '/api/users/:id', url: `/api/users/${ZERO_UUID}`, expect: adminOnly(404) },
  { method: 'POST', route: '/api/users/sync', payload: { nessuno: 1 }, expect: adminOnly(400) },
  { method: 'POST', route: '/api/users/:id/unlock', url: `/api/users/${ZERO_UUID}/unlock`, payload: {}, expect: adminOnly(404) },
  { method: 'POST', route: '/api/users/:id/reinvito', url: `/api/users/${ZERO_UUID}/reinvito`, payload: {}, expect: adminOnly(404) },
  { method: 'GET', route: '/api/user-audit', expect: adminOnly(200) },
  // Logs (docs/api.md): the error intake is open to everyone, the rest to administrators.
  { method: 'POST', route: '/api/error-logs', payload: {}, expect: all(400) },
  { method: 'GET', route: '/api/error-logs', expect: adminOnly(200) },
  { method: 'GET', route: '/api/error-stats', expect: adminOnly(200) },
  { method: 'PUT', route: '/api/error-logs/resolve-multiple', payload: {}, expect: adminOnly(400) },
  { method: 'PUT', route: '/api/error-logs/:id/resolve', url: `/api/error-logs/${ZERO_UUID}/resolve`, payload: {}, expect: adminOnly(404) },
  { method: 'GET', route: '/api/activities', expect: adminOnly(200) },
];

let t: TestApp;
const registered: string[] = [];
const users: Record<Role, TestUser | null> = { anonymous: null, reader: null, editor: null, admin: null };

beforeAll(async () => {
  t = await createTestApp({
    deps: {
      onRoute: (route) => {
        for (const method of [route.method].flat()) if (method !== 'HEAD') registered.push(`${method} ${route.url}`);
      },
    },
  });
  for (const role of ['reader', 'editor', 'admin'] as const) users[role] = await createUser(t.db.pool, role);
});
afterAll(() => t.close());

const key = (r: { method: string; route: string }) => `${r.method} ${r.route}`;

describe('S1 app-wide role matrix', () => {
  it('has exactly one row for each registered route (a new route without a row fails)', () => {
    expect(registered.length).toBeGreaterThan(30);
    const rows = MATRIX.map(key);
    expect(new Set(rows).size).toBe(rows.length);
    expect([...new Set(registered)].sort()).toEqual([...rows].sort());
  });

  it('no role is refused where a lower role gets through (catches a row built with the wrong helper)', () => {
    const rank: Record<Role, number> = { anonymous: 0, reader: 1, editor: 2, admin: 3 };
    const refused = (s: number) => s === 401 || s === 403;
    for (const row of MATRIX) {
      for (const low of ROLES) {
        for (const high of ROLES) {
          if (rank[high] > rank[low] && !refused(row.expect[low])) expect({ row: key(row), high, refused: refused(row.expect[high]) }).toEqual({ row: key(row), high, refused: false });
        }
      }
    }
  });

  for (const row of MATRIX) {
    for (const role of ROLES) {
      it(`${key(row)} as ${role}: ${row.expect[role]}`, async () => {
        const user = users[role];
        const res = await t.app.inject({
          method: row.method,
          url: row.url ?? row.route,
          headers: user ? bearer(user) : {},
          ...(row.payload ? { payload: row.payload } : {}),
        });
        expect(`${key(row)} as ${role}: ${res.statusCode}`).toBe(`${key(row)} as ${role}: ${row.expect[role]}`);
        // A refusal is the door's, never a handler's: 401 and 403 carry an Italian error body.
        if (res.statusCode === 401 || res.statusCode === 403) {
          const body = res.json();
          const message = body.error ?? body.msg ?? body.message;
          expect(typeof message).toBe('string');
          if (!row.route.startsWith('/rest/v1')) expect(message).not.toMatch(/\b(permission|denied|invalid|unauthori[sz]ed|forbidden)\b/i);
        }
      });
    }
  }
});
