import { describe, expect, it } from 'vitest';
import { buildPlaceIndex, findPlace, nearestPlaces, placeKey, suggestPlaces } from '@husly/domain';
import { buildCitiesFromFiles, loadCityFiles } from './cities';

// The place matching over the real city list (prisma/data): what the seed gives production.
const data = buildCitiesFromFiles(loadCityFiles());
const cities = data.cities.map((c) => ({ id: c.slug, slug: c.slug, label: c.label, population: c.population, active: c.active }));
const index = buildPlaceIndex({
  cities,
  aliases: data.aliases.map((a) => ({ alias: a.alias, cityId: a.citySlug })),
  postalCodes: data.postalCodes.map((p) => ({ zip: p.zip, name: p.name, cityId: p.citySlug })),
});

describe('place matching over the real cities', () => {
  it.each([
    ['kobenhavn', 'koebenhavn'],
    ['KØBENHAVN', 'koebenhavn'],
    ['Kbh', 'koebenhavn'],
    ['cph', 'koebenhavn'],
    ['odnese', 'odense'],
    ['2400', 'koebenhavn'],
    ['2400 København NV', 'koebenhavn'],
    ['københavn nv', 'koebenhavn'],
    ['aarhus c', 'aarhus'],
    ['Århus', 'aarhus'],
    ['aarhus', 'aarhus'],
    ['Aabenraa', 'aabenraa'],
    ['Åbenrå', 'aabenraa'],
    ['Hellebaek', 'hellebaek'],
    ['Hellebæk', 'hellebaek'],
    ['Aalbrog', 'aalborg'],
    ['esbjrg', 'esbjerg'],
  ])('%j → %s', (q, slug) => {
    expect(findPlace(q, index)?.city.slug).toBe(slug);
  });

  it('no two cities share a name once æ/ø/å are left out', () => {
    const owner = new Map<string, string>();
    const clashes: string[] = [];
    for (const c of cities) {
      const key = placeKey(c.label);
      const other = owner.get(key);
      if (other && other !== c.slug) clashes.push(`${key}: ${other}, ${c.slug}`);
      owner.set(key, c.slug);
    }
    expect(clashes).toEqual([]);
  });

  it('suggests the Aa- cities for "aa" and the K- cities for "k", largest first', () => {
    const labels = (q: string) => suggestPlaces(q, index).map((s) => s.city.label);
    expect(labels('aa').slice(0, 3)).toEqual(['Aarhus', 'Aalborg', 'Aabenraa']);
    // Rønne (through Aakirkeby) and Skagen (Ålbæk) only after every city whose own name starts so.
    const aa = suggestPlaces('aa', index);
    const firstByPostalName = aa.findIndex((s) => s.matched !== null);
    expect(aa.slice(0, firstByPostalName).every((s) => /^(Aa|Å)/.test(s.city.label))).toBe(true);
    expect(aa.slice(firstByPostalName).map((s) => s.city.label)).toContain('Rønne');
    expect(labels('k')[0]).toBe('København');
    // Fewer than ten cities start with K: the rest come through a postal name (Klarup → Aalborg), after them and saying so.
    const k = suggestPlaces('k', index);
    const kCities = cities.filter((c) => /^K/.test(c.label)).length;
    expect(k.slice(0, kCities).every((s) => /^K/.test(s.city.label) && s.matched === null)).toBe(true);
    expect(k.slice(kCities).every((s) => s.matched !== null && /^K/i.test(s.matched))).toBe(true);
    expect(suggestPlaces('2400', index)[0]).toMatchObject({ city: { slug: 'koebenhavn' }, matched: '2400 København NV' });
    expect(labels('kbh')[0]).toBe('København');
    expect(labels('aa')).toHaveLength(10);
  });

  it('offers near names when nothing matches', () => {
    expect(nearestPlaces('Odnesee', index).map((c) => c.slug)).toContain('odense');
  });
});
