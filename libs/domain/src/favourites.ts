/**
 * Favourites ("Gemte boliger"): dwellings a logged-in user saved. The cap keeps one account from
 * growing a table without bound (a script saving every dwelling) and the profile list a page a
 * person can read; 500 is far beyond what anyone looking for a home keeps (docs/decisions/0016).
 */
export const FAVOURITES = {
  /** Saved dwellings per user, rented ones included; the next save is refused (409). */
  maxPerUser: 500,
} as const;

/** Whether a user who has saved `count` dwellings may save one more. */
export function canSaveFavourite(count: number, max: number = FAVOURITES.maxPerUser): boolean {
  return count < max;
}

/** The 409 a save beyond the cap answers, in the site's language. */
export const FAVOURITE_MESSAGES = {
  da: { limitReached: (max: number) => `Du kan højst gemme ${max} boliger. Fjern nogle under Gemte boliger for at gemme flere.` },
  en: { limitReached: (max: number) => `You can save at most ${max} dwellings. Remove some under Saved dwellings to save more.` },
} as const;
