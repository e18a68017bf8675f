import { describe, it, expect } from 'vitest';
import {
  VALIDATION_MESSAGES,
  defaultTenantAvailableDate,
  isValidBoligagentEmail,
  isPlainEmail,
  isValidEmail,
  normalizeEmail,
  parseSearchFilters,
  validateBoligagentEmail,
  validateEmailChange,
  validateLogin,
  validateManualUnsubscribe,
  validateName,
  validatePasswordChange,
  validatePasswordSet,
  validateSearchQuery,
  validateSignup,
  validateTenantAd,
  validateUnsubscribeReason,
  validationMessage,
  type FieldError,
} from './validation';

const codes = (errors: FieldError[]) => errors.map((e) => `${e.field}:${e.code}`);

describe('isValidEmail: something @ domain . at least 2 characters', () => {
  it.each([
    ['ida@example.dk', true],
    ['ida.hansen+bolig@mail.example.co.uk', true],
    ['  ida@example.dk  ', true],
    ['ida@example.d', false],
    ['ida@example', false],
    ['@example.dk', false],
    ['ida@.dk', false],
    ['ida example@x.dk', false],
    ['ida@@example.dk', false],
    ['', false],
  ])('%j → %s', (email, expected) => {
    expect(isValidEmail(email)).toBe(expected);
  });
});

describe('normalizeEmail: trimmed and lower-cased, nothing else', () => {
  it.each([
    ['  Ida.Hansen@Example.DK ', 'ida.hansen@example.dk'],
    ['ida+bolig@example.dk', 'ida+bolig@example.dk'],
    ['Søren@Blåbær.DK', 'søren@blåbær.dk'],
  ])('%j → %j', (email, expected) => {
    expect(normalizeEmail(email)).toBe(expected);
  });
});

describe('isPlainEmail: a bare address, never one a mailer reads as a name or a list', () => {
  it.each([
    ['ida@example.dk', true],
    ["o'brien+x@sub-domain.example.dk", true],
    ['søren@blåbær.dk', true],
    ['x<lejer@example.dk>', false],
    ['"Ida" <ida@example.dk>', false],
    ['ida@example.dk, eve@example.dk', false],
    ['ida@example.dk;eve@example.dk', false],
    ['ida(c)@example.dk', false],
    ['"ida"@example.dk', false],
    ['ida..x@example.dk', false],
    ['.ida@example.dk', false],
    ['ida@-example.dk', false],
    ['ida@example.dk>', false],
    ['%@%.%', false],
    [`${'a'.repeat(250)}@x.dk`, false],
  ])('%j → %s', (email, expected) => {
    expect(isPlainEmail(email)).toBe(expected);
  });

  it('is part of both validators', () => {
    expect(isValidEmail('x<lejer@example.dk>')).toBe(false);
    expect(isValidBoligagentEmail('x<lejer@example.dk>')).toBe(false);
  });
});

describe('isValidBoligagentEmail: at sign and a dot-separated domain', () => {
  it.each([
    ['ida@example.dk', true],
    ['ida@example.d', true],
    ['ida@sub.example.dk', true],
    ['ida@example', false],
    ['ida@example.', false],
    ['ida@.example', false],
    ['ida@exa..mple', false],
    ['idaexample.dk', false],
  ])('%j → %s', (email, expected) => {
    expect(isValidBoligagentEmail(email)).toBe(expected);
  });

  it.each([
    ['', 'no-email'],
    [null, 'no-email'],
    ['   ', 'no-email'],
    ['ida@example', 'invalid-mail'],
    ['ida@example.dk', null],
  ])('validateBoligagentEmail(%j) → %j', (email, code) => {
    expect(validateBoligagentEmail(email)).toBe(code);
  });
});

