import { Writable } from 'node:stream';
import { LOG_OPTIONS } from '../app';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser, TEST_PASSWORD } from '../../test/users';
import { linkIn } from '../../test/smtp';

describe('no password, token or Authorization value in the logs (docs/logs.md)', () => {
  let t: TestApp;
  let log = '';
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _enc, done) {
        log += chunk.toString();
        done();
      },
    });
    // The production logger settings (start.ts: pino with LOG_OPTIONS), at the most verbose level.
    t = await createTestApp({ deps: { logger: { level: 'trace', ...LOG_OPTIONS, stream } } });
  });
  afterAll(() => t.close());

  it('a full sign-in, refresh, recovery, password change and logout leave no secret behind', async () => {
    const u = await createUser(t.db.pool, 'reader');
    const secrets: string[] = [TEST_PASSWORD, u.token];
    const anonKey = (await t.app.inject({ url: '/api/config' })).json().supabaseAnonKey;
    secrets.push(anonKey);
    const headers = { apikey: anonKey, authorization: `Bearer ${anonKey}` };

    expect((await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: u.email, password: TEST_PASSWORD } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: u.email, password: 'Sbagliata7!' } })).statusCode).toBe(401);
    secrets.push('Sbagliata7!');
    const session = (
      await t.app.inject({ method: 'POST', url: '/auth/v1/token?grant_type=password', headers, payload: { email: u.email, password: TEST_PASSWORD } })
    ).json();
    secrets.push(session.access_token, session.refresh_token);
    expect((await t.app.inject({ url: '/auth/v1/user', headers: { apikey: anonKey, authorization: `Bearer ${session.access_token}` } })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/me', headers: { authorization: `Bearer ${session.access_token}` } })).statusCode).toBe(200);
    const refreshed = (
      await t.app.inject({ method: 'POST', url: '/auth/v1/token?grant_type=refresh_token', headers, payload: { refresh_token: session.refresh_token } })
    ).json();
    secrets.push(refreshed.access_token, refreshed.refresh_token);

    const before = t.smtp.mails.length;
    await t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: u.email } });
    const link = linkIn(await t.smtp.waitFor(u.email, 10000, before));
    const recoveryToken = new URL(link).searchParams.get('token')!;
    secrets.push(recoveryToken);
    const verified = await t.app.inject({ url: link.replace(t.config.publicUrl, '') });
    const hash = new URLSearchParams(verified.headers.location!.split('#')[1]);
    secrets.push(hash.get('access_token')!, hash.get('refresh_token')!);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/auth/v1/user',
      headers: { apikey: anonKey, authorization: `Bearer ${hash.get('access_token')}` },
      payload: { password: 'Segretissima9!' },
    });
    expect(put.statusCode).toBe(200);
    secrets.push('Segretissima9!');
    await t.app.inject({ method: 'POST', url: '/auth/v1/logout', headers: { apikey: anonKey, authorization: `Bearer ${hash.get('access_token')}` } });

    // The link of a notification mail carries its token in the URL: logged without it.
    const unsubscribe = 'eyJhbGciOiJIUzI1NiJ9.eyJnIjoxfQ.firma-del-link-di-disiscrizione';
    secrets.push(unsubscribe);
    await t.app.inject({ url: `/api/notifiche/disiscrivi?t=${encodeURIComponent(unsubscribe)}` });
    expect(log).toContain('/api/notifiche/disiscrivi?t=[nascosto]');
    // An official's private calendar address is a credential too: logged without its token.
    const feedToken = 'ab'.repeat(32);
    secrets.push(feedToken);
    await t.app.inject({ url: `/api/calendar/dirigente/${feedToken}.ics` });
    expect(log).toContain('/api/calendar/dirigente/[nascosto].ics');
    // A family's call-up link too (docs/callups.md), the page, its form and its calendar file.
    const callupToken = 'Cz'.repeat(21) + 'x';
    secrets.push(callupToken);
    await t.app.inject({ url: `/c/${callupToken}` });
    await t.app.inject({ url: `/c/${callupToken}/calendario` });
    expect(log).toContain('"/c/[nascosto]"');
    expect(log).toContain('/c/[nascosto]/calendario');

    expect(log).toContain('incoming request');
    expect(log).toContain('/api/login');
    for (const secret of secrets) expect(log.includes(secret)).toBe(false);
    expect(log).not.toMatch(/Bearer\s/);
  });
});
