import type { TFunction } from '../../lib/translator';
import { ACCOUNT_ERROR_CODES, isApiError } from '@husly/contracts/browser';
import { isHttpError } from '../../lib/api-client';

/** The server's field errors of a 422 (section 5 messages, already in the page's language). */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!isHttpError(error, 422) || !isApiError(error.body)) return {};
  const errors: Record<string, string> = {};
  for (const e of error.body.errors ?? []) errors[e.path] ??= e.message;
  return errors;
}

/**
 * 429 from any accounts call: the throttle text; a blocked account's 403 (issue 33): the server's
 * words, already in the site's language (ACCOUNT_BLOCKED_MESSAGES); otherwise `fallback`.
 */
export function failureText(error: unknown, t: TFunction, fallback: string): string {
  if (isHttpError(error, 429)) return t('accounts.throttled');
  if (isHttpError(error, 403) && isApiError(error.body) && error.body.code === ACCOUNT_ERROR_CODES.accountBlocked) return error.body.message;
  return fallback;
}

export function serverMessage(error: unknown): string | undefined {
  return isHttpError(error) && isApiError(error.body) ? error.body.message : undefined;
}
