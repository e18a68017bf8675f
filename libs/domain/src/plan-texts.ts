// The plans' names and benefits per language (issue 36). The database stores them in Danish
// (prisma/seed/offers.ts) and receipts keep the Danish line as it was written: the web and the mails
// word a plan by its id from here, so a page and a mail in one language name a plan alike. A plan not
// named here keeps the server's text (docs/decisions/0050-plan-texts-per-language.md).
import type { Language } from './constants';
import { LIMITED_PLAN } from './constants-subscriptions';
import { chargeLines, type OfferPricing } from './subscriptions';

export interface PlanText {
  label: string;
  benefits: readonly string[];
}

const FULL_BENEFITS: Record<Language, readonly string[]> = {
  da: ['Se udlejers kontaktoplysninger', 'Se alle billeder og hele beskrivelsen', 'Opret din boligsøgerannonce', 'Opsig når som helst'],
  en: ["See the landlord's contact details", 'See all images and the full description', 'Create your tenant ad', 'Cancel any time'],
};

const { maxLandlordContacts: limit, periodDays: days } = LIMITED_PLAN;

/** By plan id (offer name). The Danish texts are the seed's, so 'da' words a plan as the database does. */
export const PLAN_TEXTS: Record<Language, Readonly<Record<string, PlanText>>> = {
  da: {
    'tenantad-intro-7days': { label: 'Boligsøgerannonce – introtilbud', benefits: FULL_BENEFITS.da },
    'tenantad-249kr-30days': { label: 'Boligsøgerannonce', benefits: FULL_BENEFITS.da },
    [LIMITED_PLAN.id]: { label: 'Boligsøgerannonce – begrænset adgang', benefits: [`Kontakt op til ${limit} udlejere hver ${days}. dag`, 'Behold din boligsøgerannonce'] },
  },
  en: {
    'tenantad-intro-7days': { label: 'Tenant ad – introductory offer', benefits: FULL_BENEFITS.en },
    'tenantad-249kr-30days': { label: 'Tenant ad', benefits: FULL_BENEFITS.en },
    [LIMITED_PLAN.id]: { label: 'Tenant ad – limited access', benefits: [`Contact up to ${limit} landlords every ${days} days`, 'Keep your tenant ad'] },
  },
};

const textOf = (language: Language, plan: string | null | undefined): PlanText | undefined =>
  plan && Object.hasOwn(PLAN_TEXTS[language], plan) ? PLAN_TEXTS[language][plan] : undefined;

/** A plan's name in `language`; `serverLabel` (the database's) for a plan not named here. */
export function planLabelIn(language: Language, plan: string | null | undefined, serverLabel: string): string {
  return textOf(language, plan)?.label ?? serverLabel;
}

/** A plan's benefits in `language`; the server's list for a plan not named here. */
export function planBenefitsIn(language: Language, plan: string | null | undefined, serverLabels: readonly string[]): readonly string[] {
  return textOf(language, plan)?.benefits ?? serverLabels;
}

/**
 * The plan whose Danish name is `label`, for a row that kept only the name (a notice's dropped plan);
 * null when none is.
 */
export function planIdOfLabel(label: string): string | null {
  return Object.entries(PLAN_TEXTS.da).find(([, text]) => text.label === label)?.[0] ?? null;
}

/** What a stored receipt line is: one of the plan's charges (the intro's first, with its days), or a refund of one. */
export interface LinePlan {
  plan: string;
  introDays: number | null;
  refund: boolean;
}

// Nothing writes a refund line today (a refund is marked on its charge): this words one if a line says so.
const REFUND_PREFIX: Record<Language, string> = { da: 'Refusion ', en: 'Refund ' };

/**
 * Which of `offer`'s charges a stored line is, by the label the charge wrote (chargeLines): the plan's
 * name, or the intro's first charge with its days; "Refusion " before either is a refund of it. Null
 * for any other text, which is then shown as stored.
 */
export function linePlanOf(label: string, offer: OfferPricing): LinePlan | null {
  const refund = label.startsWith(REFUND_PREFIX.da);
  const charged = refund ? label.slice(REFUND_PREFIX.da.length) : label;
  if (charged === chargeLines(offer, 'renewal').lines[0].label) return { plan: offer.name, introDays: null, refund };
  if (offer.intro && charged === chargeLines(offer, 'first').lines[0].label) return { plan: offer.name, introDays: offer.trialDays, refund };
  return null;
}

const INTRO_DAYS: Record<Language, (days: number) => string> = { da: (n) => `${n} dage`, en: (n) => (n === 1 ? '1 day' : `${n} days`) };

/**
 * A receipt line as an invoice in `language` shows it. A receipt is a legal document: the stored line
 * stays as written (Danish), and Danish shows it so; another language words a known plan's line from
 * its id, and shows any other line as stored.
 */
export function receiptLineLabel(language: Language, line: { label: string; plan: LinePlan | null }): string {
  const { plan } = line;
  if (language === 'da' || !plan || !textOf(language, plan.plan)) return line.label;
  const name = planLabelIn(language, plan.plan, line.label);
  const charged = plan.introDays === null ? name : `${name} (${INTRO_DAYS[language](plan.introDays)})`;
  return plan.refund ? `${REFUND_PREFIX[language]}${charged}` : charged;
}
