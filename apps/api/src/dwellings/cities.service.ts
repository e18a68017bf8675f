import { Injectable } from '@nestjs/common';
import type { AreasResponse, City } from '@husly/contracts';
import { citySlug } from '@husly/domain';
import { PrismaService } from '../infra/prisma/prisma.service';

const CACHE_MS = 5 * 60_000;

/** A city as the dwelling lists need it. */
export interface Place {
  id: number;
  slug: string;
  label: string;
  active: boolean;
}

/**
 * The lookup keys a search query may match, most specific first: the text itself (a zip "8000", a
 * postal name "aarhus c", a slug or a label), then its slug ("København Ø" → "koebenhavn",
 * "8000 Aarhus C" → "aarhus").
 */
export function placeKeys(q: string): string[] {
  const text = q.trim().toLowerCase().replace(/\s+/g, ' ');
  // Direction codes are matched in capitals ("Aarhus C"); typed in lower case ("aarhus c") they count too.
  const slug = citySlug(q.trim().replace(/\s(\S{1,2})$/u, (code) => code.toUpperCase()));
  return [...new Set([text, slug].filter((k) => k !== ''))];
}

interface PlaceIndex {
  at: number;
  byKey: Map<string, Place>;
  labels: Map<number, string>;
  zipNames: Map<string, string>;
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

  /** The city a search query names (slug, label, postal code or alias), active or not; null if none. */
  async findPlace(q: string, now = Date.now()): Promise<Place | null> {
    const keys = placeKeys(q);
    const index = await this.placeIndex(now);
    for (const key of keys) {
      const hit = index.byKey.get(key);
      if (hit) return hit;
    }
    // A city added since the index was built (an import, a test): ask the database once.
    const alias = await this.prisma.cityAlias.findFirst({ where: { alias: { in: keys } }, select: { city: true } });
    const city = alias?.city ?? (await this.prisma.city.findFirst({ where: { slug: { in: keys } } })) ?? (await this.cityByLabel(q));
    return city ? { id: city.id, slug: city.slug, label: city.label, active: city.active } : null;
  }

  /**
   * A city whose label equals `q` but for case. Not Prisma's `mode: 'insensitive'`: on PostgreSQL
   * that is ILIKE, where the user's `%` and `_` are wildcards (issue 12 §3).
   */
  private async cityByLabel(q: string) {
    const [row] = await this.prisma.$queryRaw<Array<{ id: number }>>`SELECT id FROM cities WHERE lower(label) = lower(${q.trim()}) ORDER BY id LIMIT 1`;
    return row ? this.prisma.city.findUnique({ where: { id: row.id } }) : null;
  }

  /** The city of a /{slug} page, active or not; null if none. */
  async findBySlug(slug: string, now = Date.now()): Promise<Place | null> {
    const hit = (await this.placeIndex(now)).byKey.get(slug);
    if (hit && hit.slug === slug) return hit;
    const city = await this.prisma.city.findUnique({ where: { slug } });
    return city ? { id: city.id, slug: city.slug, label: city.label, active: city.active } : null;
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
      this.prisma.city.findMany({ select: { id: true, slug: true, label: true, active: true } }),
      this.prisma.cityAlias.findMany({ select: { alias: true, cityId: true } }),
      this.prisma.postalCode.findMany({ select: { zip: true, name: true } }),
    ]);
    const byId = new Map(cities.map((c) => [c.id, c]));
    const byKey = new Map<string, Place>();
    // Later sets win: aliases, then labels, then slugs (a slug is the most exact match).
    for (const a of aliases) {
      const city = byId.get(a.cityId);
      if (city) byKey.set(a.alias.toLowerCase(), city);
    }
    for (const c of cities) byKey.set(c.label.toLowerCase(), c);
    for (const c of cities) byKey.set(c.slug, c);
    this.places = {
      at: now,
      byKey,
      labels: new Map(cities.map((c) => [c.id, c.label])),
      zipNames: new Map(postalCodes.map((p) => [p.zip, p.name])),
    };
    return this.places;
  }

  private async load(): Promise<AreasResponse> {
    const [cities, aliases] = await Promise.all([
      this.prisma.city.findMany({
        where: { active: true },
        orderBy: { label: 'asc' },
        include: { postalCodes: { select: { zip: true }, orderBy: { zip: 'asc' } } },
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
    }));
    return { data, aliases: Object.fromEntries(aliases.map((a) => [a.alias, a.city.slug])) };
  }
}
