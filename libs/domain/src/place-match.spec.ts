import { describe, expect, it } from 'vitest';
import { isCitySlug } from './city-slug';
import { buildPlaceIndex, findPlace, matchPlace, nearestPlaces, placeDisplayName, suggestPlaces, type MatchableCity } from './place-match';
import { editDistance, foldPlaceText, placeKey, spellsPlace, startsLikePlace } from './place-text';

// A small Denmark: real names, populations as in prisma/data/byer.csv, postal names as in postnumre.csv.
const city = (id: number, slug: string, label: string, population: number, active = true): MatchableCity => ({ id, slug, label, population, active });
const koebenhavn = city(1, 'koebenhavn', 'København', 1_153_615);
const aarhus = city(2, 'aarhus', 'Aarhus', 237_551);
const odense = city(3, 'odense', 'Odense', 145_931);
const aalborg = city(4, 'aalborg', 'Aalborg', 122_219);
const kolding = city(5, 'kolding', 'Kolding', 55_363);
const aabenraa = city(6, 'aabenraa', 'Aabenraa', 16_000);
const hellebaek = city(7, 'hellebaek', 'Hellebæk', 5_500);
const roenne = city(8, 'roenne', 'Rønne', 13_800);
const skagen = city(9, 'skagen', 'Skagen', 8_100);
const koege = city(10, 'koege', 'Køge', 37_000);
const kongensLyngby = city(11, 'kongens-lyngby', 'Kongens Lyngby', 56_000);
const hoejeTaastrup = city(12, 'hoeje-taastrup', 'Høje-Taastrup', 50_000);
const vaerloese = city(13, 'vaerloese', 'Værløse', 12_800);
const varde = city(14, 'varde', 'Varde', 13_400);
const frederiksberg = city(15, 'frederiksberg', 'Frederiksberg', 95_029);
const naestved = city(16, 'naestved', 'Næstved', 40_660);
const nyborg = city(17, 'nyborg', 'Nyborg', 17_000, false);
const helsingoer = city(18, 'helsingoer', 'Helsingør', 46_000);
const aars = city(19, 'aars', 'Aars', 8_000);
const cities = [koebenhavn, aarhus, odense, aalborg, kolding, aabenraa, hellebaek, roenne, skagen, koege, kongensLyngby, hoejeTaastrup, vaerloese, varde, frederiksberg, naestved, nyborg, helsingoer, aars];

const postal = (zip: string, name: string, c: MatchableCity) => ({ zip, name, cityId: c.id });
const index = buildPlaceIndex({
  cities,
  postalCodes: [
    postal('1050', 'København K', koebenhavn),
    postal('2100', 'København Ø', koebenhavn),
    postal('2200', 'København N', koebenhavn),
    postal('2400', 'København NV', koebenhavn),
    postal('2450', 'København SV', koebenhavn),
    postal('8000', 'Aarhus C', aarhus),
    postal('8200', 'Aarhus N', aarhus),
    postal('5000', 'Odense C', odense),
    postal('5220', 'Odense SØ', odense),
    postal('9000', 'Aalborg', aalborg),
    postal('3720', 'Aakirkeby', roenne),
    postal('3700', 'Rønne', roenne),
    postal('9982', 'Ålbæk', skagen),
    postal('6800', 'Varde', varde),
    postal('6200', 'Aabenraa', aabenraa),
    postal('3150', 'Hellebæk', hellebaek),
    postal('2800', 'Kongens Lyngby', kongensLyngby),
    postal('2630', 'Taastrup', hoejeTaastrup),
    postal('3500', 'Værløse', vaerloese),
    postal('5800', 'Nyborg', nyborg),
    postal('1800', 'Frederiksberg C', frederiksberg),
  ],
  aliases: [
    { alias: '8000', cityId: aarhus.id },
    { alias: 'aarhus c', cityId: aarhus.id },
    { alias: 'århus', cityId: aarhus.id },
    { alias: 'lyngby', cityId: kongensLyngby.id },
  ],
});

