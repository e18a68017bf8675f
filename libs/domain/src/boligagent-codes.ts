// Boligagent error codes (spec sections 5 and 8), apart from their messages and statuses
// (BOLIGAGENT_ERRORS in boligagent.ts): every page's API client checks a code, no page needs the rest.

export const BOLIGAGENT_ERROR_CODES = [
  'invalid-mail',
  'no-email',
  'error',
  'wrong-user-email',
  'nothing-to-update',
  'email-in-use',
] as const;
export type BoligagentErrorCode = (typeof BOLIGAGENT_ERROR_CODES)[number];

export function isBoligagentErrorCode(value: unknown): value is BoligagentErrorCode {
  return typeof value === 'string' && (BOLIGAGENT_ERROR_CODES as readonly string[]).includes(value);
}
