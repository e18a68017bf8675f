import { HttpException } from '@nestjs/common';
import { apiError, issuesToFieldErrors, type SubscriptionErrorCode } from '@husly/contracts';
import { PAYMENT_MESSAGES } from '@husly/domain';
import type { z } from 'zod';

/** A subscription refusal: REST answers it as {statusCode, code, message}; GraphQL as extensions.code. */
export function subscriptionError(status: number, code: SubscriptionErrorCode, message: string, field?: string): HttpException {
  return new HttpException(apiError(status, message, { code, ...(field ? { field } : {}) }), status);
}

export const notFound = (what = 'Subscription'): HttpException => subscriptionError(404, 'not-found', `${what} not found`);

/**
 * A refused card: 402 with the section 8 payment code and the message key (PAYMENT_MESSAGES) the web
 * shows; the key is more specific than the code for Dankort.
 */
export function paymentFailed(paymentCode: number, message: string = PAYMENT_MESSAGES.generic, field?: string, messageKey?: string): HttpException {
  return new HttpException({ ...apiError(402, message, { code: 'payment-failed', ...(field ? { field } : {}) }), paymentCode, messageKey: messageKey ?? 'generic' }, 402);
}

/** The body, query or params parsed by a contract schema; a wrong shape is a 400 naming the fields. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input ?? {});
  if (parsed.success) return parsed.data;
  const errors = issuesToFieldErrors(parsed.error.issues);
  const terms = errors.find((e) => e.path === 'terms' || e.path === 'meta.terms');
  if (terms) throw new HttpException(apiError(400, PAYMENT_MESSAGES.termsRequired, { code: 'terms-required', field: terms.path, errors }), 400);
  // The input primitives' own code (nul-character, ...), as the search gives it: REST `code` and GraphQL `extensions.code` alike.
  const code = (parsed.error.issues[0] as { params?: { code?: string } } | undefined)?.params?.code;
  throw new HttpException(apiError(400, 'Validation failed', { field: errors[0]?.path || undefined, errors, ...(code ? { code } : {}) }), 400);
}
