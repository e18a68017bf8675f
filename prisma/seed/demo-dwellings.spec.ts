import { describe, it, expect, vi, afterEach } from 'vitest';
import { buildCitiesFromFiles, loadCityFiles } from './cities';
import {
  allocateByPopulation,
  generateDemoDwellings,
  interpolateQuantile,
  loadRoomDistributions,
  priceAreaFor,
  type DemoDwelling,
} from './demo-dwellings';

const DAY = 86_400_000;
const now = new Date('2026-11-20T12:00:00.000Z');
const { cities, postalCodes } = buildCitiesFromFiles(loadCityFiles());
const postalByZip = new Map(postalCodes.map((p) => [p.zip, p]));
const distributions = loadRoomDistributions();
const generate = (seed: number, count = 3000) =>
  generateDemoDwellings({ count, cities, postalCodes, now, seed, distributions });

const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const quantiles = (region: string, rooms: string) =>
  distributions.find((d) => d.region === region && d.group === 'dwelling' && d.rooms === rooms)!;

describe('generateDemoDwellings', () => {
  const { dwellings, landlords } = generate(42);
  const isCopenhagen = (d: DemoDwelling) => Number(d.zip) < 3000;
  const isAarhus = (d: DemoDwelling) => postalByZip.get(d.zip)?.municipality === 'Aarhus';

  afterEach(() => vi.restoreAllMocks());

  it('is deterministic for a seed and a clock, and never uses Math.random', () => {
    const spy = vi.spyOn(Math, 'random').mockImplementation(() => {
      throw new Error('Math.random used');
    });
    const a = generate(7, 400);
    const b = generate(7, 400);
    expect(spy).not.toHaveBeenCalled();
    expect(a).toEqual(b);
    expect(generate(8, 400).dwellings.map((d) => d.headline)).not.toEqual(a.dwellings.map((d) => d.headline));
  });

  it('creates the requested count, every city at least once, in the city’s own zips', () => {
    expect(dwellings).toHaveLength(3000);
    expect(dwellings.map((d) => d.seq)).toEqual(Array.from({ length: 3000 }, (_, i) => i + 1));
    expect(dwellings[0].externalId).toBe('demo-dwelling-0001');
    expect(new Set(dwellings.map((d) => d.externalId)).size).toBe(3000);
    const perCity = new Map<string, number>();
    for (const d of dwellings) perCity.set(d.citySlug, (perCity.get(d.citySlug) ?? 0) + 1);
    expect(perCity.size).toBe(cities.length);
    for (const d of dwellings) {
      const city = cities.find((c) => c.slug === d.citySlug)!;
      expect(city.zips).toContain(d.zip);
      expect(d.city).toBe(postalByZip.get(d.zip)!.name);
    }
    // København is capped: more than Aarhus, but not the urban total's ~30 %.
    const kbh = perCity.get('koebenhavn')!;
    expect(kbh).toBeGreaterThan(perCity.get('aarhus')! * 1.5);
    expect(kbh / 3000).toBeLessThan(0.2);
  });

  it('spreads createdAt over the last 60 days, newest first and unique', () => {
    const times = dwellings.map((d) => d.createdAt.getTime());
    expect(new Set(times).size).toBe(times.length);
    for (let i = 1; i < times.length; i++) expect(times[i]).toBeLessThan(times[i - 1]);
    expect(Math.max(...times)).toBeLessThanOrEqual(now.getTime());
    expect(Math.min(...times)).toBeGreaterThanOrEqual(now.getTime() - 60 * DAY);
    expect(Math.min(...times)).toBeLessThan(now.getTime() - 55 * DAY);
  });

  it('marks about 8 % as rented within the last 14 days, keeping status 1', () => {
    const rented = dwellings.filter((d) => d.deletedAt !== null);
    expect(rented.length / dwellings.length).toBeCloseTo(0.08, 2);
    expect(dwellings.every((d) => d.status === 1)).toBe(true);
    for (const d of rented) {
      const t = d.deletedAt!.getTime();
      expect(t).toBeGreaterThan(d.createdAt.getTime());
      expect(t).toBeLessThanOrEqual(now.getTime());
      expect(t).toBeGreaterThanOrEqual(now.getTime() - 14 * DAY);
    }
  });

  it('draws rent and size from the quantiles of the listing data', () => {
    const cph2 = dwellings.filter((d) => isCopenhagen(d) && d.rooms === 2 && d.dwellingType !== 'room');
    const q = quantiles('Storkøbenhavn', '2');
    expect(cph2.length).toBeGreaterThan(100);
    expect(median(cph2.map((d) => d.rent))).toBeGreaterThanOrEqual(q.rent.p25);
    expect(median(cph2.map((d) => d.rent))).toBeLessThanOrEqual(q.rent.p75);
    expect(median(cph2.map((d) => d.size))).toBeGreaterThanOrEqual(q.size.p25);
    expect(median(cph2.map((d) => d.size))).toBeLessThanOrEqual(q.size.p75);

    const aar3 = dwellings.filter((d) => isAarhus(d) && d.rooms === 3 && d.dwellingType !== 'room');
    const qa = quantiles('Aarhus', '3');
    expect(median(aar3.map((d) => d.rent))).toBeGreaterThanOrEqual(qa.rent.p25);
    expect(median(aar3.map((d) => d.rent))).toBeLessThanOrEqual(qa.rent.p75);

    // Provincial towns are cheaper than Aarhus for the same number of rooms.
    const prov3 = dwellings.filter((d) => !isCopenhagen(d) && !isAarhus(d) && d.rooms === 3 && d.dwellingType !== 'room');
    expect(median(prov3.map((d) => d.rent))).toBeLessThan(qa.rent.p50);
  });

  it('keeps rooms, rent and size consistent', () => {
    for (const d of dwellings) {
      expect(Number.isInteger(d.rooms) && d.rooms >= 1 && d.rooms <= 7).toBe(true);
      expect(d.size).toBeGreaterThanOrEqual(8);
      expect(d.rent % 25).toBe(0);
      const perM2 = d.rent / d.size;
      expect(perM2).toBeGreaterThan(40);
      expect(perM2).toBeLessThan(d.dwellingType === 'room' ? 600 : 350);
      if (d.dwellingType === 'room') expect(d.rooms).toBe(1);
      if (d.dwellingType === 'townhouse' || d.dwellingType === 'villa') expect(d.rooms).toBeGreaterThanOrEqual(2);
    }
    const bigger = (r: number) => median(dwellings.filter((d) => d.rooms === r && d.dwellingType !== 'room').map((d) => d.size));
    expect(bigger(1)).toBeLessThan(bigger(2));
    expect(bigger(2)).toBeLessThan(bigger(3));
    expect(bigger(3)).toBeLessThan(bigger(4));
  });

  it('fills facts, economy, timeframe and texts', () => {
    for (const d of dwellings) {
      const f = d.facts;
      expect(f.deposit).toBe(3 * d.rent);
      expect(f.expenses_ac).toBe(f.expenses_heat + f.expenses_water + f.expenses_electricity);
      expect(f.expenses).toBe(f.expenses_ac + f.expenses_tv + f.expenses_internet + f.expenses_misc);
      expect(f.downpayment).toBe(f.deposit + f.prepaid_rent + d.rent + f.expenses);
      expect(f.dwelling_types).toEqual([d.dwellingType]);
      expect(f.houses).toBeGreaterThanOrEqual(1);
      expect([1, -1]).toContain(d.pets);
      expect(d.timeframe).toMatch(/^(\d{1,2}-\d{1,2}|\d{4}-\d{2}-\d{2})$/);
      expect(d.economy).toContain(`Depositum ${d.facts.deposit.toLocaleString('da-DK')} kr.`);
      expect(d.economy).not.toContain('..');
      expect(d.headline.length).toBeGreaterThan(10);
      expect(d.headline.length).toBeLessThanOrEqual(80);
      expect(d.teaser.length).toBeLessThanOrEqual(200);
      expect(d.description.split('\n\n').length).toBeGreaterThanOrEqual(4);
      expect(d.street).toMatch(/^\D+ \d+[A-C]?(, (st\.|\d\.) (th\.|tv\.|mf\.))?$/);
      expect(Math.abs(d.lat - postalByZip.get(d.zip)!.lat)).toBeLessThan(0.05);
      expect(d.images.length).toBeGreaterThanOrEqual(1);
      expect(d.images.length).toBeLessThanOrEqual(5);
      expect(new Set(d.images).size).toBe(d.images.length);
      expect(d.images.every((i) => Number.isInteger(i) && i >= 0 && i < 24)).toBe(true);
    }
    expect(dwellings.some((d) => d.headline === `Lys 3-værelses lejlighed i ${d.city}`)).toBe(true);
    expect(dwellings.some((d) => d.timeframe === '0-0')).toBe(true);
    expect(dwellings.some((d) => /^\d{4}-\d{2}-\d{2}$/.test(d.timeframe))).toBe(true);
    expect(new Set(dwellings.map((d) => d.dwellingType))).toEqual(new Set(['apartment', 'townhouse', 'villa', 'room']));
  });

  it('uses a pool of fictive landlords with .test addresses', () => {
    expect(landlords).toHaveLength(150);
    expect(new Set(landlords.map((l) => l.externalId)).size).toBe(150);
    expect(new Set(landlords.map((l) => l.email)).size).toBe(150);
    expect(new Set(landlords.map((l) => l.name)).size).toBe(150);
    for (const l of landlords) {
      expect(l.email).toMatch(/^[a-z0-9.]+@[a-z0-9-]+\.test$/);
      expect(l.phone).toMatch(/^\+45( \d{2}){4}$/);
      expect(l.reference === null).toBe(l.type === 'private');
      expect(l.url === null || /^https:\/\/www\.[a-z0-9-]+\.test$/.test(l.url)).toBe(true);
    }
    const types = new Set(landlords.map((l) => l.type));
    expect(types).toEqual(new Set(['private', 'company', 'nonprofit']));
    const keys = new Set(landlords.map((l) => l.externalId));
    expect(dwellings.every((d) => keys.has(d.landlordExternalId))).toBe(true);
    const nonprofitKeys = new Set(landlords.filter((l) => l.type === 'nonprofit').map((l) => l.externalId));
    expect(dwellings.filter((d) => nonprofitKeys.has(d.landlordExternalId)).every((d) => d.description.includes('almen bolig'))).toBe(true);
  });
});

