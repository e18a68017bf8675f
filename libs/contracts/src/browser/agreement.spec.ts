import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { z } from 'zod';
import { sessionPrefsSchema, utmSchema } from '../accounts';
import { contactRequestSchema } from '../content';
import { apiErrorSchema } from '../errors';
import { manualUnsubscribeRequestSchema } from '../unsubscribe';
import { checkSessionPrefs, checkUtm, parseSessionPrefsCookie } from './accounts';
import { checkContactRequest } from './content';
import { isApiError, issuesToFieldErrors } from './errors';
import { EMAIL_PATTERN, type Checked } from './input';
import { checkManualUnsubscribeRequest } from './unsubscribe';

// The browser checks without zod (./*.ts) and the API's zod schemas (../*.ts) are built from the
// same limits and patterns; here they must decide alike, input by input: the same success, the
// same value, and the same refused fields (docs/decisions/0021-zod-free-browser-contracts.md).

const fieldsOf = (issues: ReadonlyArray<{ path: string }>) => [...new Set(issues.map((i) => i.path))].sort();

function expectAgreement<T>(schema: z.ZodType<T>, check: (input: unknown) => Checked<T>, input: unknown): void {
  const expected = schema.safeParse(input);
  const actual = check(input);
  expect({ input, success: actual.success }).toEqual({ input, success: expected.success });
  // toEqual: zod keeps a key whose value is undefined, the checks leave it out; JSON has no undefined.
  if (expected.success && actual.success) expect(actual.data).toEqual(expected.data);
  if (!expected.success && !actual.success) {
    expect({ input, fields: fieldsOf(actual.issues) }).toEqual({ input, fields: fieldsOf(issuesToFieldErrors(expected.error.issues)) });
  }
}

/** Text that reaches every rule: blanks, control characters, separators, NUL, surrogate halves and pairs, email-ish symbols. */
const tricky = fc.string({
  unit: fc.constantFrom('a', 'Z', 'æ', '7', ' ', '\t', '\n', '\r', '\u0000', '\u001f', '\u007f', '\u2028', '\u2029', '\u00a0', '\ud83c', '\udfe0', '🏠', '@', '.', '+', '-', '_', "'", '(', ')'),
  maxLength: 24,
});
const longText = (max: number) => fc.constantFrom(max - 1, max, max + 1).map((n) => 'x'.repeat(n));
const emailish = fc.oneof(
  fc.constantFrom(
    'ida@example.dk',
    ' ida@example.dk ',
    'first.last+tag@sub.example.co.uk',
    "o'neil@example.dk",
    'ida',
    '',
    '   ',
    '.ida@example.dk',
    'ida.@example.dk',
    'i..da@example.dk',
    'ida@example..dk',
    'ida@-example.dk',
    'ida@example.d',
    'æbel@example.dk',
    'ida@eksempel.dk\nBcc: x@y.dk',
    'ida@exa\u0000mple.dk',
    `${'a'.repeat(310)}@example.dk`,
    `${'a'.repeat(320)}@example.dk`,
  ),
  fc.tuple(tricky, tricky, fc.constantFrom('dk', 'com', 'd')).map(([local, domain, tld]) => `${local}@${domain}.${tld}`),
);
const notText = fc.constantFrom<unknown>(null, undefined, 42, true, ['a'], { a: 1 });

describe('EMAIL_PATTERN', () => {
  it("is zod's own email pattern, so the API's schemas decide as before", () => {
    expect(EMAIL_PATTERN.source).toBe(z.regexes.email.source);
    expect(EMAIL_PATTERN.flags).toBe(z.regexes.email.flags);
  });
});

