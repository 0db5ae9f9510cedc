import type { Db } from '../../db/pool';
import * as accounts from '../../auth/accounts';
import { gruppiSeguitiSql } from '../../services/player-access/player-access';
import type { Role } from '../../../common/users/roles';
import { isIsoDate } from '../../../common/core/date-text';
import type { AuditAction, AuditQuery, User, UserAuditRecord } from '../../../common/users/rules';

// Every change of roles or accounts takes this transaction lock first, so that two admins acting
// at once cannot, say, demote each other and leave the club with no admin.
const USERS_CHANGE_LOCK = 7_042_006;

const USER_COLUMNS = `user_id AS id, user_id, email, role,
  to_json(created_at)#>>'{}' AS created_at, to_json(last_sign_in_at)#>>'{}' AS last_sign_in_at,
  to_json(last_updated)#>>'{}' AS last_updated,
  (SELECT to_json(max(l.locked_until))#>>'{}' FROM public.account_locks l
    WHERE l.email = lower(public.users.email) AND l.locked_until > now()) AS locked_until,
  COALESCE((SELECT a.encrypted_password IS NULL FROM auth.users a WHERE a.id = public.users.user_id), false) AS invito_in_attesa,
  ${gruppiSeguitiSql('public.users.user_id')} AS "gruppiSeguiti"`;

/** The stored role of an account, as the server trusts it (app_metadata.role). */
const AUTH_ROLE = accounts.storedRoleSql('u');

export async function lockUserChanges(db: Db): Promise<void> {
  await db.query('SELECT pg_advisory_xact_lock($1)', [USERS_CHANGE_LOCK]);
}

export async function listUsers(db: Db): Promise<User[]> {
  const { rows } = await db.query(`SELECT ${USER_COLUMNS} FROM public.users ORDER BY created_at DESC, email`);
  return rows;
}

export async function getUser(db: Db, id: string): Promise<User | null> {
  const { rows } = await db.query(`SELECT ${USER_COLUMNS} FROM public.users WHERE user_id = $1`, [id]);
  return rows[0] ?? null;
}

export async function emailTaken(db: Db, email: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM auth.users WHERE email = $1', [email]);
  return rows.length > 0;
}

/** An invited account (server/auth/accounts): no password yet (the invitation link lets the person choose it). */
export async function createInvitedAccount(db: Db, email: string, role: Role): Promise<User> {
  const id = await accounts.createAccount(db, { email, role, passwordHash: null });
  return (await getUser(db, id))!;
}

/** Sets the role in both places: app_metadata (what the server trusts) and the users list. */
export async function setRole(db: Db, id: string, role: Role): Promise<User> {
  await accounts.setRole(db, id, role);
  return (await getUser(db, id))!;
}

export interface SyncChange {
  action: 'CREATE' | 'UPDATE' | 'DELETE';
  id: string;
  email: string;
  roleBefore: Role | null;
  roleAfter: Role | null;
  changes: Record<string, unknown>;
}

/**
 * Reconciles public.users with auth.users: adds missing rows (role from app_metadata, else
 * reader), refreshes emails, roles and sign-in times, removes rows of vanished accounts.
 * Returns the changes worth an audit record (sign-in times alone are not).
 */
