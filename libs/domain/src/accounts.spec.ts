import { describe, expect, it } from 'vitest';
import { ACCOUNT_TOKENS, LOGIN_THROTTLE, publicUrlForLanguage } from './accounts';

describe('publicUrlForLanguage', () => {
  it.each([
    ['https://husly.dk', 'da', 'https://husly.dk'],
    ['https://husly.dk/', 'en', 'https://en.husly.dk'],
    ['https://www.husly.dk', 'en', 'https://en.husly.dk'],
    ['http://localhost:3000', 'en', 'http://en.localhost:3000'],
  ] as const)('%s in %s is %s', (base, lang, expected) => {
    expect(publicUrlForLanguage(base, lang)).toBe(expected);
  });
});

describe('account limits', () => {
  it('throttles login at 10 failures in 15 minutes and keeps reset links at most 30 minutes', () => {
    expect(LOGIN_THROTTLE).toEqual({ maxFailures: 10, windowMs: 900_000 });
    expect(ACCOUNT_TOKENS.passwordResetMs).toBeLessThanOrEqual(30 * 60_000);
  });
});
