import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { encodeBody, preferredEncoding } from './compression';

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
  ])('%j → %s', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});

describe('encodeBody', () => {
  it('round-trips, and a list of dwellings shrinks to a fraction', () => {
    const body = Buffer.from(JSON.stringify({ data: Array.from({ length: 150 }, (_, i) => ({ id: i, headline: `Lys 3-værelses lejlighed ${i}`, rent: 7000 + i })) }));
    const br = encodeBody(body, 'br');
    const gz = encodeBody(body, 'gzip');
    expect(brotliDecompressSync(br).equals(body)).toBe(true);
    expect(gunzipSync(gz).equals(body)).toBe(true);
    expect(br.length).toBeLessThan(body.length / 5);
  });
});
