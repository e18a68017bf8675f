import { describe, expect, it } from 'vitest';
import { BoundedLru } from './bounded-lru';

const lru = (maxEntries: number, maxBytes: number) => new BoundedLru<Buffer>((value) => value.length, maxEntries, maxBytes);

describe('BoundedLru', () => {
  it('evicts the least recently used entry beyond its entries; touch makes an entry recent, peek does not', () => {
    const cache = lru(2, 1_000);
    cache.set('a', Buffer.alloc(1));
    cache.set('b', Buffer.alloc(1));
    cache.touch('a');
    cache.peek('b');
    cache.set('c', Buffer.alloc(1));
    expect([cache.peek('a'), cache.peek('b'), cache.peek('c')].map(Boolean)).toEqual([true, false, true]);
  });

  it('evicts beyond its bytes, counting growth, and refuses an entry over a sixteenth of them', () => {
    const cache = lru(100, 1_600);
    cache.set('huge', Buffer.alloc(101));
    expect(cache.size).toBe(0);
    for (let i = 0; i < 16; i++) cache.set(`k${i}`, Buffer.alloc(100));
    expect(cache.size).toBe(16);
    const last = cache.peek('k15')!;
    cache.grow('k15', last, 150); // 1,750 bytes: the two oldest go
    expect(cache.size).toBe(14);
    expect(cache.peek('k0')).toBeUndefined();
    expect(cache.peek('k1')).toBeUndefined();
    // Growth of a replaced entry is not counted: the new entry is a different value.
    cache.set('k15', Buffer.alloc(100));
    cache.grow('k15', last, 10_000);
    expect(cache.size).toBe(14);
  });

  it('takes back exactly what an entry counted when it is replaced or deleted', () => {
    const cache = lru(100, 288);
    cache.set('a', Buffer.alloc(10));
    cache.grow('a', cache.peek('a')!, 5);
    cache.set('a', Buffer.alloc(10)); // 10, not 25
    cache.delete('a');
    cache.delete('a');
    // With nothing left counted, exactly 288 bytes of entries fit: none is evicted.
    for (let i = 0; i < 16; i++) cache.set(`k${i}`, Buffer.alloc(18));
    expect(cache.size).toBe(16);
    cache.clear();
    expect(cache.size).toBe(0);
  });
});
