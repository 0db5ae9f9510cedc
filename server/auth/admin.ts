import crypto from 'node:crypto';
import type { Logger } from 'pino';
import type { Config } from '../config';
import type { Pool } from '../db/pool';
import { withTransaction } from '../db/pool';
import { firstPasswordError } from '../../common/auth/password';
import { hashPassword } from './crypto';
import { countAdmins, createAccount, setRole } from './accounts';
import { findUserByEmail, setPassword } from './repo';

export const DEFAULT_ADMIN_EMAIL = 'admin@localhost';

const CLASSES = ['abcdefghijkmnopqrstuvwxyz', 'ABCDEFGHJKLMNPQRSTUVWXYZ', '23456789', '@$!%*?&'];

/** A 20-character password meeting every criterion of common/auth/password.ts, from a CSPRNG. */
export function generatePassword(length = 20): string {
  const all = CLASSES.join('');
  const chars = CLASSES.map((c) => c[crypto.randomInt(c.length)]);
  while (chars.length < length) chars.push(all[crypto.randomInt(all.length)]);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = crypto.randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
}

/**
 * Creates the first admin when no admin exists: ADMIN_EMAIL / ADMIN_PASSWORD, or admin@localhost
 * with a generated password printed once to stdout. Idempotent; an advisory lock makes two
 * processes starting at once create at most one. Returns the created account's email, if any.
 */
export async function ensureFirstAdmin(pool: Pool, config: Config, logger: Logger): Promise<string | null> {
  const email = (config.adminEmail ?? DEFAULT_ADMIN_EMAIL).toLowerCase();
  const generated = config.adminPassword ? null : generatePassword();
  const password = config.adminPassword ?? generated!;
  if (config.adminPassword && firstPasswordError(config.adminPassword)) {
    logger.warn('ADMIN_PASSWORD non rispetta i criteri di sicurezza delle password: sceglierne una più robusta');
  }
  const result = await withTransaction(pool, async (db) => {
    await db.query(`SELECT pg_advisory_xact_lock(hashtextextended('ensure-first-admin', 0))`);
    if ((await countAdmins(db)) > 0) return null;
    const existing = await findUserByEmail(db, email);
    if (existing) {
      // The account exists with a lower role: promote it; keep its password unless one is configured.
      await setRole(db, existing.id, 'admin');
      if (config.adminPassword) await setPassword(db, existing.id, await hashPassword(config.adminPassword));
      return { email, printed: false };
    }
    await createAccount(db, { email, passwordHash: await hashPassword(password), role: 'admin' });
    return { email, printed: !!generated };
  });
  if (!result) return null;
  logger.info({ email: result.email }, 'creato il primo amministratore');
  if (result.printed) {
    // Printed once to the console, never to the structured log.
    console.log(`\nPrimo amministratore creato.\n  Email:    ${result.email}\n  Password: ${generated}\nConservala ora: non verrà mostrata di nuovo.\n`);
  }
  return result.email;
}
