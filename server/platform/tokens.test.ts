import fs from 'node:fs';
import path from 'node:path';
import { createTestApp, type TestApp } from '../../test/app';
import { bearer, createUser, type TestUser } from '../../test/users';

// Every token the app hands out (sessions, one-time links, unsubscribe links, private calendar addresses)
// comes from the operating system's CSPRNG (node:crypto), never from PostgreSQL's random(), a
// pseudo-random generator whose outputs predict the next ones.

const ROOT = path.resolve(__dirname, '..');
function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.(ts|sql)$/.test(e.name) && !e.name.endsWith('.test.ts') ? [p] : [];
  });
}

describe('tokens from a CSPRNG', () => {
  it("no code of the server calls PostgreSQL's random() (the column default of migration 018 is never used: every insert passes its token)", () => {
    const offenders = sources(ROOT)
      .filter((f) => !/[/\\]migrations[/\\]0(0\d|1\d|20)-/.test(f))
      .filter((f) => /\brandom\(\)/.test(fs.readFileSync(f, 'utf8')))
      .map((f) => path.relative(ROOT, f));
    expect(offenders).toEqual([]);
  });

  describe("an official's private calendar address", () => {
    let t: TestApp;
    let admin: TestUser;
    beforeAll(async () => {
      t = await createTestApp();
      admin = await createUser(t.db.pool, 'admin');
    });
    afterAll(() => t.close());

    it('is 64 hex characters, new for each person and on each revoke', async () => {
      const tokens = new Set<string>();
      for (const n of [1, 2, 3]) {
        const res = await t.app.inject({ method: 'POST', url: '/api/dirigenti', headers: bearer(admin), payload: { nome: 'Mario', cognome: `Rossi ${n}`, email: `mario${n}@example.it`, telefono: null, qualifiche: ['accompagnatore'] } });
        expect(res.statusCode).toBe(201);
        const id = res.json().data.id;
        const { rows } = await t.db.pool.query('SELECT calendar_token FROM public.dirigenti WHERE id = $1', [id]);
        tokens.add(rows[0].calendar_token);
        const revoked = await t.app.inject({ method: 'POST', url: `/api/dirigenti/${id}/calendario/revoca`, headers: bearer(admin) });
        expect(revoked.statusCode).toBe(200);
        const after = await t.db.pool.query('SELECT calendar_token FROM public.dirigenti WHERE id = $1', [id]);
        tokens.add(after.rows[0].calendar_token);
      }
      expect(tokens.size).toBe(6);
      for (const token of tokens) expect(token).toMatch(/^[0-9a-f]{64}$/);
    });
  });
});
