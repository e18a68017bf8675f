import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { encodeBodyAsync, encodedOnce, preferredEncoding, type ContentEncoding } from './compression';

describe('preferredEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=1.0, gzip;q=0.8', 'br'],
    ['br;q=0, gzip;q=0', null],
    ['identity', null],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['', null],
    [undefined, null],
    ['BR', 'br'],
    ['gzip;q=abc', null],
    ['identity;q=0', null],
    ['gzip;q=0.8, identity;q=0', 'gzip'],
    ['gzip;q=0.5, br;q=0.5', 'br'],
    [['gzip', 'br;q=0.9'], 'gzip'],
  ])('%j → %s', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});

describe('encodeBodyAsync', () => {
  it('round-trips, and a list of dwellings shrinks to a fraction', async () => {
    const body = Buffer.from(JSON.stringify({ data: Array.from({ length: 150 }, (_, i) => ({ id: i, headline: `Lys 3-værelses lejlighed ${i}`, rent: 7000 + i })) }));
    const br = await encodeBodyAsync(body, 'br');
    const gz = await encodeBodyAsync(body, 'gzip');
    expect(brotliDecompressSync(br).equals(body)).toBe(true);
    expect(gunzipSync(gz).equals(body)).toBe(true);
    expect(br.length).toBeLessThan(body.length / 5);
  });
});

describe('encodedOnce', () => {
  it('makes each encoding once for callers asking while it is made, and again after a failure', async () => {
    const encoded = new Map<ContentEncoding, Promise<Buffer>>();
    let calls = 0;
    let fail = true;
    const make = () => {
      calls++;
      return fail ? Promise.reject(new Error('no memory')) : Promise.resolve(Buffer.from('made'));
    };
    const [a, b] = [encodedOnce(encoded, 'br', make), encodedOnce(encoded, 'br', make)];
    expect(a).toBe(b);
    await expect(a).rejects.toThrow('no memory');
    expect(encoded.has('br')).toBe(false);
    fail = false;
    const [c, d] = await Promise.all([encodedOnce(encoded, 'br', make), encodedOnce(encoded, 'br', make)]);
    expect(c.toString()).toBe('made');
    expect(d).toBe(c);
    expect(calls).toBe(2);
    await encodedOnce(encoded, 'gzip', make);
    expect(calls).toBe(3);
  });
});
