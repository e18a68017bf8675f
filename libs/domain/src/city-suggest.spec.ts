import { describe, it, expect } from 'vitest';
import { suggestCities, type SuggestableCity } from './city-suggest';

const city = (slug: string, label: string, popularRank: number | null = null, active = true): SuggestableCity => ({
  slug,
  label,
  active,
  popular: popularRank !== null,
  popularRank,
});

const cities: SuggestableCity[] = [
  city('koebenhavn', 'København', 1),
  city('aarhus', 'Aarhus', 2),
  city('odense', 'Odense', 3),
  city('aalborg', 'Aalborg', 4),
  city('frederiksberg', 'Frederiksberg', 5),
  city('kongens-lyngby', 'Kongens Lyngby'),
  city('koege', 'Køge'),
  city('kolding', 'Kolding'),
  city('hoeje-taastrup', 'Høje-Taastrup'),
  city('taastrup', 'Taastrup'),
  city('frederikssund', 'Frederikssund'),
  city('frederikshavn', 'Frederikshavn'),
  city('nyborg', 'Nyborg', null, false),
  city('vanloese', 'Vanløse'),
];

const aliases = {
  '8000': 'aarhus',
  '8200': 'aarhus',
  'aarhus c': 'aarhus',
  '2100': 'koebenhavn',
  'københavn ø': 'koebenhavn',
  '2800': 'kongens-lyngby',
  lyngby: 'kongens-lyngby',
  '2720': 'vanloese',
  '5800': 'nyborg',
};

describe('suggestCities', () => {
  it.each([
    // Prefix matches first; popular first within a group, then by label in Danish order (ø after z).
    ['ko', ['koebenhavn', 'kolding', 'kongens-lyngby', 'koege']],
    ['kø', ['koebenhavn', 'koege']],
    ['København Ø', ['koebenhavn']],
    ['2100 København Ø', ['koebenhavn']],
    ['aar', ['aarhus']],
    ['Aarhus C', ['aarhus']],
    ['8000', ['aarhus']],
    ['8', ['aarhus']],
    ['2', ['koebenhavn', 'kongens-lyngby', 'vanloese']],
    ['frederiks', ['frederiksberg', 'frederikshavn', 'frederikssund']],
    // Substring matches come after prefix matches.
    ['taastrup', ['taastrup', 'hoeje-taastrup']],
    ['lyngby', ['kongens-lyngby']],
    ['vanløse', ['vanloese']],
    // Inactive cities are never suggested, also not through an alias.
    ['nyb', []],
    ['5800', []],
    ['', []],
    ['   ', []],
    ['xyz', []],
  ])('%j → %j', (query, expected) => {
    expect(suggestCities(query, cities, aliases).map((c) => c.slug)).toEqual(expected);
  });

  it('stops at the limit, 10 by default', () => {
    const many = Array.from({ length: 30 }, (_, i) => city(`by-${String(i).padStart(2, '0')}`, `By ${i}`));
    expect(suggestCities('by', many)).toHaveLength(10);
    expect(suggestCities('by', many, {}, 3).map((c) => c.slug)).toEqual(['by-00', 'by-01', 'by-02']);
  });

  it('returns the caller’s city objects', () => {
    const rich = [{ ...city('aarhus', 'Aarhus', 2), zips: ['8000'] }];
    expect(suggestCities('aar', rich)[0]).toBe(rich[0]);
  });
});
