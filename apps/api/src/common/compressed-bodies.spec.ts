import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { CompressedBodies, type Compress } from './compressed-bodies';
import { encodeBodyAsync, type ContentEncoding } from './compression';

const listBody = (seed: number) =>
  Buffer.from(JSON.stringify({ data: Array.from({ length: 150 }, (_, i) => ({ id: seed * 1000 + i, headline: `Lys 3-værelses lejlighed ${i}`, rent: 7000 + i })) }));

/** The real compression, counting its calls. */
function counting(): { compress: Compress; calls: Array<[number, ContentEncoding]> } {
  const calls: Array<[number, ContentEncoding]> = [];
  return {
    calls,
    compress: (body, encoding) => {
      calls.push([body.length, encoding]);
      return encodeBodyAsync(body, encoding);
    },
  };
}

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
    const bodies = new CompressedBodies(1024 * 1024, compress);
    const body = listBody(2);
    const together = await Promise.all([bodies.encode(body, 'br'), bodies.encode(body, 'br'), bodies.encode(Buffer.from(body), 'br')]);
    expect(calls).toHaveLength(1);
    expect(together[1]).toBe(together[0]);
    expect(together[2]).toBe(together[0]);
    // The same bytes in another buffer (a page built again after it left the page cache).
    expect(await bodies.encode(Buffer.from(body.toString()), 'br')).toBe(together[0]);
    expect(calls).toHaveLength(1);
    expect(bodies.counts).toEqual({ compressed: 1, reused: 3 });
    // Another encoding is another compression.
    expect(gunzipSync(await bodies.encode(body, 'gzip')).equals(body)).toBe(true);
    expect(calls).toHaveLength(2);
  });

  it('never answers a body with the compressed bytes of another, even one byte apart', async () => {
    const { compress, calls } = counting();
    const bodies = new CompressedBodies(1024 * 1024, compress);
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
    const bodies = new CompressedBodies(1024 * 1024, (body, encoding) => (fail ? Promise.reject(new Error('no memory')) : encodeBodyAsync(body, encoding)));
    const body = listBody(4);
    await expect(bodies.encode(body, 'br')).rejects.toThrow('no memory');
    fail = false;
    expect(brotliDecompressSync(await bodies.encode(body, 'br')).equals(body)).toBe(true);
  });

  it('keeps the most recently used within its bytes', async () => {
    const { compress, calls } = counting();
    const bodies = new CompressedBodies(16 * 600, compress);
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
});
