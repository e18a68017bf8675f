import { z } from 'zod';
import { EMAIL_PATTERN, INPUT_ISSUE_CODES, INPUT_MESSAGES, INT32_MAX, INT32_MIN, unstorableText } from './browser/input';

// The primitives every request contract is built from (issue 12 §2). What a client sends must be
// something PostgreSQL can store or compare: text without NUL (refused in any text value) and
// without half a UTF-16 surrogate pair (not encodable as UTF-8), whole numbers within the int4
// columns they are compared with, and one value per query parameter. Refused here, at the edge,
// with a 400 naming the field; never as a driver error (a 500) deep in a service. The limits, the
// messages and unstorableText are zod-free (./browser/input.ts), so the browser shares them.

/** A string of at most `max` characters that PostgreSQL can store: no NUL, no unpaired surrogate. */
export function text(max: number) {
  return z
    .string()
    .max(max)
    .superRefine((value, ctx) => {
      const problem = unstorableText(value);
      if (problem) ctx.addIssue({ code: 'custom', message: INPUT_MESSAGES[problem], params: { code: INPUT_ISSUE_CODES[problem] } });
    });
}

/** A whole number that fits an int4 column (optionally a narrower range). */
export function int32({ min = INT32_MIN, max = INT32_MAX }: { min?: number; max?: number } = {}) {
  return z.number().int().min(Math.max(min, INT32_MIN)).max(Math.min(max, INT32_MAX));
}

/** A finite number whose whole part fits an int4 column: raw slider values, rounded later by the domain rules. */
export function int32Range() {
  return z.number().min(INT32_MIN).max(INT32_MAX);
}

const WHOLE_NUMBER_TEXT = /^\s*-?\d{1,12}\s*$/;

/**
 * A whole number from JSON (42) or from a query string or form ("42"), within the int4 range (or a
 * narrower one). Anything else is refused rather than coerced: arrays, booleans, "", "1e3", "0x10".
 */
export function intInput(range: { min?: number; max?: number } = {}) {
  return z.preprocess((value) => (typeof value === 'string' && WHOLE_NUMBER_TEXT.test(value) ? Number(value) : value), int32(range));
}

/**
 * The query string's schema around `schema`: Fastify's parser gives an array for a repeated key
 * (`?token=a&token=b`), which is refused with a 400 naming the parameter before `schema` sees it.
 * Every parameter counts, also one `schema` ignores: one value per parameter, always.
 */
export function queryParams<S extends z.ZodType<unknown, Record<string, unknown>>>(schema: S) {
  return z
    .record(z.string(), z.unknown())
    .superRefine((query, ctx) => {
      for (const [key, value] of Object.entries(query)) {
        if (Array.isArray(value)) {
          ctx.addIssue({ code: 'custom', path: [key], message: `${key} ${INPUT_MESSAGES.repeated}`, params: { code: INPUT_ISSUE_CODES.repeated } });
        }
      }
    })
    .pipe(schema);
}

/** An email address (after `text()`): zod's own check with the pattern the browser checks too (EMAIL_PATTERN). */
export function emailAddress(message: string) {
  return z.email({ pattern: EMAIL_PATTERN, error: message });
}
