// The tenant ad (boligsøgerannonce), spec sections 3, 4, 5 and 9: written once, run by the editor
// in the browser and enforced by the API. Functions that need the date take "today" as an argument.
import { DEFAULT_LANGUAGE, TENANT_AD, TENANT_SLIDERS, type Language } from './constants';
import { calendarDay, parseDanishDate } from './display';
import { isValidEmail, normalizeEmail } from './validation-email';
import { messageFrom, type FieldError } from './validation-field';
import { defaultTenantAvailableDate, TENANT_AD_VALIDATION_MESSAGES, validateTenantAd } from './validation-tenant-ad';

/** Stored in `housing.dwelling` (section 3). */
export const TENANT_DWELLING_TYPES = ['room', 'apartment', 'townhouse', 'villa'] as const;
export type TenantDwellingType = (typeof TENANT_DWELLING_TYPES)[number];

/** Stored in `housing.timeframe`: no limit, under a year, over a year. */
export const TENANT_TIMEFRAMES = ['nolimit', 'lt1y', 'gt1y'] as const;
export type TenantTimeframe = (typeof TENANT_TIMEFRAMES)[number];

export const TENANT_GENDERS = ['male', 'female'] as const;
export type TenantGender = (typeof TENANT_GENDERS)[number];

export type TenantSlider = keyof typeof TENANT_SLIDERS;
export const TENANT_SLIDER_NAMES: readonly TenantSlider[] = ['rent', 'rooms', 'size'];

/** Text lengths (our choice; the spec gives none): long enough for a real ad, short enough for a list. */
export const TENANT_AD_TEXT_LIMITS = {
  name: 100,
  email: 320,
  phone: 30,
  profession: 80,
  subject: 120,
  text: 3000,
  /** Age above this is a typo, not a seeker. */
  maxAge: 120,
} as const;

/** Published ads shown on one city's landlord page, newest first (our choice). */
export const LANDLORD_PAGE_LIMIT = 100;

/** The tenant ad in the stored shape (section 3: `housing{dwelling[], timeframe[]}`). */
export interface TenantAd {
  profile: {
    name: string;
    email: string;
    phone: string;
    phonealt: string;
    gender: TenantGender | null;
    age: number | null;
    profession: string;
    rki: boolean;
  };
  housing: {
    /** A city slug. */
    area: string;
    rent: number;
    rooms: number;
    size: number;
    dwelling: TenantDwellingType[];
    timeframe: TenantTimeframe[];
    /** DD/MM/YYYY */
    available: string;
  };
  ad: { subject: string; text: string };
}

/** A blank ad with section 9's slider defaults and the default availability date; profile values from the account. */
export function defaultTenantAd(today: Date, account: { name?: string | null; email?: string | null; phone?: string | null } = {}): TenantAd {
  return {
    profile: {
      name: account.name ?? '',
      email: account.email ?? '',
      phone: account.phone ?? '',
      phonealt: '',
      gender: null,
      age: null,
      profession: '',
      rki: false,
    },
    housing: {
      area: '',
      rent: TENANT_SLIDERS.rent.default,
      rooms: TENANT_SLIDERS.rooms.default,
      size: TENANT_SLIDERS.size.default,
      dwelling: [],
      timeframe: [],
      available: defaultTenantAvailableDate(today),
    },
    ad: { subject: '', text: '' },
  };
}

/** Whether a slider value is one the slider can show: within its range and on its step. */
export function isTenantSliderValue(name: TenantSlider, value: number): boolean {
  const { min, max, step } = TENANT_SLIDERS[name];
  return Number.isInteger(value) && value >= min && value <= max && (value - min) % step === 0;
}

/** The flattened form field names of section 3 (profile-*, housing-*, ad-*) that a rule can name. */
export type TenantAdFormField =
  | 'profile-name'
  | 'profile-email'
  | 'profile-age'
  | 'housing-area'
  | 'housing-rent'
  | 'housing-rooms'
  | 'housing-size'
  | 'housing-available'
  | 'ad-subject'
  | 'ad-text';

/**
 * Every rule of the tenant ad: section 5 (area chosen, availability DD/MM/YYYY after yesterday, age at
 * least 18; `validateTenantAd`), the sliders of section 9 (range and step), a name, a valid email, a
 * headline and a text. Whether the area is a real city is the server's to check against its city list.
 * Passing these never publishes the ad: that needs an active subscription (section 4).
 */
