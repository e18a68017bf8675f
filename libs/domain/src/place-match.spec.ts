import { describe, expect, it } from 'vitest';
import { buildPlaceIndex, isCitySlug, matchPlace, placeKeys } from './place-match';

describe('placeKeys', () => {
  it.each([
    ['8000', ['8000']],
    ['  Aarhus C ', ['aarhus c', 'aarhus']],
    ['aarhus c', ['aarhus c', 'aarhus']],
    ['København Ø', ['københavn ø', 'koebenhavn']],
    ['8000 Aarhus C', ['8000 aarhus c', 'aarhus']],
    ['odense', ['odense']],
    ['%%', ['%%']],
  ])('%s → %j', (q, keys) => {
    expect(placeKeys(q)).toEqual(keys);
  });
});

describe('matchPlace', () => {
  const aarhus = { id: 1, slug: 'aarhus', label: 'Aarhus' };
  const koebenhavn = { id: 2, slug: 'koebenhavn', label: 'København' };
  const hoejeTaastrup = { id: 3, slug: 'hoeje-taastrup', label: 'Høje-Taastrup' };
  const index = buildPlaceIndex({
    cities: [aarhus, koebenhavn, hoejeTaastrup],
    aliases: [
      { alias: '8000', cityId: 1 },
      { alias: 'aarhus c', cityId: 1 },
      { alias: 'københavn ø', cityId: 2 },
    ],
    postalCodes: [
      { zip: '8200', name: 'Aarhus N', cityId: 1 },
      { zip: '2630', name: 'Taastrup', cityId: 3 },
    ],
  });

  it.each([
    ['aarhus', aarhus],
    ['Aarhus', aarhus],
    ['  AARHUS  ', aarhus],
    ['8000', aarhus],
    ['8000 Aarhus C', aarhus],
    ['Aarhus C', aarhus],
    // A postal code or postal name without an alias row still names its city.
    ['8200', aarhus],
    ['aarhus n', aarhus],
    ['København Ø', koebenhavn],
    ['koebenhavn', koebenhavn],
    ['Høje-Taastrup', hoejeTaastrup],
    ['høje   taastrup', hoejeTaastrup],
  ])('%j names %j', (q, city) => {
    expect(matchPlace(q, index)).toEqual(city);
  });

  // Issue 12 §3: a LIKE built from these matched an arbitrary city (or failed with a 500).
  it.each(['%%', '%', '_', '__', '%\\', '\\', 'aar%', '%hus', 'a_rhus', '*', '.*', 'aarhu', 'nowhere'])('%j names no city', (q) => {
    expect(matchPlace(q, index)).toBeNull();
  });

  it('prefers a slug over a label and a label over an alias of another city', () => {
    const a = { id: 10, slug: 'ry', label: 'Ry' };
    const b = { id: 11, slug: 'skanderborg', label: 'Skanderborg' };
    const clash = buildPlaceIndex({ cities: [a, b], aliases: [{ alias: 'ry', cityId: 11 }] });
    expect(matchPlace('ry', clash)).toEqual(a);
  });
});

describe('isCitySlug', () => {
  it.each(['aarhus', 'hoeje-taastrup', 'testby-1a2b'])('%j is slug-shaped', (s) => expect(isCitySlug(s)).toBe(true));
  it.each(['', 'Aarhus', 'a--b', '-a', 'a-', 'a b', 'a\u0000b', 'x\ud800', '%%', 'a'.repeat(101)])('%j is not', (s) => expect(isCitySlug(s)).toBe(false));
});
