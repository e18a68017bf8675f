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

interface IndexEntry {
  aliases: CityAliases;
  postalNames: PostalNames | undefined;
  index: PlaceIndex<AreaPlace<SuggestableCity>>;
}

const indexes = new WeakMap<readonly SuggestableCity[], IndexEntry>();

/**
 * The place index of an areas list (cities named by slug, their aliases and postal names), built
 * once per list: the same list object gives the same index.
 */
export function areaPlaceIndex<C extends SuggestableCity>(cities: readonly C[], aliases: CityAliases = {}, postalNames?: PostalNames): PlaceIndex<AreaPlace<C>> {
  const cached = indexes.get(cities);
  if (cached && cached.aliases === aliases && cached.postalNames === postalNames) return cached.index as PlaceIndex<AreaPlace<C>>;
  // The server renderer parses the same list again for every page: compare it with the last one
  // (~0.1 ms) rather than build again (~5 ms for the real list).
  if (last && last.postalNames === postalNames && sameAreas(last.cities, cities, last.aliases, aliases)) {
    indexes.set(cities, last);
    return last.index as PlaceIndex<AreaPlace<C>>;
  }
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
  last = { cities, aliases, postalNames, index: index as unknown as PlaceIndex<AreaPlace<SuggestableCity>> };
  indexes.set(cities, last);
  return index;
}

let last: ({ cities: readonly SuggestableCity[] } & IndexEntry) | undefined;

/** Whether two areas lists hold the same cities and aliases (what the index is built from). */
function sameAreas(a: readonly SuggestableCity[], b: readonly SuggestableCity[], aliasesA: CityAliases, aliasesB: CityAliases): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const y = b[i];
    if (x.slug !== y.slug || x.label !== y.label || x.active !== y.active || (x.population ?? null) !== (y.population ?? null)) return false;
    if (JSON.stringify([x.zips, x.districts]) !== JSON.stringify([y.zips, y.districts])) return false;
  }
  const keys = Object.keys(aliasesB);
  if (keys.length !== Object.keys(aliasesA).length) return false;
  for (const key of keys) if (aliasesA[key] !== aliasesB[key]) return false;
  return true;
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
