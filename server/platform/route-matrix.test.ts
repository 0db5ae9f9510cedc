import { createTestApp, type TestApp } from '../../test/app';
import { bearer, createUser, type TestUser } from '../../test/users';
import { ROLES, adminOnly, all, type Role, type Row } from '../../test/access';
import fs from 'node:fs';
import path from 'node:path';

/** Every `routes.access.ts` under server/: each capability declares its rows beside its routes. */
function declaredRows(): Row[] {
  const root = path.resolve(__dirname, '..');
  const files = fs
    .readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((f) => path.basename(f) === 'routes.access.ts')
    .sort();
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- Jest compiles to CommonJS; the list is read from disk
  return files.flatMap((f) => (require(path.join(root, f)) as { accessRows: Row[] }).accessRows);
}

// docs/testing.md, app-wide: every route the app registers (collected with an onRoute hook while
// the real app is built) has one row, with the exact status of each role: the platform's here, each capability's in the
// routes.access.ts beside its routes. The table must
// cover exactly the registered routes: a new route without a row fails, and so does a row whose
// route went away. Each request is harmless (an invalid body, an unknown id, a bad query value)
// so that nothing changes between cells; what the matrix pins is who gets past the door — 401
// (no valid sign-in) vs 403 (signed in, role too low) vs anything else (the handler ran).
// The per-feature matrices (partite, users, gruppi, auth) keep checking the messages and the
// successful writes. HEAD routes are Fastify's automatic twins of the GET routes; the SPA's
// static files (registered only with a client folder) are public assets, not part of this table.

const MATRIX: Row[] = [
  // Platform
  { method: 'GET', route: '/api/health', expect: all(200) },
  // The OpenAPI document of every route (server/shared/route-schemas.ts).
  { method: 'GET', route: '/api/docs/json', expect: adminOnly(200) },
  // Each capability's rows, declared beside its routes (routes.access.ts).
  ...declaredRows(),
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
