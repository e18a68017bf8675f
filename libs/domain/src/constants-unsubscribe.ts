// Unsubscribe survey answers (spec section 3). Only the unsubscribe pages and the API use them (part
// of constants.ts).

/** Unsubscribe survey answers (section 3). The found-… spellings are our choice. */
export const UNSUBSCRIBE_REASONS = {
  foundDwelling: 'FOUND_DWELLING',
  foundNoDwelling: 'FOUND_NO_DWELLING',
  whereFound: ['found-husly', 'found-portal', 'found-social', 'found-friends', 'found-other'],
} as const;
export type WhereFound = (typeof UNSUBSCRIBE_REASONS.whereFound)[number];
