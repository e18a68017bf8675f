import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Prisma, PrismaClient } from '../../apps/api/src/infra/prisma/generated/client';
import { CityAliasKind, LandlordType, ProviderType, SubscriptionStatus } from '../../apps/api/src/infra/prisma/generated/client';
import { derivedColumnsData } from '../../apps/api/src/dwellings/derived-columns';
import { hashPassword } from '../../apps/api/src/infra/crypto/password-hasher';
import { buildCitiesFromFiles, loadCityFiles, type CityData } from './cities';
import { generateDemoDwellings, type DemoData } from './demo-dwellings';
import { generateImagePool, linkPoolImage } from './demo-images';
import { OFFERS } from './offers';

export interface SeedOptions {
  /** auto: demo data only into a database without dwellings; always: (re)apply it; never: production. */
  demoData: 'auto' | 'always' | 'never';
  /** DATA_DIR: images are written under DATA_DIR/media. */
  dataDir: string;
  /** Demo dwellings to create (default 3,000). */
  demoDwellings?: number;
  now?: Date;
}

export interface SeedResult {
  cities: number;
  offers: number;
  demoDwellings: number;
  summary: string;
}

export const DEMO_PASSWORD = 'husly-demo-2026';
export const DEMO_ACCOUNTS = { subscriber: 'lejer@husly.test', seeker: 'soeger@husly.test' } as const;
const DEMO_SEED = 2026;

/** Where dwelling images live; served read-only under /media/dwellings/. */
export function dwellingMediaDir(dataDir: string): string {
  return join(dataDir, 'media', 'dwellings');
}

/**
 * Reference data (cities, postal codes, aliases, offers, the payment provider) always; demo data
 * outside production. Idempotent: every row has a natural key, and a second run adds nothing.
 */
