import { createTestApp, type TestApp } from '../../test/app';
import { bearer, createUser, TEST_PASSWORD } from '../../test/users';
import { linkIn } from '../../test/smtp';
import { LIMITS } from '../shared/rate-limit';
import type { Pool } from '../db/pool';
import { IP_BLOCK_RECORD_INTERVAL_MS, shouldRecordIpBlock } from './ip-block';

// The auth actions on the activity log besides sign-in (docs/logs.md): password change
// or reset, recovery requests, per-IP sign-in blocks, sign-out. Each writes exactly one record,
// with no password or token in it.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const count = async () => (await t.db.pool.query('SELECT count(*)::int AS n FROM public.activity_logs')).rows[0].n as number;
const since = async (n: number) =>
  (await t.db.pool.query('SELECT *, host(ip_address) AS ip FROM public.activity_logs ORDER BY id OFFSET $1', [n])).rows;

/** The records after `n`, once there are `expected` of them (recovery records are written after the answer). */
async function waitSince(n: number, expected: number, timeoutMs = 15_000) {
  const until = Date.now() + timeoutMs;
  while ((await count()) < n + expected && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
  // A little longer, so that a second (unwanted) record would be seen too.
  await new Promise((r) => setTimeout(r, 200));
  return since(n);
}

const noSecret = (rows: unknown[], secrets: string[]) => {
  const text = JSON.stringify(rows);
  for (const s of secrets) expect(text.includes(s)).toBe(false);
};

async function signIn(email: string, password = TEST_PASSWORD) {
  const res = await t.app.inject({ method: 'POST', url: '/auth/v1/token?grant_type=password', payload: { email, password } });
  expect(res.statusCode).toBe(200);
  return res.json() as { access_token: string; refresh_token: string };
}

describe('password change (PUT /auth/v1/user)', () => {
  it('a signed-in user changing their password: one success record, no password or token; a refused change none', async () => {
    const user = await createUser(t.db.pool, 'editor', 'cambio-pw@example.it');
    const session = await signIn(user.email);
    const before = await count();
    const weak = await t.app.inject({
      method: 'PUT',
      url: '/auth/v1/user',
      headers: { authorization: `Bearer ${session.access_token}` },
      payload: { password: 'corta' },
    });
    expect(weak.statusCode).toBe(422);
    expect(await count()).toBe(before);

    const newPassword = 'NuovaPassword7!';
    const res = await t.app.inject({
      method: 'PUT',
      url: '/auth/v1/user',
      headers: { authorization: `Bearer ${session.access_token}`, 'user-agent': 'Prova/2.0' },
      payload: { password: newPassword },
      remoteAddress: '10.4.4.4',
    });
    expect(res.statusCode).toBe(200);
    const rows = await since(before);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      activity_type: 'success',
      activity_message: 'Password modificata: cambio-pw@example.it',
      endpoint: 'PUT /auth/v1/user',
      user_id: user.id,
      user_email: user.email,
      user_role: 'editor',
      ip: '10.4.4.4',
      user_agent: 'Prova/2.0',
      context: { via: 'session' },
    });
    noSecret(rows, [newPassword, TEST_PASSWORD, session.access_token, session.refresh_token]);
  });
});

describe('password recovery', () => {
  it('a request for an unknown address: one info record naming the address, no user id; the answer is the same as for an account', async () => {
    const known = await createUser(t.db.pool, 'reader', 'recupero-noto@example.it');
    let before = await count();
    const unknownRes = await t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: 'Nessuno-Recupero@example.it' } });
    let rows = await waitSince(before, 1);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      activity_type: 'info',
      activity_message: 'Recupero password richiesto: nessuno-recupero@example.it',
      endpoint: 'POST /api/forgot-password',
      user_id: null,
      user_email: 'nessuno-recupero@example.it',
      user_role: null,
      context: { outcome: 'unknown_account' },
    });

    before = await count();
    const mails = t.smtp.mails.length;
    const knownRes = await t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: known.email } });
    expect(knownRes.statusCode).toBe(unknownRes.statusCode);
    expect(knownRes.body).toBe(unknownRes.body);
    const link = linkIn(await t.smtp.waitFor(known.email, 10000, mails));
    rows = await waitSince(before, 1);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      activity_type: 'info',
      activity_message: `Recupero password richiesto: ${known.email}`,
      user_id: known.id,
      user_email: known.email,
      user_role: 'reader',
      context: { outcome: 'link_issued' },
    });
    noSecret(rows, [new URL(link).searchParams.get('token')!, link]);

    // Again within the mail cooldown (GoTrue's /recover this time): recorded, no mail.
    before = await count();
    const again = await t.app.inject({ method: 'POST', url: '/auth/v1/recover', payload: { email: known.email } });
    expect(again.statusCode).toBe(200);
    rows = await waitSince(before, 1);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ endpoint: 'POST /auth/v1/recover', user_id: known.id, context: { outcome: 'cooldown' } });
  }, 30_000);

  it('the reset through the mailed link: the new password is recorded as changed via the link, without the token', async () => {
    const user = await createUser(t.db.pool, 'reader', 'reset-link@example.it');
    const mails = t.smtp.mails.length;
    let before = await count();
    await t.app.inject({ method: 'POST', url: '/auth/v1/recover', payload: { email: user.email } });
    const link = linkIn(await t.smtp.waitFor(user.email, 10000, mails));
    await waitSince(before, 1);
    const verified = await t.app.inject({ url: link.replace(t.config.publicUrl, '') });
    const hash = new URLSearchParams(verified.headers.location!.split('#')[1]);
    const access = hash.get('access_token')!;
    before = await count();
    const newPassword = 'Reimpostata8!';
    const put = await t.app.inject({ method: 'PUT', url: '/auth/v1/user', headers: { authorization: `Bearer ${access}` }, payload: { password: newPassword } });
    expect(put.statusCode).toBe(200);
    const rows = await since(before);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      activity_type: 'success',
      activity_message: `Password modificata: ${user.email}`,
      user_id: user.id,
      context: { via: 'link' },
    });
    noSecret(rows, [newPassword, access, hash.get('refresh_token')!, new URL(link).searchParams.get('token')!]);
  }, 30_000);
});

