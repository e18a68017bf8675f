// Login rule (spec section 5) and the two texts it needs. The login form sits in the header of every
// page, so this is all of validation the browser's shell carries; signup and manual unsubscribe reuse
// the texts (validation-accounts.ts, validation-unsubscribe.ts).
import { DEFAULT_LANGUAGE, type Language } from './constants';
import { blank, fieldError, type FieldError } from './validation-field';

export const REQUIRED_FIELD_MESSAGES = {
  'email-required': { da: 'Email-adressen skal udfyldes.', en: 'Email address is required' },
  'password-required': { da: 'Adgangskoden skal udfyldes.', en: 'Password is required.' },
} as const satisfies Record<string, Record<Language, string>>;

export function validateLogin(
  input: { email: string; password: string },
  lang: Language = DEFAULT_LANGUAGE,
): FieldError<'email' | 'password'>[] {
  const errors: FieldError<'email' | 'password'>[] = [];
  if (blank(input.email)) errors.push(fieldError(REQUIRED_FIELD_MESSAGES, 'email', 'email-required', lang));
  if (blank(input.password)) errors.push(fieldError(REQUIRED_FIELD_MESSAGES, 'password', 'password-required', lang));
  return errors;
}
