import { LIMITED_PLAN } from '@husly/domain';
import type { TFunction } from './translator';

// Offers and products come from the database in Danish (prisma/seed/offers.ts). The web words them
// in the page's language by plan id (`plans.<id>` in the locale files) rather than the database
// holding a copy per language; a plan the catalogue does not name keeps the server's text.

/** The limit and period the limited plan's texts name, from the same constants the seed uses. */
const PLAN_VALUES = { limit: LIMITED_PLAN.maxLandlordContacts, days: LIMITED_PLAN.periodDays };

const known = (plan: string | null | undefined): plan is string => !!plan && !plan.includes('.');

/** A plan's name in the page's language; the server's label for a plan the catalogue lacks. */
export function planLabel(t: TFunction, plan: string | null | undefined, serverLabel: string): string {
  return known(plan) ? t(`plans.${plan}.label`, { ...PLAN_VALUES, defaultValue: serverLabel }) : serverLabel;
}

/** A plan's benefits in the page's language; the server's list for a plan the catalogue lacks. */
export function planBenefits(t: TFunction, plan: string | null | undefined, serverLabels: readonly string[]): readonly string[] {
  const list = known(plan) ? t(`plans.${plan}.benefits`, { returnObjects: true }) : undefined;
  if (!Array.isArray(list) || !list.every((item) => typeof item === 'string')) return serverLabels;
  return list.map((item: string) => item.replace(/\{\{\s*(limit|days)\s*\}\}/g, (_, name: keyof typeof PLAN_VALUES) => String(PLAN_VALUES[name])));
}
