import type { Db } from '../db/pool';
import type { Role } from '../../common/users/roles';

/**
 * The one place that writes accounts and their roles. An account lives in auth.users (the truth:
 * the role is app_metadata.role, what the server trusts and what tokens carry) and in its
 * public.users mirror (the admin's users list). Every function takes a pool or a transaction
 * client, so callers compose them with their own checks and audit records in one transaction.
 */

/**
 * SQL for the stored role of the auth.users row aliased `alias`: app_metadata.role when it is a
 * known role, else reader (the default role). The same rule as isRole/DEFAULT_ROLE of common/users/roles.
 */
export function storedRoleSql(alias = 'u'): string {
  return `CASE WHEN ${alias}.raw_app_meta_data->>'role' IN ('reader', 'editor', 'admin')
    THEN ${alias}.raw_app_meta_data->>'role' ELSE 'reader' END`;
}

export interface Account {
  id: string;
  email: string;
  role: Role;
}

/**
 * Creates an account in auth.users and public.users. With a password hash the email counts as
 * confirmed (an account made by the operator); without one it is an invitation: no password
 * until the person follows the invitation link.
 */
export async function createAccount(db: Db, opts: { email: string; role: Role; passwordHash: string | null }): Promise<string> {
  const { rows } = await db.query(
    `INSERT INTO auth.users (email, encrypted_password, email_confirmed_at, invited_at, raw_app_meta_data)
     VALUES ($1, $2, CASE WHEN $2::text IS NULL THEN NULL ELSE now() END, CASE WHEN $2::text IS NULL THEN now() END,
             jsonb_build_object('provider', 'email', 'providers', jsonb_build_array('email'), 'role', $3::text))
     RETURNING id`,
    [opts.email, opts.passwordHash, opts.role],
  );
  await db.query(
    `INSERT INTO public.users (user_id, email, role, created_at)
     SELECT id, email, $2, created_at FROM auth.users WHERE id = $1
     ON CONFLICT (user_id) DO UPDATE SET email = EXCLUDED.email, role = EXCLUDED.role, last_updated = now()`,
    [rows[0].id, opts.role],
  );
  return rows[0].id;
}

/**
 * Sets the stored role in app_metadata (other metadata keys kept) and in the public.users mirror
 * (created if it was missing). False when the account does not exist.
 */
export async function setRole(db: Db, id: string, role: Role): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE auth.users SET raw_app_meta_data = coalesce(raw_app_meta_data, '{}'::jsonb) || jsonb_build_object('role', $2::text),
            updated_at = now()
      WHERE id = $1 RETURNING id`,
    [id, role],
  );
  if (!rows[0]) return false;
  await db.query(
    `INSERT INTO public.users (user_id, email, role, created_at, last_sign_in_at, last_updated)
     SELECT id, email, $2, created_at, last_sign_in_at, now() FROM auth.users WHERE id = $1
     ON CONFLICT (user_id) DO UPDATE SET role = EXCLUDED.role, email = EXCLUDED.email, last_updated = now()`,
    [id, role],
  );
  return true;
}

/** Deletes the account; its sessions, tokens and users-list row go with it (ON DELETE CASCADE). */
export async function deleteAccount(db: Db, id: string): Promise<void> {
  await db.query('DELETE FROM auth.users WHERE id = $1', [id]);
}

/** The account in auth.users with its stored role. */
export async function findAccount(db: Db, id: string): Promise<Account | null> {
  const { rows } = await db.query(`SELECT u.id, u.email, ${storedRoleSql('u')} AS role FROM auth.users u WHERE u.id = $1`, [id]);
  return rows[0] ?? null;
}

export async function countAdmins(db: Db): Promise<number> {
  const { rows } = await db.query(`SELECT count(*)::int AS n FROM auth.users u WHERE ${storedRoleSql('u')} = 'admin'`);
  return rows[0].n;
}
