// Account rules (spec section 5): name, signup, email change, password change and set, with their
// texts. Only the signup, profile and password pages use them, so their chunks carry them, not the
// shell (which has the login rule, validation-login.ts).
import { DEFAULT_LANGUAGE, PROFILE, type Language } from './constants';
import { passwordProblem } from './passwords';
import { isValidEmail } from './validation-email';
import { blank, fieldError, type FieldError } from './validation-field';
import { REQUIRED_FIELD_MESSAGES } from './validation-login';

export const ACCOUNT_VALIDATION_MESSAGES = {
  'email-invalid': { da: 'Indtast venligst en gyldig email-adresse.', en: 'Please enter a valid email' },
  'name-required': { da: 'Navnet skal udfyldes.', en: 'Name is required.' },
  'name-too-long': { da: 'Navnet må højst være 50 tegn.', en: 'The name can be at most 50 characters.' },
  'name-contains-url': { da: 'Navnet må ikke indeholde et link.', en: 'The name must not contain a link.' },
  'name-invalid-characters': {
    da: 'Navnet må ikke indeholde tegnene _ / ( ) ! ? ; : – * " , . og en bindestreg skal stå mellem to bogstaver.',
    en: 'The name must not contain the characters _ / ( ) ! ? ; : – * " , . and a hyphen must stand between two letters.',
  },
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
} as const satisfies Record<string, Record<Language, string>>;

/** The account forms also say "required" as the login form does. */
const MESSAGES = { ...REQUIRED_FIELD_MESSAGES, ...ACCOUNT_VALIDATION_MESSAGES };

/** - _ / ( ) ! ? ; : – * " , . */
const FORBIDDEN_NAME_CHARACTERS = /[-_/()!?;:–*",.]/;
/** A hyphen with a letter on each side, as in Anne-Mette (ADR 0046); the letter before is kept. */
const HYPHEN_BETWEEN_LETTERS = /(\p{L})-(?=\p{L})/gu;

/** Whether a name has none of the listed characters, a hyphen between two letters aside (ADR 0046). */
export function hasOnlyNameCharacters(name: string): boolean {
  return !FORBIDDEN_NAME_CHARACTERS.test(name.replace(HYPHEN_BETWEEN_LETTERS, '$1'));
}

/**
 * Name rule (error type "name"): required, at most 50 characters, no "http", none of the listed
 * characters except a hyphen between two letters (the spec refuses every hyphen; ADR 0046).
 */
export function validateName(name: string | null | undefined, lang: Language = DEFAULT_LANGUAGE): FieldError<'name'>[] {
  const n = (name ?? '').trim();
  if (n === '') return [fieldError(MESSAGES, 'name', 'name-required', lang)];
  if (n.length > PROFILE.nameMaxLength) return [fieldError(MESSAGES, 'name', 'name-too-long', lang)];
  if (/http/i.test(n)) return [fieldError(MESSAGES, 'name', 'name-contains-url', lang)];
  if (!hasOnlyNameCharacters(n)) return [fieldError(MESSAGES, 'name', 'name-invalid-characters', lang)];
  return [];
}

// --- signup --------------------------------------------------------------------------------------

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
  if (blank(input.email)) errors.push(fieldError(MESSAGES, 'email', 'email-required', lang));
  else if (!isValidEmail(input.email)) errors.push(fieldError(MESSAGES, 'email', 'email-invalid', lang));
  errors.push(...validateName(input.name, lang));
  const problem = blank(input.password) ? null : passwordProblem(input.password);
  if (blank(input.password)) errors.push(fieldError(MESSAGES, 'password', 'password-required', lang));
  else if (problem) errors.push(fieldError(MESSAGES, 'password', problem, lang));
  else if (input.password.trim() !== (input.repeatPassword ?? '').trim()) {
    errors.push(fieldError(MESSAGES, 'repeatPassword', 'passwords-mismatch', lang));
  }
  if (input.terms !== true) errors.push(fieldError(MESSAGES, 'terms', 'terms-required', lang));
  return errors;
}

/** Email change: the field is marked when the address is not valid. */
export function validateEmailChange(email: string, lang: Language = DEFAULT_LANGUAGE): FieldError<'email'>[] {
  if (blank(email)) return [fieldError(MESSAGES, 'email', 'email-required', lang)];
  return isValidEmail(email) ? [] : [fieldError(MESSAGES, 'email', 'email-invalid', lang)];
}

// --- passwords -----------------------------------------------------------------------------------

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
  if (!input.missingPw && blank(input.oldPassword)) errors.push(fieldError(MESSAGES, 'oldPassword', 'old-password-required', lang));
  const problem = blank(input.newPassword) ? null : passwordProblem(input.newPassword);
  if (blank(input.newPassword)) errors.push(fieldError(MESSAGES, 'newPassword', 'password-missing', lang));
  else if (problem) errors.push(fieldError(MESSAGES, 'newPassword', problem, lang));
  if (blank(input.repeat)) errors.push(fieldError(MESSAGES, 'repeat', 'password-missing', lang));
  else if (!blank(input.newPassword) && input.newPassword.trim() !== input.repeat.trim()) {
    errors.push(fieldError(MESSAGES, 'repeat', 'password-change-mismatch', lang));
  }
  return errors;
}

/** Set or reset screen: required, the one password rule, both equal. */
export function validatePasswordSet(
  input: { password: string; repeat: string },
  lang: Language = DEFAULT_LANGUAGE,
): FieldError<'password' | 'repeat'>[] {
  const password = (input.password ?? '').trim();
  if (password === '') return [fieldError(MESSAGES, 'password', 'password-required', lang)];
  const problem = passwordProblem(password);
  if (problem) return [fieldError(MESSAGES, 'password', problem, lang)];
  if (password !== (input.repeat ?? '').trim()) return [fieldError(MESSAGES, 'repeat', 'password-set-mismatch', lang)];
  return [];
}
