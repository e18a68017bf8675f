// Dwelling detail numbers (spec section 3): the map and the fact keys. Only the detail page and the
// API use them (part of constants.ts).

export const MAP = {
  zoom: 14,
  heightPx: 250,
  staticImage: { width: 205, height: 163, zoom: 14, scale: 2 },
} as const;

/** Fact keys of a dwelling detail (section 3). */
export const DWELLING_FACT_KEYS = [
  'expenses_heat',
  'expenses_water',
  'expenses_electricity',
  'expenses_tv',
  'expenses_internet',
  'expenses_misc',
  'expenses',
  'expenses_ac',
  'prepaid_rent',
  'deposit',
  'downpayment',
  'houses',
  'dwelling_types',
] as const;

/** Fact items that are amounts in kroner (shown as "4.500 kr."); the others are counts or words. */
export const MONEY_FACT_KEYS: ReadonlySet<DwellingFactKey> = new Set<DwellingFactKey>([
  'expenses_heat',
  'expenses_water',
  'expenses_electricity',
  'expenses_tv',
  'expenses_internet',
  'expenses_misc',
  'expenses',
  'expenses_ac',
  'prepaid_rent',
  'deposit',
  'downpayment',
]);
export type DwellingFactKey = (typeof DWELLING_FACT_KEYS)[number];
