import { describe, expect, it } from 'vitest';
import { BodyParts } from '../../common/body-parts';
import { ListPageCache, ListVersionReader } from './list-page-cache';

// In two parts, as a page from memory is kept: its length (what the cache weighs) is theirs together.
const page = (body: string, at = 0, version = '1') => ({ version, body: new BodyParts([Buffer.from(body.slice(0, 1)), Buffer.from(body.slice(1))]), at });

describe('ListPageCache', () => {
  it('keeps a page for less than the TTL, and not when the clock went back', () => {
    const cache = new ListPageCache(5_000);
    cache.set('a', page('{"a":1}', 1_000));
    expect(cache.get('a', 5_999)?.body.bytes().toString()).toBe('{"a":1}');
    expect(cache.get('a', 6_000)).toBeUndefined();
    cache.set('b', page('{}', 1_000));
    expect(cache.get('b', 999)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('evicts the least recently used page beyond its entries', () => {
    const cache = new ListPageCache(5_000, 2);
    cache.set('a', page('a'));
    cache.set('b', page('b'));
    cache.get('a', 1);
    cache.set('c', page('c'));
    expect(cache.get('b', 1)).toBeUndefined();
    expect(cache.get('a', 1)?.body.bytes().toString()).toBe('a');
    expect(cache.get('c', 1)?.body.bytes().toString()).toBe('c');
  });

  it('evicts by the bytes of its bodies, counts a replaced page once, and refuses a huge one', () => {
    const cache = new ListPageCache(5_000, 100, 1_600);
    cache.set('a', page('x'.repeat(100)));
    cache.set('a', page('y'.repeat(100)));
    for (const key of ['b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l', 'm', 'n', 'o', 'p']) cache.set(key, page('z'.repeat(100)));
    expect(cache.size).toBe(16);
    cache.set('q', page('z'.repeat(100)));
    expect(cache.size).toBe(16);
    expect(cache.get('a', 1)).toBeUndefined();
    cache.set('huge', page('h'.repeat(101)));
    expect(cache.get('huge', 1)).toBeUndefined();
    expect(cache.size).toBe(16);
  });
});

describe('ListVersionReader', () => {
  it('shares one read among the callers of one event-loop turn, and reads again for later callers', async () => {
    let reads = 0;
    const reader = new ListVersionReader(async () => String(++reads));
    const together = await Promise.all([reader.current(), reader.current(), reader.current()]);
    expect(together).toEqual(['1', '1', '1']);
    expect(await reader.current()).toBe('2');
  });

  it('never hands a caller a read that was already sent when it asked', async () => {
    let reads = 0;
    let release!: () => void;
    const reader = new ListVersionReader(async () => {
      const n = ++reads;
      if (n === 1) await new Promise<void>((resolve) => (release = resolve));
      return String(n);
    });
    const first = reader.current();
    await new Promise((resolve) => setImmediate(resolve)); // the first read is on its way
    const second = reader.current();
    release();
    expect(await first).toBe('1');
    expect(await second).toBe('2');
  });
});
