import { Injectable } from '@nestjs/common';
import type { AreasResponse, City } from '@husly/contracts';
import { PrismaService } from '../infra/prisma/prisma.service';

const CACHE_MS = 5 * 60_000;

/** Cities change only with a deploy or an import: read once, then served from memory for a while. */
@Injectable()
export class CitiesService {
  private cached?: { at: number; value: Promise<AreasResponse> };

  constructor(private readonly prisma: PrismaService) {}

  areas(now = Date.now()): Promise<AreasResponse> {
    if (!this.cached || now - this.cached.at > CACHE_MS) {
      const value = this.load();
      this.cached = { at: now, value };
      value.catch(() => (this.cached = undefined));
    }
    return this.cached.value;
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
