import { SignJWT } from 'jose';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { createTestApp, TEST_JWT_SECRET, type TestApp } from '../../test/app';
import { bearer, createUser, TEST_PASSWORD } from '../../test/users';
import { linkIn } from '../../test/smtp';
import { requireRole } from '../shared/auth-guard';
import { issueLink } from './links';
import { signAccessToken } from './jwt';

type Session = { access_token: string; refresh_token: string; expires_in: number };

describe('auth security (docs/auth.md)', () => {
  let t: TestApp;
  let second: FastifyInstance;
  beforeAll(async () => {
    t = await createTestApp();
    // A second process on the same database, with an admin-only probe route.
    second = await buildApp({ ...t.app.deps });
    second.get('/api/probe-admin', { preHandler: requireRole('admin') }, async (req) => ({ role: req.user!.role }));
    await second.ready();
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  const signIn = async (email: string, password = TEST_PASSWORD, app: FastifyInstance = t.app): Promise<Session> => {
    const res = await app.inject({ method: 'POST', url: '/auth/v1/token?grant_type=password', payload: { email, password, gotrue_meta_security: {} } });
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const refresh = (token: string, app: FastifyInstance = t.app) =>
    app.inject({ method: 'POST', url: '/auth/v1/token?grant_type=refresh_token', payload: { refresh_token: token } });
  const getUser = (token: string) => t.app.inject({ url: '/auth/v1/user', headers: { authorization: `Bearer ${token}` } });
  const me = (token: string) => t.app.inject({ url: '/api/me', headers: { authorization: `Bearer ${token}` } });

  describe('tampered tokens are refused with the protocol codes', () => {
    it('alg none, wrong signature, expired, wrong aud, no token', async () => {
      const u = await createUser(t.db.pool, 'admin');
      const [header, payload] = u.token.split('.');
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
      const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
      const elevated = Buffer.from(JSON.stringify({ ...claims, app_role: 'admin', exp: claims.exp + 99999 })).toString('base64url');
      const tampered = `${header}.${elevated}.${u.token.split('.')[2]}`;
      const otherKey = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode('x'.repeat(48)));
      const now = Math.floor(Date.now() / 1000);
      const base = { sub: u.id, email: u.email, session_id: u.sessionId, app_role: 'admin' as const, app_metadata: {}, user_metadata: {} };
      const expired = (await signAccessToken(TEST_JWT_SECRET, 'x', base, now - 7200)).token;
      const wrongAud = await new SignJWT({ ...claims, aud: 'anon' }).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode(TEST_JWT_SECRET));
      const anonKey = (await t.app.inject({ url: '/api/config' })).json().supabaseAnonKey;
      for (const token of [none, tampered, otherKey, expired, wrongAud, anonKey, 'abc']) {
        const res = await getUser(token);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ code: 'bad_jwt', error_code: 'bad_jwt' });
        expect(res.headers['x-supabase-api-version']).toBe('2024-01-01');
        expect((await me(token)).statusCode).toBe(401);
      }
      const missing = await t.app.inject({ url: '/auth/v1/user' });
      expect(missing.statusCode).toBe(401);
      expect(missing.json().code).toBe('no_authorization');
      expect((await t.app.inject({ url: '/api/me' })).json()).toEqual({ error: 'Utente non autenticato' });
      // The genuine token works.
      expect((await getUser(u.token)).statusCode).toBe(200);
    });
  });

  describe('logout, password change and deletion stop tokens at once', () => {
    it('logout (default scope global) kills every session of the user; the deleted session gets session_not_found', async () => {
      const u = await createUser(t.db.pool, 'reader');
      const a = await signIn(u.email);
      const b = await signIn(u.email);
      expect((await me(a.access_token)).statusCode).toBe(200);
      const out = await t.app.inject({ method: 'POST', url: '/auth/v1/logout', headers: { authorization: `Bearer ${a.access_token}`, 'content-type': 'application/json' } });
      expect(out.statusCode).toBe(204);
      expect(out.body).toBe('');
      for (const s of [a, b]) {
        const res = await getUser(s.access_token);
        expect(res.statusCode).toBe(403);
        expect(res.json().code).toBe('session_not_found');
        expect((await me(s.access_token)).statusCode).toBe(401);
        expect((await refresh(s.refresh_token)).statusCode).toBe(400);
      }
    });

    it('logout scope=others keeps only the caller', async () => {
      const u = await createUser(t.db.pool, 'reader');
      const a = await signIn(u.email);
      const b = await signIn(u.email);
      const out = await t.app.inject({ method: 'POST', url: '/auth/v1/logout?scope=others', headers: { authorization: `Bearer ${a.access_token}` } });
      expect(out.statusCode).toBe(204);
      expect((await me(a.access_token)).statusCode).toBe(200);
      expect((await me(b.access_token)).statusCode).toBe(401);
    });

    it('a password change through PUT /user stops the other sessions and clears outstanding recovery links', async () => {
      const u = await createUser(t.db.pool, 'reader');
      const a = await signIn(u.email);
      const b = await signIn(u.email);
      const link = await issueLink(t.db.pool, t.config, { userId: u.id, type: 'recovery' });
      const put = await t.app.inject({
        method: 'PUT',
        url: '/auth/v1/user',
        headers: { authorization: `Bearer ${a.access_token}` },
        payload: { password: 'Cambiata1!', code_challenge: null, code_challenge_method: null },
      });
      expect(put.statusCode).toBe(200);
      expect(put.json().email).toBe(u.email);
      expect((await me(a.access_token)).statusCode).toBe(200);
      expect((await me(b.access_token)).statusCode).toBe(401);
      const verify = await t.app.inject({ url: link.replace(t.config.publicUrl, '') });
      expect(verify.headers.location).toContain('error_code=otp_expired');
    });

    it('PUT /user refuses weak passwords with the reasons, and unknown fields', async () => {
      const u = await createUser(t.db.pool, 'reader');
      const s = await signIn(u.email);
      const weak = await t.app.inject({ method: 'PUT', url: '/auth/v1/user', headers: { authorization: `Bearer ${s.access_token}` }, payload: { password: 'abcdefgh' } });
      expect(weak.statusCode).toBe(422);
      expect(weak.json()).toMatchObject({ code: 'weak_password', weak_password: { reasons: ['characters'] } });
      expect(weak.json().message).toContain('Almeno una lettera maiuscola');
      const extra = await t.app.inject({ method: 'PUT', url: '/auth/v1/user', headers: { authorization: `Bearer ${s.access_token}` }, payload: { password: 'Valida12!', app_metadata: { role: 'admin' } } });
      expect(extra.statusCode).toBe(400);
      expect(extra.json().code).toBe('validation_failed');
      const { rows } = await t.db.pool.query(`SELECT raw_app_meta_data->>'role' AS role FROM auth.users WHERE id = $1`, [u.id]);
      expect(rows[0].role).toBe('reader');
      expect((await signIn(u.email)).access_token).toBeTruthy();
    });

    it('deleting the user stops its tokens', async () => {
      const u = await createUser(t.db.pool, 'editor');
      await t.db.pool.query('DELETE FROM auth.users WHERE id = $1', [u.id]);
      expect((await me(u.token)).statusCode).toBe(401);
      expect((await getUser(u.token)).json().code).toBe('session_not_found');
    });

    it('a demoted user loses the role at once on requireRole routes, whatever the token says', async () => {
      const u = await createUser(t.db.pool, 'admin');
      const s = await signIn(u.email, TEST_PASSWORD, second);
      expect((await second.inject({ url: '/api/probe-admin', headers: { authorization: `Bearer ${s.access_token}` } })).statusCode).toBe(200);
      await t.db.pool.query(`UPDATE auth.users SET raw_app_meta_data = raw_app_meta_data || '{"role":"editor"}' WHERE id = $1`, [u.id]);
      const res = await second.inject({ url: '/api/probe-admin', headers: { authorization: `Bearer ${s.access_token}` } });
      expect(res.statusCode).toBe(403);
      expect((await me(s.access_token)).json().role).toBe('editor');
      // The next refresh carries the new role in the claims.
      const next = (await refresh(s.refresh_token)).json();
      expect(JSON.parse(Buffer.from(next.access_token.split('.')[1], 'base64url').toString()).app_role).toBe('editor');
    });
  });

  describe('refresh rotation across processes and under concurrency', () => {
    it('rotation is consistent across two app instances', async () => {
      const u = await createUser(t.db.pool, 'reader');
      const s = await signIn(u.email);
      const r1 = (await refresh(s.refresh_token, second)).json().refresh_token;
      const r2 = (await refresh(r1, t.app)).json().refresh_token;
      const r3res = await refresh(r2, second);
      expect(r3res.statusCode).toBe(200);
      expect(new Set([s.refresh_token, r1, r2, r3res.json().refresh_token]).size).toBe(4);
      const { rows } = await t.db.pool.query('SELECT count(*) FILTER (WHERE NOT revoked)::int AS live, count(*)::int AS total FROM auth.refresh_tokens WHERE user_id = $1', [u.id]);
      expect(rows[0]).toEqual({ live: 1, total: 4 });
      // An unknown token: refresh_token_not_found.
      const bogus = await refresh('nonesiste');
      expect(bogus.statusCode).toBe(400);
      expect(bogus.json().code).toBe('refresh_token_not_found');
    });

    it('concurrent refreshes of one token do not both rotate: both get the same child', async () => {
      const u = await createUser(t.db.pool, 'reader');
      const s = await signIn(u.email);
      const answers = await Promise.all([
        refresh(s.refresh_token, t.app),
        refresh(s.refresh_token, second),
        refresh(s.refresh_token, t.app),
        refresh(s.refresh_token, second),
      ]);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
      const children = new Set(answers.map((a) => a.json().refresh_token));
      expect(children.size).toBe(1);
      const { rows } = await t.db.pool.query('SELECT count(*)::int AS n FROM auth.refresh_tokens WHERE user_id = $1', [u.id]);
      expect(rows[0].n).toBe(2);
      expect((await refresh([...children][0])).statusCode).toBe(200);
    });
  });

  describe('recovery and invitation links', () => {
    it('known and unknown emails get the same answer; one mail per address per minute; link single use', async () => {
      const u = await createUser(t.db.pool, 'reader');
      const before = t.smtp.mails.length;
      const known = await t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: u.email }, remoteAddress: '10.1.0.1' });
      const unknown = await t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: 'nessuno@example.it' }, remoteAddress: '10.1.0.1' });
      expect(known.statusCode).toBe(200);
      expect(known.json()).toEqual({ success: true, message: expect.any(String) });
      expect(unknown.statusCode).toBe(known.statusCode);
      expect(unknown.json()).toEqual(known.json());
      const viaProtocol = await t.app.inject({ method: 'POST', url: '/auth/v1/recover', payload: { email: 'nessuno@example.it', code_challenge: null, code_challenge_method: null }, remoteAddress: '10.1.0.1' });
      expect(viaProtocol.statusCode).toBe(200);
      expect(viaProtocol.json()).toEqual({});
      const mail = await t.smtp.waitFor(u.email, 10000, before);
      // A second request within 60 s: same answer, no second mail.
      const again = await t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: u.email }, remoteAddress: '10.1.0.1' });
      expect(again.json()).toEqual(known.json());
      await new Promise((r) => setTimeout(r, 500));
      expect(t.smtp.mails.slice(before).filter((m) => m.to.includes(u.email))).toHaveLength(1);
      expect(t.smtp.mails.slice(before).some((m) => m.to.includes('nessuno@example.it'))).toBe(false);
      const { rows } = await t.db.pool.query('SELECT recovery_sent_at FROM auth.users WHERE id = $1', [u.id]);
      expect(rows[0].recovery_sent_at).not.toBeNull();

      const path = linkIn(mail).replace(t.config.publicUrl, '');
      const first = await t.app.inject({ url: path });
      expect(first.statusCode).toBe(303);
      expect(first.headers['cache-control']).toBe('no-store');
      expect(first.headers.location).toMatch(/^http:\/\/localhost:3000\/reset-password#access_token=/);
      const second2 = await t.app.inject({ url: path });
      expect(second2.statusCode).toBe(303);
      expect(second2.headers.location).toBe(
        'http://localhost:3000/reset-password#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
      );
    });

    it('an expired link redirects with otp_expired', async () => {
      const u = await createUser(t.db.pool, 'reader');
      const link = await issueLink(t.db.pool, t.config, { userId: u.id, type: 'recovery' });
      await t.db.pool.query(`UPDATE auth.one_time_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [u.id]);
      const res = await t.app.inject({ url: link.replace(t.config.publicUrl, '') });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toContain('#error=access_denied&error_code=otp_expired');
      // Lifetimes: recovery 1 hour, invitation 24 hours.
      await issueLink(t.db.pool, t.config, { userId: u.id, type: 'recovery' });
      await issueLink(t.db.pool, t.config, { userId: u.id, type: 'invite' });
      const { rows } = await t.db.pool.query(
        `SELECT token_type, round(extract(epoch FROM expires_at - created_at))::int AS ttl FROM auth.one_time_tokens WHERE user_id = $1 AND used_at IS NULL ORDER BY token_type`,
        [u.id],
      );
      expect(rows).toEqual([
        { token_type: 'invite', ttl: 86400 },
        { token_type: 'recovery', ttl: 3600 },
      ]);
    });

    it('redirect_to outside PUBLIC_URL falls back to PUBLIC_URL', async () => {
      const u = await createUser(t.db.pool, 'reader');
      for (const evil of ['https://evil.example/reset-password', 'http://localhost:3000.evil.example/x', '//evil.example', 'javascript:alert(1)', 'http://user@localhost:3000/x']) {
        const link = await issueLink(t.db.pool, t.config, { userId: u.id, type: 'recovery' });
        const url = new URL(link);
        url.searchParams.set('redirect_to', evil);
        const res = await t.app.inject({ url: `${url.pathname}${url.search}` });
        expect(res.statusCode).toBe(303);
        expect(res.headers.location).toMatch(/^http:\/\/localhost:3000#access_token=/);
        const failed = await t.app.inject({ url: `/auth/v1/verify?token=nope&type=recovery&redirect_to=${encodeURIComponent(evil)}` });
        expect(failed.headers.location).toMatch(/^http:\/\/localhost:3000#error=access_denied/);
      }
      // A page of our own is kept.
      const link = await issueLink(t.db.pool, t.config, { userId: u.id, type: 'recovery', redirectTo: 'http://localhost:3000/reset-password?x=1' });
      const ok = await t.app.inject({ url: link.replace(t.config.publicUrl, '') });
      expect(ok.headers.location).toMatch(/^http:\/\/localhost:3000\/reset-password\?x=1#access_token=/);
      // /recover with a foreign redirect: the mailed link carries PUBLIC_URL instead.
      const before = t.smtp.mails.length;
      await t.db.pool.query(`DELETE FROM public.rate_limits WHERE key LIKE 'mail:%'`);
      await t.app.inject({ method: 'POST', url: `/auth/v1/recover?redirect_to=${encodeURIComponent('https://evil.example/')}`, payload: { email: u.email } });
      const mail = await t.smtp.waitFor(u.email, 10000, before);
      expect(new URL(linkIn(mail)).searchParams.get('redirect_to')).toBe('http://localhost:3000');
    });

    it('invitation: /verify type=invite signs in with amr otp, the person sets a password, then signs in normally', async () => {
      const { rows } = await t.db.pool.query(
        `INSERT INTO auth.users (email, raw_app_meta_data) VALUES ('invitato@example.it', '{"provider":"email","providers":["email"],"role":"editor"}') RETURNING id`,
      );
      await t.db.pool.query(`INSERT INTO public.users (user_id, email, role) VALUES ($1, 'invitato@example.it', 'editor')`, [rows[0].id]);
      const link = await issueLink(t.db.pool, t.config, { userId: rows[0].id, type: 'invite' });
      expect(link).toMatch(/^http:\/\/localhost:3000\/auth\/v1\/verify\?token=[\w-]+&type=invite&redirect_to=http%3A%2F%2Flocalhost%3A3000%2Freset-password%3Finvito%3D1$/);
      // Without a password the account cannot sign in (nor does an empty password match).
      const blocked = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'invitato@example.it', password: 'Qualcosa1!' } });
      expect(blocked.statusCode).toBe(401);
      const res = await t.app.inject({ url: link.replace(t.config.publicUrl, '') });
      const params = new URLSearchParams(res.headers.location!.split('#')[1]);
      expect(params.get('type')).toBe('invite');
      const access = params.get('access_token')!;
      expect(JSON.parse(Buffer.from(access.split('.')[1], 'base64url').toString()).amr[0].method).toBe('otp');
      const put = await t.app.inject({ method: 'PUT', url: '/auth/v1/user', headers: { authorization: `Bearer ${access}` }, payload: { password: 'Benvenuto1!' } });
      expect(put.statusCode).toBe(200);
      expect(put.json().email_confirmed_at).toBeTruthy();
      const s = await signIn('invitato@example.it', 'Benvenuto1!');
      expect((await me(s.access_token)).json()).toMatchObject({ email: 'invitato@example.it', role: 'editor' });
    });
  });

  describe('no plain token at rest', () => {
    it('no recovery, invitation or refresh token appears in any column of any table', async () => {
      const u = await createUser(t.db.pool, 'reader');
      const secrets: string[] = [];
      const s = await signIn(u.email);
      secrets.push(s.refresh_token);
      const r = (await refresh(s.refresh_token)).json();
      secrets.push(r.refresh_token, r.access_token, s.access_token);
      for (const type of ['recovery', 'invite'] as const) {
        const link = await issueLink(t.db.pool, t.config, { userId: u.id, type });
        secrets.push(new URL(link).searchParams.get('token')!);
      }
      const verified = await t.app.inject({ url: (await issueLink(t.db.pool, t.config, { userId: u.id, type: 'recovery' })).replace(t.config.publicUrl, '') });
      const hash = new URLSearchParams(verified.headers.location!.split('#')[1]);
      secrets.push(hash.get('refresh_token')!, hash.get('access_token')!);

      const { rows: tables } = await t.db.pool.query(
        `SELECT table_schema, table_name FROM information_schema.tables WHERE table_schema IN ('auth', 'public') AND table_type = 'BASE TABLE'`,
      );
      expect(tables.length).toBeGreaterThan(5);
      let scanned = 0;
      for (const { table_schema, table_name } of tables) {
        const { rows } = await t.db.pool.query(`SELECT t::text AS row FROM "${table_schema}"."${table_name}" t`);
        for (const { row } of rows) {
          scanned++;
          for (const secret of secrets) expect(row.includes(secret)).toBe(false);
        }
      }
      expect(scanned).toBeGreaterThan(10);
    });
  });

  describe('protocol odds and ends', () => {
    it('settings, health, jwks, config; no-store on auth answers', async () => {
      const settings = await t.app.inject({ url: '/auth/v1/settings' });
      expect(settings.json()).toMatchObject({ external: { email: true }, disable_signup: true });
      expect(settings.headers['cache-control']).toBe('no-store');
      expect((await t.app.inject({ url: '/auth/v1/health' })).statusCode).toBe(200);
      expect((await t.app.inject({ url: '/auth/v1/.well-known/jwks.json' })).json()).toEqual({ keys: [] });
      const config = (await t.app.inject({ url: '/api/config' })).json();
      expect(config.supabaseUrl).toBe('http://localhost:3000');
      const anon = JSON.parse(Buffer.from(config.supabaseAnonKey.split('.')[1], 'base64url').toString());
      expect(anon.role).toBe('anon');
      expect(anon.sub).toBeUndefined();
    });

    it('bad JSON, unknown grant, unknown fields and missing email get GoTrue envelopes', async () => {
      const bad = await t.app.inject({ method: 'POST', url: '/auth/v1/token?grant_type=password', payload: '{nope', headers: { 'content-type': 'application/json' } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().code).toBe('bad_json');
      const grant = await t.app.inject({ method: 'POST', url: '/auth/v1/token?grant_type=magic', payload: {} });
      expect(grant.json().code).toBe('validation_failed');
      const extra = await t.app.inject({ method: 'POST', url: '/auth/v1/token?grant_type=password', payload: { email: 'a@b.it', password: 'x', admin: true } });
      expect(extra.statusCode).toBe(400);
      const noEmail = await t.app.inject({ method: 'POST', url: '/auth/v1/recover', payload: {} });
      expect(noEmail.statusCode).toBe(400);
      expect(noEmail.json()).toMatchObject({ code: 'validation_failed', error_code: 'validation_failed' });
      const huge = await t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: `${'a'.repeat(10000)}@b.it` } });
      expect(huge.statusCode).toBe(400);
    });

    it('/api/forgot-password: 400 without email, 429 when abused from one IP', async () => {
      const empty = await t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: {} });
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toEqual({ success: false, error: 'Email è richiesta' });
      let last;
      for (let i = 0; i < 31; i++) {
        last = await t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: `x${i}@example.it` }, remoteAddress: '10.3.3.3' });
      }
      expect(last!.statusCode).toBe(429);
      expect(last!.json()).toEqual({ success: false, error: 'Troppi tentativi. Riprova più tardi.' });
    });

    it('/api/me answers the session user (docs/auth.md, wire subset)', async () => {
      const u = await createUser(t.db.pool, 'editor');
      const res = await t.app.inject({ url: '/api/me', headers: bearer(u) });
      expect(res.json()).toEqual({ id: u.id, email: u.email, role: 'editor', recovery_sent_at: null, email_change_sent_at: null, last_sign_in_at: null });
    });
  });
});
