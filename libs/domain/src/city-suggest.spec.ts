import { describe, it, expect } from 'vitest';
import { areaPlaceIndex, suggestAreaPlaces, suggestCities, type SuggestableCity } from './city-suggest';
import { findPlace } from './place-match';

// The areas list as the web has it: cities by slug with their population, aliases to slugs.
const city = (slug: string, label: string, population: number, active = true): SuggestableCity => ({ slug, label, active, population });

const cities: SuggestableCity[] = [
  city('koebenhavn', 'København', 1_153_615),
  city('aarhus', 'Aarhus', 237_551),
  city('odense', 'Odense', 145_931),
  city('aalborg', 'Aalborg', 122_219),
  city('frederiksberg', 'Frederiksberg', 95_029),
  city('kongens-lyngby', 'Kongens Lyngby', 56_000),
  city('koege', 'Køge', 37_000),
  city('kolding', 'Kolding', 55_363),
  city('hoeje-taastrup', 'Høje-Taastrup', 50_000),
  city('taastrup', 'Taastrup', 30_000),
  city('frederikssund', 'Frederikssund', 16_000),
  city('frederikshavn', 'Frederikshavn', 22_000),
  city('nyborg', 'Nyborg', 17_000, false),
  city('vanloese', 'Vanløse', 37_115),
  city('aabenraa', 'Aabenraa', 16_000),
  city('roenne', 'Rønne', 13_800),
  city('skagen', 'Skagen', 8_100),
  city('varde', 'Varde', 13_400),
  city('hellebaek', 'Hellebæk', 5_500),
];

const aliases = {
  '8000': 'aarhus',
  '8200': 'aarhus',
  'aarhus c': 'aarhus',
  '2100': 'koebenhavn',
  '2400': 'koebenhavn',
  'københavn ø': 'koebenhavn',
  'københavn nv': 'koebenhavn',
  '2800': 'kongens-lyngby',
  lyngby: 'kongens-lyngby',
  '2720': 'vanloese',
  '5800': 'nyborg',
  aakirkeby: 'roenne',
  'ålbæk': 'skagen',
  'aal': 'varde',
  'aalbæk': 'hellebaek',
};

describe('suggestCities (the areas list of the web)', () => {
  it.each([
    // Issue 15: "aa" offered Rønne, Skagen, Varde and Hellebæk before Aabenraa; now the Aa- cities come first.
    ['aa', ['aarhus', 'aalborg', 'aabenraa', 'roenne', 'varde', 'skagen', 'hellebaek']],
    // Issue 15: "k" offered Aalborg; now the K- cities, largest first.
    ['k', ['koebenhavn', 'kongens-lyngby', 'kolding', 'koege']],
    ['ko', ['koebenhavn', 'kongens-lyngby', 'kolding', 'koege']],
    ['kø', ['koebenhavn', 'koege']],
    ['kob', ['koebenhavn']],
    ['kbh', ['koebenhavn']],
    ['København Ø', ['koebenhavn']],
    ['2100 København Ø', ['koebenhavn']],
    ['2400', ['koebenhavn']],
    ['aar', ['aarhus']],
    ['Aarhus C', ['aarhus']],
    ['Århus', ['aarhus']],
    ['8000', ['aarhus']],
    ['8', ['aarhus']],
    ['2', ['koebenhavn', 'kongens-lyngby', 'vanloese']],
    ['frederiks', ['frederiksberg', 'frederikshavn', 'frederikssund']],
    ['taastrup', ['taastrup', 'hoeje-taastrup']],
    ['lyngby', ['kongens-lyngby']],
    ['vanløse', ['vanloese']],
    ['vanlose', ['vanloese']],
    ['odnese', ['odense']],
    // Inactive cities are never suggested, also not through an alias.
    ['nyb', []],
    ['5800', []],
    ['', []],
    ['   ', []],
    ['xyz', []],
  ])('%j → %j', (query, expected) => {
    expect(suggestCities(query, cities, aliases).map((c) => c.slug)).toEqual(expected);
  });

  it('says which postal code or district matched', () => {
    const withNames = suggestAreaPlaces('2400', cities, aliases);
    expect(withNames.map((s) => [s.city.label, s.matched])).toEqual([['København', '2400 København']]);
    expect(suggestAreaPlaces('københavn nv', cities, aliases).map((s) => [s.city.label, s.matched])).toEqual([['København', 'København NV']]);
    // The alias written with æ/ø/å is shown, not its slug spelling.
    expect(suggestAreaPlaces('aal', cities, { ...aliases, aalbaek: 'skagen' }).find((s) => s.city.slug === 'skagen')?.matched).toBe('Ålbæk');
  });

  it('names the postal district from the city\'s district runs', () => {
    const withDistricts = cities.map((c) =>
      c.slug === 'koebenhavn'
        ? { ...c, zips: ['2100', '2400'], districts: [['2100', '2100', 'København Ø'], ['2400', '2400', 'København NV']] as Array<[string, string, string]> }
        : c,
    );
    expect(suggestAreaPlaces('2400', withDistricts, aliases).map((s) => s.matched)).toEqual(['2400 København NV']);
    expect(suggestAreaPlaces('21', withDistricts, aliases).map((s) => s.matched)).toEqual(['2100 København Ø']);
  });

  it('stops at the limit, 10 by default', () => {
    const many = Array.from({ length: 30 }, (_, i) => city(`by-${String(i).padStart(2, '0')}`, `By ${i}`, 100 - i));
    expect(suggestCities('by', many)).toHaveLength(10);
    expect(suggestCities('by', many, {}, 3).map((c) => c.slug)).toEqual(['by-00', 'by-01', 'by-02']);
  });

  it('returns the caller’s city objects', () => {
    const rich = [{ ...city('aarhus', 'Aarhus', 2), zips: ['8000'] }];
    expect(suggestCities('aar', rich)[0]).toBe(rich[0]);
  });

  it('builds the index once per list, and it names places as the API does', () => {
    expect(areaPlaceIndex(cities, aliases)).toBe(areaPlaceIndex(cities, aliases));
    // The same list parsed again (the server renderer, per page) reuses it; a changed one does not.
    expect(areaPlaceIndex(structuredClone(cities), { ...aliases })).toBe(areaPlaceIndex(cities, aliases));
    const renamed = cities.map((c) => (c.slug === 'odense' ? { ...c, label: 'Odense By' } : c));
    expect(areaPlaceIndex(renamed, aliases)).not.toBe(areaPlaceIndex(cities, aliases));
    expect(areaPlaceIndex(structuredClone(cities), { ...aliases, odder: 'odense' })).not.toBe(areaPlaceIndex(cities, aliases));
    const index = areaPlaceIndex(cities, aliases);
    expect(findPlace('kobenhavn', index)?.city.slug).toBe('koebenhavn');
    expect(findPlace('Kbh', index)?.city.slug).toBe('koebenhavn');
    expect(findPlace('odnese', index)?.city.slug).toBe('odense');
    expect(findPlace('2400 København NV', index)?.city.slug).toBe('koebenhavn');
  });
});
