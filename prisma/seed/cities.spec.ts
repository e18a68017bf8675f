import { describe, it, expect } from 'vitest';
import { parse } from 'csv-parse/sync';
import {
  buildCities,
  buildCitiesFromFiles,
  haversineKm,
  loadCityFiles,
  parsePostalCodes,
  parseTowns,
  type PostalRow,
  type TownRow,
} from './cities';

describe('buildCities with the real reference data', () => {
  const files = loadCityFiles();
  const data = buildCitiesFromFiles(files);
  const ownerOf = (zip: string) => data.postalCodes.find((p) => p.zip === zip)?.citySlug;
  const alias = (a: string) => data.aliases.find((x) => x.alias === a)?.citySlug;

  it('makes a city of every town with at least 5000 inhabitants', () => {
    expect(data.cities).toHaveLength(131);
    expect(new Set(data.cities.map((c) => c.slug)).size).toBe(131);
    expect(data.cities.every((c) => c.active)).toBe(true);
    expect(data.cities.every((c) => c.population >= 5000)).toBe(true);
    expect(data.cities[0]).toMatchObject({ slug: 'koebenhavn', label: 'København', municipality: 'København' });
  });

  it('assigns every ordinary postal code to exactly one city and never a special code', () => {
    const rows = parse(files.postnumre, { columns: true }) as { zip: string }[];
    const special = (parse(files.special, { columns: true }) as { zip: string }[]).map((r) => r.zip);
    expect(data.postalCodes).toHaveLength(rows.length);
    expect(new Set(data.postalCodes.map((p) => p.zip)).size).toBe(rows.length);
    const slugs = new Set(data.cities.map((c) => c.slug));
    expect(data.postalCodes.every((p) => slugs.has(p.citySlug))).toBe(true);
    for (const zip of special) expect(ownerOf(zip)).toBeUndefined();

    // Owned zips partition the postal codes; borrowed ones are the only overlap.
    const owned = data.cities.flatMap((c) => c.zips.filter((z) => z !== c.borrowedZip));
    expect(owned.sort()).toEqual(data.postalCodes.map((p) => p.zip).sort());
  });

  it('gives every city at least one zip, borrowing the nearest one only when it owns none', () => {
    expect(data.cities.every((c) => c.zips.length >= 1)).toBe(true);
    const borrowers = data.cities.filter((c) => c.borrowedZip !== null);
    for (const c of borrowers) {
      expect(c.zips).toEqual([c.borrowedZip]);
      expect(ownerOf(c.borrowedZip!)).not.toBe(c.slug);
    }
    expect(borrowers.map((c) => c.slug).sort()).toEqual(['christianshavn', 'stavnsholt']);
  });

  it.each([
    ['8000', 'aarhus'],
    ['8200', 'aarhus'],
    ['1050', 'koebenhavn'],
    ['1473', 'koebenhavn'],
    ['2100', 'koebenhavn'],
    ['2150', 'koebenhavn'],
    ['2500', 'koebenhavn'],
    ['2720', 'vanloese'],
    ['2000', 'frederiksberg'],
    ['1850', 'frederiksberg'],
    ['2800', 'kongens-lyngby'],
    ['5000', 'odense'],
    ['9000', 'aalborg'],
    ['9400', 'noerresundby'],
    ['8361', 'kolt'],
    ['2765', 'smoerumnedre'],
    ['2700', 'koebenhavn'],
    ['8220', 'aarhus'],
  ])('maps %s to %s', (zip, slug) => {
    expect(ownerOf(zip)).toBe(slug);
    expect(alias(zip)).toBe(slug);
    expect(data.cities.find((c) => c.slug === slug)?.zips).toContain(zip);
  });

  it('has aliases for postal names, their slugs and city names', () => {
    expect(alias('aarhus c')).toBe('aarhus');
    expect(alias('aarhus')).toBe('aarhus');
    expect(alias('københavn k')).toBe('koebenhavn');
    expect(alias('københavn ø')).toBe('koebenhavn');
    expect(alias('københavn')).toBe('koebenhavn');
    expect(alias('koebenhavn')).toBe('koebenhavn');
    expect(alias('frederiksberg c')).toBe('frederiksberg');
    expect(alias('kongens lyngby')).toBe('kongens-lyngby');
    expect(alias('odense c')).toBe('odense');
    expect(alias('valby')).toBe('koebenhavn');
    expect(alias('tranbjerg j')).toBe('tranbjerg');
    expect(alias('tranbjerg-j')).toBe('tranbjerg');
    expect(new Set(data.aliases.map((a) => a.alias)).size).toBe(data.aliases.length);
    expect(data.aliases.every((a) => a.alias === a.alias.trim().toLowerCase())).toBe(true);
  });

  it('maps a postal name shared by several zips to one city', () => {
    const byName = new Map<string, Set<string>>();
    for (const p of data.postalCodes) byName.set(p.name, (byName.get(p.name) ?? new Set()).add(p.citySlug));
    for (const [, slugs] of byName) expect(slugs.size).toBe(1);
    expect(data.postalCodes.filter((p) => p.name === 'København K')).toHaveLength(232);
  });

  it('ranks the five popular cities', () => {
    const popular = data.cities
      .filter((c) => c.popularRank !== null)
      .sort((a, b) => a.popularRank! - b.popularRank!)
      .map((c) => c.slug);
    expect(popular).toEqual(['koebenhavn', 'aarhus', 'odense', 'aalborg', 'esbjerg']);
  });

  it('keeps non-name assignments close', () => {
    const far = data.postalCodes.filter((p) => p.distanceKm > 60);
    expect(far).toEqual([]);
  });
});

