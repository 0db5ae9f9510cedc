import { firstPasswordError, passwordStrength, strengthLabel, unmetCriteria } from './password';
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
