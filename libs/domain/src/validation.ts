// Validation rules of spec section 5. Every rule returns codes; messages come from VALIDATION_MESSAGES
// in the language asked for (Danish by default). Danish texts the spec quotes are verbatim, and so
// are the English ones it quotes; the rest are ours. Rules needing the time take it as an argument.
import type { BoligagentErrorCode } from './boligagent';
import { DEFAULT_LANGUAGE, PROFILE, SEARCH, SEARCH_SLIDERS, TENANT_AD, UNSUBSCRIBE_REASONS, type Language } from './constants';
import { calendarDay, parseDanishDate } from './display';
import { interpolate } from './error-catalogue';
import { passwordProblem } from './passwords';

export const VALIDATION_MESSAGES = {
  'email-required': { da: 'Email-adressen skal udfyldes.', en: 'Email address is required' },
  'email-invalid': { da: 'Indtast venligst en gyldig email-adresse.', en: 'Please enter a valid email' },
  'name-required': { da: 'Navnet skal udfyldes.', en: 'Name is required.' },
  'name-too-long': { da: 'Navnet må højst være 50 tegn.', en: 'The name can be at most 50 characters.' },
  'name-contains-url': { da: 'Navnet må ikke indeholde et link.', en: 'The name must not contain a link.' },
  'name-invalid-characters': {
    da: 'Navnet må ikke indeholde tegnene - _ / ( ) ! ? ; : – * " , .',
    en: 'The name must not contain the characters - _ / ( ) ! ? ; : – * " , .',
  },
  'password-required': { da: 'Adgangskoden skal udfyldes.', en: 'Password is required.' },
  'passwords-mismatch': { da: 'Adgangskoderne er ikke ens.', en: 'The passwords do not match.' },
  'terms-required': {
    da: 'Du skal acceptere Huslys betingelser for at oprette en profil.',
    en: 'You must accept the Husly terms to create a profile.',
  },
  'password-missing': { da: 'Adgangskoden mangler.', en: 'Password is missing' },
  'password-change-mismatch': {
    da: 'Hovsa! Adgangskoderne er ikke ens. Prøv venligst igen.',
    en: 'Oops! The passwords do not match. Please try again.',
  },
  'old-password-required': { da: 'Din nuværende adgangskode mangler.', en: 'Your current password is missing.' },
  'password-too-short': {
    da: 'Adgangskoden skal være på mindst 8 tegn.',
    en: 'The password must be at least 8 characters.',
  },
  'password-too-long': {
    da: 'Adgangskoden må højst være på 128 tegn.',
    en: 'The password can be at most 128 characters.',
  },
  'password-too-common': {
    da: 'Den adgangskode bruger mange andre, så den er nem at gætte. Vælg en anden.',
    en: 'That password is used by many others, so it is easy to guess. Choose another.',
  },
  'password-set-mismatch': {
    da: 'Øv! Adgangskoderne matcher ikke. Prøv venligst igen.',
    en: 'Oh no! The passwords do not match. Please try again.',
  },
  'search-too-short': {
    da: 'Søgeord skal indeholde mere end to tegn',
    en: 'Search terms must contain at least two characters',
  },
  'not-integer': { da: '{field} skal være et helt tal (0 eller mere).', en: '{field} must be a whole number (0 or more).' },
  'date-invalid': { da: 'Datoen skal skrives som DD/MM/ÅÅÅÅ.', en: 'The date must be written as DD/MM/YYYY.' },
  'date-in-past': { da: 'Datoen må tidligst være i dag.', en: 'The date cannot be in the past.' },
  'age-required': { da: 'Alderen skal udfyldes.', en: 'Age is required.' },
  'age-under-18': { da: 'Du skal være fyldt 18 år.', en: 'You must be at least 18 years old.' },
  'area-required': { da: 'Vælg et område.', en: 'Choose an area.' },
  'phone-required': { da: 'Telefonnummeret skal udfyldes.', en: 'Phone number is required.' },
  'reason-required': { da: 'Fortæl os venligst hvorfor.', en: 'Please tell us why.' },
  // Tenant ad (libs/domain/src/tenant-ad.ts); our texts.
  'tenant-name-required': { da: 'Skriv dit navn.', en: 'Please enter your name.' },
  'tenant-email-invalid': { da: 'Skriv en gyldig email-adresse.', en: 'Please enter a valid email address.' },
  'age-too-high': { da: 'Skriv din alder i hele år.', en: 'Please enter your age in whole years.' },
  'slider-out-of-range': { da: 'Vælg en værdi mellem {min} og {max}.', en: 'Choose a value between {min} and {max}.' },
  'subject-required': { da: 'Giv din annonce en overskrift.', en: 'Give your ad a headline.' },
  'text-required': {
    da: 'Skriv lidt om dig selv og den bolig, du søger.',
    en: 'Write a little about yourself and the home you are looking for.',
  },
} as const satisfies Record<string, Record<Language, string>>;

