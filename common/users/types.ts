// The answers of the user routes (server/features/users/routes.ts) as zod schemas: the routes declare
// them (they encode every answer and make the OpenAPI document), the SPA reads their types
// (src/features/users/usersApi.ts, with `import type`: no schema reaches the bundle).
import { z } from '../core/zod';
import { ROLES } from './roles';
import { gruppiSeguitiSchema } from '../players/types';
import { AUDIT_ACTIONS, type SyncResponse, type User, type UserAuditRecord, type UserAuditResponse, type UsersListResponse } from './rules';

const role = z.enum(ROLES);

/** A row of the users list (docs/users.md). */
export const userSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  email: z.string(),
  role,
  created_at: z.string(),
  last_sign_in_at: z.string().nullable(),
  last_updated: z.string(),
  locked_until: z.string().nullable(),
  invito_in_attesa: z.boolean(),
  // The categories whose players the user may see (docs/players.md): in every answer.
  gruppiSeguiti: gruppiSeguitiSchema.optional(),
}) satisfies z.ZodType<User>;

/** GET /api/users: every user, with the Italian message of the list. */
export const usersListResponse = z.object({
  data: z.array(userSchema),
  count: z.number(),
  message: z.string(),
}) satisfies z.ZodType<UsersListResponse>;

/** POST /api/users (201, an invitation) and PUT /api/users/:id/role: the Italian message and the user as now. */
export interface UserChangeResponse {
  message: string;
  data: User;
}
export const userChangeResponse = z.object({ message: z.string(), data: userSchema }) satisfies z.ZodType<UserChangeResponse>;

/** DELETE /api/users/:id, POST /api/users/:id/unlock and /reinvito: the Italian message. */
export interface UserMessageResponse {
  message: string;
}
export const userMessageResponse = z.object({ message: z.string() }) satisfies z.ZodType<UserMessageResponse>;

/** POST /api/users/sync: what the sync added, updated and removed, and how many users there are now. */
export const syncResponse = z.object({
  message: z.string(),
  added: z.number(),
  updated: z.number(),
  removed: z.number(),
  count: z.number(),
}) satisfies z.ZodType<SyncResponse>;

/** A record of the user audit (docs/users.md). */
const auditRecord = z.object({
  id: z.string(),
  created_at: z.string(),
  ip_address: z.string().nullable(),
  action_type: z.enum(AUDIT_ACTIONS),
  target_user_id: z.string().nullable(),
  target_user_email: z.string().nullable(),
  target_user_role_before: role.nullable(),
  target_user_role_after: role.nullable(),
  performed_by_user_id: z.string().nullable(),
  performed_by_email: z.string().nullable(),
  performed_by_role: role.nullable(),
  changes: z.record(z.string(), z.unknown()).nullable(),
}) satisfies z.ZodType<UserAuditRecord>;

/** GET /api/user-audit: one page of audit records, newest first. */
export const userAuditResponse = z.object({
  data: z.array(auditRecord),
  count: z.number(),
  totalPages: z.number(),
  page: z.number(),
}) satisfies z.ZodType<UserAuditResponse>;