export function validateTenantAdForm(ad: TenantAd, today: Date, lang: Language = DEFAULT_LANGUAGE): FieldError<TenantAdFormField>[] {
  const errors: FieldError<TenantAdFormField>[] = [];
  // The tenant-ad form's own texts, not the whole table: the editor's chunk carries no other form's.
  const push = (field: TenantAdFormField, code: keyof typeof TENANT_AD_VALIDATION_MESSAGES, values: Record<string, string | number> = {}) =>
    errors.push({ field, code, message: messageFrom(TENANT_AD_VALIDATION_MESSAGES, code, lang, values) });

  if (ad.profile.name.trim() === '') push('profile-name', 'tenant-name-required');
  if (!isValidEmail(ad.profile.email)) push('profile-email', 'tenant-email-invalid');

  errors.push(...validateTenantAd({ 'housing-area': ad.housing.area, 'housing-available': ad.housing.available, 'profile-age': ad.profile.age }, today, lang));
  if (ad.profile.age !== null && ad.profile.age > TENANT_AD_TEXT_LIMITS.maxAge && !errors.some((e) => e.field === 'profile-age')) {
    push('profile-age', 'age-too-high');
  }

  for (const name of TENANT_SLIDER_NAMES) {
    if (!isTenantSliderValue(name, ad.housing[name])) {
      const { min, max } = TENANT_SLIDERS[name];
      push(`housing-${name}`, 'slider-out-of-range', { min, max });
    }
  }
  if (ad.ad.subject.trim() === '') push('ad-subject', 'subject-required');
  if (ad.ad.text.trim() === '') push('ad-text', 'text-required');
  // In the form's order, so the first error is the first field to fix.
  return errors.sort((a, b) => TENANT_AD_FORM_ORDER.indexOf(a.field) - TENANT_AD_FORM_ORDER.indexOf(b.field));
}

const TENANT_AD_FORM_ORDER: readonly TenantAdFormField[] = [
  'profile-name',
  'profile-email',
  'profile-age',
  'housing-area',
  'housing-rent',
  'housing-rooms',
  'housing-size',
  'housing-available',
  'ad-subject',
  'ad-text',
];

/** What landlords see of the seeker's name: the first word only (section 1, "shown by first name only"). */
export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? '';
}

/** The availability as landlords read it: the date, or null ("straks") once it is today or past. */
export function tenantAvailableFrom(available: string, today: Date): string | null {
  const date = parseDanishDate(available);
  if (!date) return null;
  return date.toISOString().slice(0, 10) <= calendarDay(today) ? null : available;
}

/** "DD/MM/YYYY" ⇄ the stored calendar date (YYYY-MM-DD at 00:00 UTC, a `@db.Date`). */
export function tenantDateToIso(available: string): string | null {
  return parseDanishDate(available)?.toISOString().slice(0, 10) ?? null;
}

/** Minimum age as a constant the form can show next to the field. */
export const TENANT_MIN_AGE = TENANT_AD.minAge;

/**
 * Whether the landlord relay may mail the ad's address (issue 29): only one its owner has proven,
 * either by the link mailed to it (`ad.emailVerifiedAt`) or as the account's own verified address.
 * Anything else could be a stranger's inbox typed in to make us mail them.
 */
export function tenantAdEmailVerified(ad: { email: string; emailVerifiedAt: Date | null }, account: { email: string | null; emailVerified: boolean }): boolean {
  if (ad.emailVerifiedAt !== null) return true;
  return account.emailVerified && account.email !== null && normalizeEmail(account.email) === normalizeEmail(ad.email);
}

/**
 * The link that proves the ad's address: valid as long as an account's verification link; a second
 * request for the same address within `resendAfterMs` of the last link sends nothing (double clicks).
 */
export const TENANT_AD_EMAIL_VERIFICATION = { linkMs: 7 * 24 * 3600_000, resendAfterMs: 60_000 } as const;

/** The relay's answer while the ad's address waits for its link (409, code `email-unverified`). */
export const TENANT_AD_CONTACT_MESSAGES: Record<Language, { unverified: string }> = {
  da: { unverified: 'Boligsøgeren har endnu ikke bekræftet sin email-adresse, så vi kan ikke sende din besked. Prøv igen senere.' },
  en: { unverified: 'The seeker has not confirmed their email address yet, so we cannot send your message. Please try again later.' },
};
