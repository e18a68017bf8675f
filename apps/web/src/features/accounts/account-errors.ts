import type { TFunction } from '../../lib/translator';
import { isApiError } from '@husly/contracts/browser';
import { isHttpError } from '../../lib/api-client';

/** The server's field errors of a 422 (section 5 messages, already in the page's language). */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!isHttpError(error, 422) || !isApiError(error.body)) return {};
  const errors: Record<string, string> = {};
  for (const e of error.body.errors ?? []) errors[e.path] ??= e.message;
  return errors;
}

/** 429 from any accounts call: the throttle text; otherwise `fallback`. */
export function failureText(error: unknown, t: TFunction, fallback: string): string {
  return isHttpError(error, 429) ? t('accounts.throttled') : fallback;
}

export function serverMessage(error: unknown): string | undefined {
  return isHttpError(error) && isApiError(error.body) ? error.body.message : undefined;
}
