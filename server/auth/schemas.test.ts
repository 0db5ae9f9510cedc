import { EMAIL_MAX_LENGTH, forgotPasswordSchema, loginSchema } from '../../common/auth/schemas';
import { MSG } from '../../common/core/messages';
import { inviteUserSchema } from '../../common/users/rules';
import { passwordGrantSchema, recoverSchema } from './schemas';

/** An address of exactly `length` characters. */
const address = (length: number) => `${'a'.repeat(length - '@example.it'.length)}@example.it`;

describe('one email rule for every body (common/auth/schemas emailField)', () => {
  const bodies = [
    { name: 'POST /api/login', schema: loginSchema, body: (email: string) => ({ email, password: 'x' }), required: MSG.login.required, tooLong: MSG.http.badRequest },
    { name: 'POST /api/forgot-password', schema: forgotPasswordSchema, body: (email: string) => ({ email }), required: MSG.forgot.emailRequiredServer, tooLong: MSG.http.badRequest },
    { name: 'POST /auth/v1/token', schema: passwordGrantSchema, body: (email: string) => ({ email, password: 'x' }), required: MSG.login.required, tooLong: MSG.http.badRequest },
    { name: 'POST /auth/v1/recover', schema: recoverSchema, body: (email: string) => ({ email }), required: MSG.forgot.emailRequiredServer, tooLong: MSG.http.badRequest },
    { name: 'POST /api/users', schema: inviteUserSchema, body: (email: string) => ({ email }), required: MSG.users.emailRequired, tooLong: MSG.users.emailTooLong },
  ];

  it.each(bodies)('$name: same limit, trimmed, blank refused with its own message', ({ schema, body, required, tooLong }) => {
    expect(EMAIL_MAX_LENGTH).toBe(254);
    expect(schema.safeParse(body(address(EMAIL_MAX_LENGTH))).success).toBe(true);
    expect(schema.safeParse(body(address(EMAIL_MAX_LENGTH + 1))).error?.issues[0].message).toBe(tooLong);
    // Surrounding spaces do not count toward the limit.
    expect(schema.safeParse(body(`  ${address(EMAIL_MAX_LENGTH)}  `)).success).toBe(true);
    expect(schema.safeParse(body('   ')).error?.issues[0].message).toBe(required);
    expect(schema.safeParse(body(undefined as unknown as string)).error?.issues[0].message).toBe(required);
  });

  it('the invitation also checks the shape and stores the address in lower case', () => {
    expect(inviteUserSchema.safeParse({ email: 'mario@rossi' }).error?.issues[0].message).toBe(MSG.users.emailInvalid);
    expect(inviteUserSchema.parse({ email: ' Mario@Rossi.IT ' }).email).toBe('mario@rossi.it');
  });
});
