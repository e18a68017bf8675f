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
  it('throttles login at 10 guesses per account in 15 minutes, fewer per source, and keeps reset links at most 30 minutes', () => {
    expect(LOGIN_THROTTLE).toMatchObject({ maxFailures: 10, windowMs: 900_000 });
    expect(LOGIN_THROTTLE.perSource).toBeLessThan(LOGIN_THROTTLE.maxFailures);
    expect(LOGIN_THROTTLE.delay.free).toBeLessThan(LOGIN_THROTTLE.perSource);
    expect(ACCOUNT_TOKENS.passwordResetMs).toBeLessThanOrEqual(30 * 60_000);
  });
});
