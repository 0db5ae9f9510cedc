import { z } from '../../common/core/zod';
import { MSG } from '../../common/core/messages';
import { loginEmailField, PASSWORD_INPUT_MAX_LENGTH, recoverEmailField } from '../../common/auth/schemas';

// Bodies of the /auth/v1 calls exactly as @supabase/supabase-js sends them (strict: unknown
// fields are refused; the nulls and the captcha wrapper the client always adds are tolerated).
const password = z.string({ error: MSG.login.required }).min(1, MSG.login.required).max(PASSWORD_INPUT_MAX_LENGTH, MSG.http.badRequest);
const metaSecurity = z.strictObject({ captcha_token: z.string().max(4096).nullish() }).optional();
const pkce = { code_challenge: z.string().max(256).nullish(), code_challenge_method: z.string().max(16).nullish() };

export const passwordGrantSchema = z.strictObject({ email: loginEmailField(), password, gotrue_meta_security: metaSecurity });
export const refreshGrantSchema = z.strictObject({ refresh_token: z.string({ error: MSG.http.badRequest }).min(1, MSG.http.badRequest).max(512, MSG.http.badRequest) });
export const recoverSchema = z.strictObject({ email: recoverEmailField(), ...pkce, gotrue_meta_security: metaSecurity });
export const updateUserSchema = z.strictObject({
  password: z.string().max(PASSWORD_INPUT_MAX_LENGTH, MSG.http.badRequest).optional(),
  nonce: z.string().max(256).nullish(),
  ...pkce,
});

export const tokenQuerySchema = z.object({ grant_type: z.enum(['password', 'refresh_token'], { error: MSG.http.badRequest }) });
export const logoutQuerySchema = z.object({ scope: z.enum(['global', 'local', 'others']).default('global') });
export const redirectQuerySchema = z.object({ redirect_to: z.string().max(2048).optional() });
export const verifyQuerySchema = z.object({
  token: z.string().min(1).max(512),
  type: z.enum(['recovery', 'invite']),
  redirect_to: z.string().max(2048).optional(),
});
