import { CITIES } from '@husly/domain';
import type { AreasResponse, City } from '@husly/contracts';

const danish = new Intl.Collator('da');

export const byLabel = (a: City, b: City) => danish.compare(a.label, b.label);

/** The popular cities in popularRank order (footer, front page). */
export function popularCities(cities: readonly City[], count: number = CITIES.popularCount): City[] {
  return cities
    .filter((c) => c.popular)
    .sort((a, b) => (a.popularRank ?? Number.MAX_SAFE_INTEGER) - (b.popularRank ?? Number.MAX_SAFE_INTEGER))
    .slice(0, count);
}

/**
 * The footer's "more cities": the largest active cities after the popular ones, shown alphabetically.
 * The list has no population, so the number of postal codes stands in for size.
 */
export function furtherCities(cities: readonly City[], count = 20): City[] {
  const popular = new Set(popularCities(cities).map((c) => c.slug));
  return cities
    .filter((c) => c.active && !popular.has(c.slug))
    .sort((a, b) => (b.population ?? 0) - (a.population ?? 0) || byLabel(a, b))
    .slice(0, count)
    .sort(byLabel);
}

/** Active cities, alphabetically (Danish order: Æ, Ø, Å last). */
export function activeCities(cities: readonly City[]): City[] {
  return cities.filter((c) => c.active).sort(byLabel);
}

/** Splits `items` into `columns` top-to-bottom columns of near-equal length. */
export function splitIntoColumns<T>(items: readonly T[], columns: number): T[][] {
  const perColumn = Math.ceil(items.length / columns);
  return Array.from({ length: columns }, (_, i) => items.slice(i * perColumn, (i + 1) * perColumn));
}

/** The city at `slug`, or the city an alias points to; slugs compare case-insensitively. */
export function findCity(areas: AreasResponse, slug: string): City | undefined {
  const wanted = slug.toLowerCase();
  const direct = areas.data.find((c) => c.slug === wanted);
  if (direct) return direct;
  const aliased = areas.aliases[wanted];
  return aliased === undefined ? undefined : areas.data.find((c) => c.slug === aliased);
}
