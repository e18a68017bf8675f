import { describe, expect, it } from 'vitest';
import { LIMITED_PLAN } from './constants-subscriptions';
import { linePlanOf, planBenefitsIn, planIdOfLabel, planLabelIn, PLAN_TEXTS, receiptLineLabel } from './plan-texts';
import { chargeLines, type OfferPricing } from './subscriptions';

const intro: OfferPricing = { name: 'tenantad-intro-7days', label: 'Boligsøgerannonce – introtilbud', amount: 19, trialDays: 7, price: 249, intervalDays: 30, intro: true };
const regular: OfferPricing = { name: 'tenantad-249kr-30days', label: 'Boligsøgerannonce', amount: 249, trialDays: 0, price: 249, intervalDays: 30, intro: false };
const unknown: OfferPricing = { name: 'tenantad-new-plan', label: 'Ny plan', amount: 99, trialDays: 3, price: 99, intervalDays: 30, intro: true };

describe('plan names and benefits per language', () => {
  it('words a known plan in each language, the limited plan with its limit and period', () => {
    expect(planLabelIn('en', LIMITED_PLAN.id, 'Boligsøgerannonce – begrænset adgang')).toBe('Tenant ad – limited access');
    expect(planLabelIn('da', LIMITED_PLAN.id, 'x')).toBe('Boligsøgerannonce – begrænset adgang');
    expect(planBenefitsIn('en', LIMITED_PLAN.id, [])).toEqual([`Contact up to ${LIMITED_PLAN.maxLandlordContacts} landlords every ${LIMITED_PLAN.periodDays} days`, 'Keep your tenant ad']);
    expect(planBenefitsIn('da', LIMITED_PLAN.id, [])).toEqual(['Kontakt op til 10 udlejere hver 14. dag', 'Behold din boligsøgerannonce']);
  });

  it("keeps the server's text for a plan it does not name", () => {
    expect(planLabelIn('en', 'tenantad-new-plan', 'Ny plan')).toBe('Ny plan');
    expect(planLabelIn('en', null, 'Ny plan')).toBe('Ny plan');
    expect(planLabelIn('en', 'toString', 'Ny plan')).toBe('Ny plan');
    expect(planBenefitsIn('en', undefined, ['Noget'])).toEqual(['Noget']);
  });

  it('names the same plans in both languages, and no English text is Danish', () => {
    expect(Object.keys(PLAN_TEXTS.en).sort()).toEqual(Object.keys(PLAN_TEXTS.da).sort());
    const english = Object.values(PLAN_TEXTS.en).flatMap((p) => [p.label, ...p.benefits]).join(' ');
    expect(english).not.toMatch(/Boligsøger|dage|udlejer|æ|ø|å/i);
  });

  it('finds a plan by its Danish name (rows that kept only the name)', () => {
    expect(planIdOfLabel('Boligsøgerannonce – begrænset adgang')).toBe(LIMITED_PLAN.id);
    expect(planIdOfLabel('Boligsøgerannonce')).toBe('tenantad-249kr-30days');
    expect(planIdOfLabel('Ny plan')).toBeNull();
  });
});

describe('receipt lines', () => {
  const line = (offer: OfferPricing, kind: 'first' | 'renewal') => chargeLines(offer, kind).lines[0].label;

  it('knows which charge of its offer a stored line is', () => {
    expect(linePlanOf(line(intro, 'first'), intro)).toEqual({ plan: intro.name, introDays: 7, refund: false });
    expect(linePlanOf(line(intro, 'renewal'), intro)).toEqual({ plan: intro.name, introDays: null, refund: false });
    expect(linePlanOf(line(regular, 'first'), regular)).toEqual({ plan: regular.name, introDays: null, refund: false });
    expect(linePlanOf(`Refusion ${line(intro, 'first')}`, intro)).toEqual({ plan: intro.name, introDays: 7, refund: true });
    // Another text, or another offer's line, is not this offer's charge.
    expect(linePlanOf('Gebyr', regular)).toBeNull();
    expect(linePlanOf(line(intro, 'first'), regular)).toBeNull();
  });

  it('shows the stored Danish line in Danish, and words a known plan in English', () => {
    const first = { label: line(intro, 'first'), plan: linePlanOf(line(intro, 'first'), intro) };
    expect(receiptLineLabel('da', first)).toBe('Boligsøgerannonce – introtilbud (7 dage)');
    expect(receiptLineLabel('en', first)).toBe('Tenant ad – introductory offer (7 days)');
    expect(receiptLineLabel('en', { label: 'Boligsøgerannonce', plan: { plan: regular.name, introDays: null, refund: false } })).toBe('Tenant ad');
    expect(receiptLineLabel('en', { label: 'Refusion Boligsøgerannonce', plan: { plan: regular.name, introDays: null, refund: true } })).toBe('Refund Tenant ad');
    expect(receiptLineLabel('da', { label: 'Refusion Boligsøgerannonce', plan: { plan: regular.name, introDays: null, refund: true } })).toBe('Refusion Boligsøgerannonce');
  });

  it('shows a line of an unknown plan, or of no plan, as stored', () => {
    const label = line(unknown, 'first');
    expect(receiptLineLabel('en', { label, plan: linePlanOf(label, unknown) })).toBe('Ny plan (3 dage)');
    expect(receiptLineLabel('en', { label: 'Gebyr', plan: null })).toBe('Gebyr');
  });
});
