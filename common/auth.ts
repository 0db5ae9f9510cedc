import { z } from './zod';
import { MSG } from './messages';

/** Longest address SMTP allows; anything longer is refused before touching the database. */
export const EMAIL_MAX_LENGTH = 254;
/** Passwords longer than this (in characters) are absurd input: 400 before any hashing. */
export const PASSWORD_INPUT_MAX_LENGTH = 1024;

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** POST /api/login body (spec 7): email and password required and non-blank. */
export const loginSchema = z.strictObject({
  email: z
    .string({ error: MSG.login.required })
    .trim()
    .min(1, MSG.login.required)
    .max(EMAIL_MAX_LENGTH, MSG.http.badRequest),
  password: z
    .string({ error: MSG.login.required })
    .max(PASSWORD_INPUT_MAX_LENGTH, MSG.http.badRequest)
    .refine((p) => p.trim().length > 0, MSG.login.required),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** POST /api/forgot-password body (spec 7). */
export const forgotPasswordSchema = z.strictObject({
  email: z
    .string({ error: MSG.forgot.emailRequiredServer })
    .trim()
    .min(1, MSG.forgot.emailRequiredServer)
    .max(EMAIL_MAX_LENGTH, MSG.http.badRequest),
});
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

/** Answer of POST /api/login. */
export interface LoginResponse {
  success: boolean;
  error?: string;
  isRateLimited?: boolean;
  /** Seconds until the account lock ends. */
  remainingTime?: number;
  /** Seconds until the per-IP limit lets requests through again. */
  retryAfter?: number;
}

/** GET /api/me: the session user of spec 3. */
export interface SessionUser {
  id: string;
  email: string;
  role: 'reader' | 'editor' | 'admin';
  recovery_sent_at: string | null;
  email_change_sent_at: string | null;
  last_sign_in_at: string | null;
}

/** GET /api/config: where the SPA's supabase client points, and the club settings its rules need. */
export interface ClientConfig {
  supabaseUrl: string;
  supabaseAnonKey: string;
  /** CLUB_NAME: the home-team detection of spec 4 uses it. */
  clubName: string;
  /** APP_TIMEZONE: the club's "today". */
  timezone: string;
}
