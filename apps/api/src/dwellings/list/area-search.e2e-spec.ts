import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import polyline from '@mapbox/polyline';
import { apiErrorSchema, dwellingListResponseSchema } from '@husly/contracts';
import { SEARCH_AREA_LIMITS } from '@husly/domain';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createCity, createDwelling, freeZip } from '../../../test/factories';
import { createScratchDatabase } from '../../../test/scratch-database';
import { DwellingListMemory } from './dwelling-list.memory';

// Issue 34, the API of the map search (docs/decisions/0064-area-search.md): `area` on /search and
// /area/{slug}, its 400s, and its lists from the database and from memory. A database of its own:
// an area search without a city lists every city's dwellings, other files' too.
type Corner = [number, number];
const closed = (corners: Corner[]): Corner[] => [...corners, corners[0]];
const encode = (corners: Corner[]) => encodeURIComponent(polyline.encode(corners));
/** Around Aarhus' centre: lat 56.14-56.17, lng 10.18-10.22. */
const AARHUS: Corner[] = [
  [56.14, 10.18],
  [56.14, 10.22],
  [56.17, 10.22],
  [56.17, 10.18],
];
const AREA = encode(closed(AARHUS));

describe('the area search (issue 34)', () => {
  let memoryApp: TestApp;
  let databaseApp: TestApp;
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let aarhus: { slug: string; zip: string };
  let other: { slug: string; zip: string };
  const names = new Map<string, string>();

  beforeAll(async () => {
    scratch = await createScratchDatabase('husly_area_search');
    memoryApp = await createTestApp({ env: { DATABASE_URL: scratch.url } });
    databaseApp = await createTestApp({ env: { DATABASE_URL: scratch.url, DWELLING_LISTS_IN_MEMORY: 'false' } });
    const t = memoryApp;
    const zips = [await freeZip(t.prisma), await freeZip(t.prisma)];
    const cities = [await createCity(t.prisma, { zips: [zips[0]] }), await createCity(t.prisma, { zips: [zips[1]] })];
    aarhus = { slug: cities[0].slug, zip: zips[0] };
    other = { slug: cities[1].slug, zip: zips[1] };
    const base = Date.now() - 3_600_000;
    // In list order, oldest first: each one minute newer than the one before.
    const dwellings: Array<{ name: string; city: number; lat: number | null; lng: number | null; rent?: number; pets?: 1 | -1 }> = [
      { name: 'inside-cheap', city: 0, lat: 56.15, lng: 10.2, rent: 5000 },
      { name: 'inside-dear', city: 0, lat: 56.16, lng: 10.19, rent: 12000, pets: 1 },
      { name: 'on-edge', city: 0, lat: 56.14, lng: 10.2, rent: 7000 },
      { name: 'outside', city: 0, lat: 56.2, lng: 10.2 },
      { name: 'no-position', city: 0, lat: null, lng: null },
      // Another city whose dwelling lies inside the drawn area (a city's edge is not the area's).
      { name: 'other-city-inside', city: 1, lat: 56.155, lng: 10.21, rent: 6000 },
      { name: 'other-city-outside', city: 1, lat: 55.4, lng: 10.4 },
    ];
    for (const [i, d] of dwellings.entries()) {
      const created = await createDwelling(t.prisma, {
        cityId: cities[d.city].id,
        zip: zips[d.city],
        createdAt: new Date(base + i * 60_000),
        lat: d.lat,
        lng: d.lng,
        rent: d.rent,
        pets: d.pets,
        headline: d.name,
      });
      names.set(String(created.id), d.name);
    }
  }, 120_000);

  afterAll(async () => {
    await memoryApp?.close();
    await databaseApp?.close();
    await scratch?.drop();
  });

  /** The names a list answers, in its order, from the app that reads the database. */
  async function list(url: string, app = databaseApp): Promise<Array<string | undefined>> {
    const res = await app.request('GET', url);
    expect(res.status, `${url}: ${res.text}`).toBe(200);
    return dwellingListResponseSchema.parse(res.body).data.map((item) => names.get(item.dwellingId));
  }

  it('lists every dwelling inside the area, on its edge too, across cities, without a place (all of Denmark)', async () => {
    expect(await list(`/api/dwellings/search?area=${AREA}`)).toEqual(['other-city-inside', 'on-edge', 'inside-dear', 'inside-cheap']);
    const res = await databaseApp.request('GET', `/api/dwellings/search?area=${AREA}`);
    expect(dwellingListResponseSchema.parse(res.body).meta).toEqual({ total: 4, start: 0, pageSize: 150, capped: false });
  });

  it('ANDs the area with a place and with every other filter, and pages and sorts as any list', async () => {
    expect(await list(`/api/dwellings/search?q=${aarhus.zip}&area=${AREA}`)).toEqual(['on-edge', 'inside-dear', 'inside-cheap']);
    expect(await list(`/api/dwellings/area/${aarhus.slug}?area=${AREA}`)).toEqual(['on-edge', 'inside-dear', 'inside-cheap']);
    expect(await list(`/api/dwellings/area/${other.slug}?area=${AREA}`)).toEqual(['other-city-inside']);
    expect(await list(`/api/dwellings/search?area=${AREA}&rent=8000`)).toEqual(['other-city-inside', 'on-edge', 'inside-cheap']);
    expect(await list(`/api/dwellings/search?area=${AREA}&pets=1`)).toEqual(['inside-dear']);
    expect(await list(`/api/dwellings/search?area=${AREA}&sort=rent`)).toEqual(['inside-cheap', 'other-city-inside', 'on-edge', 'inside-dear']);
    expect(await list(`/api/dwellings/search?area=${AREA}&sort=rent&start=1&pageSize=2`)).toEqual(['other-city-inside', 'on-edge']);
    expect(await list(`/api/dwellings/search?area=${AREA}&start=3`)).toEqual(['inside-cheap']);
  });

  it('gives the same pages from memory as from the database, and keys its cached pages on the area', async () => {
    // Page sizes the other tests did not ask for: pages neither app has cached.
    const urls = [
      `/api/dwellings/search?area=${AREA}&pageSize=100`,
      `/api/dwellings/search?area=${AREA}&sort=size&pageSize=100`,
      `/api/dwellings/search?area=${AREA}&sort=rent&start=1&pageSize=3`,
      `/api/dwellings/area/${aarhus.slug}?area=${AREA}&rent=8000&pageSize=100`,
    ];
    // The memory app's first list starts the snapshot's load (and is read from the database).
    await memoryApp.request('GET', `/api/dwellings/search?area=${AREA}&pageSize=1`);
    await memoryApp.app.get(DwellingListMemory).settled();
    for (const url of urls) {
      const fromMemory = await memoryApp.request('GET', url);
      expect(fromMemory.headers['x-list-source'], url).toBe('memory');
      const fromDatabase = await databaseApp.request('GET', url);
      expect(fromDatabase.headers['x-list-source'], url).toBe('database');
      expect(fromMemory.text, url).toBe(fromDatabase.text);
    }
    // One area, one cached page; another area, another list.
    expect((await memoryApp.request('GET', urls[0])).headers['x-cache']).toBe('hit');
    const smaller = encode(closed([AARHUS[0], [56.14, 10.2], [56.15, 10.2], [56.15, 10.18]]));
    const other = await memoryApp.request('GET', `/api/dwellings/search?area=${smaller}`);
    expect(other.headers['x-cache']).toBe('miss');
    // Both on its edge: inside-cheap on its corner (56.15, 10.2).
    expect(dwellingListResponseSchema.parse(other.body).data.map((item) => names.get(item.dwellingId))).toEqual(['on-edge', 'inside-cheap']);
  });

  it('answers a sorted area list after a commit from the snapshot it waits for, never from behind the commit', async () => {
    const lists = memoryApp.app.get(DwellingListMemory);
    await memoryApp.request('GET', `/api/dwellings/search?area=${AREA}&pageSize=7`);
    await lists.settled();
    const url = (n: number) => `/api/dwellings/search?area=${AREA}&sort=rent&pageSize=${n}`;
    expect((await memoryApp.request('GET', url(20))).headers['x-list-source']).toBe('memory');
    // The cheapest dwelling in the area: the next sorted page shows it first, from the snapshot it waited for.
    const city = await memoryApp.prisma.city.findUniqueOrThrow({ where: { slug: other.slug } });
    const cheapest = await createDwelling(memoryApp.prisma, { cityId: city.id, zip: other.zip, lat: 56.16, lng: 10.21, rent: 100, headline: 'cheapest' });
    names.set(String(cheapest.id), 'cheapest');
    const sorted = await memoryApp.request('GET', url(21));
    expect(sorted.headers['x-list-source']).toBe('memory');
    expect(dwellingListResponseSchema.parse(sorted.body).data.map((item) => names.get(item.dwellingId))[0]).toBe('cheapest');
    expect(sorted.text).toBe((await databaseApp.request('GET', url(21))).text);
    await memoryApp.prisma.dwelling.delete({ where: { id: cheapest.id } });
  });

  it('still asks for a place when neither q nor an area is given', async () => {
    const res = await databaseApp.request('GET', '/api/dwellings/search?rent=8000');
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('q');
  });

  const bowTie: Corner[] = [
    [56.14, 10.18],
    [56.17, 10.22],
    [56.14, 10.22],
    [56.17, 10.18],
  ];
  const circle = (corners: number): Corner[] =>
    Array.from({ length: corners }, (_, i) => [Math.round((56.15 + 0.02 * Math.sin((2 * Math.PI * i) / corners)) * 1e5) / 1e5, Math.round((10.2 + 0.035 * Math.cos((2 * Math.PI * i) / corners)) * 1e5) / 1e5]);
  it.each([
    ['an open ring', encode(AARHUS), 'not-closed', /closed ring/],
    ['51 corners', encode(closed(circle(51))), 'corners', /3 to 50 corners/],
    ['a corner outside Denmark', encode(closed([...AARHUS.slice(0, 3), [59.9, 10.75]])), 'outside-denmark', /inside Denmark/],
    ['a self-intersecting bow-tie', encode(closed(bowTie)), 'self-intersecting', /cross/],
    ['garbage', 'hello%20world', 'not-polyline', /encoded polyline/],
    ['over 1000 characters', encodeURIComponent(polyline.encode(closed(circle(50))).padEnd(SEARCH_AREA_LIMITS.maxChars + 1, 'A')), 'too-long', /at most 1000 characters/],
    ['a repeated parameter', `${AREA}&area=${AREA}`, 'repeated', /area/],
  ])('answers %s with a 400 naming area, on /search and on a city', async (_, value, code, message) => {
    for (const url of [`/api/dwellings/search?area=${value}`, `/api/dwellings/search?q=${aarhus.zip}&area=${value}`, `/api/dwellings/area/${aarhus.slug}?area=${value}`]) {
      const res = await databaseApp.request('GET', url);
      expect(res.status, url).toBe(400);
      const body = apiErrorSchema.parse(res.body);
      expect(body, url).toMatchObject({ statusCode: 400, field: 'area', errors: [{ path: 'area' }] });
      if (code !== 'repeated') expect(body.code, url).toBe(code);
      expect(body.message, url).toMatch(message);
    }
  });

  it('accepts the largest area: 50 corners, and a 32-corner circle as the web sends it', async () => {
    const inside = ['other-city-inside', 'on-edge', 'inside-dear', 'inside-cheap'];
    expect(await list(`/api/dwellings/search?area=${encode(closed(circle(50)))}`)).toEqual(inside);
    expect(await list(`/api/dwellings/search?area=${encode(closed(circle(32)))}`)).toEqual(inside);
  });
});
