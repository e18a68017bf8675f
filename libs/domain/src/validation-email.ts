// Email addresses (spec section 5): the stored form and the tests of a valid address. Rules without
// texts of their own; the signup, profile, boligagent, payment and tenant-ad forms use them.
import type { BoligagentErrorCode } from './boligagent-codes';
import { blank } from './validation-field';

/**
 * The one form in which addresses are stored and compared (users, boligagents, suppressions, rate-limit
 * buckets): trimmed and lower-cased, nothing else. Lookups are exact equality on this form, never a
 * pattern. Unicode is lower-cased as JavaScript does it and not otherwise folded (no NFC, no punycode,
 * no dot or +tag removal): two spellings that a mailbox provider treats as one stay two addresses.
 */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The longest address SMTP carries (RFC 5321 path limit). */
export const EMAIL_MAX_LENGTH = 254;

// A bare addr-spec only: atext characters (and letters of any script) in dot-separated words, and a
// domain of letter/digit/hyphen labels. What a mailer would read as a display name, a group, a comment
// or a second recipient (`x<addr>`, `"a" <b>`, `a@b, c@d`, `(c)`) is refused rather than stored as a
// "new" address that delivers to someone else.
const PLAIN_EMAIL = /^[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+(\.[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+)*@[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?(\.[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?)+$/u;

/** A plain address (no display name, quotes, comments or lists), at most 254 characters, after trimming. */
export function isPlainEmail(email: string): boolean {
  const e = email.trim();
  return e.length <= EMAIL_MAX_LENGTH && PLAIN_EMAIL.test(e);
}

/** Something, an at sign, a domain, a dot and at least 2 characters (profile and signup); a plain address. */
export function isValidEmail(email: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@.]{2,}$/.test(email.trim()) && isPlainEmail(email);
}

/** Boligagent modal: an at sign and a dot-separated domain; a plain address. */
export function isValidBoligagentEmail(email: string): boolean {
  return /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(email.trim()) && isPlainEmail(email);
}

/** The boligagent code for a modal email, or null when it is fine. */
export function validateBoligagentEmail(email: string | null | undefined): Extract<BoligagentErrorCode, 'no-email' | 'invalid-mail'> | null {
  if (blank(email)) return 'no-email';
  return isValidBoligagentEmail(email as string) ? null : 'invalid-mail';
}
