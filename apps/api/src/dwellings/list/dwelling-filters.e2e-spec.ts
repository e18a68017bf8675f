import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dwellingDetailSchema, dwellingListResponseSchema } from '@husly/contracts';
import { FAIR_RENT } from '@husly/domain';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createCity, createDwelling, freeZip } from '../../../test/factories';

// Issue 15, "Results": the extra filters, the orders, the costs and the fair-rent hint
// (docs/decisions/0013), against the real database the test run creates.
describe('search filters, orders, costs and the fair-rent hint', () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp()));
  afterAll(() => t.close());

  type Spec = Partial<Parameters<typeof createDwelling>[1]> & { name: string };
  /** A city with the named dwellings, created one minute apart in the order given (the last is the newest). */
  async function cityWith(specs: Spec[]) {
    const zip = await freeZip(t.prisma);
    const city = await createCity(t.prisma, { zips: [zip] });
    const base = Date.now() - specs.length * 60_000;
    const byId = new Map<string, string>();
    for (const [i, { name, ...spec }] of specs.entries()) {
      const dwelling = await createDwelling(t.prisma, { cityId: city.id, zip, createdAt: new Date(base + i * 60_000), ...spec });
      byId.set(String(dwelling.id), name);
    }
    /** The names of the dwellings a list answers, in its order. */
    const list = async (qs: string) => {
      const res = await t.request('GET', `/api/dwellings/area/${city.slug}?${qs}`);
      expect(res.status, qs).toBe(200);
      return dwellingListResponseSchema.parse(res.body).data.map((item) => byId.get(item.dwellingId));
    };
    return { city, zip, list };
  }

  const facts = (monthly: Record<string, number>, types: string[] = ['apartment']) => ({ deposit: 30000, ...monthly, dwelling_types: types });

  it('filters on pets, type, move-in date, rental period and the monthly total, alone and together', async () => {
    const { list, zip } = await cityWith([
      { name: 'villa-pets', rent: 12000, size: 140, pets: 1, available: '2026-12-01', timeframe: '0-0', facts: facts({ expenses_heat: 1500 }, ['villa']) },
      { name: 'room', rent: 3500, size: 14, pets: -1, available: 'Snarest', timeframe: '1-6', facts: facts({}, ['room']) },
      { name: 'flat-later', rent: 8000, size: 70, pets: 1, available: '2027-03-01', timeframe: '12-24', facts: facts({ expenses: 1500 }) },
      { name: 'flat-unknown', rent: 7000, size: 60, pets: null, available: 'Efter aftale', timeframe: null, facts: facts({ expenses_heat: 500 }) },
      { name: 'townhouse', rent: 9000, size: 100, pets: -1, available: '01/01/2027', timeframe: '2026-12-31', facts: facts({ expenses_ac: 900, expenses_internet: 199 }, ['townhouse']) },
    ]);
    // Newest first by default.
    expect(await list('')).toEqual(['townhouse', 'flat-unknown', 'flat-later', 'room', 'villa-pets']);
    expect(await list('pets=1')).toEqual(['flat-later', 'villa-pets']);
    expect(await list('type=villa')).toEqual(['villa-pets']);
    expect(await list('type=room')).toEqual(['room']);
    // "Efter aftale" has no date: a move-in date filter does not promise it.
    expect(await list('movein=2027-01-01')).toEqual(['townhouse', 'room', 'villa-pets']);
    expect(await list('movein=2026-11-30').then((names) => names.includes('room'))).toBe(true);
    expect(await list('timeframe=nolimit')).toEqual(['villa-pets']);
    expect(await list('timeframe=gt1y')).toEqual(['flat-later', 'villa-pets']);
    expect(await list('timeframe=lt1y')).toEqual(['townhouse', 'room']);
    // The monthly total is rent plus the monthly expenses: flat-later costs 9,500 a month for a rent of 8,000.
    expect(await list('rent=9000')).toEqual(['townhouse', 'flat-unknown', 'flat-later', 'room']);
    expect(await list('monthly=9000')).toEqual(['flat-unknown', 'room']);
    expect(await list('monthly=9500')).toEqual(['flat-unknown', 'flat-later', 'room']);
    expect(await list('monthly=10099')).toEqual(['townhouse', 'flat-unknown', 'flat-later', 'room']);
    // Together, and on /search as on /area.
    expect(await list('pets=1&timeframe=gt1y&monthly=9500')).toEqual(['flat-later']);
    const search = await t.request('GET', `/api/dwellings/search?q=${zip}&pets=1&type=villa&movein=2026-12-01`);
    expect(search.status).toBe(200);
    expect(search.body.data.map((item: { headline: string }) => item.headline)).toHaveLength(1);
  });

  it('sorts by rent, size and rent per m², unknown values last, ties newest first; newest is the default', async () => {
    const { list } = await cityWith([
      { name: 'a', rent: 6000, size: 50 }, // 120 per m²
      { name: 'b', rent: -1, size: 80 },
      { name: 'c', rent: 6000, size: 100 }, // 60 per m²
      { name: 'd', rent: 9000, size: -1 },
      { name: 'e', rent: 4000, size: 40 }, // 100 per m²
      { name: 'f', rent: 6000, size: 50 }, // 120 per m², newer than a
    ]);
    expect(await list('')).toEqual(['f', 'e', 'd', 'c', 'b', 'a']);
    expect(await list('sort=newest')).toEqual(['f', 'e', 'd', 'c', 'b', 'a']);
    expect(await list('sort=rent')).toEqual(['e', 'f', 'c', 'a', 'd', 'b']);
    expect(await list('sort=size')).toEqual(['c', 'b', 'f', 'a', 'e', 'd']);
    expect(await list('sort=rent-per-m2')).toEqual(['c', 'e', 'f', 'a', 'd', 'b']);
    // Filters and paging keep the order.
    expect(await list('sort=rent&rent=6000')).toEqual(['e', 'f', 'c', 'a', 'b']);
    expect(await list('sort=size&start=2&pageSize=2')).toEqual(['f', 'a']);
    expect(await list('sort=rent-per-m2&start=1&pageSize=3')).toEqual(['e', 'f', 'a']);
  });

  it('gives every list item its monthly total and move-in cost', async () => {
    const { city } = await cityWith([
      { name: 'x', rent: 9800, facts: { deposit: 29400, prepaid_rent: 9800, expenses_heat: 650, dwelling_types: ['apartment'] } },
      { name: 'y', rent: 5000, facts: {} },
    ]);
    const res = await t.request('GET', `/api/dwellings/area/${city.slug}`);
    const [y, x] = dwellingListResponseSchema.parse(res.body).data;
    expect({ monthly: x.monthlyCost, moveIn: x.moveInCost }).toEqual({ monthly: 10450, moveIn: 29400 + 9800 + 10450 });
    expect({ monthly: y.monthlyCost, moveIn: y.moveInCost }).toEqual({ monthly: 5000, moveIn: null });
  });

  it('refuses values that are not one of a filter’s values with a 400 naming the parameter', async () => {
    const { city } = await cityWith([{ name: 'only' }]);
    for (const [param, value] of [
      ['sort', 'cheapest'],
      ['sort', 'rent%20desc'],
      ['pets', 'yes'],
      ['type', 'castle'],
      ['timeframe', '12'],
      ['movein', '2027-13-01'],
      ['movein', 'tomorrow'],
      ['monthly', '-1'],
      ['monthly', '99999999999'],
    ]) {
      for (const path of [`/api/dwellings/area/${city.slug}?`, '/api/dwellings/search?q=aarhus&']) {
        const res = await t.request('GET', `${path}${param}=${value}`);
        expect(res.status, `${param}=${value}`).toBe(400);
        expect(res.body, `${param}=${value}`).toMatchObject({ statusCode: 400, field: param, code: 'invalid-value' });
        expect(res.body.message).toContain(param);
      }
    }
    const repeated = await t.request('GET', `/api/dwellings/area/${city.slug}?sort=rent&sort=size`);
    expect(repeated.status).toBe(400);
    expect(repeated.body.field).toBe('sort');
  });

  it('shows the fair-rent hint on the detail only with enough vacant comparables in the city and size band', async () => {
    const n = FAIR_RENT.minComparables;
    // n vacant dwellings of 60–79 m² at 100 kr./m², and one rented (not a comparable).
    const specs: Spec[] = Array.from({ length: n - 1 }, (_, i) => ({ name: `same-${i}`, rent: 7000, size: 70 }));
    specs.push({ name: 'rented', rent: 1000, size: 70, deletedAt: new Date(Date.now() - 86_400_000) });
    specs.push({ name: 'dear', rent: 8400, size: 70 }); // 120 kr./m²: 20 % above the median of 100
    specs.push({ name: 'big', rent: 20000, size: 200 }); // alone in its band: no hint
    specs.push({ name: 'unknown-size', rent: 7000, size: -1 });
    const zip = await freeZip(t.prisma);
    const city = await createCity(t.prisma, { zips: [zip] });
    const made = new Map<string, number>();
    for (const { name, ...spec } of specs) made.set(name, (await createDwelling(t.prisma, { cityId: city.id, zip, ...spec })).id);
    const detail = async (name: string) => {
      const res = await t.request('GET', `/api/dwellings/${made.get(name)}`);
      expect(res.status).toBe(200);
      return dwellingDetailSchema.parse(res.body);
    };
    const dear = await detail('dear');
    expect(dear.fairRent).toEqual({ verdict: 'above', percent: 20, rentPerM2: 120, medianPerM2: 100, comparables: n, band: { min: 60, max: 80 }, city: city.label });
    expect(dear.costs).toEqual({ monthly: 8400 + 600, moveIn: 24000 + 9000 });
    expect((await detail('same-0')).fairRent).toMatchObject({ verdict: 'typical', percent: 0 });
    expect((await detail('big')).fairRent).toBeNull();
    expect((await detail('unknown-size')).fairRent).toBeNull();

    // One fewer comparable in another city: no hint.
    const fewZip = await freeZip(t.prisma);
    const few = await createCity(t.prisma, { zips: [fewZip] });
    let last = 0;
    for (let i = 0; i < n - 1; i++) last = (await createDwelling(t.prisma, { cityId: few.id, zip: fewZip, rent: 7000 + i * 100, size: 70 })).id;
    const res = await t.request('GET', `/api/dwellings/${last}`);
    expect(dwellingDetailSchema.parse(res.body).fairRent).toBeNull();
  });
});
