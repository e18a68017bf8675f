import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PrismaClient } from '../../apps/api/src/infra/prisma/generated/client';
import { createPrismaAdapter } from '../../apps/api/src/infra/prisma/prisma-adapter';
import { verifyPassword } from '../../apps/api/src/infra/crypto/password-hasher';
import { createScratchDatabase } from '../../apps/api/test/scratch-database';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, dwellingMediaDir, seedDatabase } from './seed';

describe('seedDatabase', () => {
  let db: Awaited<ReturnType<typeof createScratchDatabase>>;
  let prisma: PrismaClient;
  const dataDir = mkdtempSync(join(tmpdir(), 'husly-seed-'));
  const now = new Date('2026-11-22T08:00:00Z');

  beforeAll(async () => {
    db = await createScratchDatabase('husly_seed');
    prisma = new PrismaClient({ adapter: createPrismaAdapter(db.url, { max: 4 }).adapter });
  });
  afterAll(async () => {
    await prisma.$disconnect();
    await db.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('production: reference data only, never demo accounts', async () => {
    const result = await seedDatabase(prisma, { demoData: 'never', dataDir, now });
    expect(result).toMatchObject({ cities: 131, offers: 3, demoDwellings: 0 });
    expect(await prisma.city.count({ where: { popularRank: { not: null } } })).toBe(5);
    expect(await prisma.postalCode.count()).toBe(1089);
    expect(await prisma.offer.findUnique({ where: { name: 'tenantad-79kr-14days' } })).toMatchObject({ price: 79, intervalDays: 14, contactLimit: 10 });
    expect(await prisma.user.count()).toBe(0);
    expect(await prisma.dwelling.count()).toBe(0);
  });

  it('a demo seed that fails part way leaves no demo data, so the next start seeds it whole', async () => {
    // DATA_DIR is a file: the image pool cannot be written after every dwelling (two INSERTs of 1,000
    // and 200) went in.
    const notADirectory = join(dataDir, 'not-a-directory');
    writeFileSync(notADirectory, '');
    await expect(seedDatabase(prisma, { demoData: 'auto', dataDir: notADirectory, now, demoDwellings: 1200 })).rejects.toThrow();
    expect(await prisma.dwelling.count()).toBe(0);
    expect(await prisma.landlord.count()).toBe(0);
    expect(await prisma.user.count()).toBe(0);
  });

  it('auto into an empty database: demo dwellings with images on disk, and the two demo accounts', async () => {
    const result = await seedDatabase(prisma, { demoData: 'auto', dataDir, now, demoDwellings: 300 });
    expect(result.demoDwellings).toBe(300);
    const rented = await prisma.dwelling.count({ where: { deletedAt: { not: null } } });
    expect(rented).toBeGreaterThan(0);
    expect(rented).toBeLessThan(60);

    const image = await prisma.dwellingImage.findFirstOrThrow();
    expect(image.fullKey).not.toBe(image.blurredKey);
    expect(existsSync(join(dwellingMediaDir(dataDir), `${image.fullKey}.jpg`))).toBe(true);
    expect(existsSync(join(dwellingMediaDir(dataDir), `${image.blurredKey}.jpg`))).toBe(true);

    const subscriber = await prisma.user.findUniqueOrThrow({ where: { email: DEMO_ACCOUNTS.subscriber }, include: { subscriptions: true } });
    expect(await verifyPassword(subscriber.passwordHash as string, DEMO_PASSWORD)).toBe(true);
    expect(subscriber.subscriptions).toHaveLength(1);
    expect(subscriber.subscriptions[0]).toMatchObject({ status: 'ACTIVE', renew: true });
    expect(subscriber.subscriptions[0].endingAt?.getTime()).toBeGreaterThan(now.getTime());
    const seeker = await prisma.user.findUniqueOrThrow({ where: { email: DEMO_ACCOUNTS.seeker }, include: { subscriptions: true } });
    expect(seeker.subscriptions).toHaveLength(0);
  });

  it('is idempotent: a second run adds nothing', async () => {
    const counts = async () => ({
      cities: await prisma.city.count(),
      aliases: await prisma.cityAlias.count(),
      dwellings: await prisma.dwelling.count(),
      images: await prisma.dwellingImage.count(),
      users: await prisma.user.count(),
      subscriptions: await prisma.subscription.count(),
      offers: await prisma.offer.count(),
    });
    const before = await counts();
    const auto = await seedDatabase(prisma, { demoData: 'auto', dataDir, now, demoDwellings: 300 });
    expect(auto.demoDwellings).toBe(0);
    const forced = await seedDatabase(prisma, { demoData: 'always', dataDir, now, demoDwellings: 300 });
    expect(forced.demoDwellings).toBe(0);
    expect(await counts()).toEqual(before);
  });
});
