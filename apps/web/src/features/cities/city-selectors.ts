import { CITIES } from '@husly/domain';
import type { AreasResponse, City, CityName } from '@husly/contracts';

const danish = new Intl.Collator('da');

/**
 * What the selectors read of a city: the embedded names (CityName, active cities only) or the whole
 * areas list's cities (City, which say whether they are active).
 */
export type ListedCity = CityName & { active?: boolean };

export const byLabel = (a: { label: string }, b: { label: string }) => danish.compare(a.label, b.label);

const isActive = (c: ListedCity) => c.active !== false;

/** The popular cities in popularRank order (footer, front page). */
export function popularCities<C extends ListedCity>(cities: readonly C[], count: number = CITIES.popularCount): C[] {
  return cities
    .filter((c) => typeof c.popularRank === 'number')
    .sort((a, b) => (a.popularRank ?? Number.MAX_SAFE_INTEGER) - (b.popularRank ?? Number.MAX_SAFE_INTEGER))
    .slice(0, count);
}

/**
 * The footer's "more cities": the largest active cities after the popular ones, shown alphabetically.
 * The list has no population, so the number of postal codes stands in for size.
 */
export function furtherCities<C extends ListedCity>(cities: readonly C[], count = 20): C[] {
  const popular = new Set(popularCities(cities).map((c) => c.slug));
  return cities
    .filter((c) => isActive(c) && !popular.has(c.slug))
    .sort((a, b) => (b.population ?? 0) - (a.population ?? 0) || byLabel(a, b))
    .slice(0, count)
    .sort(byLabel);
}

/** Active cities, alphabetically (Danish order: Æ, Ø, Å last). */
export function activeCities<C extends ListedCity>(cities: readonly C[]): C[] {
  return cities.filter(isActive).sort(byLabel);
}

/** Splits `items` into `columns` top-to-bottom columns of near-equal length. */
export function splitIntoColumns<T>(items: readonly T[], columns: number): T[][] {
  const perColumn = Math.ceil(items.length / columns);
  return Array.from({ length: columns }, (_, i) => items.slice(i * perColumn, (i + 1) * perColumn));
}

/** The city named `slug` (compared case-insensitively) in the names; aliases need the whole list (findCity). */
export function findCityName<C extends { slug: string }>(cities: readonly C[], slug: string): C | undefined {
  const wanted = slug.toLowerCase();
  return cities.find((c) => c.slug === wanted);
}

/** The city at `slug`, or the city an alias points to; slugs compare case-insensitively. */
export function findCity(areas: AreasResponse, slug: string): City | undefined {
  const wanted = slug.toLowerCase();
  const direct = areas.data.find((c) => c.slug === wanted);
  if (direct) return direct;
  const aliased = areas.aliases[wanted];
  return aliased === undefined ? undefined : areas.data.find((c) => c.slug === aliased);
}
