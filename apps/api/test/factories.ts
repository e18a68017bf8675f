import { randomBytes } from 'node:crypto';
import type { PrismaService } from '../src/infra/prisma/prisma.service';

/** A suffix that keeps natural keys apart between tests sharing the run's database. */
export const unique = (): string => randomBytes(4).toString('hex');

/** A city with its postal codes and aliases, under names no other test uses. */
export async function createCity(
  prisma: PrismaService,
  input: { label?: string; zips?: string[]; active?: boolean; popularRank?: number | null } = {},
) {
  const suffix = unique();
  const label = input.label ?? `Testby ${suffix}`;
  const zips = input.zips ?? [await freeZip(prisma)];
  return prisma.city.create({
    data: {
      slug: `testby-${suffix}`,
      label,
      active: input.active ?? true,
      lat: 56,
      lng: 10,
      popularRank: input.popularRank ?? null,
      postalCodes: { create: zips.map((zip) => ({ zip, name: `${label} C` })) },
      aliases: {
        create: [
          ...zips.map((zip) => ({ alias: zip, kind: 'ZIP' as const })),
          { alias: `${label} c`.toLowerCase(), kind: 'NAME' as const },
        ],
      },
    },
    include: { postalCodes: true, aliases: true },
  });
}

/** A 4-digit postal code no city of this run's database has yet. */
export async function freeZip(prisma: PrismaService, count = 1): Promise<string> {
  for (;;) {
    const first = 1000 + Math.floor(Math.random() * (9000 - count));
    const zips = Array.from({ length: count }, (_, i) => String(first + i));
    if ((await prisma.postalCode.count({ where: { zip: { in: zips } } })) === 0) return zips[0];
  }
}
