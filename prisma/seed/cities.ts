import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from 'csv-parse/sync';
import { citySlug } from '@husly/domain';

// Builds the city list, the postal-code → city mapping and the search aliases from the reference
// CSVs in prisma/data (see prisma/data/ATTRIBUTION.md and docs/decisions/0002-cities-and-demo-data.md).
// Everything below `loadCityFiles` is pure: tests feed it small CSV strings.

/** A town from byer.csv (GeoNames, population as a relative weight). */
export interface TownRow {
  name: string;
  population: number;
  lat: number;
  lng: number;
  municipality: string;
}

/** An ordinary (geographic) postal code from postnumre.csv. */
export interface PostalRow {
  zip: string;
  name: string;
  lat: number;
  lng: number;
  municipality: string;
}

export interface City {
  slug: string;
  label: string;
  lat: number;
  lng: number;
  population: number;
  municipality: string;
  active: boolean;
  /** 1..5 for the footer's popular cities, otherwise null. */
  popularRank: number | null;
  /** Postal codes searched for this city; sorted. Owned codes, or one borrowed code (see `borrowedZip`). */
  zips: string[];
  /**
   * Set when no postal code is assigned to the city (a district or suburb without its own postal name,
   * such as Christianshavn): its zip list then holds the nearest postal code, which stays owned by
   * another city for alias purposes.
   */
  borrowedZip: string | null;
}

/** Why a postal code belongs to its city. */
export type PostalAssignment = 'name' | 'same-municipality' | 'nearest';

export interface PostalCode extends PostalRow {
  /** The one city that owns this code: aliases resolve the zip and the postal name to it. */
  citySlug: string;
  assignment: PostalAssignment;
  /** Great-circle distance from the postal code's centre to the city's point, km (1 decimal). */
  distanceKm: number;
}

export type AliasKind = 'zip' | 'postal-name' | 'postal-slug' | 'city-name';

export interface CityAlias {
  /** Lowercased and trimmed: '8000', 'aarhus c', 'aarhus', 'københavn ø', 'koebenhavn'. */
  alias: string;
  citySlug: string;
  kind: AliasKind;
}

export interface CityData {
  cities: City[];
  postalCodes: PostalCode[];
  aliases: CityAlias[];
}

export interface CityFiles {
  /** Contents of byer.csv. */
  byer: string;
  /** Contents of postnumre.csv. */
  postnumre: string;
  /** Contents of postnumre-special.csv; these codes are never assigned (defensive, postnumre.csv has none). */
  special?: string;
}

export interface BuildCitiesOptions {
  /** Towns with at least this population become cities. */
  minPopulation?: number;
  /**
   * A postal code without a name match prefers a city of its own municipality (by distance ÷
   * population^¼) when that lies at most this many km further away than the nearest city of any municipality…
   */
  sameMunicipalitySlackKm?: number;
  /** …and only if it lies within this distance of the postal code. */
  sameMunicipalityMaxKm?: number;
  /** Slugs given popularRank 1..n in this order. */
  popular?: readonly string[];
}

export const MIN_CITY_POPULATION = 5000;
export const SAME_MUNICIPALITY_SLACK_KM = 5;
export const SAME_MUNICIPALITY_MAX_KM = 20;
/**
 * The footer's five popular cities. The fifth is the largest town outside Greater Copenhagen's urban
 * area: Frederiksberg (#5 by GeoNames population) lies inside it, Esbjerg (#6) does not.
 */
export const POPULAR_CITY_SLUGS = ['koebenhavn', 'aarhus', 'odense', 'aalborg', 'esbjerg'] as const;

// ---------------------------------------------------------------------------------------------
// Parsing

function parseRecords(csv: string): Record<string, string>[] {
  return parse(csv, { columns: true, skip_empty_lines: true, trim: true }) as Record<string, string>[];
}

function requireNumber(value: string | undefined, what: string): number {
  const n = Number(value);
  if (value === undefined || value === '' || !Number.isFinite(n)) throw new Error(`Invalid ${what}: ${value}`);
  return n;
}

export function parseTowns(csv: string): TownRow[] {
  return parseRecords(csv).map((r) => ({
    name: r.name,
    population: requireNumber(r.population, `population of ${r.name}`),
    lat: requireNumber(r.lat, `lat of ${r.name}`),
    lng: requireNumber(r.lng, `lng of ${r.name}`),
    municipality: r.municipality,
  }));
}

