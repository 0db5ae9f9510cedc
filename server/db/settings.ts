import crypto from 'node:crypto';
import type { Db } from './pool';

/** Returns the stored setting, creating it with make() once; safe when two processes race. */
export async function getOrCreateSetting(db: Db, key: string, make: () => string): Promise<string> {
  await db.query('INSERT INTO public.app_settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', [key, make()]);
  const { rows } = await db.query('SELECT value FROM public.app_settings WHERE key = $1', [key]);
  return rows[0].value;
}

export async function resolveJwtSecret(db: Db, configured?: string): Promise<string> {
  return configured ?? getOrCreateSetting(db, 'jwt_secret', () => crypto.randomBytes(48).toString('base64url'));
}