describe('findPlace: the way Danes write places', () => {
  it.each([
    // exact, as before
    ['aarhus', aarhus, 'exact'],
    ['  AARHUS  ', aarhus, 'exact'],
    ['8000', aarhus, 'exact'],
    ['8000 Aarhus C', aarhus, 'postcode'],
    ['Aarhus C', aarhus, 'exact'],
    ['8200', aarhus, 'exact'],
    ['aarhus n', aarhus, 'exact'],
    ['København', koebenhavn, 'exact'],
    ['KØBENHAVN', koebenhavn, 'exact'],
    ['koebenhavn', koebenhavn, 'exact'],
    ['Høje-Taastrup', hoejeTaastrup, 'exact'],
    // æ/ø/å written or left out: ø as o or oe, å as a or aa, æ as ae (or ä, ö from a Swedish keyboard)
    ['kobenhavn', koebenhavn, 'spelling'],
    ['Kobenhavn', koebenhavn, 'spelling'],
    ['KOEBENHAVN', koebenhavn, 'exact'],
    ['Köbenhavn', koebenhavn, 'spelling'],
    ['Århus', aarhus, 'exact'],
    ['ÅRHUS', aarhus, 'exact'],
    ['arhus', aarhus, 'spelling'],
    ['Aabenraa', aabenraa, 'exact'],
    ['Åbenrå', aabenraa, 'spelling'],
    ['abenra', aabenraa, 'spelling'],
    ['Hellebaek', hellebaek, 'exact'],
    ['Hellebæk', hellebaek, 'exact'],
    ['hellebäk', hellebaek, 'spelling'],
    ['Naestved', naestved, 'exact'],
    ['Hoeje Taastrup', hoejeTaastrup, 'spelling'],
    ['høje   taastrup', hoejeTaastrup, 'spelling'],
    ['hoje-tastrup', hoejeTaastrup, 'spelling'],
    ['Rønne', roenne, 'exact'],
    ['ronne', roenne, 'spelling'],
    // postal codes with or without their name, and postal districts
    ['2400', koebenhavn, 'exact'],
    ['2400 København NV', koebenhavn, 'postcode'],
    ['2400 kobenhavn nv', koebenhavn, 'postcode'],
    ['København NV 2400', koebenhavn, 'postcode'],
    ['København NV', koebenhavn, 'exact'],
    ['københavn nv', koebenhavn, 'exact'],
    ['kobenhavn nv', koebenhavn, 'spelling'],
    ['København Ø', koebenhavn, 'exact'],
    ['Kobenhavn OE', koebenhavn, 'spelling'],
    ['København V', koebenhavn, 'district'],
    ['aarhus c', aarhus, 'exact'],
    ['Aarhus V', aarhus, 'district'],
    ['Odense SØ', odense, 'exact'],
    ['odense k', odense, 'district'],
    ['9999 Odense', odense, 'spelling'],
    // æ typed as a is one edit: Varløse is no city of ours, so "Varlose" is Værløse
    ['Varlose', vaerloese, 'typo'],
    // abbreviations
    ['Kbh', koebenhavn, 'abbreviation'],
    ['kbh.', koebenhavn, 'abbreviation'],
    ['cph', koebenhavn, 'abbreviation'],
    ['CPH', koebenhavn, 'abbreviation'],
    ['Copenhagen', koebenhavn, 'abbreviation'],
    ['Kbh NV', koebenhavn, 'abbreviation'],
    ['Kbh Ø', koebenhavn, 'abbreviation'],
    ['Kgs. Lyngby', kongensLyngby, 'abbreviation'],
    ['Elsinore', helsingoer, 'abbreviation'],
    // one typo in a name of five letters or more, when no other match
    ['odnese', odense, 'typo'],
    ['Odence', odense, 'typo'],
    ['odensee', odense, 'typo'],
    ['kobenhvn', koebenhavn, 'typo'],
    ['Aalbrog', aalborg, 'typo'],
    ['hellebak', hellebaek, 'typo'],
    ['Kolidng', kolding, 'typo'],
    ['kobenhavm nv', koebenhavn, 'typo'],
    // an inactive city is still named (the API lists nothing for it)
    ['Nyborg', nyborg, 'exact'],
  ])('%j → %s (%s)', (q, expected, kind) => {
    expect(findPlace(q, index)).toEqual({ city: expected, kind });
  });

  it.each([
    // Issue 12 §3: a LIKE built from these matched an arbitrary city (or failed with a 500).
    '%%', '%', '_', '__', '%\\', '\\', 'aar%', '%hus', 'a_rhus', 'aarhu_', '*', '.*', "a'; drop", "'; DROP TABLE cities; --", 'odnese%',
    // too short for a typo, or more than one edit
    'aarhu', 'arhs', 'odns', 'odnesee', 'kbenhvn',
    // unknown postal codes, no name
    '9999', '0000', '12345', '9999 9999',
    // nothing like a place
    'nowhere', 'Ingenstedhusen', '', '   ', 'a', 'k',
  ])('%j names no city', (q) => {
    expect(findPlace(q, index)).toBeNull();
  });

  it('names no city for very long input', () => {
    for (const q of ['København'.repeat(30), 'a'.repeat(10_000), `${'x'.repeat(200)} aarhus`]) expect(findPlace(q, index)).toBeNull();
  });

  it('keeps æ apart from a: Værløse and Varløse are two towns', () => {
    const varloese = city(40, 'varloese', 'Varløse', 3000);
    const both = buildPlaceIndex({ cities: [vaerloese, varloese], aliases: [] });
    expect(findPlace('Varlose', both)).toEqual({ city: varloese, kind: 'spelling' });
    expect(findPlace('Vaerlose', both)).toEqual({ city: vaerloese, kind: 'spelling' });
    expect(findPlace('Værløse', both)).toEqual({ city: vaerloese, kind: 'exact' });
  });

  it('forgives a typo only when it leads to one city', () => {
    const two = buildPlaceIndex({ cities: [city(1, 'vejle', 'Vejle', 51_000), city(2, 'veile', 'Veile', 100)], aliases: [] });
    expect(findPlace('Veple', two)).toBeNull();
    expect(findPlace('Vejlle', two)?.city.slug).toBe('vejle');
    expect(findPlace('Vejle', two)?.city.slug).toBe('vejle');
  });

  it('prefers a slug over a label and a label over an alias of another city', () => {
    const a = { id: 10, slug: 'ry', label: 'Ry' };
    const b = { id: 11, slug: 'skanderborg', label: 'Skanderborg' };
    const clash = buildPlaceIndex({ cities: [a, b], aliases: [{ alias: 'ry', cityId: 11 }] });
    expect(matchPlace('ry', clash)).toEqual(a);
    expect(matchPlace('RY', clash)).toEqual(a);
  });

  it('takes cities named by string ids (the web builds the index from the areas list)', () => {
    const web = buildPlaceIndex({ cities: [{ id: 'odense', slug: 'odense', label: 'Odense' }], aliases: [{ alias: '5000', cityId: 'odense' }] });
    expect(matchPlace('odnese', web)?.slug).toBe('odense');
    expect(matchPlace('5000 Odense C', web)?.slug).toBe('odense');
  });
});

