// City suggestions of the hero search and the tenant-ad area field (section 2: up to 10, matched on city slug).
import { citySlug } from './city-slug';
import { CITIES } from './constants';

export interface SuggestableCity {
  slug: string;
  label: string;
  active: boolean;
  popular?: boolean;
  /** 1 = most popular; null or missing when not popular. */
  popularRank?: number | null;
}

/** Alias (lowercased zip or postal name, e.g. '8000', 'aarhus c') → city slug. */
export type CityAliases = Readonly<Record<string, string>>;

// Lower is better.
const Match = { Prefix: 0, Substring: 1 } as const;
type Match = (typeof Match)[keyof typeof Match];

/**
 * Active cities whose slug starts with, then contains, citySlug(query). A zip or postal name
 * reaches its city through the aliases (an alias starting with the query counts as a prefix match,
 * so "80" finds Aarhus through "8000"). Within each group popular cities come first (by rank),
 * then the rest by label in Danish order (æ, ø, å after z). At most `limit`, default 10.
 */
export function suggestCities<C extends SuggestableCity>(
  query: string,
  cities: readonly C[],
  aliases: CityAliases = {},
  limit: number = CITIES.suggestionLimit,
): C[] {
  const raw = query.trim().toLowerCase();
  const slugQuery = citySlug(query);
  if (raw === '' || limit <= 0) return [];

  const best = new Map<string, Match>();
  const consider = (slug: string, match: Match) => {
    const previous = best.get(slug);
    if (previous === undefined || match < previous) best.set(slug, match);
  };

  if (slugQuery !== '') {
    for (const city of cities) {
      if (city.slug.startsWith(slugQuery)) consider(city.slug, Match.Prefix);
      else if (city.slug.includes(slugQuery)) consider(city.slug, Match.Substring);
    }
  }
  for (const [alias, slug] of Object.entries(aliases)) {
    const key = alias.toLowerCase();
    if (key.startsWith(raw) || (slugQuery !== '' && citySlug(key).startsWith(slugQuery))) consider(slug, Match.Prefix);
  }

  const rank = (c: C) => (c.popular || c.popularRank != null ? (c.popularRank ?? Number.MAX_SAFE_INTEGER) : Infinity);
  return cities
    .filter((c) => c.active && best.has(c.slug))
    .sort(
      (a, b) =>
        (best.get(a.slug) as Match) - (best.get(b.slug) as Match) ||
        compareRank(rank(a), rank(b)) ||
        a.label.localeCompare(b.label, 'da', { numeric: true }),
    )
    .slice(0, limit);
}

function compareRank(a: number, b: number): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}
