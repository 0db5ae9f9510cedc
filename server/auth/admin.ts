import type { Logger } from 'pino';
import type { Config } from '../config';
import type { Pool } from '../db/pool';

/**
 * Creates the first admin when no admin exists: ADMIN_EMAIL/ADMIN_PASSWORD, or admin@localhost
 * with a generated password printed once. Placeholder until the auth tables land.
 */
export async function ensureFirstAdmin(_pool: Pool, _config: Config, _logger: Logger): Promise<void> {}
