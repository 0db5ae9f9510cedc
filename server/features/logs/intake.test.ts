import { createTestApp, type TestApp } from '../../../test/app';
import type { Db } from '../../db/pool';
import { IntakeBatcher, MemoryRateLimit } from './intake';
import { errorHash, type NewError } from './repo';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const rows = async (message: string) =>
  (await t.db.pool.query('SELECT occurrence_count, resolved FROM public.error_logs WHERE error_message = $1 ORDER BY created_at', [message])).rows;

/** The real pool, counting the statements that reach it. */
function counting() {
  const seen = { statements: 0 };
  const db = { query: (...args: unknown[]) => (seen.statements++, (t.db.pool.query as (...a: unknown[]) => unknown)(...args)) } as unknown as Db;
  return { db, seen };
}
const hashOf = (e: NewError) => errorHash(e.type, e.message, e.stack);
const err = (message: string): NewError => ({ type: 'frontend', severity: 'low', message, stack: 'Error\n    at x (a.js:1:1)' });

it('HTTP: 400 parallel reports of one error are 400 201s and occurrence_count 400 in one row', async () => {
  const n = 400;
  const res = await Promise.all(
    Array.from({ length: n }, (_, i) =>
      t.app.inject({
        method: 'POST',
        url: '/api/error-logs',
        payload: { message: 'Raffica', type: 'frontend' },
        remoteAddress: `10.20.${i >> 8}.${i & 255}`,
      }),
    ),
  );
  expect(res.filter((r) => r.statusCode === 201)).toHaveLength(n);
  expect(await rows('Raffica')).toEqual([{ occurrence_count: n, resolved: false }]);
});

it('group commit: a burst is a few statements, counts per hash exact, an existing open row grows', async () => {
  const { db, seen } = counting();
  const b = new IntakeBatcher(db, hashOf, 20);
  await b.add(err('A'));
  expect(seen.statements).toBe(1);
  await Promise.all([...Array.from({ length: 250 }, () => b.add(err('A'))), ...Array.from({ length: 70 }, () => b.add(err('B')))]);
  expect(seen.statements).toBeLessThanOrEqual(3);
  expect(await rows('A')).toEqual([{ occurrence_count: 251, resolved: false }]);
  expect(await rows('B')).toEqual([{ occurrence_count: 70, resolved: false }]);
  // A resolved error reported again opens a new row, as with the one-by-one upsert.
  await t.db.pool.query(`UPDATE public.error_logs SET resolved = true, resolved_at = now() WHERE error_message = 'A'`);
  await Promise.all([b.add(err('A')), b.add(err('A'))]);
  expect(await rows('A')).toEqual([
    { occurrence_count: 251, resolved: true },
    { occurrence_count: 2, resolved: false },
  ]);
  await b.close();
});

it('a failing batch fails every report in it and writes none of them', async () => {
  const b = new IntakeBatcher(t.db.pool, hashOf, 20);
  const tooLong = 'x'.repeat(1001); // violates the CHECK on error_message
  const results = await Promise.allSettled([b.add(err('Buono')), b.add(err('Buono')), b.add(err(tooLong))]);
  expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
  expect(await rows('Buono')).toEqual([]);
  // The next batch is fine.
  await b.add(err('Buono'));
  expect(await rows('Buono')).toEqual([{ occurrence_count: 1, resolved: false }]);
  await b.close();
});

it('close writes what is queued', async () => {
  const b = new IntakeBatcher(t.db.pool, hashOf, 1000);
  const p = Promise.all([b.add(err('In chiusura')), b.add(err('In chiusura'))]);
  await b.close();
  await p;
  expect(await rows('In chiusura')).toEqual([{ occurrence_count: 2, resolved: false }]);
});

describe('MemoryRateLimit', () => {
  it('max per window per key, retry-after, a new window after it', () => {
    let now = 1_000_000;
    const l = new MemoryRateLimit(3, 60, 100, () => now);
    expect([1, 2, 3, 4].map(() => l.hit('a').limited)).toEqual([false, false, false, true]);
    expect(l.hit('a').retryAfter).toBe(60);
    expect(l.hit('b').limited).toBe(false);
    now += 59_000;
    expect(l.hit('a')).toEqual({ limited: true, retryAfter: 1 });
    now += 1_000;
    expect(l.hit('a').limited).toBe(false);
  });

  it('stays bounded under a flood of addresses', () => {
    let now = 0;
    const l = new MemoryRateLimit(60, 60, 1000, () => now);
    for (let i = 0; i < 5000; i++) l.hit(`ip${i}`);
    expect(l.size).toBeLessThanOrEqual(1000);
    now += 61_000;
    l.hit('late');
    for (let i = 0; i < 1000; i++) l.hit(`x${i}`);
    expect(l.size).toBeLessThanOrEqual(1000);
  });
});