export type ValidationCode = keyof typeof VALIDATION_MESSAGES;

export interface FieldError<F extends string = string> {
  field: F;
  code: ValidationCode;
  message: string;
}

export function validationMessage(
  code: ValidationCode,
  lang: Language = DEFAULT_LANGUAGE,
  values: Record<string, string | number> = {},
): string {
  return interpolate(VALIDATION_MESSAGES[code][lang], values);
}

function fieldError<F extends string>(field: F, code: ValidationCode, lang: Language): FieldError<F> {
  return { field, code, message: validationMessage(code, lang, { field }) };
}

const blank = (v: string | null | undefined) => (v ?? '').trim() === '';

// --- email -------------------------------------------------------------------------------------

/**
 * The one form in which addresses are stored and compared (users, boligagents, suppressions, rate-limit
 * buckets): trimmed and lower-cased, nothing else. Lookups are exact equality on this form, never a
 * pattern. Unicode is lower-cased as JavaScript does it and not otherwise folded (no NFC, no punycode,
 * no dot or +tag removal): two spellings that a mailbox provider treats as one stay two addresses.
 */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The longest address SMTP carries (RFC 5321 path limit). */
export const EMAIL_MAX_LENGTH = 254;

// A bare addr-spec only: atext characters (and letters of any script) in dot-separated words, and a
// domain of letter/digit/hyphen labels. What a mailer would read as a display name, a group, a comment
// or a second recipient (`x<addr>`, `"a" <b>`, `a@b, c@d`, `(c)`) is refused rather than stored as a
// "new" address that delivers to someone else.
const PLAIN_EMAIL = /^[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+(\.[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+)*@[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?(\.[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?)+$/u;

/** A plain address (no display name, quotes, comments or lists), at most 254 characters, after trimming. */
export function isPlainEmail(email: string): boolean {
  const e = email.trim();
  return e.length <= EMAIL_MAX_LENGTH && PLAIN_EMAIL.test(e);
}

/** Something, an at sign, a domain, a dot and at least 2 characters (profile and signup); a plain address. */
export function isValidEmail(email: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@.]{2,}$/.test(email.trim()) && isPlainEmail(email);
}

/** Boligagent modal: an at sign and a dot-separated domain; a plain address. */
export function isValidBoligagentEmail(email: string): boolean {
  return /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(email.trim()) && isPlainEmail(email);
}

/** The boligagent code for a modal email, or null when it is fine. */
export function validateBoligagentEmail(email: string | null | undefined): Extract<BoligagentErrorCode, 'no-email' | 'invalid-mail'> | null {
  if (blank(email)) return 'no-email';
  return isValidBoligagentEmail(email as string) ? null : 'invalid-mail';
}

// --- name --------------------------------------------------------------------------------------

/** - _ / ( ) ! ? ; : – * " , . */
const FORBIDDEN_NAME_CHARACTERS = /[-_/()!?;:–*",.]/;

/** Name rule (error type "name"): required, at most 50 characters, no "http", none of the listed characters. */
export function validateName(name: string | null | undefined, lang: Language = DEFAULT_LANGUAGE): FieldError<'name'>[] {
  const n = (name ?? '').trim();
  if (n === '') return [fieldError('name', 'name-required', lang)];
  if (n.length > PROFILE.nameMaxLength) return [fieldError('name', 'name-too-long', lang)];
  if (/http/i.test(n)) return [fieldError('name', 'name-contains-url', lang)];
  if (FORBIDDEN_NAME_CHARACTERS.test(n)) return [fieldError('name', 'name-invalid-characters', lang)];
  return [];
}

// --- signup and login --------------------------------------------------------------------------

export interface SignupInput {
  email: string;
  name: string;
  password: string;
  repeatPassword: string;
  terms: boolean;
}
export type SignupField = keyof SignupInput;

/** At most one error per field, in form order. */
export function validateSignup(input: SignupInput, lang: Language = DEFAULT_LANGUAGE): FieldError<SignupField>[] {
  const errors: FieldError<SignupField>[] = [];
  if (blank(input.email)) errors.push(fieldError('email', 'email-required', lang));
  else if (!isValidEmail(input.email)) errors.push(fieldError('email', 'email-invalid', lang));
  errors.push(...validateName(input.name, lang));
  const problem = blank(input.password) ? null : passwordProblem(input.password);
  if (blank(input.password)) errors.push(fieldError('password', 'password-required', lang));
  else if (problem) errors.push(fieldError('password', problem, lang));
  else if (input.password.trim() !== (input.repeatPassword ?? '').trim()) {
    errors.push(fieldError('repeatPassword', 'passwords-mismatch', lang));
  }
  if (input.terms !== true) errors.push(fieldError('terms', 'terms-required', lang));
  return errors;
}

export function validateLogin(
  input: { email: string; password: string },
  lang: Language = DEFAULT_LANGUAGE,
): FieldError<'email' | 'password'>[] {
  const errors: FieldError<'email' | 'password'>[] = [];
  if (blank(input.email)) errors.push(fieldError('email', 'email-required', lang));
  if (blank(input.password)) errors.push(fieldError('password', 'password-required', lang));
  return errors;
}

/** Email change: the field is marked when the address is not valid. */
export function validateEmailChange(email: string, lang: Language = DEFAULT_LANGUAGE): FieldError<'email'>[] {
  if (blank(email)) return [fieldError('email', 'email-required', lang)];
  return isValidEmail(email) ? [] : [fieldError('email', 'email-invalid', lang)];
}

// --- passwords ---------------------------------------------------------------------------------

export interface PasswordChangeInput {
  newPassword: string;
  repeat: string;
  oldPassword?: string | null;
  /** User meta missingPw: the user has no password yet (social login), so none is asked for. */
  missingPw?: boolean;
}

/** Passwords are compared after trimming, as at signup. */
export function validatePasswordChange(
  input: PasswordChangeInput,
  lang: Language = DEFAULT_LANGUAGE,
): FieldError<'newPassword' | 'repeat' | 'oldPassword'>[] {
  const errors: FieldError<'newPassword' | 'repeat' | 'oldPassword'>[] = [];
  if (!input.missingPw && blank(input.oldPassword)) errors.push(fieldError('oldPassword', 'old-password-required', lang));
  const problem = blank(input.newPassword) ? null : passwordProblem(input.newPassword);
  if (blank(input.newPassword)) errors.push(fieldError('newPassword', 'password-missing', lang));
  else if (problem) errors.push(fieldError('newPassword', problem, lang));
  if (blank(input.repeat)) errors.push(fieldError('repeat', 'password-missing', lang));
  else if (!blank(input.newPassword) && input.newPassword.trim() !== input.repeat.trim()) {
    errors.push(fieldError('repeat', 'password-change-mismatch', lang));
  }
  return errors;
}

/** Set or reset screen: required, the one password rule, both equal. */
export function validatePasswordSet(
  input: { password: string; repeat: string },
  lang: Language = DEFAULT_LANGUAGE,
): FieldError<'password' | 'repeat'>[] {
  const password = (input.password ?? '').trim();
  if (password === '') return [fieldError('password', 'password-required', lang)];
  const problem = passwordProblem(password);
  if (problem) return [fieldError('password', problem, lang)];
  if (password !== (input.repeat ?? '').trim()) return [fieldError('repeat', 'password-set-mismatch', lang)];
  return [];
}

// --- search ------------------------------------------------------------------------------------

export type SearchQueryResult = { ok: true; q: string } | { ok: false; error: FieldError<'q'> };

/** The query is trimmed; shorter than 2 characters means no search. */
export function validateSearchQuery(q: string | null | undefined, lang: Language = DEFAULT_LANGUAGE): SearchQueryResult {
  const trimmed = (q ?? '').trim();
  if (trimmed.length < SEARCH.minQueryLength) return { ok: false, error: fieldError('q', 'search-too-short', lang) };
  return { ok: true, q: trimmed };
}

export type SearchFilterField = 'rent' | 'rooms' | 'size' | 'start';
export type SearchFilters = Partial<Record<SearchFilterField, number>>;
export type SearchFilterInput = Partial<Record<SearchFilterField, string | number | null | undefined>>;
export type SearchFiltersResult =
  | { ok: true; filters: SearchFilters }
  | { ok: false; errors: FieldError<SearchFilterField>[] };

const FILTER_DEFAULTS: Record<SearchFilterField, number> = {
  rent: SEARCH_SLIDERS.rent.default,
  rooms: SEARCH_SLIDERS.rooms.default,
  size: SEARCH_SLIDERS.size.default,
  start: 0,
};
const FILTER_FIELDS = Object.keys(FILTER_DEFAULTS) as SearchFilterField[];

/**
 * rent, rooms, size and start as whole numbers of 0 or more. Empty, or equal to the slider's
 * default (its "Any" end; 0 for start), is not set and left out of `filters`. Anything else is an
 * error naming the parameter.
 */
export function parseSearchFilters(input: SearchFilterInput, lang: Language = DEFAULT_LANGUAGE): SearchFiltersResult {
  const filters: SearchFilters = {};
  const errors: FieldError<SearchFilterField>[] = [];
  for (const field of FILTER_FIELDS) {
    const raw = input[field];
    const text = raw === null || raw === undefined ? '' : String(raw).trim();
    if (text === '') continue;
    if (!/^\d+$/.test(text) || !Number.isSafeInteger(Number(text))) {
      errors.push(fieldError(field, 'not-integer', lang));
      continue;
    }
    const value = Number(text);
    if (value !== FILTER_DEFAULTS[field]) filters[field] = value;
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, filters };
}

// --- tenant ad ---------------------------------------------------------------------------------

export interface TenantAdInput {
  'housing-area'?: string | null;
  /** DD/MM/YYYY */
  'housing-available'?: string | null;
  'profile-age'?: string | number | null;
}
export type TenantAdField = keyof TenantAdInput;

/**
 * Area required; availability date DD/MM/YYYY and after yesterday (today or later in Danish time);
 * age a whole number of at least 18.
 */
export function validateTenantAd(input: TenantAdInput, today: Date, lang: Language = DEFAULT_LANGUAGE): FieldError<TenantAdField>[] {
  const errors: FieldError<TenantAdField>[] = [];
  if (blank(input['housing-area'])) errors.push(fieldError('housing-area', 'area-required', lang));

  const available = parseDanishDate(input['housing-available'] ?? '');
  if (!available) errors.push(fieldError('housing-available', 'date-invalid', lang));
  else if (available.toISOString().slice(0, 10) < calendarDay(today)) {
    errors.push(fieldError('housing-available', 'date-in-past', lang));
  }

  const ageText = input['profile-age'] === null || input['profile-age'] === undefined ? '' : String(input['profile-age']).trim();
  if (ageText === '') errors.push(fieldError('profile-age', 'age-required', lang));
  else if (!/^\d+$/.test(ageText) || Number(ageText) < TENANT_AD.minAge) {
    errors.push(fieldError('profile-age', 'age-under-18', lang));
  }
  return errors;
}

/** Default availability: the first of the month two months ahead of today's Danish date, DD/MM/YYYY. */
export function defaultTenantAvailableDate(today: Date): string {
  const [year, month] = calendarDay(today).split('-').map(Number);
  const first = new Date(Date.UTC(year, month - 1 + TENANT_AD.defaultAvailableMonthsAhead, 1));
  const mm = String(first.getUTCMonth() + 1).padStart(2, '0');
  return `01/${mm}/${first.getUTCFullYear()}`;
}

// --- unsubscribe -------------------------------------------------------------------------------

export interface ManualUnsubscribeInput {
  email: string;
  name: string;
  phone: string;
  orderno?: string | null;
  message?: string | null;
}

/** Email, name and phone required; order number and message optional. */
export function validateManualUnsubscribe(
  input: ManualUnsubscribeInput,
  lang: Language = DEFAULT_LANGUAGE,
): FieldError<'email' | 'name' | 'phone'>[] {
  const errors: FieldError<'email' | 'name' | 'phone'>[] = [];
  if (blank(input.email)) errors.push(fieldError('email', 'email-required', lang));
  else if (!isValidEmail(input.email)) errors.push(fieldError('email', 'email-invalid', lang));
  if (blank(input.name)) errors.push(fieldError('name', 'name-required', lang));
  if (blank(input.phone)) errors.push(fieldError('phone', 'phone-required', lang));
  return errors;
}

/** Survey answer after an unsubscription: where the dwelling was found, or a free-text reason. */
export type UnsubscribeAnswer = { found: true; where: string | null | undefined } | { found: false; reason: string | null | undefined };

/** A where-answer must be one of the five options; the free-text reason is required. */
export function validateUnsubscribeReason(answer: UnsubscribeAnswer, lang: Language = DEFAULT_LANGUAGE): FieldError<'reason'>[] {
  const ok = answer.found
    ? (UNSUBSCRIBE_REASONS.whereFound as readonly string[]).includes(answer.where ?? '')
    : !blank(answer.reason);
  return ok ? [] : [fieldError('reason', 'reason-required', lang)];
}
