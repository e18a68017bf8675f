import { describe, expect, it } from 'vitest';
import { RenderedPageCache, personalRequest, type PageInputs, type RenderedPage } from './rendered-page-cache';

const areas = { data: [] };
const alerts = { data: [] };
const inputs = (version: string, more: Partial<PageInputs> = {}): PageInputs => ({ version, areas, alerts, ...more });
const page = (version: string, at: number, bytes = 10): RenderedPage => ({
  status: 200,
  html: Buffer.alloc(bytes, 'x'),
  headers: {},
  inputs: inputs(version),
  at,
  encoded: new Map(),
});

describe('RenderedPageCache', () => {
  it('answers while the inputs are the same and the page is younger than its TTL', () => {
    const cache = new RenderedPageCache(5_000);
    const kept = page('7', 1_000);
    cache.set('a', kept);
    expect(cache.get('a', inputs('7'), 5_999)).toBe(kept);
    expect(cache.get('a', inputs('7'), 6_000)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('answers nothing at another list version, city list or alerts, and drops the page', () => {
    const cache = new RenderedPageCache(5_000);
    for (const other of [inputs('8'), inputs('7', { areas: { data: [] } }), inputs('7', { alerts: { data: [] } })]) {
      cache.set('a', page('7', 1_000));
      expect(cache.get('a', other, 1_001)).toBeUndefined();
      expect(cache.size).toBe(0);
    }
  });

  it('answers nothing for a page from the future (the clock was set back)', () => {
    const cache = new RenderedPageCache(5_000);
    cache.set('a', page('7', 10_000));
    expect(cache.get('a', inputs('7'), 9_000)).toBeUndefined();
  });

  it('never lets a slower render of an older version replace a newer page', () => {
    const cache = new RenderedPageCache(5_000);
    const newer = page('9', 1_000);
    cache.set('a', newer);
    cache.set('a', page('8', 1_001));
    expect(cache.get('a', inputs('9'), 1_002)).toBe(newer);
  });

  it('evicts the least recently used page beyond its entries', () => {
    const cache = new RenderedPageCache(5_000, 2);
    cache.set('a', page('1', 0));
    cache.set('b', page('1', 0));
    cache.get('a', inputs('1'), 1); // a is now the most recent
    cache.set('c', page('1', 0));
    expect(cache.get('b', inputs('1'), 1)).toBeUndefined();
    expect(cache.get('a', inputs('1'), 1)).toBeDefined();
    expect(cache.get('c', inputs('1'), 1)).toBeDefined();
  });

  it('counts the compressed copies against its bytes, and keeps no page bigger than a sixteenth of them', () => {
    const cache = new RenderedPageCache(5_000, 100, 1_600);
    const a = page('1', 0, 60);
    cache.set('a', a);
    cache.set('b', page('1', 0, 60));
    cache.set('huge', page('1', 0, 101));
    expect(cache.get('huge', inputs('1'), 1)).toBeUndefined();
    // 2 pages of 60 bytes, 24 of 61 and one compressed copy of 39: over 1,600, the oldest goes.
    for (let i = 0; i < 24; i++) cache.set(`p${i}`, page('1', 0, 61));
    expect(cache.size).toBeLessThanOrEqual(26);
    const before = cache.size;
    const last = cache.get('p23', inputs('1'), 1)!;
    cache.grow('p23', last, 39);
    expect(cache.size).toBeLessThan(before);
    expect(cache.get('a', inputs('1'), 1)).toBeUndefined();
    expect(cache.get('p23', inputs('1'), 1)).toBe(last);
    // Growth of a replaced page is not counted: the new page is another object.
    cache.set('p23', page('1', 0, 61));
    cache.grow('p23', last, 10_000);
    expect(cache.get('p23', inputs('1'), 1)).toBeDefined();
    // A page its copies take over a sixteenth is dropped, as one that big is never kept.
    const grown = cache.get('p22', inputs('1'), 1)!;
    cache.grow('p22', grown, 40);
    expect(cache.get('p22', inputs('1'), 1)).toBeUndefined();
  });

  it('takes back exactly what a page and its copies counted when it is replaced', () => {
    const cache = new RenderedPageCache(5_000, 100, 288);
    const a = page('1', 0, 10);
    cache.set('a', a);
    cache.grow('a', a, 5);
    cache.set('a', page('1', 0, 10)); // 10, not 15
    cache.grow('a', cache.get('a', inputs('1'), 1)!, 8);
    // The new page and its copy (18) and 15 more of 18: exactly 288 bytes fit, none is evicted.
    for (let i = 0; i < 15; i++) cache.set(`k${i}`, page('1', 0, 18));
    expect(cache.size).toBe(16);
    cache.set('k15', page('1', 0, 1));
    expect(cache.size).toBe(16);
    expect(cache.get('a', inputs('1'), 1)).toBeUndefined();
  });
});

describe('personalRequest', () => {
  it('is a login cookie or a remembered dwelling with a value, or any Authorization header', () => {
    expect(personalRequest({})).toBe(false);
    expect(personalRequest({ cookie: 'bn.consent=all; bn.visitor=12' })).toBe(false);
    expect(personalRequest({ cookie: 'bn.consent=all; bn.last=12' })).toBe(true);
    expect(personalRequest({ cookie: 'bn.last=' })).toBe(false);
    expect(personalRequest({ cookie: 'token=' })).toBe(false);
    expect(personalRequest({ cookie: 'xtoken=abc' })).toBe(false);
    expect(personalRequest({ cookie: 'token=abc' })).toBe(true);
    expect(personalRequest({ cookie: 'other=1;  token = abc ' })).toBe(true);
    expect(personalRequest({ authorization: 'Bearer x' })).toBe(true);
  });
});
