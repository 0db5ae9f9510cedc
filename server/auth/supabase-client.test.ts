import WebSocket from 'ws';
import { createClient, AuthWeakPasswordError, isAuthSessionMissingError, type SupabaseClient } from '@supabase/supabase-js';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser, TEST_PASSWORD } from '../../test/users';
import { linkIn } from '../../test/smtp';

// The real @supabase/supabase-js client against the real server, as the SPA uses it.
function client(t: TestApp, anonKey: string): SupabaseClient {
  return createClient(t.url, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false, flowType: 'implicit' },
    realtime: { transport: WebSocket as never },
  });
}

/** Follows a mail link to /verify by hand and returns the 303 target's hash parameters. */
async function followVerify(link: string): Promise<{ location: string; params: URLSearchParams; status: number }> {
  const res = await fetch(link, { redirect: 'manual' });
  const location = res.headers.get('location') ?? '';
  return { location, params: new URLSearchParams(location.split('#')[1] ?? ''), status: res.status };
}

describe('@supabase/supabase-js against /auth/v1', () => {
  let t: TestApp;
  let anonKey: string;
  beforeAll(async () => {
    t = await createTestApp({ listen: true });
    const res = await fetch(`${t.url}/api/config`);
    const cfg = (await res.json()) as { supabaseUrl: string; supabaseAnonKey: string };
    expect(cfg.supabaseUrl).toBe(t.url);
    anonKey = cfg.supabaseAnonKey;
  });
  afterAll(() => t.close());

  it('signs in with a password, reads the user, and records last_sign_in_at in both tables', async () => {
    const u = await createUser(t.db.pool, 'editor');
    const sb = client(t, anonKey);
    const { data, error } = await sb.auth.signInWithPassword({ email: u.email, password: TEST_PASSWORD });
    expect(error).toBeNull();
    expect(data.session!.expires_in).toBe(3600);
    expect(data.user!.email).toBe(u.email);
    expect(data.user!.app_metadata.role).toBe('editor');
    const payload = JSON.parse(Buffer.from(data.session!.access_token.split('.')[1], 'base64url').toString());
    expect(payload).toMatchObject({ sub: u.id, aud: 'authenticated', role: 'authenticated', app_role: 'editor', amr: [{ method: 'password' }] });
    expect(payload.exp - payload.iat).toBe(3600);
    const got = await sb.auth.getUser();
    expect(got.error).toBeNull();
    expect(got.data.user!.id).toBe(u.id);
    const { rows } = await t.db.pool.query(
      `SELECT a.last_sign_in_at AS a, p.last_sign_in_at AS p FROM auth.users a JOIN public.users p ON p.user_id = a.id WHERE a.id = $1`,
      [u.id],
    );
    expect(rows[0].a).not.toBeNull();
    expect(rows[0].p).toEqual(rows[0].a);
  });

  it('a wrong password and an unknown email get the same refusal', async () => {
    const u = await createUser(t.db.pool, 'reader');
    const sb = client(t, anonKey);
    const wrong = await sb.auth.signInWithPassword({ email: u.email, password: 'Sbagliata1!' });
    const unknown = await sb.auth.signInWithPassword({ email: 'nessuno@example.it', password: 'Sbagliata1!' });
    expect(wrong.error!.status).toBe(400);
    expect(wrong.error!.code).toBe('invalid_credentials');
    expect({ status: unknown.error!.status, code: unknown.error!.code, message: unknown.error!.message }).toEqual({
      status: wrong.error!.status,
      code: wrong.error!.code,
      message: wrong.error!.message,
    });
  });

  it('refreshSession rotates; a spent non-parent token replayed after the grace is refused and ends the session', async () => {
    const u = await createUser(t.db.pool, 'reader');
    const sb = client(t, anonKey);
    const signed = await sb.auth.signInWithPassword({ email: u.email, password: TEST_PASSWORD });
    const r0 = signed.data.session!.refresh_token;
    const first = await sb.auth.refreshSession();
    expect(first.error).toBeNull();
    const r1 = first.data.session!.refresh_token;
    expect(r1).not.toBe(r0);
    const second = await sb.auth.refreshSession();
    const r2 = second.data.session!.refresh_token;
    expect(new Set([r0, r1, r2]).size).toBe(3);
    // r1 is the direct parent of the live r2: presenting it again returns r2 (a lost answer).
    const again = await fetch(`${t.url}/auth/v1/token?grant_type=refresh_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', apikey: anonKey },
      body: JSON.stringify({ refresh_token: r1 }),
    });
    expect(again.status).toBe(200);
    expect(((await again.json()) as { refresh_token: string }).refresh_token).toBe(r2);
    // r0 is spent and not the live token's parent: move its revocation 11 s into the past.
    await t.db.pool.query(`UPDATE auth.refresh_tokens SET updated_at = updated_at - interval '11 seconds' WHERE revoked`);
    const replay = client(t, anonKey);
    const { error } = await replay.auth.refreshSession({ refresh_token: r0 });
    expect(error!.code).toBe('refresh_token_already_used');
    expect(error!.status).toBe(400);
    // The whole session is gone: the live refresh token and the access token stop working.
    const live = await client(t, anonKey).auth.refreshSession({ refresh_token: r2 });
    expect(live.error).not.toBeNull();
    const user = await fetch(`${t.url}/auth/v1/user`, { headers: { apikey: anonKey, authorization: `Bearer ${second.data.session!.access_token}` } });
    expect(user.status).toBe(403);
    expect(await user.json()).toMatchObject({ code: 'session_not_found', error_code: 'session_not_found' });
    expect(isAuthSessionMissingError((await sb.auth.getUser(second.data.session!.access_token)).error)).toBe(true);
  });

  it('a spent token within the 10 s grace still gets a new token', async () => {
    const u = await createUser(t.db.pool, 'reader');
    const sb = client(t, anonKey);
    const signed = await sb.auth.signInWithPassword({ email: u.email, password: TEST_PASSWORD });
    const r0 = signed.data.session!.refresh_token;
    await sb.auth.refreshSession();
    await sb.auth.refreshSession();
    const within = await client(t, anonKey).auth.refreshSession({ refresh_token: r0 });
    expect(within.error).toBeNull();
    expect(within.data.session!.refresh_token).not.toBe(r0);
  });

  it('recovery: mail from the SMTP server, 303 from /verify, setSession, weak then good password, sign-in with the new one', async () => {
    const u = await createUser(t.db.pool, 'reader');
    const sb = client(t, anonKey);
    const before = t.smtp.mails.length;
    const { error } = await sb.auth.resetPasswordForEmail(u.email, { redirectTo: `${t.url}/reset-password` });
    expect(error).toBeNull();
    const mail = await t.smtp.waitFor(u.email, 10000, before);
    expect(mail.subject).toContain('Garibaldina');
    const link = linkIn(mail);
    expect(link.startsWith(`${t.url}/auth/v1/verify?token=`)).toBe(true);
    const { status, location, params } = await followVerify(link);
    expect(status).toBe(303);
    expect(location.startsWith(`${t.url}/reset-password#`)).toBe(true);
    expect(params.get('type')).toBe('recovery');
    expect(params.get('token_type')).toBe('bearer');
    expect(params.get('expires_in')).toBe('3600');

    // The user also has another session (another device): a password change ends it.
    const other = client(t, anonKey);
    const otherSignIn = await other.auth.signInWithPassword({ email: u.email, password: TEST_PASSWORD });
    expect(otherSignIn.error).toBeNull();

    const set = await sb.auth.setSession({ access_token: params.get('access_token')!, refresh_token: params.get('refresh_token')! });
    expect(set.error).toBeNull();
    expect(set.data.user!.email).toBe(u.email);
    const payload = JSON.parse(Buffer.from(params.get('access_token')!.split('.')[1], 'base64url').toString());
    expect(payload.amr[0].method).toBe('otp');

    const weak = await sb.auth.updateUser({ password: 'debole' });
    expect(weak.error).toBeInstanceOf(AuthWeakPasswordError);
    expect((weak.error as AuthWeakPasswordError).reasons).toEqual(expect.arrayContaining(['length', 'characters']));
    const tooLong = await sb.auth.updateUser({ password: `Aa1!${'é'.repeat(40)}` });
    expect(tooLong.error).toBeInstanceOf(AuthWeakPasswordError);
    const same = await sb.auth.updateUser({ password: TEST_PASSWORD });
    expect(same.error!.code).toBe('same_password');

    const good = await sb.auth.updateUser({ password: 'NuovaPass1!' });
    expect(good.error).toBeNull();
    // Other sessions are revoked at once; this one lives on.
    expect(isAuthSessionMissingError((await other.auth.getUser()).error)).toBe(true);
    expect((await sb.auth.getUser()).error).toBeNull();
    // The link was single use.
    expect((await followVerify(link)).params.get('error_code')).toBe('otp_expired');

    const fresh = client(t, anonKey);
    expect((await fresh.auth.signInWithPassword({ email: u.email, password: TEST_PASSWORD })).error!.code).toBe('invalid_credentials');
    expect((await fresh.auth.signInWithPassword({ email: u.email, password: 'NuovaPass1!' })).error).toBeNull();
  });

  it('signOut local ends only this session, global ends all of them', async () => {
    const u = await createUser(t.db.pool, 'reader');
    const a = client(t, anonKey);
    const b = client(t, anonKey);
    const c = client(t, anonKey);
    for (const sb of [a, b, c]) expect((await sb.auth.signInWithPassword({ email: u.email, password: TEST_PASSWORD })).error).toBeNull();
    const aToken = (await a.auth.getSession()).data.session!.access_token;
    expect((await a.auth.signOut({ scope: 'local' })).error).toBeNull();
    expect((await a.auth.getSession()).data.session).toBeNull();
    expect(isAuthSessionMissingError((await a.auth.getUser(aToken)).error)).toBe(true);
    expect((await b.auth.getUser()).error).toBeNull();
    const cToken = (await c.auth.getSession()).data.session!.access_token;
    expect((await b.auth.signOut({ scope: 'global' })).error).toBeNull();
    expect(isAuthSessionMissingError((await c.auth.getUser(cToken)).error)).toBe(true);
    const { rows } = await t.db.pool.query('SELECT count(*)::int AS n FROM auth.sessions WHERE user_id = $1', [u.id]);
    expect(rows[0].n).toBe(0);
  });

  it('resetPasswordForEmail answers the same for known and unknown emails; only the known one gets a mail', async () => {
    const u = await createUser(t.db.pool, 'reader');
    const sb = client(t, anonKey);
    const before = t.smtp.mails.length;
    const unknown = await sb.auth.resetPasswordForEmail('sconosciuto@example.it', { redirectTo: `${t.url}/reset-password` });
    const known = await sb.auth.resetPasswordForEmail(u.email, { redirectTo: `${t.url}/reset-password` });
    expect(unknown).toEqual(known);
    expect(known).toEqual({ data: {}, error: null });
    await t.smtp.waitFor(u.email, 10000, before);
    // Both requests were handled in order; the known address's mail arrived, none for the other.
    await new Promise((r) => setTimeout(r, 300));
    expect(t.smtp.mails.slice(before).some((m) => m.to.includes('sconosciuto@example.it'))).toBe(false);
  });
});
