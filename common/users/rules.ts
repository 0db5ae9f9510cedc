import { uuidId, z } from '../core/zod';
import type { GruppiSeguiti } from '../players/rules';
import { MSG } from '../core/messages';
import { DEFAULT_ROLE, ROLES, ROLE_LABEL, isRole, type Role } from './roles';
import { isIsoDate } from '../core/date-text';
import { emailField, normaliseEmail } from '../auth/schemas';

export const AUDIT_ACTIONS = ['CREATE', 'UPDATE', 'DELETE', 'ROLE_CHANGE'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_PAGE_SIZE = 50;
export const AUDIT_PAGE_SIZE_MAX = 100;
export const AUDIT_PAGE_SIZES = [10, 25, 50, 100] as const;

const roleSchema = z.enum(ROLES, { error: MSG.users.roleInvalid });

const emailSchema = emailField({
  required: MSG.users.emailRequired,
  tooLong: MSG.users.emailTooLong,
  invalid: MSG.users.emailInvalid,
}).transform(normaliseEmail);

/** POST /api/users body, and the invite modal's form: email required, role defaults to reader. */
export const inviteUserSchema = z.strictObject({
  email: emailSchema,
  role: roleSchema.default(DEFAULT_ROLE),
});
export type InviteUserInput = z.input<typeof inviteUserSchema>;

/** PUT /api/users/{id}/role body. */
export const changeRoleSchema = z.strictObject({ role: roleSchema });

/** POST /api/users/sync takes no fields. */
export const syncUsersSchema = z.strictObject({});

export const userIdParamsSchema = z.strictObject({ id: uuidId(MSG.users.idInvalid) });

const isoDateTime = z.iso.datetime({ offset: true });
/** A real calendar date (2024-02-30 is not one), or a date-time with offset on a real date. */
const auditDate = z
  .string({ error: MSG.users.dateInvalid })
  .max(64, MSG.users.dateInvalid)
  .refine((v) => isIsoDate(v.slice(0, 10)) && (v.length === 10 || isoDateTime.safeParse(v).success), {
    error: MSG.users.dateInvalid,
  });

const positiveInt = (message: string, max?: number) =>
  z
    .string({ error: message })
    .regex(/^\d{1,6}$/, message)
    .transform(Number)
    .refine((n) => n >= 1 && (max === undefined || n <= max), { error: message });

/** GET /api/user-audit query (docs/users.md, user audit filters). Query values arrive as strings. */
export const auditQuerySchema = z
  .strictObject({
    page: positiveInt(MSG.users.pageInvalid).default(1),
    limit: positiveInt(MSG.users.limitInvalid, AUDIT_PAGE_SIZE_MAX).default(AUDIT_PAGE_SIZE),
    action_type: z.enum(AUDIT_ACTIONS, { error: MSG.users.actionInvalid }).optional(),
    target_user_id: uuidId(MSG.users.idInvalid).optional(),
    performed_by_user_id: uuidId(MSG.users.idInvalid).optional(),
    start_date: auditDate.optional(),
    end_date: auditDate.optional(),
  })
  .refine((q) => !q.start_date || !q.end_date || q.start_date.slice(0, 10) <= q.end_date.slice(0, 10), {
    error: MSG.users.dateOrder,
  });
export type AuditQuery = z.output<typeof auditQuerySchema>;

/** A row of the users list (Gestione Utenti, docs/users.md). */
export interface User {
  id: string;
  user_id: string;
  email: string;
  role: Role;
  created_at: string;
  last_sign_in_at: string | null;
  last_updated: string;
  /** While sign-ins to the account are locked (lock-out of docs/auth.md, from any address): until when; else null. */
  locked_until: string | null;
  /** Invited, and no password chosen yet: 'Invito in attesa', and 'Reinvia invito' offered. */
  invito_in_attesa: boolean;
  /**
   * The categories whose players the user may see ('Categorie seguite', docs/players.md): stored ties,
   * whatever the role (an administrator sees every player anyway). Always present in answers of the
   * API; optional in the type so older literals still fit.
   */
  gruppiSeguiti?: GruppiSeguiti;
}

/** A record of the user audit (docs/users.md). */
export interface UserAuditRecord {
  id: string;
  created_at: string;
  ip_address: string | null;
  action_type: AuditAction;
  target_user_id: string | null;
  target_user_email: string | null;
  target_user_role_before: Role | null;
  target_user_role_after: Role | null;
  performed_by_user_id: string | null;
  performed_by_email: string | null;
  performed_by_role: Role | null;
  changes: Record<string, unknown> | null;
}

export interface UsersListResponse {
  data: User[];
  count: number;
  message: string;
}

export interface UserAuditResponse {
  data: UserAuditRecord[];
  count: number;
  totalPages: number;
  page: number;
}

export interface SyncResponse {
  message: string;
  added: number;
  updated: number;
  removed: number;
  count: number;
}

/** The fields of a change record, in words a person reads (audit screen). */
export function describeChanges(changes: Record<string, unknown> | null | undefined): string[] {
  if (!changes) return [];
  const label = (key: string) => MSG.users.changeLabel[key] ?? key;
  const show = (v: unknown): string => {
    if (v === null || v === undefined || v === '') return '—';
    if (v === 'sync') return MSG.users.sourceSync;
    if (v === 'invite') return MSG.users.sourceInvite;
    if (typeof v === 'boolean') return v ? 'sì' : 'no';
    if (typeof v === 'object') return JSON.stringify(v);
    return String(v);
  };
  // Roles read as everywhere else (Lettore, Editor, Amministratore), also in records stored with the codes.
  const showOf = (key: string) => (v: unknown) => (key === 'role' && isRole(v) ? ROLE_LABEL[v] : show(v));
  return Object.entries(changes).map(([key, value]) => {
    const shown = showOf(key);
    if (value && typeof value === 'object' && !Array.isArray(value) && ('from' in value || 'to' in value)) {
      const { from, to } = value as { from?: unknown; to?: unknown };
      return `${label(key)}: ${shown(from)} → ${shown(to)}`;
    }
    return `${label(key)}: ${shown(value)}`;
  });
}

/** Gestione Utenti (docs/users.md): search by email or user id (case-insensitive substring) and by role ('' = all). */
export function filterUsers<T extends Pick<User, 'id' | 'email' | 'role'>>(users: readonly T[], search: string, role: Role | ''): T[] {
  const q = search.trim().toLowerCase();
  return users.filter((u) => (!role || u.role === role) && (!q || u.email.toLowerCase().includes(q) || u.id.toLowerCase().includes(q)));
}

/** Gestione Utenti (docs/users.md): counts by role, for the cards above the table. */
export function countByRole(users: ReadonlyArray<Pick<User, 'role'>>): Record<Role | 'total', number> {
  const counts = { total: users.length, admin: 0, editor: 0, reader: 0 };
  for (const u of users) counts[u.role] += 1;
  return counts;
}