describe('validateName (error type "name")', () => {
  it.each([
    ['Ida Hansen', []],
    ['Søren Kierkegaard', []],
    ['x'.repeat(50), []],
    ['x'.repeat(51), ['name:name-too-long']],
    ['', ['name:name-required']],
    ['   ', ['name:name-required']],
    ['http://spam.example', ['name:name-contains-url']],
    ['Visit HTTPS now', ['name:name-contains-url']],
    // A hyphen between two letters is part of a name (ADR 0046); anywhere else it is still refused.
    ['Anne-Mette Hansen', []],
    ['Anne-Marie', []],
    ['Hans Jørgen-Ølgaard', []],
    ['Marie-Louise Ahl-Sørensen', []],
    ['Jean-Luc-Émile', []],
    ['  Anne-Mette  ', []],
    ['-Anne', ['name:name-invalid-characters']],
    ['Anne-', ['name:name-invalid-characters']],
    ['Anne--Mette', ['name:name-invalid-characters']],
    ['Anne - Mette', ['name:name-invalid-characters']],
    ['Anne -Mette', ['name:name-invalid-characters']],
    ['Anne- Mette', ['name:name-invalid-characters']],
    ['Anne-3', ['name:name-invalid-characters']],
    ['-', ['name:name-invalid-characters']],
    ['Anne-_Mette', ['name:name-invalid-characters']],
    ['Anne–Mette', ['name:name-invalid-characters']],
    ['ida_h', ['name:name-invalid-characters']],
    ['a/b', ['name:name-invalid-characters']],
    ['Ida (Hansen)', ['name:name-invalid-characters']],
    ['Hej!', ['name:name-invalid-characters']],
    ['Hvad?', ['name:name-invalid-characters']],
    ['a;b', ['name:name-invalid-characters']],
    ['a:b', ['name:name-invalid-characters']],
    ['a–b', ['name:name-invalid-characters']],
    ['a*b', ['name:name-invalid-characters']],
    ['"Ida"', ['name:name-invalid-characters']],
    ['Hansen, Ida', ['name:name-invalid-characters']],
    ['I. Hansen', ['name:name-invalid-characters']],
  ])('%j → %j', (name, expected) => {
    expect(codes(validateName(name))).toEqual(expected);
  });
});

describe('validateSignup', () => {
  const ok = { email: 'ida@example.dk', name: 'Ida Hansen', password: 'hemmelig-2026', repeatPassword: 'hemmelig-2026', terms: true };
  it.each([
    [ok, []],
    // Compared after trimming.
    [{ ...ok, repeatPassword: ' hemmelig-2026 ' }, []],
    // The one password rule (issue 15): "ab" was accepted at signup.
    [{ ...ok, password: 'ab', repeatPassword: 'ab' }, ['password:password-too-short']],
    [{ ...ok, password: 'password1', repeatPassword: 'password1' }, ['password:password-too-common']],
    [{ ...ok, repeatPassword: 'andet' }, ['repeatPassword:passwords-mismatch']],
    [{ ...ok, email: '' }, ['email:email-required']],
    [{ ...ok, email: 'ida@example' }, ['email:email-invalid']],
    [{ ...ok, name: '' }, ['name:name-required']],
    [{ ...ok, name: 'Ida.' }, ['name:name-invalid-characters']],
    [{ ...ok, password: '', repeatPassword: '' }, ['password:password-required']],
    [{ ...ok, terms: false }, ['terms:terms-required']],
    [
      { email: '', name: '', password: '', repeatPassword: '', terms: false },
      ['email:email-required', 'name:name-required', 'password:password-required', 'terms:terms-required'],
    ],
  ])('%j → %j', (input, expected) => {
    expect(codes(validateSignup(input))).toEqual(expected);
  });

  it.each([
    ['da', 'Adgangskoderne er ikke ens.'],
    ['en', 'The passwords do not match.'],
  ] as const)('mismatch message in %s', (lang, message) => {
    expect(validateSignup({ ...ok, repeatPassword: 'x' }, lang)[0].message).toBe(message);
  });
});

describe('validateLogin', () => {
  it.each([
    [{ email: 'ida@example.dk', password: 'x' }, []],
    [{ email: '', password: 'x' }, ['email:email-required']],
    [{ email: 'ida@example.dk', password: '' }, ['password:password-required']],
    [{ email: ' ', password: '' }, ['email:email-required', 'password:password-required']],
  ])('%j → %j', (input, expected) => {
    expect(codes(validateLogin(input))).toEqual(expected);
  });
});

describe('validateEmailChange', () => {
  it.each([
    ['ida@example.dk', []],
    ['ida@example', ['email:email-invalid']],
    ['', ['email:email-required']],
  ])('%j → %j', (email, expected) => {
    expect(codes(validateEmailChange(email))).toEqual(expected);
  });
});

