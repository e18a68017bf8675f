// Subscription rules of spec sections 4 and 9: prices, what a charge contains, which state the page
// shows, when reactivation and withdrawal are allowed. Pure: the time is always an argument.
import { SUBSCRIPTION, TERMS } from './constants';
import { dkkToOre, invoiceLines, vatOf } from './money';

const DAY_MS = 86_400_000;

/** The offer fields these rules read (whole DKK incl. VAT). */
export interface OfferPricing {
  name: string;
  label: string;
  /** First charge: the intro price for an intro offer. */
  amount: number;
  trialDays: number;
  price: number;
  intervalDays: number;
  intro: boolean;
}

/** The first period of a new subscription: the trial days of an intro, else one interval. */
export function firstPeriodDays(offer: OfferPricing): number {
  return offer.intro && offer.trialDays > 0 ? offer.trialDays : offer.intervalDays;
}

/** What the first charge costs in øre: the intro price for an intro, else the recurring price. */
export function firstChargeOre(offer: OfferPricing): number {
  return dkkToOre(offer.intro ? offer.amount : offer.price);
}

/** A renewal costs the recurring price. */
export function renewalChargeOre(offer: OfferPricing): number {
  return dkkToOre(offer.price);
}

/** The receipt line of a charge: label, price, VAT part (20 % of the gross, whole øre), subtotal. */
export function chargeLines(offer: OfferPricing, kind: 'first' | 'renewal') {
  const intro = kind === 'first' && offer.intro;
  const label = intro ? `${offer.label} (${offer.trialDays} dage)` : offer.label;
  return invoiceLines([{ label, priceOre: kind === 'first' ? firstChargeOre(offer) : renewalChargeOre(offer) }]);
}

export function addDays(at: Date, days: number): Date {
  return new Date(at.getTime() + days * DAY_MS);
}

export interface SubscriptionFacts {
  status: 'INCOMPLETE' | 'ACTIVE' | 'PAUSED' | 'CANCELED' | 'EXPIRED';
  startingAt: Date;
  endingAt: Date | null;
  renew: boolean;
  legacyId: string | null;
  hasNext: boolean;
}

/** Gives access at `now`: active and inside its period (a cancelled one runs until endingAt). */
export function givesAccess(s: Pick<SubscriptionFacts, 'status' | 'startingAt' | 'endingAt'>, now: Date): boolean {
  return s.status === 'ACTIVE' && s.startingAt <= now && (s.endingAt === null || s.endingAt > now);
}

export type SubscriptionDisplayState = 'renewing' | 'cancelled-running' | 'switching' | 'expired' | 'paused' | 'pending-payment';

/**
 * Section 4 "Subscription display": which of the page's states a subscription is in. A running one
 * with a next plan waiting is switching, not cancelled: it stops renewing only because the next plan
 * takes over at its end (issue 36: the card said "Opsagt" and "skifter til" at once).
 */
export function displayState(s: SubscriptionFacts, now: Date): SubscriptionDisplayState {
  switch (s.status) {
    case 'INCOMPLETE':
      return 'pending-payment';
    case 'PAUSED':
      return 'paused';
    case 'CANCELED':
    case 'EXPIRED':
      return 'expired';
    case 'ACTIVE':
      if (s.endingAt !== null && s.endingAt <= now) return 'expired';
      if (s.renew) return 'renewing';
      return s.hasNext ? 'switching' : 'cancelled-running';
  }
}

/** Section 4: reactivation is allowed unless the subscription has a legacyId. */
export function canReactivate(s: Pick<SubscriptionFacts, 'legacyId'>): boolean {
  return s.legacyId === null;
}

/**
 * Section 4: the Reactivate button shows when the user is not a subscriber, or the first (newest)
 * subscription has no legacyId, no renew and no nextSubscription.
 */
export function showReactivateButton(subscriber: boolean, first: Pick<SubscriptionFacts, 'legacyId' | 'renew' | 'hasNext'> | undefined): boolean {
  if (!first) return false;
  if (!subscriber) return first.legacyId === null;
  return first.legacyId === null && !first.renew && !first.hasNext;
}

/** Section 9: the 14-day right of withdrawal counts from the first charge. */
export function withinWithdrawal(firstChargeAt: Date, now: Date): boolean {
  return now.getTime() - firstChargeAt.getTime() <= TERMS.withdrawalDays * DAY_MS;
}

/**
 * Confirms of the test payment form (README "Test payments"), counted per user and per client
 * secret before the lookup: neither client secrets nor card numbers can be tried at scale, while a
 * person correcting a typo or trying another card fits easily.
 */
export const TEST_PAYMENT_CONFIRM_THROTTLE = { perUser: 20, perSecret: 10, windowMs: 60 * 60_000 } as const;

/** Days before an intro converts to the recurring price that the reminder mail goes out. */
export const INTRO_REMINDER_DAYS_BEFORE = 3;

/**
 * When the reminder before an intro converts is due: INTRO_REMINDER_DAYS_BEFORE days before the
 * intro ends, or at once when the intro is shorter than that (never after it converted).
 */
export function introReminderAt(introEndsAt: Date, paidAt: Date): Date {
  const at = addDays(introEndsAt, -INTRO_REMINDER_DAYS_BEFORE);
  return at < paidAt ? paidAt : at;
}

/** Section 9: a subscription that started within 15 minutes counts as just bought. */
export function justBought(startingAt: Date, now: Date): boolean {
  const age = now.getTime() - startingAt.getTime();
  return age >= 0 && age < SUBSCRIPTION.startMarkerWindowMs;
}

/** The VAT part shown on a receipt line for a whole-krone price (price × 0.2, in øre). */
export function vatOfDkk(priceDkk: number): number {
  return vatOf(dkkToOre(priceDkk));
}
