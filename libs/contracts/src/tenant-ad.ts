import { z } from 'zod';
import { TENANT_AD_TEXT_LIMITS, TENANT_DWELLING_TYPES, TENANT_GENDERS, TENANT_TIMEFRAMES, type TenantAd } from '@husly/domain';
import type { TenantAdWarning } from './browser/codes';
import { FIELD_MESSAGES, ONE_LINE } from './browser/input';
import { emailAddress, intInput, text } from './input';

// The tenant ad (boligsøgerannonce): GET/POST /api/users/me/tenant and the landlord page's calls.
// These schemas fix the shape (types, lengths, the listed values) with the input primitives; the
// rules with the spec's messages (date, age, sliders, required fields) are libs/domain's
// `validateTenantAdForm`, which the API runs next, so a blank field reaches the rule and gets its text.

// A line break in a name, subject or phone could start a header of the relay mail (ONE_LINE).
const oneLine = (max: number) => text(max).trim().regex(ONE_LINE, FIELD_MESSAGES.oneLine);

/** A list of the allowed values, each at most once (a repeat is dropped, not an error). */
const choices = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .array(z.enum(values))
    .max(values.length * 2)
    .default([])
    .transform((list) => values.filter((v) => list.includes(v)) as Array<T[number]>);

/** POST /api/users/me/tenant: the ad in its stored shape (section 3: `housing{dwelling[], timeframe[]}`). */
export const tenantAdRequestSchema = z
  .object({
    profile: z
      .object({
        name: oneLine(TENANT_AD_TEXT_LIMITS.name),
        email: oneLine(TENANT_AD_TEXT_LIMITS.email),
        phone: oneLine(TENANT_AD_TEXT_LIMITS.phone).default(''),
        phonealt: oneLine(TENANT_AD_TEXT_LIMITS.phone).default(''),
        gender: z.enum(TENANT_GENDERS).nullable().default(null),
        age: intInput({ min: 0, max: 1000 }).nullable().default(null),
        profession: oneLine(TENANT_AD_TEXT_LIMITS.profession).default(''),
        rki: z.boolean().default(false),
      })
      .strict(),
    housing: z
      .object({
        area: text(100).trim(),
        rent: intInput(),
        rooms: intInput(),
        size: intInput(),
        dwelling: choices(TENANT_DWELLING_TYPES),
        timeframe: choices(TENANT_TIMEFRAMES),
        /** DD/MM/YYYY */
        available: text(20).trim(),
      })
      .strict(),
    ad: z
      .object({
        subject: oneLine(TENANT_AD_TEXT_LIMITS.subject),
        text: text(TENANT_AD_TEXT_LIMITS.text).trim(),
      })
      .strict(),
    /** The seeker's choice to show the ad to landlords; it is shown only while a subscription is active. */
    publish: z.boolean().default(true),
  })
  .strict();
export type TenantAdRequest = z.input<typeof tenantAdRequestSchema>;
export type TenantAdInputParsed = z.output<typeof tenantAdRequestSchema>;

/** GET /api/users/me/tenant: the saved ad, or the defaults when there is none yet. */
export interface TenantAdResponse {
  ad: TenantAd;
  /** Whether anything is stored (false: `ad` is the defaults). */
  saved: boolean;
  /** The seeker's choice to show it to landlords. */
  publish: boolean;
  /** Whether landlords see it right now: published and an active subscription. */
  listed: boolean;
  /**
   * Whether landlords' messages can reach `ad.profile.email`: the account's own verified address, or
   * one proven by the link mailed to it. Until then the relay refuses them (409 email-unverified).
   */
  emailVerified: boolean;
  updatedAt: string | null;
}

/**
 * POST /api/users/me/tenant answers 200 with the stored ad whenever the input passes the rules: the
 * draft is always kept. Without an active subscription nothing is published and `warning` is
 * `not-activated`: the web shows "Oops! Your tenant ad has not been activated" and goes to
 * /profile/subscription.
 */
export interface TenantAdSaveResponse extends TenantAdResponse {
  warning: TenantAdWarning | null;
}

/** One published ad as landlords see it: the seeker's first name, never an email or phone. */
export interface LandlordTenantAd {
  id: number;
  firstName: string;
  subject: string;
  text: string;
  area: { slug: string; label: string };
  rent: number;
  rooms: number;
  size: number;
  dwelling: string[];
  timeframe: string[];
  /** DD/MM/YYYY, or null when the seeker can move in now. */
  availableFrom: string | null;
  age: number | null;
  profession: string | null;
  rki: boolean;
  updatedAt: string;
}

/** GET /api/tenant-ads/{city}: the published ads of a city, newest first (not indexed). */
export interface LandlordTenantAdsResponse {
  city: { slug: string; label: string };
  data: LandlordTenantAd[];
}

/** POST /api/tenant-ads/{id}/contact: a landlord's message, relayed by mail to the seeker (Reply-To: the landlord). */
export const landlordContactRequestSchema = z
  .object({
    name: oneLine(100).min(1, FIELD_MESSAGES.required),
    email: oneLine(320).pipe(emailAddress(FIELD_MESSAGES.email)),
    phone: oneLine(TENANT_AD_TEXT_LIMITS.phone).default(''),
    message: text(3000).trim().min(10, FIELD_MESSAGES.atLeast(10)),
  })
  .strict();
export type LandlordContactRequest = z.input<typeof landlordContactRequestSchema>;
export type LandlordContactMessage = z.output<typeof landlordContactRequestSchema>;
