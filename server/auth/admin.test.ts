import { Writable } from 'node:stream';
import pino from 'pino';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestDatabase } from '../../test/db';
import { loadConfig } from '../config';
import { unmetCriteria } from '../../common/auth/password';
import { ensureFirstAdmin, generatePassword } from './admin';

function bufferLogger() {
  const out = { text: '' };
  const stream = new Writable({
    write(chunk, _e, done) {
      out.text += chunk.toString();
      done();
    },
  });
  return { logger: pino({ level: 'trace' }, stream), out };
}

describe('ensureFirstAdmin', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  afterEach(() => jest.restoreAllMocks());

  it('generated passwords meet every criterion', () => {
    for (let i = 0; i < 200; i++) {
      const p = generatePassword();
      expect(p).toHaveLength(20);
      expect(unmetCriteria(p)).toEqual([]);
    }
  });

  it('creates admin@localhost with a generated password printed once to stdout, not to the log; idempotent and race-safe', async () => {
    const printed: string[] = [];
    jest.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void printed.push(args.join(' ')));
    const { logger, out } = bufferLogger();
    // Two processes starting at once.
    const results = await Promise.all([ensureFirstAdmin(t.db.pool, t.config, logger), ensureFirstAdmin(t.db.pool, t.config, logger)]);
    expect(results.filter(Boolean)).toEqual(['admin@localhost']);
    expect(printed).toHaveLength(1);
    const password = /Password:\s+(\S+)/.exec(printed[0])![1];
    expect(unmetCriteria(password)).toEqual([]);
    expect(out.text).not.toContain(password);

    const { rows } = await t.db.pool.query(
      `SELECT a.email, a.raw_app_meta_data->>'role' AS role, p.role AS mirror FROM auth.users a JOIN public.users p ON p.user_id = a.id`,
    );
    expect(rows).toEqual([{ email: 'admin@localhost', role: 'admin', mirror: 'admin' }]);
    const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'admin@localhost', password } });
    expect(login.json()).toEqual({ success: true });

    // A restart: nothing created, nothing printed.
    expect(await ensureFirstAdmin(t.db.pool, t.config, logger)).toBeNull();
    expect(printed).toHaveLength(1);
  });

  it('uses ADMIN_EMAIL / ADMIN_PASSWORD when set, and prints nothing', async () => {
    const db = await createTestDatabase();
    try {
      const printed: string[] = [];
      jest.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void printed.push(args.join(' ')));
      const config = loadConfig({ ADMIN_EMAIL: 'Presidente@Garibaldina.it', ADMIN_PASSWORD: 'Scudetto2026!', LOG_LEVEL: 'silent' });
      const { logger } = bufferLogger();
      expect(await ensureFirstAdmin(db.pool, config, logger)).toBe('presidente@garibaldina.it');
      expect(printed).toEqual([]);
      const { rows } = await db.pool.query(`SELECT email, encrypted_password, raw_app_meta_data->>'role' AS role FROM auth.users`);
      expect(rows).toHaveLength(1);
      expect(rows[0].role).toBe('admin');
      expect(rows[0].encrypted_password).toMatch(/^\$2[aby]\$10\$/);
    } finally {
      await db.drop();
    }
  });
});
