import { changePasswordIssue, firstPasswordError, newPasswordIssue, passwordStrength, strengthLabel, unmetCriteria } from './password';
import { changePasswordFormSchema, forgotPasswordFormSchema, newPasswordFormSchema } from './schemas';
import { MSG } from '../core/messages';

describe('new password rules (docs/auth.md)', () => {
  it('lists unmet criteria in order and shows the first one', () => {
    expect(unmetCriteria('abc')).toEqual(['length', 'uppercase', 'digit', 'special']);
    expect(firstPasswordError('abc')).toBe(MSG.password.minLength);
    expect(firstPasswordError('abcdefgh')).toBe(MSG.password.uppercase);
    expect(firstPasswordError('Abcdefg1!')).toBeNull();
  });

  it('accepts each special character of the spec and nothing else as special', () => {
    for (const c of '@$!%*?&') expect(firstPasswordError(`Abcdefg1${c}`)).toBeNull();
    expect(firstPasswordError('Abcdefg1#')).toBe(MSG.password.special);
  });

  it('computes strength as the share of criteria met, with the spec labels', () => {
    expect(passwordStrength('')).toBe(0);
    expect(passwordStrength('a')).toBe(20);
    expect(strengthLabel(passwordStrength('ab'))).toBe('Debole');
    expect(strengthLabel(passwordStrength('abcdefgh'))).toBe('Media');
    expect(strengthLabel(passwordStrength('Abcdefgh1'))).toBe('Buona');
    expect(strengthLabel(passwordStrength('Abcdefg1!'))).toBe('Forte');
  });

  it('refuses passwords over 72 bytes instead of truncating them', () => {
    expect(firstPasswordError(`Aa1!${'é'.repeat(35)}`)).toBe(MSG.password.tooLong);
  });
});

describe('the password forms (docs/auth.md): one problem at a time, on its field', () => {
  it('the reset form: the criteria, then the confirmation', () => {
    expect(newPasswordIssue('abc', 'abc')).toEqual({ field: 'password', message: MSG.password.minLength });
    expect(newPasswordIssue('Abcdefg1!', 'Abcdefg1?')).toEqual({ field: 'confirm', message: MSG.reset.mismatch });
    expect(newPasswordIssue('Abcdefg1!', 'Abcdefg1!')).toBeNull();
    const parsed = newPasswordFormSchema.safeParse({ password: 'Abcdefg1!', confirm: '' });
    expect(parsed.success ? [] : parsed.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['confirm', MSG.reset.mismatch]]);
  });

  it("'Cambia password': the current one, then the new one, then a different one", () => {
    expect(changePasswordIssue('', 'Abcdefg1!', 'Abcdefg1!')).toEqual({ field: 'current', message: MSG.changePassword.currentRequired });
    expect(changePasswordIssue('Vecchia1!', 'Abcdefg1!', 'Abcdefg1!')).toBeNull();
    const parsed = changePasswordFormSchema.safeParse({ current: 'Abcdefg1!', password: 'Abcdefg1!', confirm: 'Abcdefg1!' });
    expect(parsed.success ? [] : parsed.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['password', MSG.password.samePassword]]);
  });

  it('the recovery form asks for the email in its own words', () => {
    const parsed = forgotPasswordFormSchema.safeParse({ email: '   ' });
    expect(parsed.success ? [] : parsed.error.issues.map((i) => i.message)).toEqual([MSG.forgot.emailRequiredClient]);
  });
});
