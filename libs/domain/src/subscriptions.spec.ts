import { describe, expect, it } from 'vitest';
import { formatDkk } from './display';
import { formatOrderNo } from './money';
import {
  addDays,
  canReactivate,
  chargeLines,
  displayState,
  firstChargeOre,
  firstPeriodDays,
  givesAccess,
  introReminderAt,
  justBought,
  renewalChargeOre,
  showReactivateButton,
  vatOfDkk,
  withinWithdrawal,
  type OfferPricing,
  type SubscriptionFacts,
} from './subscriptions';

const intro: OfferPricing = { name: 'tenantad-intro-7days', label: 'Boligsøgerannonce – introtilbud', amount: 19, trialDays: 7, price: 249, intervalDays: 30, intro: true };
const recurring: OfferPricing = { name: 'tenantad-249kr-30days', label: 'Boligsøgerannonce', amount: 249, trialDays: 0, price: 249, intervalDays: 30, intro: false };
const limited: OfferPricing = { name: 'tenantad-79kr-14days', label: 'Begrænset', amount: 79, trialDays: 0, price: 79, intervalDays: 14, intro: false };

describe('prices in whole DKK incl. 25 % VAT; the VAT part is 20 % of the price in øre', () => {
  it.each([
    [19, 380, '19 kr.'],
    [79, 1580, '79 kr.'],
    [249, 4980, '249 kr.'],
    [1249, 24980, '1.249 kr.'],
    [1, 20, '1 kr.'],
  ])('%d kr. → VAT %d øre, shown "%s"', (dkk, vatOre, shown) => {
    expect(vatOfDkk(dkk)).toBe(vatOre);
    expect(formatDkk(dkk)).toBe(shown);
  });

  it.each([
    [intro, 1900, 7, 24900],
    [recurring, 24900, 30, 24900],
    [limited, 7900, 14, 7900],
  ])('%o: first charge, first period, renewal', (offer, first, days, renewal) => {
    expect(firstChargeOre(offer)).toBe(first);
    expect(firstPeriodDays(offer)).toBe(days);
    expect(renewalChargeOre(offer)).toBe(renewal);
  });

  it.each([
    [intro, 'first', 'Boligsøgerannonce – introtilbud (7 dage)', 1900, 380],
    [intro, 'renewal', 'Boligsøgerannonce – introtilbud', 24900, 4980],
    [limited, 'first', 'Begrænset', 7900, 1580],
  ] as const)('receipt line of %o %s', (offer, kind, label, subtotal, vat) => {
    const { lines, totalOre, vatOre } = chargeLines(offer, kind);
    expect(lines).toEqual([{ label, priceOre: subtotal, vatOre: vat, subtotalOre: subtotal }]);
    expect([totalOre, vatOre]).toEqual([subtotal, vat]);
  });

  it.each([
    [1000, '1000'],
    [7, '0007'],
    [123456, '123456'],
  ])('order number %d → "%s"', (n, shown) => expect(formatOrderNo(n)).toBe(shown));
});

const now = new Date('2026-11-25T12:00:00Z');
const facts = (over: Partial<SubscriptionFacts>): SubscriptionFacts => ({
  status: 'ACTIVE',
  startingAt: addDays(now, -3),
  endingAt: addDays(now, 27),
  renew: true,
  legacyId: null,
  hasNext: false,
  ...over,
});

describe('display state and access (section 4)', () => {
  it.each([
    [{}, 'renewing', true],
    [{ renew: false }, 'cancelled-running', true],
    [{ renew: false, hasNext: true }, 'switching', true],
    [{ renew: true, hasNext: true }, 'renewing', true],
    [{ renew: false, hasNext: true, endingAt: addDays(now, -1) }, 'expired', false],
    [{ renew: false, endingAt: addDays(now, -1) }, 'expired', false],
    [{ endingAt: now }, 'expired', false],
    [{ status: 'PAUSED' as const }, 'paused', false],
    [{ status: 'INCOMPLETE' as const }, 'pending-payment', false],
    [{ status: 'CANCELED' as const }, 'expired', false],
    [{ status: 'EXPIRED' as const }, 'expired', false],
    [{ startingAt: addDays(now, 1) }, 'renewing', false],
  ])('%o → %s, access %s', (over, state, access) => {
    expect(displayState(facts(over), now)).toBe(state);
    expect(givesAccess(facts(over), now)).toBe(access);
  });
});

describe('reactivation (section 4)', () => {
  it.each([
    [null, true],
    ['old-123', false],
  ])('legacyId %s → allowed %s', (legacyId, allowed) => expect(canReactivate({ legacyId })).toBe(allowed));

  it.each([
    [false, undefined, false],
    [false, { legacyId: null, renew: false, hasNext: false }, true],
    [false, { legacyId: 'x', renew: false, hasNext: false }, false],
    [true, { legacyId: null, renew: false, hasNext: false }, true],
    [true, { legacyId: null, renew: true, hasNext: false }, false],
    [true, { legacyId: null, renew: false, hasNext: true }, false],
    [true, { legacyId: 'x', renew: false, hasNext: false }, false],
  ])('subscriber %s, first %o → button %s', (subscriber, first, shown) => {
    expect(showReactivateButton(subscriber, first)).toBe(shown);
  });
});

describe('withdrawal, reminder and start marker windows', () => {
  it.each([
    [0, true],
    [14, true],
    [14.01, false],
  ])('%d days after the first charge → within %s', (days, within) => {
    expect(withinWithdrawal(now, addDays(now, days))).toBe(within);
  });

  it('reminds 3 days before the intro ends, or at once for a shorter intro', () => {
    expect(introReminderAt(addDays(now, 7), now)).toEqual(addDays(now, 4));
    expect(introReminderAt(addDays(now, 2), now)).toEqual(now);
  });

  it.each([
    [0, true],
    [899_999, true],
    [900_000, false],
    [-1, false],
  ])('%d ms after start → just bought %s', (ms, yes) => {
    expect(justBought(now, new Date(now.getTime() + ms))).toBe(yes);
  });
});