export async function seedDatabase(prisma: PrismaClient, options: SeedOptions): Promise<SeedResult> {
  const started = performance.now();
  const cityData = buildCitiesFromFiles(loadCityFiles());
  const cityIds = await seedCities(prisma, cityData);
  const offers = await seedOffers(prisma);

  let demoDwellings = 0;
  const wantDemo =
    options.demoData === 'always' || (options.demoData === 'auto' && (await prisma.dwelling.count()) === 0);
  if (wantDemo) {
    const now = options.now ?? new Date();
    const demo = generateDemoDwellings({
      count: options.demoDwellings ?? 3000,
      cities: cityData.cities,
      postalCodes: cityData.postalCodes,
      now,
      seed: DEMO_SEED,
    });
    // One transaction: a first start cut short leaves no half demo behind ("auto" seeds only into a
    // database without dwellings, so half of one would stay half).
    demoDwellings = await prisma.$transaction(
      async (tx) => {
        const created = await seedDemoDwellings(tx, demo, cityIds, options.dataDir);
        await seedDemoAccounts(tx, now);
        return created;
      },
      { maxWait: 30_000, timeout: 300_000 },
    );
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const summary = wantDemo
    ? `${cityIds.size} cities, ${offers} offers; demo data: ${demoDwellings} new dwellings, accounts ${DEMO_ACCOUNTS.subscriber} and ${DEMO_ACCOUNTS.seeker} (${seconds} s)`
    : `${cityIds.size} cities, ${offers} offers${options.demoData === 'never' ? '; no demo data (production)' : '; demo data already there'} (${seconds} s)`;
  return { cities: cityIds.size, offers, demoDwellings, summary };
}

async function seedCities(prisma: PrismaClient, data: CityData): Promise<Map<string, number>> {
  await prisma.city.createMany({
    data: data.cities.map((c) => ({
      slug: c.slug,
      label: c.label,
      active: c.active,
      lat: c.lat,
      lng: c.lng,
      population: c.population,
      municipality: c.municipality,
      popularRank: c.popularRank,
    })),
    skipDuplicates: true,
  });
  const ids = new Map((await prisma.city.findMany({ select: { id: true, slug: true } })).map((c) => [c.slug, c.id]));
  const idOf = (slug: string) => {
    const id = ids.get(slug);
    if (id === undefined) throw new Error(`seed: unknown city ${slug}`);
    return id;
  };
  await prisma.postalCode.createMany({
    data: data.postalCodes.map((p) => ({ zip: p.zip, name: p.name, lat: p.lat, lng: p.lng, municipality: p.municipality, cityId: idOf(p.citySlug) })),
    skipDuplicates: true,
  });
  await prisma.cityAlias.createMany({
    data: data.aliases.map((a) => ({ alias: a.alias, kind: a.kind === 'zip' ? CityAliasKind.ZIP : CityAliasKind.NAME, cityId: idOf(a.citySlug) })),
    skipDuplicates: true,
  });
  return ids;
}

async function seedOffers(prisma: PrismaClient): Promise<number> {
  await prisma.offer.createMany({ data: OFFERS.map((o) => ({ ...o, labels: [...o.labels] })), skipDuplicates: true });
  if ((await prisma.paymentProvider.count()) === 0) {
    // The publishable key is replaced by configuration when the subscriptions issue lands.
    await prisma.paymentProvider.create({ data: { provider: 'stripe', providerType: ProviderType.CREDIT_CARD, publicKey: 'pk_test_husly_demo' } });
  }
  return OFFERS.length;
}

const LANDLORD_TYPES = { private: LandlordType.PRIVATE, company: LandlordType.COMPANY, nonprofit: LandlordType.NONPROFIT } as const;

async function seedDemoDwellings(prisma: Prisma.TransactionClient, demo: DemoData, cityIds: Map<string, number>, dataDir: string): Promise<number> {
  await prisma.landlord.createMany({
    data: demo.landlords.map((l) => ({
      externalId: l.externalId,
      name: l.name,
      email: l.email,
      phone: l.phone,
      url: l.url,
      address: l.address,
      type: LANDLORD_TYPES[l.type],
      reference: l.reference,
      remarks: l.remarks,
    })),
    skipDuplicates: true,
  });
  const landlordIds = new Map(
    (await prisma.landlord.findMany({ where: { externalId: { in: demo.landlords.map((l) => l.externalId) } }, select: { id: true, externalId: true } })).map(
      (l) => [l.externalId as string, l.id],
    ),
  );
  // In calls that fit one INSERT's 32,767 bind parameters: a larger call is split by Prisma into
  // statements it sends at once on the transaction's one connection (pg's "already executing a
  // query" deprecation warning at every first start). The images below likewise.
  const created: Array<{ id: number; externalId: string | null }> = [];
  for (let at = 0; at < demo.dwellings.length; at += DWELLINGS_PER_INSERT) {
    created.push(...(await insertDemoDwellings(prisma, demo.dwellings.slice(at, at + DWELLINGS_PER_INSERT), cityIds, landlordIds)));
  }
  if (created.length === 0) return 0;

  const pool = await generateImagePool({ dir: join(dataDir, 'media', 'pool'), count: 24 });
  const mediaDir = dwellingMediaDir(dataDir);
  const byExternalId = new Map(demo.dwellings.map((d) => [d.externalId, d]));
  const images = [];
  for (const row of created) {
    const dwelling = byExternalId.get(row.externalId as string);
    if (!dwelling) continue;
    for (const [position, index] of dwelling.images.entries()) {
      const files = await linkPoolImage(pool[index], mediaDir);
      images.push({ dwellingId: row.id, position, fullKey: files.fullKey, blurredKey: files.blurredKey, width: files.width, height: files.height });
    }
  }
  for (let at = 0; at < images.length; at += IMAGES_PER_INSERT) {
    await prisma.dwellingImage.createMany({ data: images.slice(at, at + IMAGES_PER_INSERT), skipDuplicates: true });
  }
  return created.length;
}

/** Rows per call, so that one call is one INSERT: 28 and 6 columns stay below its 32,767 bind parameters. */
const DWELLINGS_PER_INSERT = 1000;
const IMAGES_PER_INSERT = 5000;

function insertDemoDwellings(
  prisma: Prisma.TransactionClient,
  dwellings: DemoData['dwellings'],
  cityIds: Map<string, number>,
  landlordIds: Map<string, number>,
): Promise<Array<{ id: number; externalId: string | null }>> {
  return prisma.dwelling.createManyAndReturn({
    data: dwellings.map((d) => ({
      externalId: d.externalId,
      source: 'demo',
      headline: d.headline,
      teaser: d.teaser,
      description: d.description,
      remarks: d.remarks,
      rent: d.rent,
      rooms: d.rooms,
      size: d.size,
      pets: d.pets,
      economy: d.economy,
      available: d.available,
      timeframe: d.timeframe,
      street: d.street,
      zip: d.zip,
      cityId: cityIds.get(d.citySlug) as number,
      lat: d.lat,
      lng: d.lng,
      status: d.status,
      facts: { ...d.facts },
      ...derivedColumnsData({ rent: d.rent, available: d.available, timeframe: d.timeframe, facts: { ...d.facts } }, d.createdAt),
      landlordId: landlordIds.get(d.landlordExternalId) as number,
      createdAt: d.createdAt,
      deletedAt: d.deletedAt,
    })),
    select: { id: true, externalId: true },
    skipDuplicates: true,
  });
}

async function seedDemoAccounts(prisma: Prisma.TransactionClient, now: Date): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const accounts = [
    { email: DEMO_ACCOUNTS.subscriber, name: 'Lene Lejer' },
    { email: DEMO_ACCOUNTS.seeker, name: 'Søren Søger' },
  ];
  for (const account of accounts) {
    await prisma.user.upsert({
      where: { email: account.email },
      update: {},
      create: { ...account, passwordHash, emailVerified: true, emailVerifiedAt: now, termsAcceptedAt: now },
    });
  }
  const subscriber = await prisma.user.findUniqueOrThrow({ where: { email: DEMO_ACCOUNTS.subscriber }, include: { subscriptions: true } });
  if (subscriber.subscriptions.length === 0) {
    const offer = await prisma.offer.findUniqueOrThrow({ where: { name: 'tenantad-249kr-30days' } });
    const startingAt = new Date(now.getTime() - 10 * 86_400_000);
    await prisma.subscription.create({
      data: {
        userId: subscriber.id,
        offerId: offer.id,
        status: SubscriptionStatus.ACTIVE,
        startingAt,
        endingAt: new Date(startingAt.getTime() + offer.intervalDays * 86_400_000),
        renew: true,
        meta: { demo: true },
      },
    });
  }
}
