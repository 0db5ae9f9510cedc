import { createTestApp, type TestApp } from '../../test/app';
import { createUser } from '../../test/users';
import { linkIn } from '../../test/smtp';

describe('GET /api/config', () => {
  describe('without PUBLIC_URL', () => {
    let t: TestApp;
    beforeAll(async () => {
      // An empty value counts as unset (loadConfig), so publicUrl falls back to http://localhost:PORT.
      t = await createTestApp({ env: { PUBLIC_URL: '', CLUB_NAME: 'Polisportiva Aurora', APP_TIMEZONE: 'Europe/Lisbon', CLASH_MARGIN_MINUTES: '30' } });
    });
    afterAll(() => t.close());

    it('points the SPA at the origin the browser opened, and gives the club name, timezone and clash margin', async () => {
      expect(t.config.publicUrlFromEnv).toBe(false);
      const res = await t.app.inject({ url: '/api/config', headers: { host: '192.168.1.20:3000' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const body = res.json();
      expect(body).toEqual({
        supabaseUrl: 'http://192.168.1.20:3000',
        supabaseAnonKey: expect.any(String),
        clubName: 'Polisportiva Aurora',
        timezone: 'Europe/Lisbon',
        clashMarginMinutes: 30,
      });
      const byName = await t.app.inject({ url: '/api/config', headers: { host: 'campo.local' } });
      expect(byName.json().supabaseUrl).toBe('http://campo.local');
      const v6 = await t.app.inject({ url: '/api/config', headers: { host: '[fe80::1]:3000' } });
      expect(v6.json().supabaseUrl).toBe('http://[fe80::1]:3000');
    });

    it('a Host header that is not a plain host[:port] falls back to the configured URL', async () => {
      for (const host of ['evil.example/path', 'a@evil.example', 'x y', 'evil.example:3000/#']) {
        const res = await t.app.inject({ url: '/api/config', headers: { host } });
        expect(res.json().supabaseUrl).toBe(t.config.publicUrl);
      }
    });

    it('mail links keep the configured URL, whatever Host the request carried', async () => {
      const u = await createUser(t.db.pool, 'reader');
      const before = t.smtp.mails.length;
      const res = await t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: u.email }, headers: { host: 'evil.example' } });
      expect(res.statusCode).toBe(200);
      const link = linkIn(await t.smtp.waitFor(u.email, 10000, before));
      expect(link.startsWith(`${t.config.publicUrl}/auth/v1/verify?`)).toBe(true);
      expect(link).not.toContain('evil.example');
    });
  });

  describe('with PUBLIC_URL', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ env: { PUBLIC_URL: 'https://calendario.example.it' } });
    });
    afterAll(() => t.close());

    it('answers PUBLIC_URL whatever the Host header says, with the default club name and timezone', async () => {
      expect(t.config.publicUrlFromEnv).toBe(true);
      const res = await t.app.inject({ url: '/api/config', headers: { host: '192.168.1.20:3000' } });
      expect(res.json()).toEqual({
        supabaseUrl: 'https://calendario.example.it',
        supabaseAnonKey: expect.any(String),
        clubName: 'Garibaldina',
        timezone: 'Europe/Rome',
        clashMarginMinutes: 15,
      });
    });
  });
});
