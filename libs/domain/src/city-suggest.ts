// City suggestions of the hero search and the tenant-ad area field (section 2: up to 10). The ranking
// is place-match.ts's suggestPlaces, over an index built once per city list.
import { CITIES } from './constants';
import { buildPlaceIndex, suggestPlaces, type PlaceIndex, type PlaceSuggestion } from './place-match';

export interface SuggestableCity {
  slug: string;
  label: string;
  active: boolean;
  /** Its postal codes, and runs of them sharing a postal name ([first, last, name]), when known. */
  zips?: readonly string[];
  districts?: ReadonlyArray<readonly [string, string, string]>;
  popular?: boolean;
  /** 1 = most popular; null or missing when not popular. */
  popularRank?: number | null;
  /** Inhabitants: ranks suggestions of the same kind, largest first. */
  population?: number | null;
}

/** Alias (lowercased zip or postal name, e.g. '8000', 'aarhus c') → city slug. */
export type CityAliases = Readonly<Record<string, string>>;

/** A city of the areas list as the place index holds it (named by its slug). */
export type AreaPlace<C extends SuggestableCity> = Omit<C, 'id'> & { id: string };

/** Postal code → its postal name ("2400" → "København NV"), when the caller has them. */
export type PostalNames = Readonly<Record<string, string>>;

const indexes = new WeakMap<readonly SuggestableCity[], { aliases: CityAliases; postalNames: PostalNames | undefined; index: PlaceIndex<AreaPlace<SuggestableCity>> }>();

/**
 * The place index of an areas list (cities named by slug, their aliases and postal names), built
 * once per list: the same list object gives the same index.
 */
export function areaPlaceIndex<C extends SuggestableCity>(cities: readonly C[], aliases: CityAliases = {}, postalNames?: PostalNames): PlaceIndex<AreaPlace<C>> {
  const cached = indexes.get(cities);
  if (cached && cached.aliases === aliases && cached.postalNames === postalNames) return cached.index as PlaceIndex<AreaPlace<C>>;
  const places = cities.map((c) => ({ ...c, id: c.slug }));
  const known = new Set(places.map((c) => c.slug));
  const names: Record<string, string> = { ...districtNames(cities), ...postalNames };
  const index = buildPlaceIndex<AreaPlace<C>>({
    cities: places,
    aliases: Object.entries(aliases)
      .filter(([, slug]) => known.has(slug))
      .map(([alias, slug]) => ({ alias, cityId: slug })),
    postalCodes: Object.entries(names).flatMap(([zip, name]) => {
      const slug = aliases[zip];
      return slug && known.has(slug) ? [{ zip, name, cityId: slug }] : [];
    }),
  });
  indexes.set(cities, { aliases, postalNames, index: index as unknown as PlaceIndex<AreaPlace<SuggestableCity>> });
  return index;
}

/** Zip → postal name from the cities' district runs (each zip of the city within a run). */
function districtNames(cities: readonly SuggestableCity[]): Record<string, string> {
  const names: Record<string, string> = {};
  for (const c of cities) {
    if (!c.districts || !c.zips) continue;
    for (const zip of c.zips) {
      const run = c.districts.find(([first, last]) => zip >= first && zip <= last);
      if (run) names[zip] = run[2];
    }
  }
  return names;
}

/** Suggestions for a half-typed place over an areas list, with what matched (see suggestPlaces). */
export function suggestAreaPlaces<C extends SuggestableCity>(
  query: string,
  cities: readonly C[],
  aliases: CityAliases = {},
  limit: number = CITIES.suggestionLimit,
): PlaceSuggestion<AreaPlace<C>>[] {
  return suggestPlaces(query, areaPlaceIndex(cities, aliases), limit);
}

/** The active cities suggested for a half-typed place, at most `limit` (10); see suggestPlaces for the order. */
export function suggestCities<C extends SuggestableCity>(
  query: string,
  cities: readonly C[],
  aliases: CityAliases = {},
  limit: number = CITIES.suggestionLimit,
): C[] {
  const bySlug = new Map(cities.map((c) => [c.slug, c]));
  return suggestAreaPlaces(query, cities, aliases, limit).map((s) => bySlug.get(s.city.slug) as C);
}
