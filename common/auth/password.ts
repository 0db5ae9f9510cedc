import { MSG } from '../core/messages';

/** The five criteria for a new password (docs/auth.md), in the order their messages are shown. */
export const PASSWORD_CRITERIA = [
  { key: 'length', label: MSG.password.minLength, test: (p: string) => p.length >= 8 },
  { key: 'lowercase', label: MSG.password.lowercase, test: (p: string) => /[a-z]/.test(p) },
  { key: 'uppercase', label: MSG.password.uppercase, test: (p: string) => /[A-Z]/.test(p) },
  { key: 'digit', label: MSG.password.digit, test: (p: string) => /\d/.test(p) },
  { key: 'special', label: MSG.password.special, test: (p: string) => /[@$!%*?&]/.test(p) },
] as const;

export type PasswordCriterion = (typeof PASSWORD_CRITERIA)[number]['key'];

/** bcrypt reads at most 72 bytes: longer passwords are refused, never truncated. */
export const PASSWORD_MAX_BYTES = 72;

export function passwordTooLong(password: string): boolean {
  return new TextEncoder().encode(password).length > PASSWORD_MAX_BYTES;
}

export function unmetCriteria(password: string): PasswordCriterion[] {
  return PASSWORD_CRITERIA.filter((c) => !c.test(password)).map((c) => c.key);
}

/** First unmet criterion's message (shown on submit), or null when the password is valid. */
export function firstPasswordError(password: string): string | null {
  if (passwordTooLong(password)) return MSG.password.tooLong;
  const failed = PASSWORD_CRITERIA.find((c) => !c.test(password));
  return failed ? failed.label : null;
}

/** Share of criteria met, 0-100. */
export function passwordStrength(password: string): number {
  const met = PASSWORD_CRITERIA.filter((c) => c.test(password)).length;
  return Math.round((met / PASSWORD_CRITERIA.length) * 100);
}

export function strengthLabel(percent: number): 'Debole' | 'Media' | 'Buona' | 'Forte' {
  if (percent < 40) return 'Debole';
  if (percent < 70) return 'Media';
  if (percent < 100) return 'Buona';
  return 'Forte';
}

/** A problem of a password form: the field it is about and its message. */
export interface PasswordFormIssue {
  field: 'current' | 'password' | 'confirm';
  message: string;
}

/** The new password of the reset screen (docs/auth.md): the criteria first, then the confirmation. */
export function newPasswordIssue(password: string, confirm: string): PasswordFormIssue | null {
  const weak = firstPasswordError(password);
  if (weak) return { field: 'password', message: weak };
  if (password !== confirm) return { field: 'confirm', message: MSG.reset.mismatch };
  return null;
}

/** 'Cambia password' (docs/auth.md): the current password, the new one's criteria and confirmation, then a different one, in the order a person fixes them. */
export function changePasswordIssue(current: string, password: string, confirm: string): PasswordFormIssue | null {
  if (current === '') return { field: 'current', message: MSG.changePassword.currentRequired };
  const issue = newPasswordIssue(password, confirm);
  if (issue) return issue;
  if (password === current) return { field: 'password', message: MSG.password.samePassword };
  return null;
}

/** The first problem of 'Cambia password' as typed, or null when it may be sent. */
export const changePasswordProblem = (current: string, next: string, confirm: string): string | null => changePasswordIssue(current, next, confirm)?.message ?? null;
