import { describe, expect, it } from 'vitest';
import { ListItemFragments } from './list-item-fragments';

const item = (rowVersion: number, json = '{"dwellingId":"1"}') => ({ rowVersion, zip: '8000', cityId: 1, place: 'Aarhus C', json: Buffer.from(json) });

describe('ListItemFragments', () => {
  it('gives an item only at the row version it was read at, and drops an outdated one', () => {
    const fragments = new ListItemFragments();
    fragments.set(1, item(500));
    expect(fragments.get(1, 500)?.json.toString()).toBe('{"dwellingId":"1"}');
    expect(fragments.get(1, 501)).toBeUndefined();
    expect(fragments.size).toBe(0);
    expect(fragments.get(1, 500)).toBeUndefined();
  });

  it('is bounded in bytes, dropping the oldest items first, and counts a replaced item once', () => {
    const fragments = new ListItemFragments(100);
    fragments.set(1, item(1, 'a'.repeat(40)));
    fragments.set(1, item(2, 'a'.repeat(40)));
    fragments.set(2, item(1, 'b'.repeat(40)));
    expect(fragments.size).toBe(2);
    fragments.set(3, item(1, 'c'.repeat(40)));
    expect(fragments.get(1, 2)).toBeUndefined();
    expect(fragments.get(2, 1)?.json.toString()).toBe('b'.repeat(40));
    expect(fragments.get(3, 1)?.json.toString()).toBe('c'.repeat(40));
  });
});

describe('ListItemFragments under churn', () => {
  it('keeps its bound and its newest items through many replacements and evictions', () => {
    const fragments = new ListItemFragments(50 * 10);
    for (let round = 0; round < 2000; round++) {
      const id = round % 120;
      fragments.set(id, item(round, 'x'.repeat(10)));
      if (round % 7 === 0) fragments.get(id, -1); // dropped as outdated
    }
    expect(fragments.size).toBeLessThanOrEqual(50);
    // The last 50 set, less those dropped right after, are there at their versions.
    for (let round = 1950; round < 2000; round++) {
      if (round % 7 !== 0) expect(fragments.get(round % 120, round), String(round)).toBeDefined();
    }
  });
});
