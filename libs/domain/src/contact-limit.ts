// The limited plan's landlord count (spec section 9: "contact with max 10 landlords per 14 days";
// issue 36: "x af 10 udlejere brugt, nulstilles {date}"). The count is per period of the limited
// subscription, so the reset date it states is when it really starts again from 0
// (docs/decisions/0049-contact-limit-per-period.md). Pure: the time is always an argument.
import { formatDate } from './display';
import type { Language } from './constants-common';

const DAY_MS = 86_400_000;

/** The limited subscription giving access now, and its plan's limit. */
export interface ContactLimitSubscription {
  startingAt: Date;
  /** The end of the paid period (the next charge when renewing); null = open-ended. */
  endingAt: Date | null;
  /** Distinct landlords per period (offer.contactLimit). */
  limit: number;
  /** The period length in days: the plan's contactWindowDays, which is its paid interval (14). */
  periodDays: number;
}

export interface ContactPeriod {
  /** Fetches from here on count (inclusive). Never before the subscription started. */
  start: Date;
  /** When the count starts again from 0 (exclusive end of the period). */
  resetsAt: Date;
}

/**
 * The period `now` falls in. Periods are `periodDays` long and end on the subscription's period end
 * (its renewal date), stepping back from it; the first one starts when the subscription started, so
 * contacts made on a plan before (a switch from the unlimited plan) never count. A renewal not yet
 * recorded (endingAt in the past) rolls on to the period that holds `now`. Half-open: a fetch made
 * exactly at a renewal belongs to the new period.
 */
export function contactPeriod(s: Pick<ContactLimitSubscription, 'startingAt' | 'endingAt' | 'periodDays'>, now: Date): ContactPeriod {
  const length = Math.max(1, s.periodDays) * DAY_MS;
  const anchor = (s.endingAt ?? s.startingAt).getTime();
  const gridStart = anchor + Math.floor((now.getTime() - anchor) / length) * length;
  return { start: new Date(Math.max(gridStart, s.startingAt.getTime())), resetsAt: new Date(gridStart + length) };
}

export interface ContactFetchFact {
  landlordId: number;
  at: Date;
}

export interface ContactUsage extends ContactPeriod {
  /** Distinct landlords contacted this period. */
  used: number;
  limit: number;
  /** Those landlords: contacting one again is free. */
  landlordIds: number[];
}

/** How many distinct landlords the fetches count for in the period `now` falls in. */
export function contactUsage(s: ContactLimitSubscription, fetches: ReadonlyArray<ContactFetchFact>, now: Date): ContactUsage {
  const period = contactPeriod(s, now);
  const counted = new Set<number>();
  for (const f of fetches) if (f.at >= period.start && f.at < period.resetsAt) counted.add(f.landlordId);
  const landlordIds = [...counted].sort((a, b) => a - b);
  return { ...period, used: landlordIds.length, limit: s.limit, landlordIds };
}

/** A landlord already counted this period is always free; a new one only while the count is below the limit. */
export function mayContactLandlord(usage: Pick<ContactUsage, 'used' | 'limit' | 'landlordIds'>, landlordId: number): boolean {
  return usage.landlordIds.includes(landlordId) || usage.used < usage.limit;
}

/**
 * The 403 of a refused contact, in the site's language. Switching to the unlimited plan takes effect
 * at the next renewal (POST /api/subscriptions/change), the same date the count resets, so the offer
 * says "from your next period", never "now".
 */
export const CONTACT_LIMIT_MESSAGES: Record<Language, { limitReached(used: number, limit: number, resetsAt: Date): string }> = {
  da: {
    limitReached: (used, limit, resetsAt) =>
      `Du har kontaktet ${used} af ${limit} udlejere i denne periode. Tallet nulstilles ${formatDate(resetsAt)}. Skift til ubegrænset adgang fra næste periode under Abonnement på din profil.`,
  },
  en: {
    limitReached: (used, limit, resetsAt) =>
      `You have contacted ${used} of ${limit} landlords this period. The count resets on ${formatDate(resetsAt)}. Switch to unlimited access from your next period under Subscription on your profile.`,
  },
};
