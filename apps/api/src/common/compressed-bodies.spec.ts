import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { BodyParts } from './body-parts';
import { CompressedBodies, type Compress } from './compressed-bodies';
import { encodeBodyAsync, type ContentEncoding } from './compression';

const listBody = (seed: number) =>
  Buffer.from(JSON.stringify({ data: Array.from({ length: 150 }, (_, i) => ({ id: seed * 1000 + i, headline: `Lys 3-værelses lejlighed ${i}`, rent: 7000 + i })) }));

/** The real compression, counting its calls. */
function counting(): { compress: Compress; calls: Array<[ContentEncoding, number]>; made: Array<Promise<Buffer>> } {
  const calls: Array<[ContentEncoding, number]> = [];
  const made: Array<Promise<Buffer>> = [];
  return {
    calls,
    made,
    compress: (body, encoding, level) => {
      calls.push([encoding, level]);
      const promise = encodeBodyAsync(body, encoding, level);
      made.push(promise);
      return promise;
    },
  };
}
const noUpgrade = { first: { br: 4, gzip: 6 }, upgraded: { br: 4, gzip: 6 } };

describe('CompressedBodies', () => {
  it('gives bytes that decompress to exactly the body, in brotli and in gzip', async () => {
    const bodies = new CompressedBodies();
    const body = listBody(1);
    const br = await bodies.encode(body, 'br');
    const gz = await bodies.encode(body, 'gzip');
    expect(brotliDecompressSync(br).equals(body)).toBe(true);
    expect(gunzipSync(gz).equals(body)).toBe(true);
    expect(br.length).toBeLessThan(body.length / 5);
  });

  it('compresses a body once for callers asking at the same time, and once for a rebuilt identical body', async () => {
    const { compress, calls } = counting();
    const bodies = new CompressedBodies(1024 * 1024, { ...noUpgrade, compress });
    const body = listBody(2);
    const together = await Promise.all([bodies.encode(body, 'br'), bodies.encode(body, 'br'), bodies.encode(Buffer.from(body), 'br')]);
    expect(calls).toHaveLength(1);
    expect(together[1]).toBe(together[0]);
    expect(together[2]).toBe(together[0]);
    // The same bytes in another buffer (a page built again after it left the page cache).
    expect(await bodies.encode(Buffer.from(body.toString()), 'br')).toBe(together[0]);
    expect(calls).toHaveLength(1);
    expect(bodies.counts).toEqual({ compressed: 1, upgraded: 0, reused: 3 });
    // Another encoding is another compression.
    expect(gunzipSync(await bodies.encode(body, 'gzip')).equals(body)).toBe(true);
    expect(calls).toHaveLength(2);
  });

  it('takes a body kept in parts as the body its parts make, joined or cut anywhere else', async () => {
    const { compress, calls } = counting();
    const bodies = new CompressedBodies(1024 * 1024, { ...noUpgrade, compress });
    const body = listBody(4);
    const cut = (at: number[]) => new BodyParts([0, ...at].map((from, i) => body.subarray(from, [...at, body.length][i])));
    const inParts = await bodies.encode(cut([1, 500, 501, 9_000]), 'br');
    expect(brotliDecompressSync(inParts).equals(body)).toBe(true);
    expect(await bodies.encode(body, 'br')).toBe(inParts);
    expect(await bodies.encode(cut([7]), 'br')).toBe(inParts);
    expect(calls).toHaveLength(1);
    // The same parts with one byte changed are another body.
    const changed = Buffer.from(body);
    changed[42] ^= 1;
    const other = await bodies.encode(new BodyParts([changed.subarray(0, 100), changed.subarray(100)]), 'br');
    expect(brotliDecompressSync(other).equals(changed)).toBe(true);
    expect(calls).toHaveLength(2);
  });

  it('never answers a body with the compressed bytes of another, even one byte apart', async () => {
    const { compress, calls } = counting();
    const bodies = new CompressedBodies(1024 * 1024, { ...noUpgrade, compress });
    const body = listBody(3);
    const changed = Buffer.from(body);
    changed[changed.length - 3] ^= 1; // a digit of the last rent
    const [a, b] = await Promise.all([bodies.encode(body, 'br'), bodies.encode(changed, 'br')]);
    expect(calls).toHaveLength(2);
    expect(brotliDecompressSync(a).equals(body)).toBe(true);
    expect(brotliDecompressSync(b).equals(changed)).toBe(true);
  });

  it('tries again after a failed compression', async () => {
    let fail = true;
    const bodies = new CompressedBodies(1024 * 1024, { compress: (body, encoding, level) => (fail ? Promise.reject(new Error('no memory')) : encodeBodyAsync(body, encoding, level)) });
    const body = listBody(4);
    await expect(bodies.encode(body, 'br')).rejects.toThrow('no memory');
    fail = false;
    expect(brotliDecompressSync(await bodies.encode(body, 'br')).equals(body)).toBe(true);
  });

  it('keeps the most recently used within its bytes', async () => {
    const { compress, calls } = counting();
    const bodies = new CompressedBodies(16 * 600, { ...noUpgrade, compress });
    const all = [5, 6, 7].map(listBody);
    const sizes = [];
    for (const body of all) sizes.push((await bodies.encode(body, 'br')).length);
    // Each about 0.5 to 2 KB: room for a few, and the first one asked for again is still there.
    expect(Math.max(...sizes)).toBeLessThan(16 * 600 / 3);
    await bodies.encode(all[0], 'br');
    expect(calls).toHaveLength(3);
    for (let seed = 8; seed < 40; seed++) await bodies.encode(listBody(seed), 'br');
    expect(bodies.size).toBeLessThan(35);
    await bodies.encode(all[0], 'br');
    expect(calls).toHaveLength(3 + 32 + 1); // evicted long ago: compressed again
  });

  it('compresses cheaply first, and a body asked for again and again at the better level, beside the requests', async () => {
    const { compress, calls, made } = counting();
    const bodies = new CompressedBodies(1024 * 1024, { first: { br: 1, gzip: 1 }, upgraded: { br: 4, gzip: 6 }, upgradeAfter: 2, compress });
    const body = Buffer.concat([listBody(50), listBody(51), listBody(52)]);
    const cheap = await bodies.encode(body, 'br');
    expect(calls).toEqual([['br', 1]]);
    expect(await bodies.encode(Buffer.from(body), 'br')).toBe(cheap);
    expect(calls).toHaveLength(1);
    // The second time again: still the cheap bytes for this caller, and the better ones are made.
    expect(await bodies.encode(Buffer.from(body), 'br')).toBe(cheap);
    expect(calls).toEqual([['br', 1], ['br', 4]]);
    await made[1]; // the store's own callback on it ran first
    const better = await bodies.encode(Buffer.from(body), 'br');
    expect(better).not.toBe(cheap);
    expect(better.length).toBeLessThan(cheap.length);
    expect(brotliDecompressSync(better).equals(body)).toBe(true);
    expect(brotliDecompressSync(cheap).equals(body)).toBe(true);
    await bodies.encode(Buffer.from(body), 'br');
    expect(calls).toHaveLength(2); // upgraded once
    expect(bodies.counts).toEqual({ compressed: 1, upgraded: 1, reused: 4 });
  });
});
