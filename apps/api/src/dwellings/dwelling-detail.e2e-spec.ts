import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { dwellingDetailSchema, type DwellingDetail } from '@husly/contracts';
import { DWELLING_FACT_KEYS, FAIR_RENT } from '@husly/domain';
import { TokenService } from '../common/auth/token.service';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createCity, createDwelling, createUser, freeZip } from '../../test/factories';

const MINUTE = 60_000;

// GET /api/dwellings/{id} reads the dwelling, its city, postal name and image keys in one statement
// (dwelling-detail.query.ts) instead of Prisma's findUnique with include and a postal-code lookup.
// These tests hold its answers to what that read gave, field for field.
describe('GET /api/dwellings/{id}', () => {
  let t: TestApp;
  let tokens: TokenService;
  beforeAll(async () => {
    t = await createTestApp();
    tokens = t.app.get(TokenService);
  });
  afterAll(() => t.close());
  const auth = (userId: number) => ({ authorization: `Bearer ${tokens.issue(userId)}` });

  /** The detail as the route built it with Prisma before (issue 16), without the fair-rent hint. */
  async function throughPrisma(id: number, subscribed: boolean): Promise<Omit<DwellingDetail, 'fairRent'>> {
    const d = await t.prisma.dwelling.findUniqueOrThrow({
      where: { id },
      include: { city: { select: { slug: true, label: true } }, images: { orderBy: { position: 'asc' } } },
    });
    const postal = d.zip ? await t.prisma.postalCode.findUnique({ where: { zip: d.zip }, select: { name: true } }) : null;
    const stored = d.facts as Record<string, unknown>;
    const facts: DwellingDetail['facts'] = {};
    for (const key of DWELLING_FACT_KEYS) {
      const value = stored[key];
      if (typeof value === 'number' || typeof value === 'string' || value === null) facts[key] = value;
      else if (Array.isArray(value)) facts[key] = value.map(String);
    }
    return {
      dwellingId: String(d.id),
      headline: d.headline,
      teaser: d.teaser,
      description: subscribed ? d.description : null,
      remarks: d.remarks,
      rent: d.rent,
      rooms: d.rooms,
      size: d.size,
      pets: d.pets === 1 ? 1 : d.pets === -1 ? -1 : null,
      economy: d.economy,
      available: d.available,
      timeframe: d.timeframe,
      location: { street: d.street, city: postal?.name ?? d.city.label, zip: d.zip && /^\d{4}$/.test(d.zip) ? d.zip : null, citySlug: d.city.slug },
      geolocation: d.lat !== null && d.lng !== null ? { lat: d.lat, lng: d.lng } : null,
      images: d.images.map((image) => `/media/dwellings/${subscribed ? image.fullKey : image.blurredKey}.jpg`),
      facts,
      status: d.status,
      deletedAt: d.deletedAt?.toISOString() ?? null,
      subscribed,
      costs: { monthly: d.monthlyCost, moveIn: d.moveInCost },
    };
  }

  async function detail(id: number, headers: Record<string, string> = {}) {
    const res = await t.request('GET', `/api/dwellings/${id}`, undefined, headers);
    expect(res.status, res.text).toBe(200);
    return dwellingDetailSchema.parse(res.body);
  }

  it('answers what the Prisma read gave: postal name, zip, facts, images in position order after changes, a rented date to the ms', async () => {
    const zip = await freeZip(t.prisma);
    const city = await createCity(t.prisma, { zips: [zip] });
    const subscriber = await createUser(t.prisma, { plan: 'tenantad-249kr-30days' });
    const seeker = await createUser(t.prisma);
    const rentedAt = new Date('2026-11-20T10:11:12.345Z');
    const withZip = await createDwelling(t.prisma, {
      cityId: city.id,
      zip,
      images: 3,
      pets: null,
      deletedAt: rentedAt,
      facts: { deposit: 24000, expenses_heat: 600, prepaid_rent: null, dwelling_types: ['apartment', 7], parking: 1, expenses_tv: { nested: true } },
    });
    // A zip that is no postal code: the city's label, the zip as it is.
    const otherZip = await freeZip(t.prisma);
    const unknownZip = await createDwelling(t.prisma, { cityId: city.id, zip: otherZip, images: 0 });
    const noZip = await createDwelling(t.prisma, { cityId: city.id, zip: null, available: null, timeframe: null, facts: {} });

    // Images changed after the dwelling was written (the keys the statement reads follow the images).
    const [first, second, third] = await t.prisma.dwellingImage.findMany({ where: { dwellingId: withZip.id }, orderBy: { position: 'asc' } });
    await t.prisma.dwellingImage.delete({ where: { id: second.id } });
    await t.prisma.dwellingImage.update({ where: { id: first.id }, data: { position: 7 } });
    const added = await t.prisma.dwellingImage.create({
      data: { dwellingId: withZip.id, position: 3, fullKey: randomBytes(16).toString('hex'), blurredKey: randomBytes(16).toString('hex'), width: 800, height: 600 },
    });

    for (const d of [withZip, unknownZip, noZip]) {
      for (const [headers, subscribed] of [[{}, false], [auth(seeker.id), false], [auth(subscriber.id), true]] as const) {
        const { fairRent, ...rest } = await detail(d.id, headers);
        expect(rest).toEqual(await throughPrisma(d.id, subscribed));
        expect(fairRent).toBeNull(); // one dwelling per band here: too few comparables
      }
    }

    const visitor = await detail(withZip.id);
    expect(visitor.location).toEqual({ street: withZip.street, city: `${city.label} C`, zip, citySlug: city.slug });
    expect(visitor.images).toEqual([third.blurredKey, added.blurredKey, first.blurredKey].map((key) => `/media/dwellings/${key}.jpg`));
    expect(visitor.deletedAt).toBe('2026-11-20T10:11:12.345Z');
    expect(visitor.pets).toBeNull();
    expect(visitor.facts).toEqual({ deposit: 24000, expenses_heat: 600, prepaid_rent: null, dwelling_types: ['apartment', '7'] });
    expect((await detail(withZip.id, auth(subscriber.id))).images).toEqual([third, added, first].map((i) => `/media/dwellings/${i.fullKey}.jpg`));
    expect((await detail(unknownZip.id)).location).toEqual({ street: unknownZip.street, city: city.label, zip: otherZip, citySlug: city.slug });
    expect((await detail(unknownZip.id)).images).toEqual([]);
    expect((await detail(noZip.id)).location).toEqual({ street: noZip.street, city: city.label, zip: null, citySlug: city.slug });
  });

  it('sends a visitor and a non-subscriber neither the description nor a full image key, in any byte', async () => {
    const city = await createCity(t.prisma);
    const d = await createDwelling(t.prisma, { cityId: city.id, images: 2 });
    const images = await t.prisma.dwellingImage.findMany({ where: { dwellingId: d.id } });
    const seeker = await createUser(t.prisma);
    for (const headers of [{}, auth(seeker.id), { authorization: 'Bearer nonsense' }]) {
      const res = await t.request('GET', `/api/dwellings/${d.id}`, undefined, headers);
      expect(res.status).toBe(200);
      for (const secret of [d.description, ...images.map((i) => i.fullKey)]) expect(res.text).not.toContain(secret);
      expect(res.body).toMatchObject({ description: null, subscribed: false });
    }
  });

  it('answers 404 for an id past the last one, as for a status-0 dwelling', async () => {
    const city = await createCity(t.prisma);
    const hidden = await createDwelling(t.prisma, { cityId: city.id, status: 0 });
    const last = await t.prisma.dwelling.findFirstOrThrow({ orderBy: { id: 'desc' }, select: { id: true } });
    for (const id of [last.id + 1000, hidden.id]) {
      const res = await t.request('GET', `/api/dwellings/${id}`);
      expect(res.status, String(id)).toBe(404);
      expect(res.body).toMatchObject({ statusCode: 404, code: 'dwelling-not-found' });
    }
  });

  it('answers many details at once (the prepared statement on every connection of the pool)', async () => {
    const city = await createCity(t.prisma);
    const made = await Promise.all(Array.from({ length: 6 }, () => createDwelling(t.prisma, { cityId: city.id })));
    const ids = Array.from({ length: 40 }, (_, i) => made[i % made.length].id);
    const answers = await Promise.all(ids.map((id) => t.request('GET', `/api/dwellings/${id}`)));
    expect(answers.map((res) => res.status)).toEqual(ids.map(() => 200));
    expect(answers.map((res) => res.body.dwellingId)).toEqual(ids.map(String));
  });

  it('keeps the fair-rent median per city and band for 10 minutes, then answers with it while the next one is read', async () => {
    const n = FAIR_RENT.minComparables;
    const zip = await freeZip(t.prisma);
    const city = await createCity(t.prisma, { zips: [zip] });
    for (let i = 0; i < n; i++) await createDwelling(t.prisma, { cityId: city.id, zip, rent: 7000, size: 70 }); // 100 kr./m²
    const dear = await createDwelling(t.prisma, { cityId: city.id, zip, rent: 8400, size: 70 }); // 120 kr./m²
    expect((await detail(dear.id)).fairRent).toMatchObject({ verdict: 'above', percent: 20, medianPerM2: 100, comparables: n + 1 });

    // The median moves to 120 kr./m² (2n + 1 dwellings at 120 against n at 100).
    for (let i = 0; i < 2 * n; i++) await createDwelling(t.prisma, { cityId: city.id, zip, rent: 8400, size: 70 });
    t.clock.advance(9 * MINUTE);
    expect((await detail(dear.id)).fairRent).toMatchObject({ medianPerM2: 100, comparables: n + 1 });

    try {
      t.clock.advance(2 * MINUTE);
      // Past ten minutes: this detail does not wait for the new median ...
      expect((await detail(dear.id)).fairRent).toMatchObject({ medianPerM2: 100, comparables: n + 1 });
      // ... which the next details show once it is read.
      let fairRent: DwellingDetail['fairRent'] = null;
      for (let i = 0; i < 100 && fairRent?.comparables !== 3 * n + 1; i++) {
        await new Promise((r) => setTimeout(r, 50));
        fairRent = (await detail(dear.id)).fairRent;
      }
      expect(fairRent).toMatchObject({ verdict: 'typical', percent: 0, medianPerM2: 120, comparables: 3 * n + 1 });
    } finally {
      t.clock.advance(-11 * MINUTE);
    }
  });
});
