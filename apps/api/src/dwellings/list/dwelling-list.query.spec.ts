import { describe, expect, it } from 'vitest';
import { decodeListRows, dwellingListStatement, parseTextArray } from './dwelling-list.query';

describe('parseTextArray', () => {
  it('reads text[] in PostgreSQL output form, quoted elements included', () => {
    expect(parseTextArray('{}')).toEqual([]);
    expect(parseTextArray('{ab12,cd34}')).toEqual(['ab12', 'cd34']);
    expect(parseTextArray('{ab12,"a b","x,y","q\\"u\\\\o"}')).toEqual(['ab12', 'a b', 'x,y', 'q"u\\o']);
  });
});

describe('decodeListRows', () => {
  it('decodes the page, its total and version, with times from epoch seconds', () => {
    const created = new Date('2026-11-22T05:36:12.120Z');
    const row = ['512', '17', '42', 'Lejlighed', 'Lys', '-1', '3', '75', null, '55.6761', '12.5683', '2100', '1', String(created.getTime() / 1000), null, '{ab,cd}', '9650', null];
    expect(decodeListRows([row])).toEqual({
      total: 512,
      version: '17',
      dwellings: [
        { id: 42, headline: 'Lejlighed', teaser: 'Lys', rent: -1, rooms: 3, size: 75, street: null, lat: 55.6761, lng: 12.5683, zip: '2100', cityId: 1, createdAt: created, deletedAt: null, imageKeys: ['ab', 'cd'], monthlyCost: 9650, moveInCost: null },
      ],
    });
  });

  it('reads the one row of an empty list as no dwellings', () => {
    const empty = ['0', '3', ...Array.from({ length: 16 }, () => null)];
    expect(decodeListRows([empty])).toEqual({ total: 0, version: '3', dwellings: [] });
  });
});

describe('dwellingListStatement', () => {
  const filter = { cityId: 7, rent: 9000, rentedSince: new Date('2026-11-08T00:00:00.000Z') };

  it('binds every value, and times as UTC ISO text', () => {
    const { text, values } = dwellingListStatement(filter, { after: null, skip: 0 }, 150, 'blurred_key');
    expect(values).toEqual([7, 9000, '2026-11-08T00:00:00.000Z', 500, 7, 9000, '2026-11-08T00:00:00.000Z', 150]);
    expect(text).toContain('d.list_blurred_keys');
    expect(text).not.toContain('full');
    expect(text).not.toMatch(/9000|2026/);
  });

  it('picks the full keys only when asked, and reads a skip through the index-only CTE', () => {
    const after = { createdAt: new Date('2026-11-20T10:00:00.000Z'), id: 99 };
    const { text, values } = dwellingListStatement(filter, { after, skip: 300 }, 150, 'full_key');
    expect(text).toContain('d.list_full_keys');
    expect(text).toContain('OFFSET');
    expect(values).toEqual([7, 9000, '2026-11-08T00:00:00.000Z', '2026-11-20T10:00:00.000Z', 99, 800, 300, 150]);
  });

  it('keeps the default (newest) statement as it was, and binds every extra filter', () => {
    const plain = dwellingListStatement(filter, { after: null, skip: 0 }, 150, 'blurred_key').text;
    expect(plain).toContain('ORDER BY d.created_at DESC, d.id DESC LIMIT');
    expect(plain).not.toMatch(/pets|dwelling_type|available_from|lease_months|monthly_cost <=|float8/);
    const { text, values } = dwellingListStatement(
      { ...filter, pets: true, type: 'villa', movein: '2027-01-31', timeframe: 'gt1y', monthly: 9500, sort: 'rent-per-m2' },
      { after: null, skip: 0 },
      150,
      'blurred_key',
    );
    expect(values).toEqual([7, 9000, '2026-11-08T00:00:00.000Z', 'villa', '2027-01-31', 9500, 500, 7, 9000, '2026-11-08T00:00:00.000Z', 'villa', '2027-01-31', 9500, 150]);
    expect(text).toContain('d.pets = 1');
    expect(text).toContain('(d.lease_months = 0 OR d.lease_months >= 12)');
    expect(text).toMatch(/ORDER BY \(CASE WHEN d\.rent > 0 AND d\.size > 0 THEN d\.rent::float8 \/ d\.size END\) ASC NULLS LAST, d\.created_at DESC, d\.id DESC LIMIT/);
    expect(text).not.toMatch(/villa|9500|2027/);
  });
});
