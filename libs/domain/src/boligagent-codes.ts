// Boligagent error codes (spec sections 5 and 8), apart from their messages and statuses
// (BOLIGAGENT_ERRORS in boligagent.ts): every page's API client checks a code, no page needs the rest.

export const BOLIGAGENT_ERROR_CODES = [
  'invalid-mail',
  'no-email',
  'error',
  'wrong-user-email',
  'nothing-to-update',
  'email-in-use',
  'too-many-areas',
] as const;
export type BoligagentErrorCode = (typeof BOLIGAGENT_ERROR_CODES)[number];

export function isBoligagentErrorCode(value: unknown): value is BoligagentErrorCode {
  return typeof value === 'string' && (BOLIGAGENT_ERROR_CODES as readonly string[]).includes(value);
}

/** Drawn areas a boligagent watches, at most (ADR 0064): the API's cap and the web's message. */
export const BOLIGAGENT_MAX_MAP_AREAS = 3;
