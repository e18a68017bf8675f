import { describe, expect, it } from 'vitest';
import { CONTACT_LIMIT_MESSAGES, contactPeriod, contactUsage, mayContactLandlord, type ContactLimitSubscription } from './contact-limit';

const DAY = 86_400_000;
const at = (iso: string) => new Date(iso);
// A limited subscription bought 1 Dec 10:00 UTC, renewing every 14 days; the row's endingAt is the next charge.
const bought = at('2026-12-01T10:00:00.000Z');
const limited = (over: Partial<ContactLimitSubscription> = {}): ContactLimitSubscription => ({
  startingAt: bought,
  endingAt: new Date(bought.getTime() + 14 * DAY),
  limit: 10,
  periodDays: 14,
  ...over,
});
const fetches = (...pairs: Array<[number, Date]>) => pairs.map(([landlordId, when]) => ({ landlordId, at: when }));

describe('contactPeriod: the limited plan counts per paid period, reset at the renewal', () => {
  it.each([
    ['just after the purchase', 60_000, bought, 14 * DAY],
    ['the last millisecond of the first period', 14 * DAY - 1, bought, 14 * DAY],
    ['exactly at the renewal: the new period', 14 * DAY, new Date(bought.getTime() + 14 * DAY), 28 * DAY],
  ])('%s', (_, offset, start, resetOffset) => {
    // The row as the renewal leaves it: endingAt moved on by one interval once renewed.
    const renewed = offset >= 14 * DAY;
    const s = limited({ endingAt: new Date(bought.getTime() + (renewed ? 28 : 14) * DAY) });
    expect(contactPeriod(s, new Date(bought.getTime() + offset))).toEqual({ start, resetsAt: new Date(bought.getTime() + resetOffset) });
  });

  it('a renewal not yet recorded (endingAt in the past) rolls on to the period holding now', () => {
    const now = new Date(bought.getTime() + 15 * DAY);
    expect(contactPeriod(limited(), now)).toEqual({ start: new Date(bought.getTime() + 14 * DAY), resetsAt: new Date(bought.getTime() + 28 * DAY) });
  });

  it('a cancelled subscription running to its end counts until that end', () => {
    const now = new Date(bought.getTime() + 20 * DAY);
    const s = limited({ endingAt: new Date(bought.getTime() + 28 * DAY) });
    expect(contactPeriod(s, now)).toEqual({ start: new Date(bought.getTime() + 14 * DAY), resetsAt: s.endingAt });
  });

  it('a switch from the unlimited plan: the period starts when the limited subscription started', () => {
    // The change of plan made the limited row start at the old plan's end, with one interval.
    const switchedAt = at('2026-12-05T08:30:00.000Z');
    const s = limited({ startingAt: switchedAt, endingAt: new Date(switchedAt.getTime() + 14 * DAY) });
    expect(contactPeriod(s, new Date(switchedAt.getTime() + DAY))).toEqual({ start: switchedAt, resetsAt: s.endingAt });
  });

  it('an open-ended subscription steps from its start', () => {
    const s = limited({ endingAt: null });
    expect(contactPeriod(s, new Date(bought.getTime() + 30 * DAY))).toEqual({ start: new Date(bought.getTime() + 28 * DAY), resetsAt: new Date(bought.getTime() + 42 * DAY) });
  });
});

describe('contactUsage and mayContactLandlord', () => {
  const now = new Date(bought.getTime() + 5 * DAY);

  it('counts distinct landlords of this period only: repeats once, earlier periods and the old plan never', () => {
    const switchedAt = bought;
    const usage = contactUsage(
      limited(),
      fetches(
        [1, new Date(switchedAt.getTime() - 1)], // on the unlimited plan, a millisecond before the switch
        [2, switchedAt], // exactly at the start: counts
        [2, new Date(switchedAt.getTime() + DAY)],
        [3, new Date(switchedAt.getTime() + 2 * DAY)],
      ),
      now,
    );
    expect(usage).toEqual({ start: bought, resetsAt: new Date(bought.getTime() + 14 * DAY), used: 2, limit: 10, landlordIds: [2, 3] });
  });

  it('at 10 of 10 a new landlord is refused, a counted one is not; the renewal frees the count', () => {
    const ten = fetches(...Array.from({ length: 10 }, (_, i): [number, Date] => [100 + i, new Date(bought.getTime() + i * 3_600_000)]));
    const full = contactUsage(limited(), ten, now);
    expect(full.used).toBe(10);
    expect(mayContactLandlord(full, 200)).toBe(false);
    expect(mayContactLandlord(full, 105)).toBe(true);
    expect(mayContactLandlord({ ...full, used: 9, landlordIds: full.landlordIds.slice(1) }, 200)).toBe(true);
    const renewed = limited({ endingAt: new Date(bought.getTime() + 28 * DAY) });
    const next = contactUsage(renewed, ten, new Date(bought.getTime() + 14 * DAY));
    expect(next).toMatchObject({ used: 0, resetsAt: new Date(bought.getTime() + 28 * DAY) });
    expect(mayContactLandlord(next, 200)).toBe(true);
  });
});

describe('CONTACT_LIMIT_MESSAGES', () => {
  it('states the count and the reset day (Danish time) in both languages, and never promises more contacts now', () => {
    // 23:30 UTC on 14 Dec is already 15 Dec in Copenhagen.
    const resetsAt = at('2026-12-14T23:30:00.000Z');
    expect(CONTACT_LIMIT_MESSAGES.da.limitReached(10, 10, resetsAt)).toBe(
      'Du har kontaktet 10 af 10 udlejere i denne periode. Tallet nulstilles 15/12/2026. Skift til ubegrænset adgang fra næste periode under Abonnement på din profil.',
    );
    expect(CONTACT_LIMIT_MESSAGES.en.limitReached(10, 10, resetsAt)).toBe(
      'You have contacted 10 of 10 landlords this period. The count resets on 15/12/2026. Switch to unlimited access from your next period under Subscription on your profile.',
    );
  });
});