describe('checkContactRequest and contactRequestSchema', () => {
  const valid = { name: 'Ida Jensen', email: 'ida@example.dk', subject: 'Mit abonnement', message: 'Hvordan opsiger jeg mit abonnement?' };

  it.each<[string, unknown]>([
    ['a filled form', valid],
    ['padded values, trimmed', { name: ' Ida ', email: ' ida@example.dk ', subject: '\tEmne ', message: '  ti tegn her  ' }],
    ['an empty form', { name: '', email: '', subject: '', message: '' }],
    ['blanks', { name: '   ', email: ' ', subject: '\u00a0', message: '         ' }],
    ['a header in the subject', { ...valid, subject: 'Hej\r\nBcc: victim@example.com' }],
    ['a line separator in the name', { ...valid, name: 'Ida\u2028Jensen' }],
    ['line breaks in the message', { ...valid, message: 'Hej\n\nVenlig hilsen Ida' }],
    ['a message of nine characters', { ...valid, message: 'for kort!' }],
    ['a message of ten characters after trimming', { ...valid, message: '  0123456789  ' }],
    ['a message of ten UTF-16 units but eight characters', { ...valid, message: '🏠aaaaa🏠a' }],
    ['a name of a hundred emoji', { ...valid, name: '🏠'.repeat(100) }],
    ['a name of a hundred and one emoji', { ...valid, name: '🏠'.repeat(101) }],
    ['NUL in the message', { ...valid, message: 'x\u0000'.repeat(10) }],
    ['a lone surrogate in the name', { ...valid, name: 'Ida \ud800' }],
    ['a surrogate pair in the subject', { ...valid, subject: 'Hus 🏠' }],
    ['the longest name', { ...valid, name: 'x'.repeat(100) }],
    ['a name one too long', { ...valid, name: 'x'.repeat(101) }],
    ['a name one too long before trimming', { ...valid, name: ` ${'x'.repeat(100)}` }],
    ['a subject one too long', { ...valid, subject: 'x'.repeat(151) }],
    ['a message one too long', { ...valid, message: 'x'.repeat(5001) }],
    ['an email one too long', { ...valid, email: `${'a'.repeat(309)}@example.dk` }],
    ['an email without @', { ...valid, email: 'ida' }],
    ['a number for a name', { ...valid, name: 42 }],
    ['a missing field', { name: 'Ida', email: 'ida@example.dk', subject: 'Emne' }],
    ['an unknown field', { ...valid, phone: '12345678' }],
    ['an unknown field and a bad one', { ...valid, name: '', cc: 'x@y.dk' }],
    ['null', null],
    ['a list', [valid]],
    ['text', 'Ida'],
  ])('%s', (_name, input) => {
    expectAgreement(contactRequestSchema, checkContactRequest, input);
  });

  it('on generated forms', () => {
    const field = (max: number) => fc.oneof({ weight: 6, arbitrary: tricky }, { weight: 1, arbitrary: longText(max) }, { weight: 1, arbitrary: notText });
    fc.assert(
      fc.property(
        fc.record({ name: field(100), email: fc.oneof(emailish, notText), subject: field(150), message: field(5000) }, { requiredKeys: [] }),
        (input) => expectAgreement(contactRequestSchema, checkContactRequest, input),
      ),
      { numRuns: 2000 },
    );
  });
});

