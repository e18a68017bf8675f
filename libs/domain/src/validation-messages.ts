// Every validation text by code, put together from the tables of the forms (validation-*.ts), for
// callers that may name any code (the API). Validators take the texts of their own form only, so that
// a browser chunk does not carry every form's texts.
import { DEFAULT_LANGUAGE, type Language } from './constants';
import { ACCOUNT_VALIDATION_MESSAGES } from './validation-accounts';
import { messageFrom } from './validation-field';
import { REQUIRED_FIELD_MESSAGES } from './validation-login';
import { SEARCH_VALIDATION_MESSAGES } from './validation-search';
import { TENANT_AD_VALIDATION_MESSAGES } from './validation-tenant-ad';
import { UNSUBSCRIBE_VALIDATION_MESSAGES } from './validation-unsubscribe';

// In the order the codes had when one table held them all.
export const VALIDATION_MESSAGES = {
  'email-required': REQUIRED_FIELD_MESSAGES['email-required'],
  'email-invalid': ACCOUNT_VALIDATION_MESSAGES['email-invalid'],
  'name-required': ACCOUNT_VALIDATION_MESSAGES['name-required'],
  'name-too-long': ACCOUNT_VALIDATION_MESSAGES['name-too-long'],
  'name-contains-url': ACCOUNT_VALIDATION_MESSAGES['name-contains-url'],
  'name-invalid-characters': ACCOUNT_VALIDATION_MESSAGES['name-invalid-characters'],
  'password-required': REQUIRED_FIELD_MESSAGES['password-required'],
  'passwords-mismatch': ACCOUNT_VALIDATION_MESSAGES['passwords-mismatch'],
  'terms-required': ACCOUNT_VALIDATION_MESSAGES['terms-required'],
  'password-missing': ACCOUNT_VALIDATION_MESSAGES['password-missing'],
  'password-change-mismatch': ACCOUNT_VALIDATION_MESSAGES['password-change-mismatch'],
  'old-password-required': ACCOUNT_VALIDATION_MESSAGES['old-password-required'],
  'password-too-short': ACCOUNT_VALIDATION_MESSAGES['password-too-short'],
  'password-too-long': ACCOUNT_VALIDATION_MESSAGES['password-too-long'],
  'password-too-common': ACCOUNT_VALIDATION_MESSAGES['password-too-common'],
  'password-set-mismatch': ACCOUNT_VALIDATION_MESSAGES['password-set-mismatch'],
  'search-too-short': SEARCH_VALIDATION_MESSAGES['search-too-short'],
  'not-integer': SEARCH_VALIDATION_MESSAGES['not-integer'],
  'date-invalid': TENANT_AD_VALIDATION_MESSAGES['date-invalid'],
  'date-in-past': TENANT_AD_VALIDATION_MESSAGES['date-in-past'],
  'age-required': TENANT_AD_VALIDATION_MESSAGES['age-required'],
  'age-under-18': TENANT_AD_VALIDATION_MESSAGES['age-under-18'],
  'area-required': TENANT_AD_VALIDATION_MESSAGES['area-required'],
  'phone-required': UNSUBSCRIBE_VALIDATION_MESSAGES['phone-required'],
  'reason-required': UNSUBSCRIBE_VALIDATION_MESSAGES['reason-required'],
  'tenant-name-required': TENANT_AD_VALIDATION_MESSAGES['tenant-name-required'],
  'tenant-email-invalid': TENANT_AD_VALIDATION_MESSAGES['tenant-email-invalid'],
  'age-too-high': TENANT_AD_VALIDATION_MESSAGES['age-too-high'],
  'slider-out-of-range': TENANT_AD_VALIDATION_MESSAGES['slider-out-of-range'],
  'subject-required': TENANT_AD_VALIDATION_MESSAGES['subject-required'],
  'text-required': TENANT_AD_VALIDATION_MESSAGES['text-required'],
} as const satisfies Record<string, Record<Language, string>>;

export type ValidationCode = keyof typeof VALIDATION_MESSAGES;

export function validationMessage(
  code: ValidationCode,
  lang: Language = DEFAULT_LANGUAGE,
  values: Record<string, string | number> = {},
): string {
  return messageFrom(VALIDATION_MESSAGES, code, lang, values);
}
