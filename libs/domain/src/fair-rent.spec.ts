import { describe, expect, it } from 'vitest';
import { FAIR_RENT, fairRentHint, fairRentHintText, formatSizeBand, rentPerM2, sizeBandOf } from './fair-rent';

describe('size bands', () => {
  it.each([
    [18, { min: 0, max: 40 }],
    [39, { min: 0, max: 40 }],
    [40, { min: 40, max: 60 }],
    [79, { min: 60, max: 80 }],
    [100, { min: 100, max: 130 }],
    [130, { min: 130, max: null }],
    [400, { min: 130, max: null }],
    [-1, null],
    [0, null],
  ])('%d m² → %j', (size, band) => {
    expect(sizeBandOf(size)).toEqual(band);
  });

  it.each([
    [{ min: 60, max: 80 }, 'da', '60–79 m²'],
    [{ min: 130, max: null }, 'da', '130 m² og derover'],
    [{ min: 130, max: null }, 'en', '130 m² or more'],
  ] as const)('%j in %s → %s', (band, lang, text) => {
    expect(formatSizeBand(band, lang)).toBe(text);
  });
});

describe('the hint', () => {
  const enough = FAIR_RENT.minComparables;
  it.each([
    // rent, size, comparables, median per m² → verdict, percent
    ['in line', 9000, 75, enough, 120, 'typical', 0],
    ['10 % above is still typical', 9900, 75, enough, 120, 'typical', 10],
    ['11 % above', 9990, 75, enough, 120, 'above', 11],
    ['25 % below', 6750, 75, 40, 120, 'below', 25],
    ['11 % below', 8010, 75, 40, 120, 'below', 11],
  ] as const)('%s', (_name, rent, size, count, median, verdict, percent) => {
    expect(fairRentHint({ rent, size }, { count, medianPerM2: median })).toMatchObject({ verdict, percent, medianPerM2: median, comparables: count, band: { min: 60, max: 80 } });
  });

  it.each([
    ['too few comparables', 9000, 75, enough - 1, 120],
    ['no median', 9000, 75, 50, null],
    ['unknown rent', -1, 75, 50, 120],
    ['unknown size', 9000, -1, 50, 120],
    ['a zero median', 9000, 75, 50, 0],
  ] as const)('no hint: %s', (_name, rent, size, count, median) => {
    expect(fairRentHint({ rent, size }, { count, medianPerM2: median })).toBeNull();
  });

  it('rent per m²', () => {
    expect(rentPerM2(9000, 75)).toBe(120);
    expect(rentPerM2(9000, -1)).toBeNull();
    expect(rentPerM2(-1, 75)).toBeNull();
  });

  it.each([
    ['da', 9990, 'Huslejen ligger 11 % over det typiske', '133 kr./m² mod typisk 120 kr./m² (medianen) for 12 ledige boliger på 60–79 m² i Aarhus'],
    ['da', 6750, 'Huslejen ligger 25 % under det typiske', '90 kr./m² mod typisk 120 kr./m²'],
    ['da', 9000, 'Huslejen ligger på niveau med lignende boliger', 'for 12 ledige boliger'],
    ['en', 9990, 'The rent is 11% above typical', '133 kr./m² against a typical 120 kr./m² (the median) for 12 vacant dwellings of 60–79 m² in Aarhus'],
    ['en', 9000, 'The rent is in line with similar dwellings', 'not an assessment'],
  ] as const)('%s, rent %d: %s', (lang, rent, headline, detail) => {
    const hint = fairRentHint({ rent, size: 75 }, { count: 12, medianPerM2: 120 });
    if (!hint) throw new Error('expected a hint');
    const text = fairRentHintText(hint, 'Aarhus', lang);
    expect(text.headline).toBe(headline);
    expect(text.detail).toContain(detail);
  });
});
