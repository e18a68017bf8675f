import type { ManualUnsubscribeInput } from '../unsubscribe';
import { EMAIL_PATTERN, FIELD_MESSAGES, ONE_LINE, checkTextFields, type Checked, type TextRule } from './input';

// The rules of the manual unsubscribe form (/afmelding, POST /api/unsubscribe/manual), without zod:
// the API's `manualUnsubscribeRequestSchema` is built from the same limits, patterns and messages,
// and a contracts test holds the two equal on a table of inputs.

/** Characters per field (before trimming): the schema's caps and the inputs' maxlength. */
export const MANUAL_UNSUBSCRIBE_LIMITS = { email: 320, name: 100, phone: 40, orderno: 20, message: 2000 } as const;

/** Digits with the usual separators (+45 12 34 56 78, (45) 12-34-56-78), at least one digit. */
export const PHONE_PATTERN = /^[0-9+()\-\s.]*\d[0-9+()\-\s.]*$/;
export const PHONE_MESSAGE = 'must be a phone number';
export const EMAIL_REQUIRED_MESSAGE = 'Email is required';

const required = (max: number): TextRule => ({ max, trim: true, min: { length: 1, message: FIELD_MESSAGES.required }, patterns: [[ONE_LINE, FIELD_MESSAGES.oneLine]] });

const MANUAL_UNSUBSCRIBE_RULES: Record<keyof ManualUnsubscribeInput, TextRule> = {
  email: { max: MANUAL_UNSUBSCRIBE_LIMITS.email, trim: true, min: { length: 1, message: EMAIL_REQUIRED_MESSAGE }, patterns: [[EMAIL_PATTERN, FIELD_MESSAGES.email]] },
  name: required(MANUAL_UNSUBSCRIBE_LIMITS.name),
  phone: { ...required(MANUAL_UNSUBSCRIBE_LIMITS.phone), patterns: [[ONE_LINE, FIELD_MESSAGES.oneLine], [PHONE_PATTERN, PHONE_MESSAGE]] },
  orderno: { max: MANUAL_UNSUBSCRIBE_LIMITS.orderno, trim: true, optional: true, patterns: [[ONE_LINE, FIELD_MESSAGES.oneLine]] },
  message: { max: MANUAL_UNSUBSCRIBE_LIMITS.message, trim: true, optional: true },
};

/** What `manualUnsubscribeRequestSchema.safeParse` decides, without zod: the trimmed request, or every refused field. */
export function checkManualUnsubscribeRequest(input: unknown): Checked<ManualUnsubscribeInput> {
  return checkTextFields(input, MANUAL_UNSUBSCRIBE_RULES, { strict: true }) as Checked<ManualUnsubscribeInput>;
}
