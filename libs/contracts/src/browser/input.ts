// The zod-free half of the input primitives (../input.ts): the limits, patterns and messages that
// the API's zod schemas are built from, and plain checks on them for the browser, which carries no
// zod (docs/decisions/0021-zod-free-browser-contracts.md). The schemas import these; nothing here
// imports zod at run time.

/** The range of a PostgreSQL `integer` (int4) column. */
export const INT32_MIN = -2_147_483_648;
export const INT32_MAX = 2_147_483_647;

export const INPUT_MESSAGES = {
  nul: 'must not contain a NUL character (0x00)',
  surrogate: 'must be valid Unicode text (it contains an unpaired surrogate)',
  repeated: 'must be given once',
} as const;

/** Machine codes in `params.code` of the issues above. */
export const INPUT_ISSUE_CODES = { nul: 'nul-character', surrogate: 'unpaired-surrogate', repeated: 'repeated-parameter' } as const;

// With the u flag a well-formed pair is one code point (U+10000 and up): only a lone half matches.
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/** Why PostgreSQL cannot take this text, or null when it can. */
export function unstorableText(value: string): 'nul' | 'surrogate' | null {
  if (value.includes('\u0000')) return 'nul';
  if (LONE_SURROGATE.test(value)) return 'surrogate';
  return null;
}

/**
 * One line of text: no control character, no line or paragraph separator. A line break in a name or
 * a subject could start a mail header of its own; one line is all a person types into those fields.
 */
export const ONE_LINE = /^[^\u0000-\u001f\u007f\u2028\u2029]*$/u;

/**
 * An email address as the API accepts one: zod 4.6's `z.regexes.email`, copied so the browser can
 * check it without zod. The schemas pass it to `z.email({ pattern })`, and a contracts test keeps it
 * equal to zod's own, so the API's rule does not change with this copy.
 */
export const EMAIL_PATTERN = /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;

/** The messages of the form fields' rules (REST `errors[].message`). */
export const FIELD_MESSAGES = {
  required: 'is required',
  oneLine: 'must be one line of text',
  email: 'must be a valid email address',
  atLeast: (length: number) => `must be at least ${length} characters`,
} as const;

/**
 * Characters as zod 4.6 counts them for `.max()` and `.min()`: code points, so a surrogate pair (an
 * emoji) is one and a lone surrogate is one.
 */
export function codePointLength(value: string): number {
  let count = value.length;
  for (let i = 0; i < value.length - 1; i++) {
    if ((value.charCodeAt(i) & 0xfc00) === 0xd800 && (value.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      count--;
      i++;
    }
  }
  return count;
}

/** One refused field, as the API's 400 lists it (`errors[]`): the dot-joined path ('' for the whole body). */
export interface FieldIssue {
  path: string;
  message: string;
}

/** The answer of a plain check: like zod's safeParse, with the issues as the API would list them. */
export type Checked<T> = { success: true; data: T } | { success: false; issues: FieldIssue[] };

/** The rules of one text field, in the order the schema applies them. */
export interface TextRule {
  /** Characters (code points) before trimming (`text(max)`). */
  max: number;
  /** Trimmed before the checks below (`.trim()`); the trimmed value is the field's value. */
  trim?: boolean;
  /** A shortest length after trimming, and its message (`.min()`). */
  min?: { length: number; message: string };
  /** Patterns the (trimmed) value must match, each with its message (`.regex()`, `z.email()`). */
  patterns?: ReadonlyArray<readonly [RegExp, string]>;
  /** Absent (undefined) is allowed (`.optional()`). */
  optional?: boolean;
}

/** Checks one text value against `rule`: its value, or the first problem's message. */
export function checkText(value: unknown, rule: TextRule): { ok: true; value: string | undefined } | { ok: false; message: string } {
  if (value === undefined && rule.optional) return { ok: true, value: undefined };
  if (typeof value !== 'string') return { ok: false, message: 'must be text' };
  if (codePointLength(value) > rule.max) return { ok: false, message: `must be at most ${rule.max} characters` };
  const unstorable = unstorableText(value);
  if (unstorable) return { ok: false, message: INPUT_MESSAGES[unstorable] };
  const text = rule.trim ? value.trim() : value;
  if (rule.min && codePointLength(text) < rule.min.length) return { ok: false, message: rule.min.message };
  for (const [pattern, message] of rule.patterns ?? []) {
    if (!pattern.test(text)) return { ok: false, message };
  }
  return { ok: true, value: text };
}

/** A JSON object (not null, not an array), as zod's z.object() takes one. */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A body of text fields, each checked by its rule: the values (absent optional fields left out),
 * or every refused field. `strict`: a key without a rule is refused too (zod's `.strict()`).
 */
export function checkTextFields<K extends string>(input: unknown, rules: Record<K, TextRule>, { strict }: { strict: boolean }): Checked<Partial<Record<K, string>>> {
  if (!isJsonObject(input)) return { success: false, issues: [{ path: '', message: 'must be an object' }] };
  const issues: FieldIssue[] = [];
  const data: Partial<Record<K, string>> = {};
  for (const field of Object.keys(rules) as K[]) {
    const checked = checkText(input[field], rules[field]);
    if (!checked.ok) issues.push({ path: field, message: checked.message });
    else if (checked.value !== undefined) data[field] = checked.value;
  }
  if (strict) {
    const unknown = Object.keys(input).filter((key) => !Object.hasOwn(rules, key));
    if (unknown.length > 0) issues.push({ path: '', message: `unknown field${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}` });
  }
  return issues.length > 0 ? { success: false, issues } : { success: true, data };
}