describe('checkManualUnsubscribeRequest and manualUnsubscribeRequestSchema', () => {
  const valid = { email: 'ole@husly.test', name: 'Ole Olsen', phone: '12345678' };

  it.each<[string, unknown]>([
    ['the required fields', valid],
    ['every field, padded', { email: ' ole@husly.test ', name: ' Ole ', phone: ' +45 12 34 56 78 ', orderno: ' 1042 ', message: ' Tak for nu \n Ole ' }],
    ['an empty form', { email: '', name: '', phone: '' }],
    ['an empty optional order number and message', { ...valid, orderno: '', message: '' }],
    ['a phone with separators', { ...valid, phone: '(45) 12-34.56 78' }],
    ['a phone without digits', { ...valid, phone: '+() -' }],
    ['a phone with letters', { ...valid, phone: '1234 5678 ext' }],
    ['a line break in the order number', { ...valid, orderno: '10\n42' }],
    ['a line break in the message', { ...valid, message: 'a\nb' }],
    ['an order number one too long', { ...valid, orderno: 'x'.repeat(21) }],
    ['a message one too long', { ...valid, message: 'x'.repeat(2001) }],
    ['a phone one too long', { ...valid, phone: '1'.repeat(41) }],
    ['NUL in the name', { ...valid, name: 'O\u0000le' }],
    ['an invalid email', { ...valid, email: 'ole@' }],
    ['null for the order number', { ...valid, orderno: null }],
    ['a missing phone', { email: 'ole@husly.test', name: 'Ole' }],
    ['an unknown field', { ...valid, reason: 'moved' }],
    ['nothing', {}],
    ['null', null],
  ])('%s', (_name, input) => {
    expectAgreement(manualUnsubscribeRequestSchema, checkManualUnsubscribeRequest, input);
  });

  it('on generated forms', () => {
    const field = (max: number) => fc.oneof({ weight: 6, arbitrary: tricky }, { weight: 1, arbitrary: longText(max) }, { weight: 1, arbitrary: notText });
    const phone = fc.string({ unit: fc.constantFrom('1', '4', '+', '(', ')', '-', ' ', '.', 'a', '\n'), maxLength: 16 });
    fc.assert(
      fc.property(
        fc.record(
          { email: fc.oneof(emailish, notText), name: field(100), phone: fc.oneof(phone, field(40)), orderno: field(20), message: field(2000) },
          { requiredKeys: ['email', 'name', 'phone'] },
        ),
        (input) => expectAgreement(manualUnsubscribeRequestSchema, checkManualUnsubscribeRequest, input),
      ),
      { numRuns: 2000 },
    );
  });
});

describe('checkSessionPrefs and sessionPrefsSchema (the bn.prf cookie)', () => {
  it.each<[string, unknown]>([
    ['a list of prefs', [{ area: 'aarhus', rent: 8000, rooms: 2, size: 60 }, { area: 'koebenhavn' }]],
    ['an empty list', []],
    ['nulls', [{ area: null, rent: null, rooms: null, size: null }]],
    ['an empty pref', [{}]],
    ['unknown keys, dropped', [{ area: 'aarhus', colour: 'blue' }]],
    ['raw slider values', [{ rent: 7999.5, rooms: -1, size: 0 }]],
    ['the int4 bounds', [{ rent: 2_147_483_647, rooms: -2_147_483_648 }]],
    ['beyond int4', [{ area: 'aarhus', rooms: 1e12 }]],
    ['below int4', [{ size: -1e10 }]],
    ['a number as text', [{ rent: '8000' }]],
    ['a number for the area', [{ area: 8000 }]],
    ['NUL in the area', [{ area: 'aar\u0000hus' }]],
    ['a lone surrogate in the area', [{ area: '\udc00' }]],
    ['the longest area', [{ area: 'x'.repeat(100) }]],
    ['an area one too long', [{ area: 'x'.repeat(101) }]],
    ['fifty prefs', Array.from({ length: 50 }, () => ({ area: 'aarhus' }))],
    ['fifty-one prefs', Array.from({ length: 51 }, () => ({ area: 'aarhus' }))],
    ['fifty-one prefs, one bad', [...Array.from({ length: 50 }, () => ({})), { rent: 'x' }]],
    ['a pref that is a list', [['aarhus']]],
    ['a pref that is null', [null]],
    ['a pref that is text', ['aarhus']],
    ['an object, not a list', { area: 'aarhus' }],
    ['null', null],
    ['a number', 3],
  ])('%s', (_name, input) => {
    expectAgreement(sessionPrefsSchema, checkSessionPrefs, input);
  });

  it('Infinity from JSON (1e400) is no number', () => {
    expectAgreement(sessionPrefsSchema, checkSessionPrefs, JSON.parse('[{"rent":1e400}]'));
    expect(parseSessionPrefsCookie(encodeURIComponent('[{"rent":1e400}]'))).toEqual([]);
  });

  it('on generated lists', () => {
    const slider = fc.oneof(fc.integer(), fc.double(), fc.constantFrom(2_147_483_647, 2_147_483_648, -2_147_483_649, null), notText);
    const pref = fc.oneof(
      { weight: 8, arbitrary: fc.record({ area: fc.oneof(tricky, longText(100), notText), rent: slider, rooms: slider, size: slider, other: tricky }, { requiredKeys: [] }) },
      { weight: 1, arbitrary: notText },
    );
    fc.assert(
      fc.property(fc.oneof({ weight: 10, arbitrary: fc.array(pref, { maxLength: 55 }) }, { weight: 1, arbitrary: notText }), (input) =>
        expectAgreement(sessionPrefsSchema, checkSessionPrefs, input),
      ),
      { numRuns: 1000 },
    );
  });
});

