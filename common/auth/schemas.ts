import { z } from '../core/zod';
import { MSG } from '../core/messages';
import { changePasswordIssue, newPasswordIssue, type PasswordFormIssue } from './password';

/** Longest address SMTP allows; anything longer is refused before touching the database. */
export const EMAIL_MAX_LENGTH = 254;
/** An invitation's email (docs/users.md): text, @, text, dot, text. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Passwords longer than this (in characters) are absurd input: 400 before any hashing. */
export const PASSWORD_INPUT_MAX_LENGTH = 1024;

/** How addresses are compared and stored: trimmed, lower case. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/**
 * The one email field of every body and form (sign-in, recovery, GoTrue calls, invitation):
 * trimmed, required, at most EMAIL_MAX_LENGTH; with `invalid`, it must also look like an address
 * (EMAIL_PATTERN). Each form names its own messages; a length over the limit is absurd input
 * (MSG.http.badRequest) unless the form says otherwise.
 */
export function emailField(messages: { required: string; tooLong?: string; invalid?: string }) {
  const field = z
    .string({ error: messages.required })
    .trim()
    .min(1, messages.required)
    .max(EMAIL_MAX_LENGTH, messages.tooLong ?? MSG.http.badRequest);
  return messages.invalid ? field.regex(EMAIL_PATTERN, messages.invalid) : field;
}

/** The email of a sign-in (POST /api/login, /auth/v1/token): any non-blank text, no shape check. */
export const loginEmailField = () => emailField({ required: MSG.login.required });
/** The email of a recovery request (POST /api/forgot-password, /auth/v1/recover). */
export const recoverEmailField = () => emailField({ required: MSG.forgot.emailRequiredServer });

/** POST /api/login body (docs/auth.md): email and password required and non-blank. */
export const loginSchema = z.strictObject({
  email: loginEmailField(),
  password: z
    .string({ error: MSG.login.required })
    .max(PASSWORD_INPUT_MAX_LENGTH, MSG.http.badRequest)
    .refine((p) => p.trim().length > 0, MSG.login.required),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** POST /api/forgot-password body (docs/auth.md). */
export const forgotPasswordSchema = z.strictObject({ email: recoverEmailField() });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

/**
 * The recovery form of the login screen: the recovery body's email with the form's own word for a
 * missing one (the server's answer says 'Email è richiesta').
 */
export const forgotPasswordFormSchema = z.strictObject({ email: emailField({ required: MSG.forgot.emailRequiredClient }) });

/** The password forms name one problem at a time, on its field. */
const oneIssue = (issue: PasswordFormIssue | null, ctx: z.RefinementCtx) => {
  if (issue) ctx.addIssue({ code: 'custom', path: [issue.field], message: issue.message });
};

/** The reset screen's form (docs/auth.md): a new password meeting the criteria, typed twice. */
export const newPasswordFormSchema = z.strictObject({ password: z.string(), confirm: z.string() }).superRefine((v, ctx) => oneIssue(newPasswordIssue(v.password, v.confirm), ctx));

/** 'Cambia password' (docs/auth.md): the current password, then a new one as on the reset screen, different from it. */
export const changePasswordFormSchema = z
  .strictObject({ current: z.string(), password: z.string(), confirm: z.string() })
  .superRefine((v, ctx) => oneIssue(changePasswordIssue(v.current, v.password, v.confirm), ctx));

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

/** GET /api/me: the session user (docs/auth.md). */
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
  /** CLUB_NAME: the home-team detection uses it (docs/matches.md, home or away). */
  clubName: string;
  /** APP_TIMEZONE: the club's "today". */
  timezone: string;
  /** CLASH_MARGIN_MINUTES: the changing-room changeover the dashboard's clash marks use (docs/occupancy.md). */
  clashMarginMinutes: number;
}
