import { buildApp } from '../app';
import { createTestApp, type TestApp } from '../../test/app';
import { bearer, createUser, TEST_PASSWORD } from '../../test/users';
import { LOGS_MSG } from '../../common/logs/messages';
import { MSG } from '../../common/core/messages';
import { ACCOUNT_LOCK_THRESHOLD, LOCK_THRESHOLD } from './lockout';
import type { FastifyInstance } from 'fastify';

const login = (app: FastifyInstance, body: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/api/login', payload: body as object, headers });

describe('POST /api/login and the account lock-out', () => {
  let t: TestApp;
  let second: FastifyInstance;
  beforeAll(async () => {
    t = await createTestApp();
    // A second server process on the same database (docs/operations.md, External PostgreSQL: several processes on one database).
    second = await buildApp({ ...t.app.deps });
    await second.ready();
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  it('signs in with the right password, records the sign-in, and answers no-store', async () => {
    const u = await createUser(t.db.pool, 'reader');
    const res = await login(t.app, { email: u.email.toUpperCase(), password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(res.headers['cache-control']).toBe('no-store');
    const { rows } = await t.db.pool.query('SELECT last_sign_in_at FROM public.users WHERE user_id = $1', [u.id]);
    expect(rows[0].last_sign_in_at).not.toBeNull();
  });

  it('400 without email or password, 401 on a wrong one', async () => {
    for (const body of [{}, { email: 'a@b.it' }, { password: 'x' }, { email: '  ', password: 'x' }, { email: 'a@b.it', password: '   ' }]) {
      const res = await login(t.app, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, error: 'Email e password sono richiesti' });
    }
    const u = await createUser(t.db.pool, 'reader');
    const res = await login(t.app, { email: u.email, password: 'Sbagliata1!' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, error: 'Email o password non corretti' });
  });

  it('bad input is a 4xx and records nothing: non-JSON, unknown fields, absurd lengths', async () => {
    const before = (await t.db.pool.query('SELECT count(*)::int AS n FROM public.login_attempts')).rows[0].n;
    const nonJson = await t.app.inject({ method: 'POST', url: '/api/login', payload: '{email:', headers: { 'content-type': 'application/json' } });
    expect(nonJson.statusCode).toBe(400);
    const text = await t.app.inject({ method: 'POST', url: '/api/login', payload: 'email=a', headers: { 'content-type': 'text/plain' } });
    // The app accepts JSON bodies only (docs/api.md, input).
    expect(text.statusCode).toBe(415);
    expect(text.json().error).toBeTruthy();
    const unknown = await login(t.app, { email: 'a@b.it', password: 'x', role: 'admin' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toBe('Campo non previsto: role');
    expect((await login(t.app, { email: `${'a'.repeat(300)}@b.it`, password: 'x' })).statusCode).toBe(400);
    expect((await login(t.app, { email: 'a@b.it', password: 'x'.repeat(5000) })).statusCode).toBe(400);
    expect((await login(t.app, { email: 42, password: ['x'] })).statusCode).toBe(400);
    const after = (await t.db.pool.query('SELECT count(*)::int AS n FROM public.login_attempts')).rows[0].n;
    expect(after).toBe(before);
  });

  it('a password over 72 bytes whose first 72 bytes are right is refused, never truncated', async () => {
    const u = await createUser(t.db.pool, 'reader');
    const longPassword = `${'Aa1!'.repeat(18)}`; // 72 bytes
    const { hash } = await import('@node-rs/bcrypt');
    await t.db.pool.query('UPDATE auth.users SET encrypted_password = $2 WHERE id = $1', [u.id, await hash(longPassword, { cost: 4 })]);
    expect((await login(t.app, { email: u.email, password: longPassword })).statusCode).toBe(200);
    expect((await login(t.app, { email: u.email, password: `${longPassword}X` })).statusCode).toBe(401);
  });

  it('5 failures lock the account: the 6th attempt is refused even with the right password, on both processes and on /auth/v1/token', async () => {
    const u = await createUser(t.db.pool, 'reader');
    for (let i = 1; i <= 5; i++) {
      // Alternate the two processes: the count lives in the database.
      const res = await login(i % 2 ? t.app : second, { email: u.email, password: `Sbagliata${i}!` });
      expect(res.statusCode).toBe(401);
    }
    const sixth = await login(t.app, { email: u.email, password: TEST_PASSWORD });
    expect(sixth.statusCode).toBe(429);
    const body = sixth.json();
    expect(body).toEqual({
      success: false,
      error: 'Account temporaneamente bloccato per troppi tentativi falliti.',
      isRateLimited: true,
      remainingTime: expect.any(Number),
    });
    expect(body.remainingTime).toBeGreaterThan(15 * 60 - 5);
    expect(body.remainingTime).toBeLessThanOrEqual(15 * 60);

    // The other process sees the lock too.
    const onSecond = await login(second, { email: u.email, password: TEST_PASSWORD });
    expect(onSecond.statusCode).toBe(429);
    // And so does the protocol's password grant.
    const token = await second.inject({
      method: 'POST',
      url: '/auth/v1/token?grant_type=password',
      payload: { email: u.email, password: TEST_PASSWORD, gotrue_meta_security: {} },
    });
    expect(token.statusCode).toBe(429);
    expect(token.json().code).toBe('over_request_rate_limit');

    // remainingTime counts down: move the lock 100 s closer to its end.
    await t.db.pool.query(`UPDATE public.account_locks SET locked_until = locked_until - interval '100 seconds' WHERE email = $1`, [u.email]);
    const later = (await login(second, { email: u.email, password: TEST_PASSWORD })).json();
    expect(later.remainingTime).toBeLessThanOrEqual(body.remainingTime - 100);

    // The lock ends: the right password works again.
    await t.db.pool.query(`UPDATE public.account_locks SET locked_until = now() - interval '1 second' WHERE email = $1`, [u.email]);
    const after = await login(t.app, { email: u.email, password: TEST_PASSWORD });
    expect(after.statusCode).toBe(200);
    // The old failures do not re-lock at the next mistake.
    expect((await login(t.app, { email: u.email, password: 'Sbagliata9!' })).statusCode).toBe(401);
    expect((await login(t.app, { email: u.email, password: TEST_PASSWORD })).statusCode).toBe(200);
  });

  describe('parallel attempts cannot slip past the lock-out', () => {
    const failures = async (email: string) =>
      (await t.db.pool.query('SELECT count(*)::int AS n FROM public.login_attempts WHERE email = $1 AND NOT success', [email])).rows[0].n;
    const viaLogin = (app: FastifyInstance, email: string, password: string) => login(app, { email, password });
    const viaToken = (app: FastifyInstance, email: string, password: string) =>
      app.inject({
        method: 'POST',
        url: '/auth/v1/token?grant_type=password',
        payload: { email, password, gotrue_meta_security: {} },
      });
    const endpoints = [
      { name: '/api/login', send: viaLogin, invalid: 401 },
      { name: '/auth/v1/token', send: viaToken, invalid: 400 },
    ];

    it.each(endpoints)('$name: 20 concurrent wrong passwords on two processes evaluate at most 5, lock the account, and the right password is then refused', async ({ send, invalid }) => {
      const u = await createUser(t.db.pool, 'reader');
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => send(i % 2 ? t.app : second, u.email, `Sbagliata${i}!`)),
      );
      const statuses = answers.map((a) => a.statusCode);
      expect(statuses.filter((s) => s === invalid)).toHaveLength(5);
      expect(statuses.filter((s) => s === 429)).toHaveLength(15);
      expect(await failures(u.email)).toBe(5);
      const right = await send(t.app, u.email, TEST_PASSWORD);
      expect(right.statusCode).toBe(429);
      expect(right.json()).toMatchObject({ isRateLimited: true, remainingTime: expect.any(Number) });
      expect(right.json().remainingTime).toBeGreaterThan(15 * 60 - 10);
    });

    it.each(endpoints)('$name: 39 wrong and the right password all at once: at most 5 evaluated, locked afterwards', async ({ send, invalid }) => {
      const u = await createUser(t.db.pool, 'reader');
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) => send(i % 2 ? t.app : second, u.email, i === 39 ? TEST_PASSWORD : `Sbagliata${i}!`)),
      );
      const statuses = answers.map((a) => a.statusCode);
      const evaluated = statuses.filter((s) => s !== 429).length;
      expect(evaluated).toBeLessThanOrEqual(5);
      expect(statuses.filter((s) => s === invalid).length).toBeLessThanOrEqual(5);
      expect(await failures(u.email)).toBeLessThanOrEqual(5);
      if (statuses[39] === 200) {
        // The right password was among the first five: it counts as a success, as if it came first.
        expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(34);
      } else {
        expect(statuses[39]).toBe(429);
        expect((await send(second, u.email, TEST_PASSWORD)).statusCode).toBe(429);
      }
    });

    it('the fifth attempt, if right, signs in and lifts the lock it placed in advance', async () => {
      const u = await createUser(t.db.pool, 'reader');
      for (let i = 1; i <= 4; i++) expect((await login(t.app, { email: u.email, password: `Sbagliata${i}!` })).statusCode).toBe(401);
      expect((await login(t.app, { email: u.email, password: TEST_PASSWORD })).statusCode).toBe(200);
      const { rows } = await t.db.pool.query('SELECT 1 FROM public.account_locks WHERE email = $1 AND locked_until > now()', [u.email]);
      expect(rows).toHaveLength(0);
      // The success resets the count: the next mistake is not the fifth.
      expect((await login(t.app, { email: u.email, password: 'Sbagliata9!' })).statusCode).toBe(401);
      expect((await login(t.app, { email: u.email, password: TEST_PASSWORD })).statusCode).toBe(200);
    });
  });

  it('five failures lock the account for that address only: the right password from another still works; an unknown email behaves alike (docs/auth.md, lock-out)', async () => {
    const u = await createUser(t.db.pool, 'reader');
    const unknownEmail = 'mai-registrato@example.it';
    const answers: Record<string, Array<{ status: number; body: unknown }>> = { known: [], unknown: [] };
    for (let i = 1; i <= 6; i++) {
      for (const [kind, email] of [
        ['known', u.email],
        ['unknown', unknownEmail],
      ] as const) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { email, password: `Sbagliata${i}!` },
          remoteAddress: kind === 'known' ? '10.0.0.1' : '10.0.0.2',
        });
        const b = res.json();
        answers[kind].push({ status: res.statusCode, body: { ...b, remainingTime: b.remainingTime === undefined ? undefined : 'n' } });
      }
    }
    expect(answers.known.map((a) => a.status)).toEqual([401, 401, 401, 401, 401, 429]);
    expect(answers.unknown).toEqual(answers.known);
    // The attacker's address stays locked out, the right password included...
    const right = (remoteAddress: string) => t.app.inject({ method: 'POST', url: '/api/login', payload: { email: u.email, password: TEST_PASSWORD }, remoteAddress });
    expect((await right('10.0.0.1')).statusCode).toBe(429);
    // ...while the account's owner signs in from their own.
    expect((await right('10.0.0.99')).statusCode).toBe(200);
    // Another account from the same address is not affected.
    const other = await createUser(t.db.pool, 'reader');
    expect((await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: other.email, password: TEST_PASSWORD }, remoteAddress: '10.0.6.1' })).statusCode).toBe(200);
    // Recovery mail still works while locked.
    const before = t.smtp.mails.length;
    const forgot = await t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: u.email } });
    expect(forgot.statusCode).toBe(200);
    const mail = await t.smtp.waitFor(u.email, 10000, before);
    expect(mail.text).toContain('/auth/v1/verify?token=');
  });

  it(`failures spread over many addresses lock the account everywhere at ${ACCOUNT_LOCK_THRESHOLD}`, async () => {
    const u = await createUser(t.db.pool, 'reader');
    const statuses: number[] = [];
    for (let i = 0; i < ACCOUNT_LOCK_THRESHOLD; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: u.email, password: 'Sbagliata1!' }, remoteAddress: `10.20.${Math.floor(i / 4)}.${i % 4}` });
      statuses.push(res.statusCode);
    }
    expect(new Set(statuses)).toEqual(new Set([401]));
    const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: u.email, password: TEST_PASSWORD }, remoteAddress: '10.21.0.1' });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ success: false, error: MSG.login.locked, isRateLimited: true });
  });

  it('a password set by its owner (a completed reset) lifts the lock', async () => {
    const u = await createUser(t.db.pool, 'reader');
    for (let i = 0; i < LOCK_THRESHOLD; i++) {
      await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: u.email, password: 'Sbagliata1!' }, remoteAddress: '10.30.0.1' });
    }
    const locked = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: u.email, password: TEST_PASSWORD }, remoteAddress: '10.30.0.1' });
    expect(locked.statusCode).toBe(429);
    // The reset link signs the owner in (here from another address); the new password is set through the protocol.
    const session = await t.app.inject({ method: 'POST', url: '/auth/v1/token?grant_type=password', payload: { email: u.email, password: TEST_PASSWORD }, remoteAddress: '10.30.0.2' });
    const token = session.json().access_token;
    expect(typeof token).toBe('string');
    const changed = await t.app.inject({ method: 'PUT', url: '/auth/v1/user', headers: { authorization: `Bearer ${token}` }, payload: { password: 'NuovaPassword9!' } });
    expect(changed.statusCode).toBe(200);
    const after = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: u.email, password: 'NuovaPassword9!' }, remoteAddress: '10.30.0.1' });
    expect(after.statusCode).toBe(200);
  });

  it("an administrator's action lifts the lock: the list shows it, POST /api/users/:id/unlock lifts it and logs who did it", async () => {
    const admin = await createUser(t.db.pool, 'admin');
    const editor = await createUser(t.db.pool, 'editor');
    const u = await createUser(t.db.pool, 'reader');
    for (let i = 0; i < ACCOUNT_LOCK_THRESHOLD; i++) {
      await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: u.email, password: 'Sbagliata1!' }, remoteAddress: `10.40.${Math.floor(i / 4)}.${i % 4}` });
    }
    const signIn = () => t.app.inject({ method: 'POST', url: '/api/login', payload: { email: u.email, password: TEST_PASSWORD }, remoteAddress: '10.41.0.1' });
    expect((await signIn()).statusCode).toBe(429);
    const listed = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/users', headers: bearer(admin) })).json().data.find((r: { id: string }) => r.id === u.id);
    const row = await listed();
    expect(Date.parse(row.locked_until)).toBeGreaterThan(Date.now() + 10 * 60 * 1000);
    const unlock = (who: { token: string }, id = u.id, payload: object = {}) =>
      t.app.inject({ method: 'POST', url: `/api/users/${id}/unlock`, headers: bearer(who), payload });
    // Only an admin; bad input changes nothing.
    expect((await unlock(editor)).json()).toEqual({ error: MSG.users.forbiddenUnlock });
    expect((await unlock(admin, u.id, { anche: 1 })).statusCode).toBe(400);
    expect((await unlock(admin, 'non-un-id')).json()).toEqual({ error: MSG.users.idInvalid });
    expect((await unlock(admin, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await signIn()).statusCode).toBe(429);
    // The id in upper case is the same account.
    const res = await unlock(admin, u.id.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MSG.users.unlocked(u.email) });
    expect((await listed()).locked_until).toBeNull();
    const activity = await t.db.pool.query('SELECT activity_type AS type, activity_message AS message, user_email FROM public.activity_logs WHERE activity_message = $1', [LOGS_MSG.activity.userUnlocked(u.email)]);
    expect(activity.rows).toEqual([{ type: 'warning', message: LOGS_MSG.activity.userUnlocked(u.email), user_email: admin.email }]);
    expect((await signIn()).statusCode).toBe(200);
    // Nothing left to unlock: said so, nothing logged.
    expect((await unlock(admin)).json()).toEqual({ error: MSG.users.notLocked(u.email) });
  });

  it('an unknown email costs about the same time as a wrong password (dummy hash)', async () => {
    const u = await createUser(t.db.pool, 'reader');
    const { hash } = await import('@node-rs/bcrypt');
    await t.db.pool.query('UPDATE auth.users SET encrypted_password = $2 WHERE id = $1', [u.id, await hash(TEST_PASSWORD, { cost: 10 })]);
    const time = async (email: string) => {
      const start = process.hrtime.bigint();
      await t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password: 'Sbagliata1!' }, remoteAddress: '10.9.9.9' });
      return Number(process.hrtime.bigint() - start) / 1e6;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 4; i++) {
      // Different emails each round so that no lock is reached.
      known.push(await time(u.email));
      unknown.push(await time(`assente${i}@example.it`));
      await t.db.pool.query('DELETE FROM public.login_attempts');
    }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    // bcrypt at cost 10 dominates both (tens of ms); without the dummy hash unknown would take ~1 ms.
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.5);
  });

  it('per-IP limit on top of the lock-out: 429 with retryAfter', async () => {
    await t.db.pool.query(`INSERT INTO public.rate_limits (key, window_start, hits) VALUES ('ip:login:10.7.7.7', now(), 150)`);
    const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'x@y.it', password: 'x' }, remoteAddress: '10.7.7.7' });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ success: false, error: 'Troppi tentativi di login. Riprova più tardi.', retryAfter: expect.any(Number) });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // Other addresses are not limited.
    expect((await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'x@y.it', password: 'x' }, remoteAddress: '10.7.7.8' })).statusCode).toBe(401);
  });
});
