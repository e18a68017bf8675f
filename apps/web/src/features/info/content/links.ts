/**
 * The complaint bodies of /info/klagemulighed. Not the EU's ODR platform: it closed on
 * 20 July 2025, so a link there would send people nowhere.
 */
export const COMPLAINT_LINKS = {
  naevneneshus: 'https://naevneneshus.dk/',
  klageportalen: 'https://kpo.naevneneshus.dk/',
} as const;
