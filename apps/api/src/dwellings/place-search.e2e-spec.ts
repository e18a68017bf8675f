import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { areasResponseSchema, dwellingListResponseSchema } from '@husly/contracts';
import { areaPlaceIndex, findPlace, suggestAreaPlaces } from '@husly/domain';
import type { PrismaService } from '../infra/prisma/prisma.service';
import { createDwelling, unique } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * Issue 15, place search: q=kobenhavn, q=Kbh and q=odnese found nothing ("Beklager!") and the
 * boligagent block of that page then failed with a 400. These cities have fixed slugs and postal
 * codes (the real ones), so they are upserted: a second run against the same database finds them.
 */
async function realCity(prisma: PrismaService, slug: string, label: string, population: number, postal: Array<[string, string]>) {
  const city = await prisma.city.upsert({
    where: { slug },
    create: { slug, label, population, active: true, lat: 55.7, lng: 12.5 },
    update: { label, population, active: true },
  });
  for (const [zip, name] of postal) {
    await prisma.postalCode.upsert({ where: { zip }, create: { zip, name, cityId: city.id }, update: { name, cityId: city.id } });
    await prisma.cityAlias.upsert({ where: { alias: zip }, create: { alias: zip, kind: 'ZIP', cityId: city.id }, update: { cityId: city.id } });
    const alias = name.toLowerCase();
    await prisma.cityAlias.upsert({ where: { alias }, create: { alias, kind: 'NAME', cityId: city.id }, update: { cityId: city.id } });
  }
  return city;
}

describe('GET /api/dwellings/search: places as people type them', () => {
  let t: TestApp;
  let koebenhavn: { id: number; slug: string };
  let odense: { id: number; slug: string };
  const inKoebenhavn: string[] = [];
  const inOdense: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    koebenhavn = await realCity(t.prisma, 'koebenhavn', 'København', 1_153_615, [
      ['2400', 'København NV'],
      ['2100', 'København Ø'],
    ]);
    odense = await realCity(t.prisma, 'odense', 'Odense', 145_931, [['5000', 'Odense C']]);
    // A headline of this run's own: dwellings of an earlier run against the same database are left out.
    for (let i = 0; i < 2; i++) inKoebenhavn.push(String((await createDwelling(t.prisma, { cityId: koebenhavn.id, zip: '2400' })).id));
    inOdense.push(String((await createDwelling(t.prisma, { cityId: odense.id, zip: '5000' })).id));
  });
  afterAll(() => t.close());

  const search = async (q: string, extra = '') => {
    const res = await t.request('GET', `/api/dwellings/search?q=${encodeURIComponent(q)}${extra}`);
    expect(res.status, q).toBe(200);
    return dwellingListResponseSchema.parse(res.body);
  };
  const ids = (body: { data: Array<{ dwellingId: string }> }) => body.data.map((d) => d.dwellingId);

  it.each(['kobenhavn', 'Kbh', 'KØBENHAVN', 'cph', 'København', 'koebenhavn', '2400', '2400 København NV', 'københavn nv', 'Kobenhavn OE', 'kobenhvn'])(
    'q=%s lists the dwellings of København',
    async (q) => {
      const body = await search(q, '&pageSize=500');
      expect(ids(body)).toEqual(expect.arrayContaining(inKoebenhavn));
      expect(ids(body)).not.toContain(inOdense[0]);
      expect(body.meta.suggestions).toBeUndefined();
    },
  );

  it.each(['odnese', 'Odense', 'odense c', '5000'])('q=%s lists the dwellings of Odense', async (q) => {
    const body = await search(q, '&pageSize=500');
    expect(ids(body)).toEqual(expect.arrayContaining(inOdense));
    expect(ids(body)).not.toContain(inKoebenhavn[0]);
  });

  it('answers a place it cannot name with an empty list and the nearest places', async () => {
    const body = await search('Odnesee');
    expect(body.data).toEqual([]);
    expect(body.meta.total).toBe(0);
    expect(body.meta.suggestions).toContainEqual({ slug: 'odense', label: 'Odense' });

    const far = await search(`Ingenstedhusen ${unique()}`);
    expect(far.meta.suggestions).toEqual([]);
    // Wildcards stay text: nothing named, nothing suggested, no error (issue 12 §3).
    for (const q of ['%%', '__', "a'; drop", 'x'.repeat(100)]) {
      expect((await search(q)).meta, q).toEqual({ total: 0, start: 0, pageSize: 150, capped: false, suggestions: [] });
    }
  });

  it('the boligagent block of such a search names the matched city, which the API accepts (no 400)', async () => {
    // What the web does: the areas list's place index names the city of q, and the block posts its slug.
    const areas = areasResponseSchema.parse((await t.request('GET', '/api/dwellings/areas')).body);
    // The areas list carries the postal districts of a city with several, so the box can say which matched.
    expect(areas.data.find((c) => c.slug === 'koebenhavn')?.districts).toEqual(expect.arrayContaining([['2400', '2400', 'København NV']]));
    expect(areas.data.find((c) => c.slug === 'odense')?.districts).toEqual([['5000', '5000', 'Odense C']]);
    expect(suggestAreaPlaces('2400', areas.data, areas.aliases)[0]).toMatchObject({ city: { slug: 'koebenhavn' }, matched: '2400 København NV' });
    const address = () => ({ 'x-forwarded-for': `198.51.${process.pid % 200}.${Math.floor(Math.random() * 250)}` });
    for (const [q, slug] of [
      ['kobenhavn', koebenhavn.slug],
      ['Kbh', koebenhavn.slug],
      ['odnese', odense.slug],
    ] as const) {
      const place = findPlace(q, areaPlaceIndex(areas.data, areas.aliases));
      expect(place?.city.slug, q).toBe(slug);
      const res = await t.request('POST', '/api/boligagents', { email: `agent-${unique()}@husly.test`, prefs: [{ area: place?.city.slug, rent: 9000 }] }, address());
      expect(res.status, q).toBe(201);
    }
    // Without a matched city the block would post no area, which is what failed with the 400.
    const unnamed = await t.request('POST', '/api/boligagents', { email: `agent-${unique()}@husly.test`, prefs: [{ area: null, rent: 9000 }] }, address());
    expect(unnamed.status).toBe(400);
  });
});
