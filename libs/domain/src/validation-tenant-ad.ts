// Tenant-ad rules of spec section 5 (area, availability date, age) and the texts of the whole tenant-ad
// form (tenant-ad.ts adds the rest of its rules). Only the tenant-ad editor and the API use them.
import { DEFAULT_LANGUAGE, TENANT_AD, type Language } from './constants';
import { calendarDay, parseDanishDate } from './display';
import { blank, fieldError, type FieldError } from './validation-field';

export const TENANT_AD_VALIDATION_MESSAGES = {
  'date-invalid': { da: 'Datoen skal skrives som DD/MM/ÅÅÅÅ.', en: 'The date must be written as DD/MM/YYYY.' },
  'date-in-past': { da: 'Datoen må tidligst være i dag.', en: 'The date cannot be in the past.' },
  'age-required': { da: 'Alderen skal udfyldes.', en: 'Age is required.' },
  'age-under-18': { da: 'Du skal være fyldt 18 år.', en: 'You must be at least 18 years old.' },
  'area-required': { da: 'Vælg et område.', en: 'Choose an area.' },
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
  const error = (field: TenantAdField, code: keyof typeof TENANT_AD_VALIDATION_MESSAGES) =>
    errors.push(fieldError(TENANT_AD_VALIDATION_MESSAGES, field, code, lang));
  if (blank(input['housing-area'])) error('housing-area', 'area-required');

  const available = parseDanishDate(input['housing-available'] ?? '');
  if (!available) error('housing-available', 'date-invalid');
  else if (available.toISOString().slice(0, 10) < calendarDay(today)) error('housing-available', 'date-in-past');

  const ageText = input['profile-age'] === null || input['profile-age'] === undefined ? '' : String(input['profile-age']).trim();
  if (ageText === '') error('profile-age', 'age-required');
  else if (!/^\d+$/.test(ageText) || Number(ageText) < TENANT_AD.minAge) error('profile-age', 'age-under-18');
  return errors;
}

/** Default availability: the first of the month two months ahead of today's Danish date, DD/MM/YYYY. */
export function defaultTenantAvailableDate(today: Date): string {
  const [year, month] = calendarDay(today).split('-').map(Number);
  const first = new Date(Date.UTC(year, month - 1 + TENANT_AD.defaultAvailableMonthsAhead, 1));
  const mm = String(first.getUTCMonth() + 1).padStart(2, '0');
  return `01/${mm}/${first.getUTCFullYear()}`;
}