describe('suggestPlaces', () => {
  const suggest = (q: string) => suggestPlaces(q, index).map((s) => s.city.slug);

  it.each([
    // "aa" means Aa… or Å…: Aarhus, Aalborg, Aabenraa, Aars by size, then the postal names (Aakirkeby → Rønne, Ålbæk → Skagen)
    ['aa', ['aarhus', 'aalborg', 'aabenraa', 'aars', 'roenne', 'skagen']],
    ['å', ['aarhus', 'aalborg', 'aabenraa', 'aars', 'roenne', 'skagen']],
    ['aab', ['aabenraa']],
    // "k": the cities starting with K, largest first; never Aalborg
    ['k', ['koebenhavn', 'kongens-lyngby', 'kolding', 'koege']],
    ['ko', ['koebenhavn', 'kongens-lyngby', 'kolding', 'koege']],
    ['kø', ['koebenhavn', 'koege']],
    ['koe', ['koebenhavn', 'koege']],
    ['kob', ['koebenhavn']],
    ['kbh', ['koebenhavn']],
    ['Kbh NV', ['koebenhavn']],
    ['cph', ['koebenhavn']],
    ['2400', ['koebenhavn']],
    ['24', ['koebenhavn']],
    ['8', ['aarhus']],
    ['2', ['koebenhavn', 'kongens-lyngby', 'hoeje-taastrup']],
    ['2400 København NV', ['koebenhavn']],
    ['københavn n', ['koebenhavn']],
    ['lyngby', ['kongens-lyngby']],
    ['taastrup', ['hoeje-taastrup']],
    ['hoeje', ['hoeje-taastrup']],
    ['odnese', ['odense']],
    ['Åbenrå', ['aabenraa']],
    // inactive cities are never suggested, also not through a postal code
    ['nyb', []],
    ['5800', []],
    ['', []],
    ['   ', []],
    ['xyz', []],
    ['%%', []],
  ])('%j → %j', (q, expected) => {
    expect(suggest(q)).toEqual(expected);
  });

  it('says which postal code or district led to the city', () => {
    expect(suggestPlaces('2400', index)).toEqual([{ city: koebenhavn, tier: 3, matched: '2400 København NV' }]);
    expect(suggestPlaces('københavn nv', index)).toEqual([{ city: koebenhavn, tier: 3, matched: 'København NV' }]);
    expect(suggestPlaces('aa', index).find((s) => s.city === roenne)?.matched).toBe('Aakirkeby');
    expect(suggestPlaces('kø', index)[0]).toEqual({ city: koebenhavn, tier: 0, matched: null });
  });

  it('ranks label prefix, slug prefix, word start, postal code or district, typo', () => {
    const tiers = buildPlaceIndex({
      cities: [city(1, 'a', 'Vester Hus', 1), city(2, 'husby-x', 'Hüsby', 2), city(3, 'husum', 'Husum', 3), city(4, 'b', 'Bøge', 4), city(5, 'c', 'Nord', 5)],
      aliases: [],
      postalCodes: [{ zip: '1234', name: 'Husvig', cityId: 4 }],
    });
    expect(suggestPlaces('hus', tiers).map((s) => [s.city.label, s.tier])).toEqual([
      ['Husum', 0],
      ['Hüsby', 0],
      ['Vester Hus', 2],
      ['Bøge', 3],
    ]);
  });

  it('stops at the limit, 10 by default', () => {
    const many = Array.from({ length: 30 }, (_, i) => city(i + 1, `by-${i}`, `By ${i}`, 1000 - i));
    const big = buildPlaceIndex({ cities: many, aliases: [] });
    expect(suggestPlaces('by', big)).toHaveLength(10);
    expect(suggestPlaces('by', big, 3).map((s) => s.city.slug)).toEqual(['by-0', 'by-1', 'by-2']);
  });
});

