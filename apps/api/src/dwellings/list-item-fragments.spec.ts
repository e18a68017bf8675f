import { describe, expect, it } from 'vitest';
import { ListItemFragments } from './list-item-fragments';

const meta = (rowVersion: number, place = 'Aarhus C', zip: string | null = '8000') => ({ rowVersion, zip, cityId: 1, place });
const places = (names: Record<string, string>) => (zip: string | null) => (zip ? names[zip] : undefined) ?? 'Aarhus';
const aarhus = places({ '8000': 'Aarhus C' });

describe('ListItemFragments', () => {
  it('gives an item only at the row version it was read at, and drops an outdated one', () => {
    const fragments = new ListItemFragments();
    fragments.set(1, meta(500), Buffer.from('{"dwellingId":"1"}'));
    expect(fragments.get(1, 500)?.json.toString()).toBe('{"dwellingId":"1"}');
    expect(fragments.find(1, 500, aarhus)).toBeGreaterThanOrEqual(0);
    expect(fragments.find(1, 501, aarhus)).toBe(-1);
    expect(fragments.size).toBe(0);
    expect(fragments.find(1, 500, aarhus)).toBe(-1);
  });

  it('gives an item only while its zip and city still have the place name it was made with', () => {
    const fragments = new ListItemFragments();
    fragments.set(1, meta(7), Buffer.from('{"city":"Aarhus C"}'));
    fragments.set(2, meta(7, 'Aarhus', null), Buffer.from('{"city":"Aarhus"}'));
    expect(fragments.find(1, 7, aarhus)).toBeGreaterThanOrEqual(0);
    expect(fragments.find(2, 7, aarhus)).toBeGreaterThanOrEqual(0);
    expect(fragments.find(1, 7, places({ '8000': 'Århus C' }))).toBe(-1);
    expect(fragments.get(1, 7)).toEqual({ ...meta(7), json: Buffer.from('{"city":"Aarhus C"}') });
    expect(fragments.get(2, 7)?.zip).toBeNull();
  });

  it('copies items into a page, and keeps an item from a range of a buffer', () => {
    const fragments = new ListItemFragments();
    const page = Buffer.from('{"a":1},{"b":2}');
    fragments.set(1, meta(1), page, 0, 7);
    fragments.set(2, meta(1), page, 8, 15);
    const target = Buffer.alloc(16, '.');
    const one = fragments.find(1, 1, aarhus);
    const two = fragments.find(2, 1, aarhus);
    expect(fragments.byteLength(two)).toBe(7);
    let at = fragments.copy(two, target, 0);
    target[at++] = 0x2c;
    at = fragments.copy(one, target, at);
    expect(at).toBe(15);
    expect(target.toString()).toBe('{"b":2},{"a":1}.');
  });

  it('is bounded in bytes, dropping the oldest items first, and counts a replaced item once', () => {
    // 800 bytes: eight slabs of 100, two 40-byte items each.
    const fragments = new ListItemFragments(800);
    for (let id = 1; id <= 14; id++) fragments.set(id, meta(1), Buffer.from(String(id % 10).repeat(40)));
    fragments.set(14, meta(2), Buffer.from('x'.repeat(40))); // replaced: counted once
    expect(fragments.size).toBe(14);
    fragments.set(15, meta(1), Buffer.from('y'.repeat(40)));
    expect(fragments.size).toBe(15); // eight slabs full
    fragments.set(16, meta(1), Buffer.from('z'.repeat(40)));
    expect(fragments.size).toBe(14); // the oldest slab (ids 1, 2) went
    expect(fragments.get(1, 1)).toBeUndefined();
    expect(fragments.get(2, 1)).toBeUndefined();
    expect(fragments.get(3, 1)?.json.toString()).toBe('3'.repeat(40));
    expect(fragments.get(14, 1)).toBeUndefined();
    expect(fragments.get(14, 2)?.json.toString()).toBe('x'.repeat(40));
    expect(fragments.get(16, 1)?.json.toString()).toBe('z'.repeat(40));
  });

  it('does not keep an item larger than a slab', () => {
    const fragments = new ListItemFragments(800);
    fragments.set(1, meta(1), Buffer.from('z'.repeat(101)));
    expect(fragments.size).toBe(0);
    expect(fragments.find(1, 1, aarhus)).toBe(-1);
  });
});

describe('ListItemFragments under churn', () => {
  it('keeps its bound and its newest items, with their own bytes, through many replacements and evictions', () => {
    const fragments = new ListItemFragments(50 * 10);
    for (let round = 0; round < 2000; round++) {
      const id = round % 120;
      fragments.set(id, meta(round), Buffer.from(String(round).padStart(10, '0')));
      if (round % 7 === 0) fragments.find(id, -1, aarhus); // dropped as outdated
    }
    expect(fragments.size).toBeLessThanOrEqual(50);
    // 500 bytes: seven slabs of 63, six items each. The last 36 set (six full slabs beside the one
    // being written), less those dropped right after, are there with their bytes.
    for (let round = 1964; round < 2000; round++) {
      if (round % 7 !== 0) expect(fragments.get(round % 120, round)?.json.toString(), String(round)).toBe(String(round).padStart(10, '0'));
    }
    for (let round = 0; round < 1900; round++) expect(fragments.get(round % 120, round), String(round)).toBeUndefined();
  });
});
