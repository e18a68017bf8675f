import { planBenefitsIn, planLabelIn, type Language } from '@husly/domain';

// Offers and products come from the database in Danish (prisma/seed/offers.ts). The web words them
// in the page's language by plan id from the domain's plan texts (libs/domain plan-texts.ts), the ones
// the API's mails use, so a page and a mail name a plan alike; a plan not named there keeps the
// server's text.

/** A plan's name in the page's language; the server's label for a plan the catalogue lacks. */
export function planLabel(language: Language, plan: string | null | undefined, serverLabel: string): string {
  return planLabelIn(language, plan, serverLabel);
}

/** A plan's benefits in the page's language; the server's list for a plan the catalogue lacks. */
export function planBenefits(language: Language, plan: string | null | undefined, serverLabels: readonly string[]): readonly string[] {
  return planBenefitsIn(language, plan, serverLabels);
}