describe('per-IP sign-in limit', () => {
  /** The IP's counter of `limit` at its maximum, as after that many requests. */
  const exhaust = (limit: { name: string; max: number }, ip: string) =>
    t.db.pool.query(
      `INSERT INTO public.rate_limits (key, window_start, hits) VALUES ($1, now(), $2)
       ON CONFLICT (key) DO UPDATE SET window_start = now(), hits = $2`,
      [`ip:${limit.name}:${ip}`, limit.max],
    );

  it('a refusal is a warning record; a burst of refusals from one IP makes one record a minute, across both sign-in endpoints', async () => {
    const user = await createUser(t.db.pool, 'reader', 'bloccato-ip@example.it');
    await exhaust(LIMITS.login, '10.7.7.7');
    await exhaust(LIMITS.token, '10.7.7.7');
    const before = await count();
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: user.email, password: TEST_PASSWORD }, remoteAddress: '10.7.7.7' });
      expect(res.statusCode).toBe(429);
    }
    const token = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/token?grant_type=password',
      payload: { email: user.email, password: TEST_PASSWORD },
      remoteAddress: '10.7.7.7',
    });
    expect(token.statusCode).toBe(429);
    let rows = await since(before);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      activity_type: 'warning',
      activity_message: "Troppe richieste di accesso dall'indirizzo 10.7.7.7: richieste bloccate",
      endpoint: 'POST /api/login',
      ip: '10.7.7.7',
      user_id: null,
      user_email: null,
      context: { limit: 'login', max: LIMITS.login.max },
    });
    noSecret(rows, [TEST_PASSWORD]);

    // Another IP refused by GoTrue's token endpoint: its own record.
    await exhaust(LIMITS.token, '10.8.8.8');
    const other = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/token?grant_type=password',
      payload: { email: user.email, password: TEST_PASSWORD },
      remoteAddress: '10.8.8.8',
    });
    expect(other.statusCode).toBe(429);
    rows = await since(before);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({ activity_type: 'warning', endpoint: 'POST /auth/v1/token', ip: '10.8.8.8', context: { limit: 'token' } });
    noSecret(rows, [TEST_PASSWORD]);
  });

  it('the once-a-minute memory: per IP, again after a minute', () => {
    const pool = {} as Pool;
    expect(shouldRecordIpBlock(pool, '10.0.0.1', 1_000_000)).toBe(true);
    expect(shouldRecordIpBlock(pool, '10.0.0.1', 1_000_000 + IP_BLOCK_RECORD_INTERVAL_MS - 1)).toBe(false);
    expect(shouldRecordIpBlock(pool, '10.0.0.2', 1_000_001)).toBe(true);
    expect(shouldRecordIpBlock(pool, '10.0.0.1', 1_000_000 + IP_BLOCK_RECORD_INTERVAL_MS)).toBe(true);
    // Another app (another database) keeps its own memory.
    expect(shouldRecordIpBlock({} as Pool, '10.0.0.1', 1_000_000 + IP_BLOCK_RECORD_INTERVAL_MS)).toBe(true);
  });
});

describe('sign-out (POST /auth/v1/logout)', () => {
  it('one info record naming the user, without the tokens', async () => {
    const user = await createUser(t.db.pool, 'admin', 'uscita@example.it');
    const session = await signIn(user.email);
    const before = await count();
    const res = await t.app.inject({ method: 'POST', url: '/auth/v1/logout', headers: { authorization: `Bearer ${session.access_token}` } });
    expect(res.statusCode).toBe(204);
    const rows = await since(before);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      activity_type: 'info',
      activity_message: 'Disconnessione effettuata: uscita@example.it',
      endpoint: 'POST /auth/v1/logout',
      user_id: user.id,
      user_email: user.email,
      user_role: 'admin',
      context: { scope: 'global' },
    });
    noSecret(rows, [session.access_token, session.refresh_token, user.token]);
    // Signed out: a second try is refused and records nothing.
    expect((await t.app.inject({ method: 'POST', url: '/auth/v1/logout', headers: bearer(user) })).statusCode).toBe(403);
    expect(await count()).toBe(before + 1);
  });
});
