import { z } from 'zod';
import { CONTACT_LIMITS, CONTACT_MESSAGE_MIN } from './browser/content';
import { FIELD_MESSAGES, ONE_LINE } from './browser/input';
import { emailAddress, text } from './input';

// The limits, patterns and messages are the zod-free ./browser/content.ts, whose checkContactRequest
// is what the form checks in the browser; browser/agreement.spec.ts holds the two equal.
// One line (ONE_LINE): a line break or any other control character would let a subject or a name
// start a mail header of its own.
const oneLine = (max: number) =>
  text(max)
    .trim()
    .min(1, FIELD_MESSAGES.required)
    .regex(ONE_LINE, FIELD_MESSAGES.oneLine);

/** POST /api/contact: the contact form of /info/contact, mailed to support (Reply-To: the sender). */
export const contactRequestSchema = z
  .object({
    name: oneLine(CONTACT_LIMITS.name),
    email: text(CONTACT_LIMITS.email).trim().pipe(emailAddress(FIELD_MESSAGES.email)),
    subject: oneLine(CONTACT_LIMITS.subject),
    message: text(CONTACT_LIMITS.message).trim().min(CONTACT_MESSAGE_MIN, FIELD_MESSAGES.atLeast(CONTACT_MESSAGE_MIN)),
  })
  .strict();
export type ContactRequest = z.input<typeof contactRequestSchema>;
export type ContactMessage = z.output<typeof contactRequestSchema>;
