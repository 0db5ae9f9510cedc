// The answers of the app's own sign-in routes (server/auth/api-routes.ts: /api/login, /api/forgot-password,
// /api/me, /api/config) as zod schemas: the routes declare them (they encode every answer and make the
// OpenAPI document); the SPA reads the interfaces they satisfy (with `import type`: no schema reaches
// the bundle). The GoTrue-compatible /auth/v1 routes keep their own protocol's shapes.
import { z } from '../core/zod';
import { ROLES } from '../users/roles';
import type { ClientConfig, LoginResponse, SessionUser } from './schemas';

/** POST /api/login: 200 signed in; 401 wrong credentials; 429 account locked (remainingTime) or too many tries from the address (retryAfter). */
export const loginResponse = z.object({
  success: z.boolean(),
  error: z.string().optional(),
  isRateLimited: z.boolean().optional(),
  remainingTime: z.number().optional(),
  retryAfter: z.number().optional(),
}) satisfies z.ZodType<LoginResponse>;

/** POST /api/forgot-password: always the same answer, whether the address is known or not (429 when too many). */
export interface ForgotPasswordResponse {
  success: boolean;
  message?: string;
  error?: string;
}
export const forgotPasswordResponse = z.object({
  success: z.boolean(),
  message: z.string().optional(),
  error: z.string().optional(),
}) satisfies z.ZodType<ForgotPasswordResponse>;

/** GET /api/me: the session user (docs/auth.md). */
export const sessionUserResponse = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  recovery_sent_at: z.string().nullable(),
  email_change_sent_at: z.string().nullable(),
  last_sign_in_at: z.string().nullable(),
}) satisfies z.ZodType<SessionUser>;

/** GET /api/config: the SPA's runtime configuration. */
export const clientConfigResponse = z.object({
  supabaseUrl: z.string(),
  supabaseAnonKey: z.string(),
  clubName: z.string(),
  timezone: z.string(),
  clashMarginMinutes: z.number(),
}) satisfies z.ZodType<ClientConfig>;
