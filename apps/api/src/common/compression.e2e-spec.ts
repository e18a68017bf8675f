import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createScratchDatabase } from '../../test/scratch-database';
import { createCity, createDwelling } from '../../test/factories';
import { workspaceRoot } from '../infra/database/migrate';

const DIST = join(workspaceRoot(), 'dist/web');

// Issue 16: nothing was compressed; each page sent 690–880 KB.
describe('compressed responses', () => {
  let t: TestApp;
  // A database of its own: a dwelling written by a test file running alongside would move the list
  // version and turn an expected hit into a miss.
  let database: Awaited<ReturnType<typeof createScratchDatabase>>;
  let fastify: FastifyInstance;
  let city: { id: number; slug: string };
  beforeAll(async () => {
    if (!existsSync(join(DIST, 'assets'))) throw new Error('These tests read the built web app: run `npm run build` first (npm test does).');
    database = await createScratchDatabase('husly_compression');
    t = await createTestApp({ env: { DATABASE_URL: database.url } });
    fastify = t.app.getHttpAdapter().getInstance();
    city = await createCity(t.prisma);
    for (let i = 0; i < 30; i++) await createDwelling(t.prisma, { cityId: city.id, images: 1 });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  const get = (url: string, acceptEncoding?: string) =>
    fastify.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

  it('a cached dwelling list is compressed once: every client asking for brotli gets the same bytes', async () => {
    const url = `/api/dwellings/area/${city.slug}`;
    const first = await get(url, 'br');
    const second = await get(url, 'br');
    expect([first.headers['x-cache'], second.headers['x-cache']]).toEqual(['miss', 'hit']);
    expect(second.headers['content-encoding']).toBe('br');
    // The very same buffer, not compressed again (equal bytes; compressing is deterministic, so
    // this and the cache hit together are what shows it).
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    const list = JSON.parse(brotliDecompressSync(second.rawPayload).toString());
    expect(list.data).toHaveLength(30);
    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.payload)).toEqual(list);
    const gz = await get(url, 'gzip;q=1, br;q=0');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(list);
  });

  it('a server-rendered page: brotli for a browser, gzip for an older client, plain for none', async () => {
    const plain = await get(`/${city.slug}`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await get(`/${city.slug}`, 'gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    const html = brotliDecompressSync(br.rawPayload).toString();
    expect(html).toContain('<title>');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    const gz = await get(`/${city.slug}`, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toContain('<title>');
  });

  it('bundles are compressed at build time and sent as they are, cached for a year', async () => {
    const bundle = readdirSync(join(DIST, 'assets')).find((f) => f.endsWith('.js') && existsSync(join(DIST, 'assets', `${f}.br`)));
    expect(bundle).toBeDefined();
    const br = await get(`/assets/${bundle}`, 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const plain = await get(`/assets/${bundle}`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
  });

  it('leaves alone what is too small to gain: the health answer', async () => {
    const health = await get('/api/health', 'br');
    expect(health.headers['content-encoding']).toBeUndefined();
  });
});