describe('validatePasswordChange', () => {
  it.each([
    [{ newPassword: 'ny-kode-2026', repeat: 'ny-kode-2026', oldPassword: 'gammel' }, []],
    [{ newPassword: 'ny-kode-2026', repeat: 'ny-kode-2026', missingPw: true }, []],
    [{ newPassword: 'ny-kode-2026', repeat: 'ny-kode-2026' }, ['oldPassword:old-password-required']],
    [{ newPassword: '', repeat: '', oldPassword: 'g' }, ['newPassword:password-missing', 'repeat:password-missing']],
    [{ newPassword: 'ny-kode-2026', repeat: 'andet', oldPassword: 'g' }, ['repeat:password-change-mismatch']],
    [{ newPassword: 'ny-kode-2026 ', repeat: ' ny-kode-2026', oldPassword: 'g' }, []],
    // "x" was accepted as a new password.
    [{ newPassword: 'x', repeat: 'x', oldPassword: 'g' }, ['newPassword:password-too-short']],
    [{ newPassword: 'Kodeord123', repeat: 'Kodeord123', oldPassword: 'g' }, ['newPassword:password-too-common']],
  ])('%j → %j', (input, expected) => {
    expect(codes(validatePasswordChange(input))).toEqual(expected);
  });

  it.each([
    ['password-missing', 'en', 'Password is missing'],
    ['password-change-mismatch', 'da', 'Hovsa! Adgangskoderne er ikke ens. Prøv venligst igen.'],
    ['password-set-mismatch', 'da', 'Øv! Adgangskoderne matcher ikke. Prøv venligst igen.'],
    ['search-too-short', 'da', 'Søgeord skal indeholde mere end to tegn'],
  ] as const)('%s in %s is the spec text', (code, lang, text) => {
    expect(validationMessage(code, lang)).toBe(text);
  });
});

describe('validatePasswordSet', () => {
  it.each([
    [{ password: 'abc-def-gh', repeat: 'abc-def-gh' }, []],
    [{ password: 'abc', repeat: 'abc' }, ['password:password-too-short']],
    [{ password: 'abc-def-gh', repeat: 'abc-def-gi' }, ['repeat:password-set-mismatch']],
    [{ password: '', repeat: '' }, ['password:password-required']],
  ])('%j → %j', (input, expected) => {
    expect(codes(validatePasswordSet(input))).toEqual(expected);
  });
});

describe('validateSearchQuery', () => {
  it.each([
    ['Aarhus', { ok: true, q: 'Aarhus' }],
    ['  Ry  ', { ok: true, q: 'Ry' }],
    ['  a ', { ok: false, code: 'search-too-short' }],
    ['', { ok: false, code: 'search-too-short' }],
    [null, { ok: false, code: 'search-too-short' }],
  ])('%j → %j', (q, expected) => {
    const result = validateSearchQuery(q);
    expect(result.ok ? { ok: true, q: result.q } : { ok: false, code: result.error.code }).toEqual(expected);
  });
});

describe('parseSearchFilters', () => {
  it.each([
    [{}, {}],
    [{ rent: '8000', rooms: '3', size: '60', start: '150' }, { rent: 8000, rooms: 3, size: 60, start: 150 }],
    // At the slider default ("Any") or empty: not set.
    [{ rent: '14000', rooms: '1', size: '10', start: '0' }, {}],
    [{ rent: '', rooms: '  ', size: null, start: undefined }, {}],
    [{ rent: 8000, rooms: 2 }, { rent: 8000, rooms: 2 }],
    [{ rent: ' 8000 ' }, { rent: 8000 }],
  ])('%j → %j', (input, filters) => {
    expect(parseSearchFilters(input)).toEqual({ ok: true, filters });
  });

  it.each([
    [{ rent: 'abc' }, ['rent:not-integer']],
    [{ rooms: '2.5' }, ['rooms:not-integer']],
    [{ size: '-5' }, ['size:not-integer']],
    [{ start: '1e3' }, ['start:not-integer']],
    [{ rent: '8000', rooms: 'x', size: 'y' }, ['rooms:not-integer', 'size:not-integer']],
    [{ rent: '99999999999999999999' }, ['rent:not-integer']],
  ])('%j → %j', (input, expected) => {
    const result = parseSearchFilters(input);
    expect(result.ok ? [] : codes(result.errors)).toEqual(expected);
  });

  it('names the parameter in the message', () => {
    const result = parseSearchFilters({ rooms: 'x' }, 'en');
    expect(result.ok ? '' : result.errors[0].message).toBe('rooms must be a whole number (0 or more).');
  });
});

