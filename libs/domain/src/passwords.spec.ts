import { describe, expect, it } from 'vitest';
import { PASSWORD_RULE, passwordProblem } from './passwords';
import { validationMessage } from './validation';

describe('passwordProblem', () => {
  it.each([
    ['ab', 'password-too-short'],
    ['x', 'password-too-short'],
    ['abc', 'password-too-short'],
    ['1234567', 'password-too-short'],
    // Trimmed before counting, as the forms compare it.
    ['  abcdefg  ', 'password-too-short'],
    // Eight characters, not eight UTF-16 units: "ø" and an emoji are one character each.
    ['rødgrød', 'password-too-short'],
    ['rødgrød!', null],
    ['🏠🏠🏠🏠🏠🏠🏠', 'password-too-short'],
    ['tagryg-mose-8', null],
    ['correct horse battery staple', null],
    ['a'.repeat(64) + 'b', null],
    ['ab'.repeat(64), null],
    ['ab'.repeat(64) + 'c', 'password-too-long'],
    ['password', 'password-too-common'],
    ['Password1', 'password-too-common'],
    ['12345678', 'password-too-common'],
    ['qwertyuiop', 'password-too-common'],
    ['kodeord123', 'password-too-common'],
    ['HejMedDig', 'password-too-common'],
    ['sommer2026', 'password-too-common'],
    ['københavn', 'password-too-common'],
    ['kkkkkkkkkk', 'password-too-common'],
  ] as const)('%j → %s', (password, expected) => {
    expect(passwordProblem(password)).toBe(expected);
  });

  it('never caps a pass phrase below 64 characters (ASVS 5.0)', () => {
    expect(PASSWORD_RULE.maxLength).toBeGreaterThanOrEqual(64);
    expect(PASSWORD_RULE.minLength).toBe(8);
  });

  it.each([
    ['password-too-short', 'da', 'Adgangskoden skal være på mindst 8 tegn.'],
    ['password-too-short', 'en', 'The password must be at least 8 characters.'],
    ['password-too-common', 'en', 'That password is used by many others, so it is easy to guess. Choose another.'],
  ] as const)('%s in %s says the rule', (code, lang, text) => {
    expect(validationMessage(code, lang)).toBe(text);
  });
});
