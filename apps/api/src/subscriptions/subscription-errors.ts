import { HttpException } from '@nestjs/common';
import { apiError, type SubscriptionErrorCode } from '@husly/contracts';
import { PAYMENT_MESSAGES } from '@husly/domain';
import type { z } from 'zod';
import { parseInput as parseCommon } from '../common/parse-input';

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

/** The common parse, with a missing terms box answered in the payment form's words. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  return parseCommon(schema, input, (errors) => {
    const terms = errors.find((e) => e.path === 'terms' || e.path === 'meta.terms');
    return terms ? new HttpException(apiError(400, PAYMENT_MESSAGES.termsRequired, { code: 'terms-required', field: terms.path, errors }), 400) : undefined;
  });
}
