// Account rules the spec leaves to us: throttles, token lifetimes and the texts of a throttled request.
// Shared by the API (which enforces them) and the web (which shows the texts).
import type { Language } from './constants';

/** Login: at most 10 failures per account and per IP in 15 minutes, then 429 (issue 4). */
export const LOGIN_THROTTLE = { maxFailures: 10, windowMs: 15 * 60_000 } as const;
/** Signups per IP per hour (our choice: a family behind one router still fits). */
export const SIGNUP_THROTTLE = { max: 10, windowMs: 60 * 60_000 } as const;
/** Reset and verification-mail requests: per IP, and per address so one inbox is not flooded. */
export const MAIL_REQUEST_THROTTLE = { perIp: 20, perEmail: 5, windowMs: 60 * 60_000 } as const;

/** Single-use link lifetimes: a reset link is short-lived, a verification link may wait in the inbox. */
export const ACCOUNT_TOKENS = {
  passwordResetMs: 30 * 60_000,
  emailVerificationMs: 7 * 24 * 3600_000,
  /** A login token issued by a reset link may set a new password without the old one for this long. */
  passwordResetSessionMs: 30 * 60_000,
} as const;

export const THROTTLE_MESSAGES: Record<Language, string> = {
  da: 'For mange forsøg. Vent venligst et kvarter, og prøv så igen.',
  en: 'Too many attempts. Please wait a quarter of an hour and try again.',
};

/** The English site is the en. subdomain of the same host (and of PUBLIC_URL). */
export function publicUrlForLanguage(publicUrl: string, language: Language): string {
  const base = publicUrl.replace(/\/+$/, '');
  if (language !== 'en') return base;
  return base.replace(/^(https?:\/\/)(www\.)?/i, (_m, scheme: string) => `${scheme}en.`);
}