export function parsePostalCodes(csv: string): PostalRow[] {
  return parseRecords(csv).map((r) => {
    if (!/^\d{4}$/.test(r.zip)) throw new Error(`Invalid zip: ${r.zip}`);
    return {
      zip: r.zip,
      name: r.name,
      lat: requireNumber(r.lat, `lat of ${r.zip}`),
      lng: requireNumber(r.lng, `lng of ${r.zip}`),
      municipality: r.municipality,
    };
  });
}

export function parseSpecialZips(csv: string): Set<string> {
  return new Set(parseRecords(csv).map((r) => r.zip));
}

// ---------------------------------------------------------------------------------------------
// Logic

const EARTH_RADIUS_KM = 6371.0088;

/** Great-circle distance in km. */
export function haversineKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

const normaliseAlias = (s: string) => s.trim().toLowerCase();
const round1 = (n: number) => Math.round(n * 10) / 10;

export function buildCities(
  input: { towns: TownRow[]; postalCodes: PostalRow[]; specialZips?: Set<string> },
  options: BuildCitiesOptions = {},
): CityData {
  const minPopulation = options.minPopulation ?? MIN_CITY_POPULATION;
  const slackKm = options.sameMunicipalitySlackKm ?? SAME_MUNICIPALITY_SLACK_KM;
  const maxKm = options.sameMunicipalityMaxKm ?? SAME_MUNICIPALITY_MAX_KM;
  const popular = options.popular ?? POPULAR_CITY_SLUGS;

  // 1. Cities: towns above the threshold, largest first; a slug collision gets the municipality appended.
  const towns = input.towns
    .filter((t) => t.population >= minPopulation)
    .sort((a, b) => b.population - a.population || a.name.localeCompare(b.name, 'da'));
  const slugCount = new Map<string, number>();
  for (const t of towns) slugCount.set(citySlug(t.name), (slugCount.get(citySlug(t.name)) ?? 0) + 1);
  const cities: City[] = towns.map((t) => {
    const base = citySlug(t.name);
    const slug = (slugCount.get(base) ?? 0) > 1 ? `${base}-${citySlug(t.municipality)}` : base;
    return {
      slug,
      label: t.name,
      lat: t.lat,
      lng: t.lng,
      population: t.population,
      municipality: t.municipality,
      active: true,
      popularRank: null,
      zips: [],
      borrowedZip: null,
    };
  });
  const bySlug = new Map<string, City>();
  for (const c of cities) {
    if (bySlug.has(c.slug)) throw new Error(`Duplicate city slug after disambiguation: ${c.slug}`);
    bySlug.set(c.slug, c);
  }
  popular.forEach((slug, i) => {
    const city = bySlug.get(slug);
    if (city) city.popularRank = i + 1;
  });
  if (cities.length === 0) return { cities, postalCodes: [], aliases: [] };

  // 2. Postal codes: a name match wins; otherwise a city of the postal code's own municipality when it
  //    is almost as near as the nearest city (people search by the town they belong to), else the nearest.
  const special = input.specialZips ?? new Set<string>();
  const seenZips = new Set<string>();
  const postalCodes: PostalCode[] = [];
  for (const p of [...input.postalCodes].sort((a, b) => a.zip.localeCompare(b.zip))) {
    if (special.has(p.zip)) continue;
    if (seenZips.has(p.zip)) throw new Error(`Duplicate postal code: ${p.zip}`);
    seenZips.add(p.zip);

    const named = bySlug.get(citySlug(p.name));
    if (named) {
      postalCodes.push({ ...p, citySlug: named.slug, assignment: 'name', distanceKm: round1(haversineKm(p, named)) });
      continue;
    }
    let nearest = cities[0];
    let nearestKm = Infinity;
    const local: { city: City; km: number }[] = [];
    for (const c of cities) {
      const d = haversineKm(p, c);
      if (d < nearestKm) [nearest, nearestKm] = [c, d];
      if (c.municipality === p.municipality) local.push({ city: c, km: d });
    }
    // Within reach (at most slackKm further than the nearest city, at most maxKm away), the town of the
    // municipality with the smallest distance ÷ population^¼ wins: a town 16× larger may be twice as far.
    // 2500 Valby and 2700 Brønshøj thus go to København rather than the district Vanløse, 8220 Brabrand
    // to Aarhus, while 8361 Hasselager stays with Kolt next door and 2765 Smørum with Smørumnedre.
    const weighted = (l: { city: City; km: number }) => l.km / Math.pow(l.city.population, 0.25);
    const chosen = local
      .filter((l) => l.km <= maxKm && l.km <= nearestKm + slackKm)
      .sort((a, b) => weighted(a) - weighted(b))[0] ?? { city: nearest, km: nearestKm };
    const owner = chosen.city;
    postalCodes.push({
      ...p,
      citySlug: owner.slug,
      assignment: owner === nearest ? 'nearest' : 'same-municipality',
      distanceKm: round1(chosen.km),
    });
  }

  // 3. Zip lists. A city that owns no code borrows the nearest one (it stays owned by the other city).
  for (const p of postalCodes) bySlug.get(p.citySlug)?.zips.push(p.zip);
  for (const c of cities) {
    if (c.zips.length > 0 || postalCodes.length === 0) continue;
    let best = postalCodes[0];
    let bestKm = Infinity;
    for (const p of postalCodes) {
      const d = haversineKm(p, c);
      if (d < bestKm) [best, bestKm] = [p, d];
    }
    c.zips.push(best.zip);
    c.borrowedZip = best.zip;
  }
  for (const c of cities) c.zips.sort();

  // 4. Aliases. Postal names and zips resolve to the owning city; city names to themselves.
  //    A postal name shared by several codes (København K ×232) must agree on one city.
  const aliases = new Map<string, CityAlias>();
  const add = (raw: string, slug: string, kind: AliasKind) => {
    const alias = normaliseAlias(raw);
    if (alias === '') return;
    const existing = aliases.get(alias);
    if (!existing) {
      aliases.set(alias, { alias, citySlug: slug, kind });
      return;
    }
    if (existing.citySlug === slug) return;
    // A city's own name and slug outrank anything a postal code implies.
    if (kind === 'city-name' && existing.kind !== 'city-name') {
      aliases.set(alias, { alias, citySlug: slug, kind });
      return;
    }
    if (existing.kind === 'city-name') return;
    throw new Error(`Alias "${alias}" maps to both ${existing.citySlug} and ${slug}`);
  };
  for (const c of cities) {
    add(c.label, c.slug, 'city-name');
    add(c.slug, c.slug, 'city-name');
  }
  for (const p of postalCodes) {
    add(p.zip, p.citySlug, 'zip');
    add(p.name, p.citySlug, 'postal-name');
  }
  // Slugs of postal names last: "Tranbjerg J" → "tranbjerg-j" is harmless, but a slug must never
  // overrule a real name alias.
  for (const p of postalCodes) {
    const slug = citySlug(p.name);
    const existing = aliases.get(slug);
    if (existing && existing.citySlug !== p.citySlug) continue;
    add(slug, p.citySlug, 'postal-slug');
  }

  return {
    cities,
    postalCodes,
    aliases: [...aliases.values()].sort((a, b) => a.alias.localeCompare(b.alias, 'da')),
  };
}

// ---------------------------------------------------------------------------------------------
// File access (the only impure part)

/**
 * prisma/data, found from this file when run from source (vitest, ts-node) or from the working
 * directory when run compiled from dist/.
 */
export function defaultDataDir(): string {
  const candidates = [resolve(__dirname, '../data'), resolve(process.cwd(), 'prisma/data')];
  const found = candidates.find((dir) => existsSync(join(dir, 'byer.csv')));
  if (!found) throw new Error(`prisma/data not found (looked in ${candidates.join(', ')})`);
  return found;
}

export function loadCityFiles(dataDir: string = defaultDataDir()): Required<CityFiles> {
  const read = (name: string) => readFileSync(join(dataDir, name), 'utf8');
  return { byer: read('byer.csv'), postnumre: read('postnumre.csv'), special: read('postnumre-special.csv') };
}

/** Parses the files and builds the city data. */
export function buildCitiesFromFiles(files: CityFiles, options?: BuildCitiesOptions): CityData {
  return buildCities(
    {
      towns: parseTowns(files.byer),
      postalCodes: parsePostalCodes(files.postnumre),
      specialZips: files.special ? parseSpecialZips(files.special) : undefined,
    },
    options,
  );
}
