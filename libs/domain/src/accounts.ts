// Account rules the spec leaves to us: throttles, token lifetimes and the texts of a throttled request.
// Shared by the API (which enforces them) and the web (which shows the texts).
import type { Language } from './constants';

/** Progressive delay: after `free` attempts in a window, the n-th next waits baseMs · 2^(n − free), at most maxMs. */
export interface ThrottleDelay {
  free: number;
  baseMs: number;
  maxMs: number;
}

/**
 * Login (issues 4 and 12, ADR 0005). Counted before the password is checked; a login that succeeds
 * gives its attempt back. Clients without the account's device cookie share `maxFailures` per
 * account (the brute-force bound), each IP `perSource` of those with growing delays, and an IP at
 * most `perIp` across accounts. A client with a valid device cookie of the account has a budget of
 * its own (`perDevice`), so nobody else's guesses lock the owner out. `maxFailures` also bounds
 * wrong current passwords on a password change.
 */
export const LOGIN_THROTTLE = {
  windowMs: 15 * 60_000,
  maxFailures: 10,
  perSource: 5,
  perIp: 10,
  perDevice: 5,
  delay: { free: 3, baseMs: 2_000, maxMs: 60_000 } satisfies ThrottleDelay,
  /** The owner hears of a tripped account limit at most this often. */
  noticeEveryMs: 24 * 3600_000,
} as const;
/** Signups per IP per hour (our choice: a family behind one router still fits). */
export const SIGNUP_THROTTLE = { max: 10, windowMs: 60 * 60_000 } as const;
/** Password-reset requests: per IP, and per address so one inbox is not flooded. */
export const MAIL_REQUEST_THROTTLE = { perIp: 20, perEmail: 5, windowMs: 60 * 60_000 } as const;
/**
 * Verification mails (signup, email change, resend): a few per address a day, whoever asks, and
 * per IP an hour. Keyed on the normalised address, so spellings of one inbox share a count.
 */
export const VERIFICATION_MAIL_THROTTLE = { perAddress: 3, addressWindowMs: 24 * 3600_000, perIp: 10, ipWindowMs: 60 * 60_000 } as const;
/**
 * A visitor's boligagent signup, which answers 406 for a registered address (spec section 5): counted
 * per IP and per address before the lookup, so addresses cannot be tested for an account at scale.
 */
export const BOLIGAGENT_SIGNUP_THROTTLE = { perIp: 20, perEmail: 5, windowMs: 60 * 60_000 } as const;

/** Single-use link lifetimes: a reset link is short-lived, a verification link may wait in the inbox. */
export const ACCOUNT_TOKENS = {
  passwordResetMs: 30 * 60_000,
  emailVerificationMs: 7 * 24 * 3600_000,
  /** A login token issued by a reset link may set a new password without the old one for this long. */
  passwordResetSessionMs: 30 * 60_000,
} as const;

/**
 * Switching language keeps the user logged in: the session moves to the other host by a code posted
 * there (never in a URL). It lives long enough for one redirect, and a user switching back and forth
 * all day stays well under the hourly number; a script minting codes does not.
 */
export const LANGUAGE_HANDOFF = { lifetimeMs: 60_000, perUser: 60, windowMs: 60 * 60_000 } as const;

export const THROTTLE_MESSAGES: Record<Language, string> = {
  da: 'For mange forsøg. Vent venligst lidt, og prøv så igen.',
  en: 'Too many attempts. Please wait a while and try again.',
};

/** The English site is the en. subdomain of the same host (and of PUBLIC_URL). */
export function publicUrlForLanguage(publicUrl: string, language: Language): string {
  const base = publicUrl.replace(/\/+$/, '');
  if (language !== 'en') return base;
  return base.replace(/^(https?:\/\/)(www\.)?/i, (_m, scheme: string) => `${scheme}en.`);
}
