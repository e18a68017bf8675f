import { z } from 'zod';
import { FOUND_WHERE, UNSUBSCRIBE_REASON_CODES } from '@husly/domain';
import { EMAIL_REQUIRED_MESSAGE, MANUAL_UNSUBSCRIBE_LIMITS as LIMITS, PHONE_MESSAGE, PHONE_PATTERN } from './browser/unsubscribe';
import { FIELD_MESSAGES, ONE_LINE } from './browser/input';
import { emailAddress, text } from './input';
import { subscriptionId, type SubscriptionsResponse } from './subscriptions';

// The unsubscribe flows of spec sections 3, 4, 5 and 7: the survey's reason (REST
// POST /api/subscriptions/cancel/{uuid} and GraphQL unsubscribeReason), the manual form (REST
// POST /api/unsubscribe/manual and GraphQL unsubscribeManual), its confirmation link, and "found a home".

// The manual form's limits, patterns and messages are the zod-free ./browser/unsubscribe.ts, whose
// checkManualUnsubscribeRequest is what the form checks in the browser; browser/agreement.spec.ts holds the two equal.
const required = (max: number) => text(max).trim().min(1, FIELD_MESSAGES.required).regex(ONE_LINE, FIELD_MESSAGES.oneLine);

/** Section 3: a code, a where-found answer, or the survey's answers as an object. */
export const unsubscribeReasonSchema = z.union([
  z.enum([...UNSUBSCRIBE_REASON_CODES, ...FOUND_WHERE]),
  z
    .object({
      foundDwelling: z.boolean(),
      where: z.enum(FOUND_WHERE).optional(),
      text: text(2000).trim().max(2000).optional(),
    })
    .strict()
    // Section 5: "A reason is required in the free-text case."
    .refine((a) => a.foundDwelling || (a.text !== undefined && a.text.length > 0), { message: 'A reason is required', path: ['text'] }),
]);
export type UnsubscribeReasonBody = z.infer<typeof unsubscribeReasonSchema>;

/** POST /api/subscriptions/cancel/{uuid} {reason}. */
export const unsubscribeReasonRequestSchema = z.object({ reason: unsubscribeReasonSchema }).strict();
export type UnsubscribeReasonRequest = z.input<typeof unsubscribeReasonRequestSchema>;

/** The {uuid} of cancel/{uuid}: the caller's own subscription, or an unsubscription record's uuid. */
export const unsubscribeUuidParamSchema = z.object({ uuid: subscriptionId('Unknown unsubscription') });

/** Section 5 "Manual unsubscribe form": email, name and phone required; order number and message optional. */
export const manualUnsubscribeRequestSchema = z
  .object({
    email: text(LIMITS.email).trim().min(1, EMAIL_REQUIRED_MESSAGE).pipe(emailAddress(FIELD_MESSAGES.email)),
    name: required(LIMITS.name),
    phone: required(LIMITS.phone).regex(PHONE_PATTERN, PHONE_MESSAGE),
    orderno: text(LIMITS.orderno).trim().regex(ONE_LINE, FIELD_MESSAGES.oneLine).optional(),
    message: text(LIMITS.message).trim().optional(),
  })
  .strict();
export type ManualUnsubscribeRequest = z.input<typeof manualUnsubscribeRequestSchema>;
export type ManualUnsubscribeInput = z.output<typeof manualUnsubscribeRequestSchema>;

/** POST /api/unsubscribe/confirm {token}: the link mailed to the account of a matching manual request. */
export const unsubscribeConfirmRequestSchema = z.object({ token: text(200).trim().min(1, 'is required') }).strict();

/** POST /api/users/me/found-home {unsubscription?}: pause every boligagent and stop renewal, in one step. */
export const foundHomeRequestSchema = z.object({ unsubscription: subscriptionId('Unknown unsubscription').optional() }).strict();

/** The stored record of section 3, as the API answers it. */
export interface UnsubscriptionView {
  uuid: string;
  reason: UnsubscribeReasonBody | null;
  name: string | null;
  email: string | null;
  phone: string | null;
  orderno: string | null;
  message: string | null;
  timestamp: string;
}

/** The answer to cancel/{uuid}: the record, whether the subscription stays in view, and the list again. */
export interface UnsubscribeReasonResponse {
  unsubscription: UnsubscriptionView;
  /** Section 4: false clears the subscription from the view (any reason but a found-dwelling one). */
  keepInView: boolean;
  /** A found dwelling: the "found a home" step is offered next (logged-in users). */
  offerFoundHome: boolean;
  subscriptions: SubscriptionsResponse | null;
}

/**
 * The manual form's receipt. The same whether or not the details matched an account: it never says
 * which (no enumeration). A matching account's owner gets a confirmation link by mail.
 */
export interface ManualUnsubscribeResponse {
  unsubscription: UnsubscriptionView;
  receipt: { confirmationByMail: true };
}

export interface UnsubscribeConfirmResponse {
  cancelled: true;
  /** When access ends (the paid period runs out), if known. */
  endingAt: string | null;
}

export interface FoundHomeView {
  active: boolean;
  since: string | null;
  pausedBoligagents: number;
  renewalStopped: boolean;
}
