import { Injectable } from '@nestjs/common';
import type { AreasResponse, City } from '@husly/contracts';
import { buildPlaceIndex, isCitySlug, matchPlace, nearestPlaces, type PlaceIndex as PlaceKeys } from '@husly/domain';
import { PrismaService } from '../infra/prisma/prisma.service';

const CACHE_MS = 5 * 60_000;

/** A city as the dwelling lists need it. */
export interface Place {
  id: number;
  slug: string;
  label: string;
  active: boolean;
  /** Ranks suggestions (GeoNames inhabitants); null when unknown. */
  population: number | null;
}

/** A place offered when a search names none. */
export interface PlaceSuggestion {
  slug: string;
  label: string;
}

interface PlaceIndex {
  at: number;
  byKey: PlaceKeys<Place>;
  labels: Map<number, string>;
  zipNames: Map<string, string>;
  /** Row counts the index was built from: a city added since shows as a change. */
  counts: PlaceCounts;
}

interface PlaceCounts {
  cities: number;
  aliases: number;
  postalCodes: number;
}

/** Names a list item shows as its `city`: the postal name of its zip ("Aarhus C"), else the city label. */
export interface PlaceNames {
  name(zip: string | null, cityId: number): string;
}

/** Cities change only with a deploy or an import: read once, then served from memory for a while. */
@Injectable()
export class CitiesService {
  private cached?: { at: number; value: Promise<AreasResponse> };
  private places?: PlaceIndex;

  constructor(private readonly prisma: PrismaService) {}

  areas(now = Date.now()): Promise<AreasResponse> {
    if (!this.cached || now - this.cached.at > CACHE_MS) {
      const value = this.load();
      this.cached = { at: now, value };
      value.catch(() => (this.cached = undefined));
    }
    return this.cached.value;
  }

  /**
   * The city a search query names (slug, label, postal code or alias, spelled as people type them),
   * active or not; null if none. Matched in memory (matchPlace, docs/decisions/0015): the query never
   * reaches SQL, so no text is a wildcard (issue 12 §3).
   */
  async findPlace(q: string, now = Date.now()): Promise<Place | null> {
    const index = await this.placeIndex(now);
    const hit = matchPlace(q, index.byKey);
    if (hit) return hit;
    // A city added since the index was built (an import, a test): read the list again when it grew.
    if (!(await this.placesChanged(index.counts))) return null;
    return matchPlace(q, (await this.placeIndex(now, true)).byKey);
  }

  /** The active cities nearest to a query that names none (spelling, then size), at most `limit`. */
  async nearest(q: string, limit = 5, now = Date.now()): Promise<PlaceSuggestion[]> {
    return nearestPlaces(q, (await this.placeIndex(now)).byKey, limit).map((c) => ({ slug: c.slug, label: c.label }));
  }

  /** The city of a /{slug} page, active or not; null if none (also for anything not shaped like a slug). */
  async findBySlug(slug: string, now = Date.now()): Promise<Place | null> {
    if (!isCitySlug(slug)) return null;
    const hit = (await this.placeIndex(now)).byKey.bySlug.get(slug);
    if (hit) return hit;
    const city = await this.prisma.city.findUnique({ where: { slug } });
    return city ? { id: city.id, slug: city.slug, label: city.label, active: city.active, population: city.population } : null;
  }

  /** Place names for the given cities (read again when one is newer than the cached index). */
  async placeNames(cityIds: Iterable<number>, now = Date.now()): Promise<PlaceNames> {
    let index = await this.placeIndex(now);
    for (const id of cityIds) {
      if (!index.labels.has(id)) {
        index = await this.placeIndex(now, true);
        break;
      }
    }
    const { labels, zipNames } = index;
    return { name: (zip, cityId) => (zip ? zipNames.get(zip) : undefined) ?? labels.get(cityId) ?? '' };
  }

  private async placeIndex(now: number, reload = false): Promise<PlaceIndex> {
    if (this.places && !reload && now - this.places.at <= CACHE_MS) return this.places;
    const [cities, aliases, postalCodes] = await Promise.all([
      this.prisma.city.findMany({ select: { id: true, slug: true, label: true, active: true, population: true } }),
      this.prisma.cityAlias.findMany({ select: { alias: true, cityId: true } }),
      this.prisma.postalCode.findMany({ select: { zip: true, name: true, cityId: true } }),
    ]);
    this.places = {
      at: now,
      byKey: buildPlaceIndex({ cities, aliases, postalCodes }),
      labels: new Map(cities.map((c) => [c.id, c.label])),
      zipNames: new Map(postalCodes.map((p) => [p.zip, p.name])),
      counts: { cities: cities.length, aliases: aliases.length, postalCodes: postalCodes.length },
    };
    return this.places;
  }

  /** One cheap read instead of the whole list: have cities, aliases or postal codes been added or removed? */
  private async placesChanged(counts: PlaceCounts): Promise<boolean> {
    const [now] = await this.prisma.$queryRaw<PlaceCounts[]>`
      SELECT (SELECT count(*)::int FROM cities) AS cities, (SELECT count(*)::int FROM city_aliases) AS aliases,
             (SELECT count(*)::int FROM postal_codes) AS "postalCodes"`;
    return now.cities !== counts.cities || now.aliases !== counts.aliases || now.postalCodes !== counts.postalCodes;
  }

  private async load(): Promise<AreasResponse> {
    const [cities, aliases] = await Promise.all([
      this.prisma.city.findMany({
        where: { active: true },
        orderBy: { label: 'asc' },
        include: { postalCodes: { select: { zip: true, name: true }, orderBy: { zip: 'asc' } } },
      }),
      this.prisma.cityAlias.findMany({ select: { alias: true, city: { select: { slug: true } } } }),
    ]);
    const data: City[] = cities.map((city) => ({
      slug: city.slug,
      label: city.label,
      active: city.active,
      zips: city.postalCodes.map((p) => p.zip),
      popular: city.popularRank !== null,
      popularRank: city.popularRank,
      lat: city.lat,
      lng: city.lng,
      population: city.population,
      ...districtsOf(city.label, city.postalCodes),
    }));
    return { data, aliases: Object.fromEntries(aliases.map((a) => [a.alias, a.city.slug])) };
  }
}

/**
 * The city's postal districts ("København NV", "Aarhus C": its label and a code) as runs of
 * neighbouring zips (in zip order, none of another name between) sharing the name; absent when it
 * has none. ~1 KB for the real list, where a name per zip would add 17 KB to every page.
 */
function districtsOf(label: string, postalCodes: ReadonlyArray<{ zip: string; name: string }>): Pick<City, 'districts'> {
  const runs: Array<[string, string, string]> = [];
  let open: [string, string, string] | undefined;
  for (const { zip, name } of postalCodes) {
    if (!name.startsWith(`${label} `)) {
      open = undefined;
    } else if (open && open[2] === name) {
      open[1] = zip;
    } else {
      open = [zip, zip, name];
      runs.push(open);
    }
  }
  return runs.length > 0 ? { districts: runs } : {};
}
