// Unsubscribe rules (spec section 5): the manual unsubscribe form and the survey answer, with their
// texts. Only the unsubscribe pages and the API use them.
import { DEFAULT_LANGUAGE, UNSUBSCRIBE_REASONS, type Language } from './constants';
import { ACCOUNT_VALIDATION_MESSAGES } from './validation-accounts';
import { isValidEmail } from './validation-email';
import { blank, fieldError, type FieldError } from './validation-field';
import { REQUIRED_FIELD_MESSAGES } from './validation-login';

export const UNSUBSCRIBE_VALIDATION_MESSAGES = {
  'phone-required': { da: 'Telefonnummeret skal udfyldes.', en: 'Phone number is required.' },
  'reason-required': { da: 'Fortæl os venligst hvorfor.', en: 'Please tell us why.' },
} as const satisfies Record<string, Record<Language, string>>;

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
  if (blank(input.email)) errors.push(fieldError(REQUIRED_FIELD_MESSAGES, 'email', 'email-required', lang));
  else if (!isValidEmail(input.email)) errors.push(fieldError(ACCOUNT_VALIDATION_MESSAGES, 'email', 'email-invalid', lang));
  if (blank(input.name)) errors.push(fieldError(ACCOUNT_VALIDATION_MESSAGES, 'name', 'name-required', lang));
  if (blank(input.phone)) errors.push(fieldError(UNSUBSCRIBE_VALIDATION_MESSAGES, 'phone', 'phone-required', lang));
  return errors;
}

/** Survey answer after an unsubscription: where the dwelling was found, or a free-text reason. */
export type UnsubscribeAnswer = { found: true; where: string | null | undefined } | { found: false; reason: string | null | undefined };

/** A where-answer must be one of the five options; the free-text reason is required. */
export function validateUnsubscribeReason(answer: UnsubscribeAnswer, lang: Language = DEFAULT_LANGUAGE): FieldError<'reason'>[] {
  const ok = answer.found
    ? (UNSUBSCRIBE_REASONS.whereFound as readonly string[]).includes(answer.where ?? '')
    : !blank(answer.reason);
  return ok ? [] : [fieldError(UNSUBSCRIBE_VALIDATION_MESSAGES, 'reason', 'reason-required', lang)];
}
