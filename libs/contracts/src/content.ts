import { z } from 'zod';
import { text } from './input';

// A line break or any other control character would let a subject or a name start a mail header
// of its own; one line is all a person types into these fields.
const ONE_LINE = /^[^\u0000-\u001f\u007f\u2028\u2029]*$/u;
const oneLine = (max: number) =>
  text(max)
    .trim()
    .min(1, 'is required')
    .regex(ONE_LINE, 'must be one line of text');

/** POST /api/contact: the contact form of /info/contact, mailed to support (Reply-To: the sender). */
export const contactRequestSchema = z
  .object({
    name: oneLine(100),
    email: text(320).trim().pipe(z.email('must be a valid email address')),
    subject: oneLine(150),
    message: text(5000).trim().min(10, 'must be at least 10 characters'),
  })
  .strict();
export type ContactRequest = z.input<typeof contactRequestSchema>;
export type ContactMessage = z.output<typeof contactRequestSchema>;
