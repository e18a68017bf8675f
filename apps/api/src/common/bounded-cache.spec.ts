import { describe, expect, it } from 'vitest';
import { boundedCache } from './bounded-cache';

interface Entry {
  bytes: number;
}
const entry = (bytes: number): Entry => ({ bytes });
const cache = (maxBytes: number, maxEntries?: number) => boundedCache<Entry>((value) => value.bytes, maxBytes, maxEntries);

describe('boundedCache', () => {
  it('evicts the least recently used entry beyond its entries; get makes an entry recent, peek does not', () => {
    const lru = cache(1_000, 2);
    lru.set('a', entry(1));
    lru.set('b', entry(1));
    lru.get('a');
    lru.peek('b');
    lru.set('c', entry(1));
    expect([lru.peek('a'), lru.peek('b'), lru.peek('c')].map(Boolean)).toEqual([true, false, true]);
  });

  it('evicts beyond its bytes, and refuses an entry over a sixteenth of them', () => {
    const lru = cache(1_600, 100);
    lru.set('huge', entry(101));
    expect(lru.size).toBe(0);
    for (let i = 0; i < 16; i++) lru.set(`k${i}`, entry(100));
    expect(lru.size).toBe(16);
    lru.set('k15', entry(250)); // grown past a sixteenth: dropped, not kept at its old size
    expect(lru.peek('k15')).toBeUndefined();
    lru.set('k15', entry(100));
    lru.set('k16', entry(100)); // 1,700 bytes: the oldest goes
    expect(lru.size).toBe(16);
    expect(lru.peek('k0')).toBeUndefined();
    expect(lru.peek('k1')).toBeDefined();
  });

  it('takes back exactly what an entry counted when it is replaced or deleted', () => {
    const lru = cache(288, 100);
    lru.set('a', entry(10));
    lru.set('a', entry(15));
    lru.set('a', entry(10)); // 10, not 25
    expect(lru.calculatedSize).toBe(10);
    lru.delete('a');
    lru.delete('a');
    // With nothing left counted, exactly 288 bytes of entries fit: none is evicted.
    for (let i = 0; i < 16; i++) lru.set(`k${i}`, entry(18));
    expect(lru.size).toBe(16);
    lru.clear();
    expect(lru.size).toBe(0);
  });

  it('sizes an entry when it is set: the same object set again keeps its old size, deleted first it is counted anew', () => {
    const lru = cache(1_600);
    const grown = entry(10);
    lru.set('a', grown);
    grown.bytes = 60;
    lru.set('a', grown);
    expect(lru.calculatedSize).toBe(10);
    lru.delete('a');
    lru.set('a', grown);
    expect(lru.calculatedSize).toBe(60);
  });

  it('counts an empty entry as one byte (lru-cache refuses 0)', () => {
    const lru = cache(1_600);
    lru.set('empty', entry(0));
    expect(lru.calculatedSize).toBe(1);
  });
});
