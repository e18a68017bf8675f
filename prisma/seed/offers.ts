import { LIMITED_PLAN, PLAN_TEXTS } from '@husly/domain';

// The Danish names and benefits are the domain's (PLAN_TEXTS.da), so the pages and mails that word a
// plan by its id in either language name the plan the database holds.
const da = PLAN_TEXTS.da;

/** The offers of spec section 9. Amounts are whole DKK including 25 % VAT. */
export const OFFERS = [
  {
    // The intro: a low price for the trial days, then the recurring price. Bought once per user.
    name: 'tenantad-intro-7days',
    label: da['tenantad-intro-7days'].label,
    amount: 19,
    trialDays: 7,
    price: 249,
    intervalDays: 30,
    intro: true,
    recurring: true,
    oneoff: false,
    labels: [...da['tenantad-intro-7days'].benefits],
    contactLimit: null,
    contactWindowDays: null,
  },
  {
    // The recurring price without the intro, for a user who has had the intro already.
    name: 'tenantad-249kr-30days',
    label: da['tenantad-249kr-30days'].label,
    amount: 249,
    trialDays: 0,
    price: 249,
    intervalDays: 30,
    intro: false,
    recurring: true,
    oneoff: false,
    labels: [...da['tenantad-249kr-30days'].benefits],
    contactLimit: null,
    contactWindowDays: null,
  },
  {
    // The limited-access plan offered instead of cancelling.
    name: LIMITED_PLAN.id,
    label: da[LIMITED_PLAN.id].label,
    amount: LIMITED_PLAN.priceDkk,
    trialDays: 0,
    price: LIMITED_PLAN.priceDkk,
    intervalDays: LIMITED_PLAN.periodDays,
    intro: false,
    recurring: true,
    oneoff: false,
    labels: [...da[LIMITED_PLAN.id].benefits],
    contactLimit: LIMITED_PLAN.maxLandlordContacts,
    contactWindowDays: LIMITED_PLAN.contactWindowDays,
  },
] as const;