describe('generator building blocks', () => {
  it('interpolates between the quantiles', () => {
    const q = { p10: 100, p25: 200, p50: 300, p75: 400, p90: 500 };
    expect(interpolateQuantile(q, 0.5)).toBe(300);
    expect(interpolateQuantile(q, 0.25)).toBe(200);
    expect(interpolateQuantile(q, 0.375)).toBeCloseTo(250);
    expect(interpolateQuantile(q, 0)).toBe(60);
    expect(interpolateQuantile(q, 1)).toBe(600);
    for (let u = 0; u < 1; u += 0.01) expect(interpolateQuantile(q, u + 0.01)).toBeGreaterThanOrEqual(interpolateQuantile(q, u));
  });

  it('allocates by population with at least one per city and København capped', () => {
    const alloc = allocateByPopulation(
      [
        { slug: 'koebenhavn', population: 1_153_615 },
        { slug: 'aarhus', population: 250_000 },
        { slug: 'lilleby', population: 10 },
      ],
      100,
    );
    expect([...alloc.values()].reduce((a, b) => a + b, 0)).toBe(100);
    expect(alloc.get('lilleby')).toBe(1);
    expect(alloc.get('koebenhavn')).toBe(1 + Math.round((550 / 800) * 97));
    expect(() => allocateByPopulation([{ slug: 'a', population: 1 }], 0)).toThrow();
  });

  it('prices Copenhagen and Aarhus from their data and other towns relative to Aarhus', () => {
    expect(priceAreaFor({ zip: '2100', municipality: 'København' }, 'koebenhavn')).toEqual({ region: 'Storkøbenhavn' });
    expect(priceAreaFor({ zip: '8200', municipality: 'Aarhus' }, 'aarhus')).toEqual({ region: 'Aarhus' });
    const odense = priceAreaFor({ zip: '5000', municipality: 'Odense' }, 'odense');
    const hjoerring = priceAreaFor({ zip: '9800', municipality: 'Hjørring' }, 'hjoerring');
    expect(odense.region === 'provincial' && hjoerring.region === 'provincial').toBe(true);
    if (odense.region === 'provincial' && hjoerring.region === 'provincial') {
      expect(odense.factor).toBeCloseTo((104 * 1.12) / 124);
      expect(hjoerring.factor).toBeLessThan(odense.factor);
    }
  });
});
