import { createTestApp, type TestApp } from '../../test/app';
import { createUser } from '../../test/users';
import { issueLink } from './links';

describe('GET /auth/v1/verify commits the link, the confirmation and the session together', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('a failure while storing the session leaves the link unused and usable, the email unconfirmed', async () => {
    const u = await createUser(t.db.pool, 'reader');
    await t.db.pool.query('UPDATE auth.users SET email_confirmed_at = NULL WHERE id = $1', [u.id]);
    const link = await issueLink(t.db.pool, t.config, { userId: u.id, type: 'invite' });
    const path = link.replace(t.config.publicUrl, '');

    // The session step fails for this user (a real error raised by PostgreSQL in the middle of the flow).
    await t.db.pool.query(`
      CREATE FUNCTION pg_temp_fail_session() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'session store unavailable'; END $$`);
    await t.db.pool.query(`
      CREATE TRIGGER fail_session BEFORE INSERT ON auth.sessions FOR EACH ROW
      WHEN (NEW.user_id = '${u.id}'::uuid) EXECUTE FUNCTION pg_temp_fail_session()`);
    const failed = await t.app.inject({ url: path });
    expect(failed.statusCode).toBe(500);
    const state = await t.db.pool.query(
      `SELECT (SELECT email_confirmed_at FROM auth.users WHERE id = $1) AS confirmed,
              (SELECT count(*)::int FROM auth.one_time_tokens WHERE user_id = $1 AND used_at IS NOT NULL) AS used,
              (SELECT count(*)::int FROM auth.sessions WHERE user_id = $1 AND id <> $2) AS sessions`,
      [u.id, u.sessionId],
    );
    expect(state.rows[0]).toEqual({ confirmed: null, used: 0, sessions: 0 });

    await t.db.pool.query('DROP TRIGGER fail_session ON auth.sessions');
    await t.db.pool.query('DROP FUNCTION pg_temp_fail_session()');
    const ok = await t.app.inject({ url: path });
    expect(ok.statusCode).toBe(303);
    expect(ok.headers.location).toMatch(/^http:\/\/localhost:3000\/reset-password\?invito=1#access_token=[^&]+&.*refresh_token=[^&]+&token_type=bearer&type=invite$/);
    const after = await t.db.pool.query('SELECT email_confirmed_at FROM auth.users WHERE id = $1', [u.id]);
    expect(after.rows[0].email_confirmed_at).not.toBeNull();
    // Single use still holds.
    const again = await t.app.inject({ url: path });
    expect(again.headers.location).toContain('error_code=otp_expired');
  });
});