export async function syncUsers(db: Db): Promise<{ changes: SyncChange[]; refreshed: number }> {
  const added = await db.query(
    `INSERT INTO public.users (user_id, email, role, created_at, last_sign_in_at, last_updated)
     SELECT u.id, u.email, ${AUTH_ROLE}, u.created_at, u.last_sign_in_at, now()
       FROM auth.users u
      WHERE NOT EXISTS (SELECT 1 FROM public.users p WHERE p.user_id = u.id)
     RETURNING user_id, email, role`,
  );
  const updated = await db.query(
    `WITH old AS (
       SELECT p.user_id, p.email, p.role FROM public.users p JOIN auth.users u ON u.id = p.user_id
        WHERE p.email IS DISTINCT FROM u.email OR p.role IS DISTINCT FROM ${AUTH_ROLE}
        FOR UPDATE OF p
     )
     UPDATE public.users p SET email = u.email, role = ${AUTH_ROLE}, last_sign_in_at = u.last_sign_in_at, last_updated = now()
       FROM auth.users u, old
      WHERE u.id = p.user_id AND old.user_id = p.user_id
     RETURNING p.user_id, old.email AS old_email, p.email, old.role AS old_role, p.role`,
  );
  const refreshed = await db.query(
    `UPDATE public.users p SET last_sign_in_at = u.last_sign_in_at
       FROM auth.users u
      WHERE u.id = p.user_id AND p.last_sign_in_at IS DISTINCT FROM u.last_sign_in_at`,
  );
  const removed = await db.query(
    `DELETE FROM public.users p WHERE NOT EXISTS (SELECT 1 FROM auth.users u WHERE u.id = p.user_id)
     RETURNING user_id, email, role`,
  );
  const changes: SyncChange[] = [
    ...added.rows.map((r) => ({
      action: 'CREATE' as const,
      id: r.user_id,
      email: r.email,
      roleBefore: null,
      roleAfter: r.role,
      changes: { source: 'sync', email: r.email, role: r.role },
    })),
    ...updated.rows.map((r) => {
      const changes: Record<string, unknown> = { source: 'sync' };
      if (r.old_email !== r.email) changes.email = { from: r.old_email, to: r.email };
      if (r.old_role !== r.role) changes.role = { from: r.old_role, to: r.role };
      return { action: 'UPDATE' as const, id: r.user_id, email: r.email, roleBefore: r.old_role, roleAfter: r.role, changes };
    }),
    ...removed.rows.map((r) => ({
      action: 'DELETE' as const,
      id: r.user_id,
      email: r.email,
      roleBefore: r.role,
      roleAfter: null,
      changes: { source: 'sync' },
    })),
  ];
  return { changes, refreshed: refreshed.rowCount ?? 0 };
}

export interface AuditEntry {
  action: AuditAction;
  ip: string | null;
  target: { id: string; email: string } | null;
  roleBefore: Role | null;
  roleAfter: Role | null;
  performer: { id: string; email: string; role: Role } | null;
  changes: Record<string, unknown> | null;
}

export async function insertAudit(db: Db, e: AuditEntry): Promise<void> {
  await db.query(
    `INSERT INTO public.user_audit (ip_address, action_type, target_user_id, target_user_email, target_user_role_before,
       target_user_role_after, performed_by_user_id, performed_by_email, performed_by_role, changes)
     VALUES ($1::inet, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      e.ip,
      e.action,
      e.target?.id ?? null,
      e.target?.email ?? null,
      e.roleBefore,
      e.roleAfter,
      e.performer?.id ?? null,
      e.performer?.email ?? null,
      e.performer?.role ?? null,
      e.changes === null ? null : JSON.stringify(e.changes),
    ],
  );
}

/** One page of audit records, newest first, with the filters of docs/users.md (user audit). */
export async function listAudit(db: Db, q: AuditQuery, timezone: string): Promise<{ rows: UserAuditRecord[]; count: number }> {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (sql: (p: string) => string, value: unknown) => {
    params.push(value);
    where.push(sql(`$${params.length}`));
  };
  if (q.action_type) add((p) => `action_type = ${p}`, q.action_type);
  if (q.target_user_id) add((p) => `target_user_id = ${p}`, q.target_user_id);
  if (q.performed_by_user_id) add((p) => `performed_by_user_id = ${p}`, q.performed_by_user_id);
  // A plain date means whole days in the club's timezone; the end day is included.
  if (q.start_date) {
    if (isIsoDate(q.start_date)) {
      params.push(timezone);
      add((p) => `created_at >= (${p}::date)::timestamp AT TIME ZONE $${params.length - 1}`, q.start_date);
    } else add((p) => `created_at >= ${p}::timestamptz`, q.start_date);
  }
  if (q.end_date) {
    if (isIsoDate(q.end_date)) {
      params.push(timezone);
      add((p) => `created_at < (${p}::date + 1)::timestamp AT TIME ZONE $${params.length - 1}`, q.end_date);
    } else add((p) => `created_at <= ${p}::timestamptz`, q.end_date);
  }
  const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const total = await db.query(`SELECT count(*)::int AS n FROM public.user_audit ${whereSql}`, params);
  const { rows } = await db.query(
    `SELECT id::text AS id, to_json(created_at)#>>'{}' AS created_at, host(ip_address) AS ip_address, action_type,
            target_user_id, target_user_email, target_user_role_before, target_user_role_after,
            performed_by_user_id, performed_by_email, performed_by_role, changes
       FROM public.user_audit ${whereSql}
      ORDER BY created_at DESC, id DESC
      LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, q.limit, (q.page - 1) * q.limit],
  );
  return { rows, count: total.rows[0].n };
}