describe('validateTenantAd', () => {
  // 10:00 Danish summer time on 15 June 2026.
  const today = new Date('2026-06-15T08:00:00Z');
  const ok = { 'housing-area': 'aarhus', 'housing-available': '01/08/2026', 'profile-age': '25' };
  it.each([
    [ok, []],
    [{ ...ok, 'housing-available': '15/06/2026' }, []],
    [{ ...ok, 'housing-available': '14/06/2026' }, ['housing-available:date-in-past']],
    [{ ...ok, 'housing-available': '2026-08-01' }, ['housing-available:date-invalid']],
    [{ ...ok, 'housing-available': '31/06/2026' }, ['housing-available:date-invalid']],
    [{ ...ok, 'housing-available': '' }, ['housing-available:date-invalid']],
    [{ ...ok, 'housing-area': '' }, ['housing-area:area-required']],
    [{ ...ok, 'profile-age': 18 }, []],
    [{ ...ok, 'profile-age': '17' }, ['profile-age:age-under-18']],
    [{ ...ok, 'profile-age': 'atten' }, ['profile-age:age-under-18']],
    [{ ...ok, 'profile-age': '' }, ['profile-age:age-required']],
  ])('%j → %j', (input, expected) => {
    expect(codes(validateTenantAd(input, today))).toEqual(expected);
  });

  it('uses the Danish date: 23:30 UTC on 14 June is already 15 June', () => {
    const lateEvening = new Date('2026-06-14T23:30:00Z');
    expect(codes(validateTenantAd({ ...ok, 'housing-available': '14/06/2026' }, lateEvening))).toEqual([
      'housing-available:date-in-past',
    ]);
  });
});

describe('defaultTenantAvailableDate: two months ahead, first of the month', () => {
  it.each([
    ['2026-06-15T08:00:00Z', '01/08/2026'],
    ['2026-06-01T08:00:00Z', '01/08/2026'],
    ['2026-11-30T12:00:00Z', '01/01/2027'],
    ['2026-12-31T12:00:00Z', '01/02/2027'],
    // 23:30 UTC on 31 October is 1 November in Copenhagen.
    ['2026-10-31T23:30:00Z', '01/01/2027'],
  ])('%s → %s', (today, expected) => {
    expect(defaultTenantAvailableDate(new Date(today))).toBe(expected);
  });
});

describe('validateManualUnsubscribe', () => {
  const ok = { email: 'ida@example.dk', name: 'Ida', phone: '12345678' };
  it.each([
    [ok, []],
    [{ ...ok, orderno: '0042', message: 'Tak' }, []],
    [{ ...ok, email: '' }, ['email:email-required']],
    [{ ...ok, email: 'ida' }, ['email:email-invalid']],
    [{ email: '', name: '', phone: '' }, ['email:email-required', 'name:name-required', 'phone:phone-required']],
  ])('%j → %j', (input, expected) => {
    expect(codes(validateManualUnsubscribe(input))).toEqual(expected);
  });
});

describe('validateUnsubscribeReason', () => {
  it.each([
    [{ found: true, where: 'found-portal' }, []],
    [{ found: true, where: 'somewhere' }, ['reason:reason-required']],
    [{ found: true, where: null }, ['reason:reason-required']],
    [{ found: false, reason: 'For dyrt' }, []],
    [{ found: false, reason: '  ' }, ['reason:reason-required']],
  ] as const)('%j → %j', (answer, expected) => {
    expect(codes(validateUnsubscribeReason(answer))).toEqual(expected);
  });
});

describe('VALIDATION_MESSAGES', () => {
  it.each(Object.entries(VALIDATION_MESSAGES))('%s has Danish and English text', (_code, messages) => {
    expect(messages.da.length).toBeGreaterThan(0);
    expect(messages.en.length).toBeGreaterThan(0);
  });
});
