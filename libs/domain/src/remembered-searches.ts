// A visitor's searches as the bn.prf cookie keeps them (spec section 3): the search pages write it,
// the API turns it into boligagent preferences at signup. Apart from the consent rules, which every
// page needs.
import { SEARCH_SLIDERS } from './constants';

/** A search as the bn.prf cookie keeps it (spec section 3, session prefs). */
export interface RememberedSearch {
  area: string;
  rent?: number | null;
  rooms?: number | null;
  size?: number | null;
}

/** How many searches bn.prf keeps: one per city, the newest first. */
export const REMEMBERED_SEARCHES_MAX = 10;

/**
 * The remembered searches after one more: its city moves to the front with the new values, a
 * slider at its default is left out (section 4: prefs are saved only when they differ from their
 * defaults), and the oldest fall off.
 */
export function rememberSearch(previous: readonly RememberedSearch[], search: RememberedSearch): RememberedSearch[] {
  const pref: RememberedSearch = { area: search.area };
  for (const key of ['rent', 'rooms', 'size'] as const) {
    const value = search[key];
    if (typeof value === 'number' && Number.isInteger(value) && value !== SEARCH_SLIDERS[key].default) pref[key] = value;
  }
  return [pref, ...previous.filter((p) => p.area !== search.area)].slice(0, REMEMBERED_SEARCHES_MAX);
}
