import { z } from 'zod';
import { EMAIL_MAX_LENGTH, PASSWORD_INPUT_MAX_LENGTH } from '../../common/auth';

// Bodies of the /auth/v1 calls exactly as @supabase/supabase-js sends them (strict: unknown
// fields are refused; the nulls and the captcha wrapper the client always adds are tolerated).
const email = z.string({ error: 'Email richiesta' }).trim().min(1, 'Email richiesta').max(EMAIL_MAX_LENGTH, 'Email troppo lunga');
const password = z.string({ error: 'Password richiesta' }).min(1, 'Password richiesta').max(PASSWORD_INPUT_MAX_LENGTH, 'Password troppo lunga');
const metaSecurity = z.strictObject({ captcha_token: z.string().max(4096).nullish() }).optional();
const pkce = { code_challenge: z.string().max(256).nullish(), code_challenge_method: z.string().max(16).nullish() };

export const passwordGrantSchema = z.strictObject({ email, password, gotrue_meta_security: metaSecurity });
export const refreshGrantSchema = z.strictObject({ refresh_token: z.string({ error: 'Refresh token richiesto' }).min(1).max(512) });
export const recoverSchema = z.strictObject({ email, ...pkce, gotrue_meta_security: metaSecurity });
export const updateUserSchema = z.strictObject({
  password: z.string().max(PASSWORD_INPUT_MAX_LENGTH, 'Password troppo lunga').optional(),
  nonce: z.string().max(256).nullish(),
  ...pkce,
});

export const tokenQuerySchema = z.object({ grant_type: z.enum(['password', 'refresh_token'], { error: 'grant_type non supportato' }) });
export const logoutQuerySchema = z.object({ scope: z.enum(['global', 'local', 'others']).default('global') });
export const redirectQuerySchema = z.object({ redirect_to: z.string().max(2048).optional() });
export const verifyQuerySchema = z.object({
  token: z.string().min(1).max(512),
  type: z.enum(['recovery', 'invite']),
  redirect_to: z.string().max(2048).optional(),
});
