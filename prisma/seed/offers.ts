import { LIMITED_PLAN } from '@husly/domain';

/** The offers of spec section 9. Amounts are whole DKK including 25 % VAT. */
export const OFFERS = [
  {
    // The intro: a low price for the trial days, then the recurring price. Bought once per user.
    name: 'tenantad-intro-7days',
    label: 'Boligsøgerannonce – introtilbud',
    amount: 19,
    trialDays: 7,
    price: 249,
    intervalDays: 30,
    intro: true,
    recurring: true,
    oneoff: false,
    labels: ['Se udlejers kontaktoplysninger', 'Se alle billeder og hele beskrivelsen', 'Opret din boligsøgerannonce', 'Opsig når som helst'],
    contactLimit: null,
    contactWindowDays: null,
  },
  {
    // The recurring price without the intro, for a user who has had the intro already.
    name: 'tenantad-249kr-30days',
    label: 'Boligsøgerannonce',
    amount: 249,
    trialDays: 0,
    price: 249,
    intervalDays: 30,
    intro: false,
    recurring: true,
    oneoff: false,
    labels: ['Se udlejers kontaktoplysninger', 'Se alle billeder og hele beskrivelsen', 'Opret din boligsøgerannonce', 'Opsig når som helst'],
    contactLimit: null,
    contactWindowDays: null,
  },
  {
    // The limited-access plan offered instead of cancelling.
    name: LIMITED_PLAN.id,
    label: 'Boligsøgerannonce – begrænset adgang',
    amount: LIMITED_PLAN.priceDkk,
    trialDays: 0,
    price: LIMITED_PLAN.priceDkk,
    intervalDays: LIMITED_PLAN.periodDays,
    intro: false,
    recurring: true,
    oneoff: false,
    labels: [`Kontakt op til ${LIMITED_PLAN.maxLandlordContacts} udlejere hver ${LIMITED_PLAN.periodDays}. dag`, 'Behold din boligsøgerannonce'],
    contactLimit: LIMITED_PLAN.maxLandlordContacts,
    contactWindowDays: LIMITED_PLAN.contactWindowDays,
  },
] as const;