describe('checkUtm and utmSchema (the bn.utm cookie)', () => {
  it.each<[string, unknown]>([
    ['a campaign', { source: 'facebook', campaign: 'foraar', medium: 'cpc' }],
    ['every parameter', { source: 's', campaign: 'c', medium: 'm', content: 'x', term: 't' }],
    ['nothing', {}],
    ['unknown keys, dropped', { source: 'google', utm_source: 'x', gclid: 'abc' }],
    ['blank values, kept', { source: '', term: ' ' }],
    ['NUL', { source: '\u0000' }],
    ['the longest value', { campaign: 'x'.repeat(200) }],
    ['a value one too long', { campaign: 'x'.repeat(201) }],
    ['a number', { source: 42 }],
    ['null for a value', { source: null }],
    ['a list', ['facebook']],
    ['null', null],
    ['text', 'facebook'],
  ])('%s', (_name, input) => {
    expectAgreement(utmSchema, checkUtm, input);
  });

  it('on generated cookies', () => {
    const value = fc.oneof(tricky, longText(200), notText);
    fc.assert(
      fc.property(fc.record({ source: value, campaign: value, medium: value, content: value, term: value, other: value }, { requiredKeys: [] }), (input) =>
        expectAgreement(utmSchema, checkUtm, input),
      ),
      { numRuns: 1000 },
    );
  });
});

describe('isApiError and apiErrorSchema', () => {
  const base = { statusCode: 400, error: 'Bad Request', message: 'Validation failed' };
  it.each<[string, unknown]>([
    ['a bare error', base],
    ['every field', { ...base, code: 'nul-character', field: 'name', errors: [{ path: 'name', message: 'is required' }] }],
    ['extra keys', { ...base, limit: 10, errors: [{ path: '', message: 'x', code: 'y' }] }],
    ['the lowest status', { ...base, statusCode: 400 }],
    ['the highest status', { ...base, statusCode: 599 }],
    ['a 2xx status', { ...base, statusCode: 200 }],
    ['a 600 status', { ...base, statusCode: 600 }],
    ['a fractional status', { ...base, statusCode: 400.5 }],
    ['a status as text', { ...base, statusCode: '400' }],
    ['a missing message', { statusCode: 500, error: 'Internal Server Error' }],
    ['a numeric code', { ...base, code: 7 }],
    ['a null field', { ...base, field: null }],
    ['errors not a list', { ...base, errors: { path: 'a', message: 'b' } }],
    ['an error without a path', { ...base, errors: [{ message: 'b' }] }],
    ['a null error', { ...base, errors: [null] }],
    ['null', null],
    ['a list', [base]],
    ['text', 'Bad Request'],
  ])('%s', (_name, input) => {
    expect(isApiError(input)).toBe(apiErrorSchema.safeParse(input).success);
  });

  it('on generated bodies', () => {
    const anything = fc.oneof(fc.string({ maxLength: 5 }), fc.integer({ min: 300, max: 700 }), fc.double(), fc.boolean(), fc.constant(null));
    fc.assert(
      fc.property(
        fc.record(
          {
            statusCode: fc.oneof(fc.integer({ min: 350, max: 650 }), anything),
            error: fc.oneof(fc.string({ maxLength: 5 }), anything),
            message: fc.oneof(fc.string({ maxLength: 5 }), anything),
            code: anything,
            field: anything,
            errors: fc.oneof(fc.array(fc.oneof(fc.record({ path: anything, message: anything }, { requiredKeys: [] }), anything), { maxLength: 3 }), anything),
          },
          { requiredKeys: [] },
        ),
        (input) => {
          expect(isApiError(input)).toBe(apiErrorSchema.safeParse(input).success);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