describe('buildCities rules on small inputs', () => {
  const town = (name: string, population: number, lat: number, lng: number, municipality: string): TownRow => ({
    name,
    population,
    lat,
    lng,
    municipality,
  });
  const postal = (zip: string, name: string, lat: number, lng: number, municipality: string): PostalRow => ({
    zip,
    name,
    lat,
    lng,
    municipality,
  });

  it('parses the CSV files', () => {
    expect(parseTowns('name,population,lat,lng,municipality\nEjby,5100,55.4,9.9,Middelfart\n')).toEqual([
      town('Ejby', 5100, 55.4, 9.9, 'Middelfart'),
    ]);
    expect(parsePostalCodes('zip,name,lat,lng,municipality\n8000,Aarhus C,56.1,10.2,Aarhus\n')).toEqual([
      postal('8000', 'Aarhus C', 56.1, 10.2, 'Aarhus'),
    ]);
    expect(() => parsePostalCodes('zip,name,lat,lng,municipality\n800,X,56.1,10.2,Aarhus\n')).toThrow(/zip/);
    expect(() => parseTowns('name,population,lat,lng,municipality\nX,,56.1,10.2,Aarhus\n')).toThrow(/population/);
  });

  it('disambiguates a slug collision with the municipality and drops small towns', () => {
    const { cities } = buildCities({
      towns: [
        town('Ejby', 6000, 55.43, 9.93, 'Middelfart'),
        town('Ejby', 5000, 55.49, 12.07, 'Køge'),
        town('Lilleby', 4999, 55.5, 10, 'Middelfart'),
      ],
      postalCodes: [postal('5592', 'Ejby', 55.43, 9.93, 'Middelfart')],
    });
    expect(cities.map((c) => c.slug)).toEqual(['ejby-middelfart', 'ejby-koege']);
  });

  it('prefers the name, then the municipality, then the nearest city', () => {
    const data = buildCities({
      towns: [
        town('Storby', 100_000, 56.0, 10.0, 'Storby'),
        town('Naboby', 6_000, 56.0, 10.1, 'Naboby'), // ≈ 6.2 km east of Storby
      ],
      postalCodes: [
        postal('1000', 'Storby C', 56.0, 10.0, 'Storby'),
        postal('1100', 'Naboby', 56.0, 10.1, 'Naboby'),
        // 2.2 km from Naboby, 4 km from Storby, in Storby's municipality → Storby (within 5 km slack)
        postal('1200', 'Mellemby', 56.0, 10.065, 'Storby'),
        // same point, but in a municipality without a city → nearest
        postal('1300', 'Andeby', 56.0, 10.065, 'Ingen'),
        // 30 km away in Storby's municipality, nearer Naboby → nearest (beyond slack)
        postal('1400', 'Fjernby', 56.0, 10.55, 'Storby'),
      ],
    });
    const owner = Object.fromEntries(data.postalCodes.map((p) => [p.zip, [p.citySlug, p.assignment]]));
    expect(owner).toEqual({
      '1000': ['storby', 'name'],
      '1100': ['naboby', 'name'],
      '1200': ['storby', 'same-municipality'],
      '1300': ['naboby', 'nearest'],
      '1400': ['naboby', 'nearest'],
    });
  });

  it('lets a city without postal codes borrow the nearest one and skips special codes', () => {
    const data = buildCities({
      towns: [town('Storby', 100_000, 56.0, 10.0, 'Storby'), town('Kvarter', 8_000, 56.0, 10.02, 'Storby')],
      postalCodes: [postal('1000', 'Storby C', 56.0, 10.0, 'Storby'), postal('1001', 'Storby C', 56.0, 10.019, 'Storby'), postal('1002', 'Postboks', 56, 10, 'Storby')],
      specialZips: new Set(['1002']),
    });
    expect(data.postalCodes.map((p) => p.zip)).toEqual(['1000', '1001']);
    expect(data.cities.find((c) => c.slug === 'kvarter')).toMatchObject({ zips: ['1001'], borrowedZip: '1001' });
    expect(data.aliases.find((a) => a.alias === '1001')?.citySlug).toBe('storby');
    expect(data.aliases.find((a) => a.alias === 'kvarter')?.citySlug).toBe('kvarter');
  });

  it('refuses a postal name that would map to two cities', () => {
    expect(() =>
      buildCities({
        towns: [town('Vest', 9_000, 56.0, 9.0, 'A'), town('Øst', 9_000, 56.0, 11.0, 'B')],
        postalCodes: [postal('1000', 'Midt', 56.0, 9.1, 'A'), postal('1001', 'Midt', 56.0, 10.9, 'B')],
      }),
    ).toThrow(/midt/);
  });

  it('measures great-circle distances', () => {
    // København → Aarhus ≈ 157 km as the crow flies.
    expect(haversineKm({ lat: 55.67594, lng: 12.56553 }, { lat: 56.15674, lng: 10.21076 })).toBeCloseTo(157, -1);
  });
});
