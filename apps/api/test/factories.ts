import { randomBytes } from 'node:crypto';
import { derivedColumnsData } from '../src/dwellings/derived-columns';
import type { Prisma } from '../src/infra/prisma/generated/client';
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

/** A verified user with a password (hashed like signup does), optionally with an active subscription. */
export async function createUser(
  prisma: PrismaService,
  input: { email?: string; name?: string; password?: string; plan?: string | null; now?: Date } = {},
) {
  const { hashPassword } = await import('../src/infra/crypto/password-hasher.js');
  const now = input.now ?? new Date();
  const user = await prisma.user.create({
    data: {
      email: input.email ?? `bruger-${unique()}@husly.test`,
      name: input.name ?? 'Test Testesen',
      passwordHash: input.password ? await hashPassword(input.password) : null,
      emailVerified: true,
      emailVerifiedAt: now,
      termsAcceptedAt: now,
    },
  });
  if (input.plan) await subscribe(prisma, user.id, input.plan, now);
  return user;
}

/** An ACTIVE subscription on the named offer (created if the run's database lacks it), running from now. */
export async function subscribe(prisma: PrismaService, userId: number, plan: string, now = new Date()) {
  const limited = plan === 'tenantad-79kr-14days';
  const offer = await prisma.offer.upsert({
    where: { name: plan },
    update: {},
    create: {
      name: plan,
      label: plan,
      amount: limited ? 79 : 249,
      trialDays: 0,
      price: limited ? 79 : 249,
      intervalDays: limited ? 14 : 30,
      contactLimit: limited ? 10 : null,
      contactWindowDays: limited ? 14 : null,
    },
  });
  return prisma.subscription.create({
    data: {
      userId,
      offerId: offer.id,
      status: 'ACTIVE',
      startingAt: new Date(now.getTime() - 60_000),
      endingAt: new Date(now.getTime() + offer.intervalDays * 86_400_000),
      renew: true,
    },
  });
}

/** A landlord with a contact the tests can look for in responses. */
export async function createLandlord(
  prisma: PrismaService,
  input: { name?: string; email?: string; phone?: string; type?: 'PRIVATE' | 'COMPANY' | 'NONPROFIT' } = {},
) {
  const suffix = unique();
  return prisma.landlord.create({
    data: {
      externalId: `test-landlord-${suffix}`,
      name: input.name ?? `Udlejer ${suffix}`,
      email: input.email ?? `udlejer-${suffix}@husly.test`,
      phone: input.phone ?? `+45 ${String(10_000_000 + Math.floor(Math.random() * 89_999_999))}`,
      address: `Udlejervej ${suffix}`,
      type: input.type ?? 'PRIVATE',
      reference: `REF-${suffix}`,
      remarks: ['Ring efter kl. 16'],
    },
  });
}

/**
 * A dwelling in a city (a new landlord unless given), with `images` image rows whose keys are
 * random (files are not written; tests that fetch images write their own).
 */
export async function createDwelling(
  prisma: PrismaService,
  input: {
    cityId: number;
    landlordId?: number;
    rent?: number;
    rooms?: number;
    size?: number;
    zip?: string | null;
    createdAt?: Date;
    deletedAt?: Date | null;
    status?: number;
    images?: number;
    headline?: string;
    description?: string;
    pets?: 1 | -1 | null;
    available?: string | null;
    timeframe?: string | null;
    facts?: Record<string, unknown>;
    /** The position (the area search); null: none. */
    lat?: number | null;
    lng?: number | null;
  },
) {
  const suffix = unique();
  const landlordId = input.landlordId ?? (await createLandlord(prisma)).id;
  const rent = input.rent ?? 8000;
  const facts = input.facts ?? { deposit: 24000, expenses_heat: 600, dwelling_types: ['apartment'] };
  const createdAt = input.createdAt ?? new Date();
  const available = input.available === undefined ? 'Snarest' : input.available;
  const timeframe = input.timeframe === undefined ? '0-0' : input.timeframe;
  return prisma.dwelling.create({
    data: {
      externalId: `test-dwelling-${suffix}`,
      source: 'test',
      headline: input.headline ?? `Lejlighed ${suffix}`,
      teaser: `Lys lejlighed ${suffix}`,
      description: input.description ?? `Hemmelig beskrivelse ${suffix}`,
      remarks: 'Ingen rygning',
      rent,
      rooms: input.rooms ?? 3,
      size: input.size ?? 75,
      pets: input.pets === undefined ? -1 : input.pets,
      available,
      timeframe,
      // As the importer and the seed store them (docs/decisions/0013).
      ...derivedColumnsData({ rent, available, timeframe, facts }, createdAt),
      street: `Testgade ${suffix}`,
      zip: input.zip ?? null,
      cityId: input.cityId,
      lat: input.lat === undefined ? 56.1 : input.lat,
      lng: input.lng === undefined ? 10.2 : input.lng,
      status: input.status ?? 1,
      facts: facts as Prisma.InputJsonObject,
      landlordId,
      createdAt,
      deletedAt: input.deletedAt ?? null,
      images: {
        create: Array.from({ length: input.images ?? 2 }, (_, position) => ({
          position,
          fullKey: randomBytes(16).toString('hex'),
          blurredKey: randomBytes(16).toString('hex'),
          width: 1024,
          height: 768,
        })),
      },
    },
    include: { images: { orderBy: { position: 'asc' } }, landlord: true },
  });
}