describe('nearestPlaces: what a search that names no place offers', () => {
  it.each([
    ['Ingenstedhusen', []],
    ['Odnesee', ['odense']],
    ['Koebnehavn Q', ['koebenhavn']],
    ['Aalborgg X', ['aalborg']],
    ['Kolidngg', ['kolding']],
    ['Ronnes', ['roenne']],
    ['%%', []],
    ["a'; drop", []],
    ['9999', []],
  ])('%j → %j', (q, expected) => {
    expect(nearestPlaces(q, index).map((c) => c.slug)).toEqual(expected);
  });
});

describe('placeDisplayName', () => {
  it.each([
    ['københavn nv', 'København NV'],
    ['aakirkeby', 'Aakirkeby'],
    ['kongens lyngby', 'Kongens Lyngby'],
    ['odense sø', 'Odense SØ'],
  ])('%j → %j', (alias, shown) => expect(placeDisplayName(alias)).toBe(shown));
});

describe('place text', () => {
  it.each([
    ['  Høje-Taastrup ', 'høje taastrup'],
    ['Kbh.', 'kbh'],
    ['KÖBENHAVN', 'købenHAVN'.toLowerCase()],
    ['Café Ålbæk', 'cafe ålbæk'],
    ['a\u030a', 'å'],
    ['%%', ''],
  ])('foldPlaceText(%j) = %j', (value, folded) => expect(foldPlaceText(value)).toBe(folded));

  it.each([
    ['København', 'kobenhavn'],
    ['Koebenhavn', 'kobenhavn'],
    ['Århus', 'arhus'],
    ['Aarhus', 'arhus'],
    ['Næstved', 'næstved'],
    ['Naestved', 'næstved'],
    ['Værløse', 'værlose'],
    ['Varløse', 'varlose'],
  ])('placeKey(%j) = %j', (value, key) => expect(placeKey(value)).toBe(key));

  it.each([
    ['københavn', 'k', true],
    ['københavn', 'kø', true],
    ['københavn', 'koe', true],
    ['københavn', 'ko', true],
    ['københavn', 'kob', true],
    ['københavn', 'kol', false],
    ['kolding', 'koe', false],
    ['åbenrå', 'aa', true],
    ['åbenrå', 'a', true],
    ['åbenrå', 'ab', true],
    ['albertslund', 'aa', false],
    ['næstved', 'na', true],
    ['næstved', 'nae', true],
    ['næstved', 'nas', false],
  ])('startsLikePlace(%j, %j) = %s', (name, typed, expected) => expect(startsLikePlace(name, typed)).toBe(expected));

  it('spellsPlace needs the whole name', () => {
    expect(spellsPlace('københavn', 'kobenhavn')).toBe(true);
    expect(spellsPlace('københavn', 'kobenhav')).toBe(false);
  });

  it.each([
    ['odense', 'odnese', 1],
    ['odense', 'odense', 0],
    ['odense', 'odens', 1],
    ['odense', 'oddense', 1],
    ['odense', 'odemse', 1],
    ['odense', 'ondese', 2],
    ['aalborg', 'kolding', 2],
  ])('editDistance(%j, %j) ≤ 1 → %i', (a, b, d) => expect(editDistance(a, b, 1)).toBe(d));
});

describe('isCitySlug', () => {
  it.each(['aarhus', 'hoeje-taastrup', 'testby-1a2b'])('%j is slug-shaped', (s) => expect(isCitySlug(s)).toBe(true));
  it.each(['', 'Aarhus', 'a--b', '-a', 'a-', 'a b', 'a\u0000b', 'x\ud800', '%%', 'a'.repeat(101)])('%j is not', (s) => expect(isCitySlug(s)).toBe(false));
});
