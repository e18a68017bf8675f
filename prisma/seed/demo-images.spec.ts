import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { generateImagePool, linkPoolImage, renderIllustrationSvg, type ImagePoolEntry } from './demo-images';
import { createRandom } from './seeded-random';

describe('generateImagePool', () => {
  let dir: string;
  let pool: ImagePoolEntry[];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'husly-images-'));
    pool = await generateImagePool({ dir, count: 4 });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes a full JPEG and a smaller blurred JPEG per image, under random keys', async () => {
    expect(pool.map((e) => e.index)).toEqual([0, 1, 2, 3]);
    expect(pool.map((e) => e.kind)).toEqual(['interior', 'interior', 'facade', 'interior']);
    const keys = pool.flatMap((e) => [e.key, e.blurredKey]);
    expect(new Set(keys).size).toBe(8);
    for (const e of pool) {
      expect(e.key).toMatch(/^[0-9a-f]{32}$/);
      expect(e.blurredKey).toMatch(/^[0-9a-f]{32}$/);
      expect(e.full).toBe(join(dir, `${e.key}.jpg`));
      expect(e.blurred).toBe(join(dir, `${e.blurredKey}.jpg`));

      const full = await sharp(e.full).metadata();
      expect(full).toMatchObject({ format: 'jpeg', width: 1024, height: 768 });
      expect([e.width, e.height]).toEqual([1024, 768]);
      const blurred = await sharp(e.blurred).metadata();
      expect(blurred).toMatchObject({ format: 'jpeg', width: 320, height: 240 });
      expect([e.blurredWidth, e.blurredHeight]).toEqual([320, 240]);
      expect(statSync(e.blurred).size).toBeLessThan(statSync(e.full).size / 4);
    }
    expect(readdirSync(dir).sort()).toEqual([...keys.map((k) => `${k}.jpg`), 'image-pool.json'].sort());
  });

  it('draws something, not a flat colour', async () => {
    const stats = await sharp(pool[0].full).stats();
    expect(stats.channels.some((c) => c.stdev > 20)).toBe(true);
    // The blurred twin keeps the colours but loses the detail.
    const blurred = await sharp(pool[0].blurred).stats();
    expect(blurred.sharpness).toBeLessThan(stats.sharpness);
  });

  it('returns the existing pool instead of drawing it again', async () => {
    const mtime = statSync(pool[0].full).mtimeMs;
    const again = await generateImagePool({ dir, count: 3 });
    expect(again).toEqual(pool.slice(0, 3));
    expect(statSync(pool[0].full).mtimeMs).toBe(mtime);
  });

  it('links a pool image for one dwelling under fresh keys', async () => {
    const target = join(dir, 'dwellings');
    const a = await linkPoolImage(pool[1], target);
    const b = await linkPoolImage(pool[1], target);
    expect(new Set([a.fullKey, a.blurredKey, b.fullKey, b.blurredKey, pool[1].key, pool[1].blurredKey]).size).toBe(6);
    expect(readFileSync(a.full).equals(readFileSync(pool[1].full))).toBe(true);
    expect(readFileSync(b.blurred).equals(readFileSync(pool[1].blurred))).toBe(true);
    expect(a).toMatchObject({ width: 1024, height: 768, full: join(target, `${a.fullKey}.jpg`) });
    rmSync(target, { recursive: true });
  });

  it('replaces the pool when forced or when more images are asked for', async () => {
    const bigger = await generateImagePool({ dir, count: 5 });
    expect(bigger).toHaveLength(5);
    expect(bigger[0].key).not.toBe(pool[0].key);
    expect(existsSync(pool[0].full)).toBe(false);
    const forced = await generateImagePool({ dir, count: 5, force: true });
    expect(forced[0].key).not.toBe(bigger[0].key);
    expect(readdirSync(dir)).toHaveLength(11);
  });
});

describe('renderIllustrationSvg', () => {
  it('is deterministic for a seed and varies between images', () => {
    const a = createRandom(1);
    const b = createRandom(1);
    const first = renderIllustrationSvg('interior', a);
    expect(renderIllustrationSvg('interior', b)).toBe(first);
    expect(renderIllustrationSvg('interior', a)).not.toBe(first);
    expect(renderIllustrationSvg('facade', a)).toMatch(/^<svg [^>]*width="1024" height="768"/);
  });
});
