import type { ContactMessage } from '../content';
import { EMAIL_PATTERN, FIELD_MESSAGES, ONE_LINE, checkTextFields, type Checked, type TextRule } from './input';

// The rules of the contact form of /info/contact (POST /api/contact), without zod: the API's
// `contactRequestSchema` is built from the same limits, patterns and messages, and a contracts test
// holds the two equal on a table of inputs. The form checks with these before it sends.

/** Characters per field (before trimming): the schema's caps and the inputs' maxlength. */
export const CONTACT_LIMITS = { name: 100, email: 320, subject: 150, message: 5000 } as const;
/** The message needs this many characters after trimming. */
export const CONTACT_MESSAGE_MIN = 10;

const oneLine = (max: number): TextRule => ({
  max,
  trim: true,
  min: { length: 1, message: FIELD_MESSAGES.required },
  patterns: [[ONE_LINE, FIELD_MESSAGES.oneLine]],
});

const CONTACT_RULES: Record<keyof ContactMessage, TextRule> = {
  name: oneLine(CONTACT_LIMITS.name),
  email: { max: CONTACT_LIMITS.email, trim: true, patterns: [[EMAIL_PATTERN, FIELD_MESSAGES.email]] },
  subject: oneLine(CONTACT_LIMITS.subject),
  message: { max: CONTACT_LIMITS.message, trim: true, min: { length: CONTACT_MESSAGE_MIN, message: FIELD_MESSAGES.atLeast(CONTACT_MESSAGE_MIN) } },
};

/** What `contactRequestSchema.safeParse` decides, without zod: the trimmed message, or every refused field. */
export function checkContactRequest(input: unknown): Checked<ContactMessage> {
  return checkTextFields(input, CONTACT_RULES, { strict: true }) as Checked<ContactMessage>;
}
