import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { workspaceRoot } from '../infra/database/migrate';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createCity, createDwelling, freeZip } from '../../test/factories';

const SERVER_ENTRY = join(workspaceRoot(), 'dist/web-server/entry-server.cjs');
/** apps/web/src/features/dwellings/card-data.ts FIRST_HYDRATED_CARDS. */
const FIRST_HYDRATED_CARDS = 12;
const DWELLINGS = 30;

const count = (text: string, part: string) => text.split(part).length - 1;

/** The JSON the page embeds in <script id="husly-state">, and the router's hydration data, as objects. */
function embedded(html: string): { state: Record<string, unknown>; stateText: string; hydrationText: string } {
  const stateText = /<script type="application\/json" id="husly-state"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
  const hydrationText = /<script type="application\/json" id="husly-hydration">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
  return { state: JSON.parse(stateText) as Record<string, unknown>, stateText, hydrationText };
}

/**
 * What a server-rendered page carries for the browser (docs/decisions/0023-lean-hydration.md): the
 * city names, not the areas list with its postal codes and aliases; each dwelling of a list page once
 * in the HTML, and in the hydration data only for the first screenful of cards; the translations by
 * a versioned URL.
 */
describe('lean hydration data (docs/decisions/0023)', () => {
  let t: TestApp;
  let city: { id: number; slug: string; label: string };
  let zips: string[];
  /** Newest first, as the city page lists them. */
  let dwellings: Array<{ id: number; headline: string; teaser: string }>;

  beforeAll(async () => {
    if (!existsSync(SERVER_ENTRY)) throw new Error('These tests render with the built web app: run `npm run build` first (npm test does).');
    t = await createTestApp();
    // Postal codes of this city only: none may reach a page's embedded state.
    const first = Number(await freeZip(t.prisma, 3));
    zips = [first, first + 1, first + 2].map(String);
    city = await createCity(t.prisma, { zips });
    // Enough cities for the areas list to be worth compressing (over 1 KB).
    for (let i = 0; i < 6; i++) await createCity(t.prisma);
    dwellings = [];
    const now = Date.now();
    for (let i = 0; i < DWELLINGS; i++) {
      const d = await createDwelling(t.prisma, { cityId: city.id, createdAt: new Date(now - i * 60_000), zip: zips[i % zips.length] });
      dwellings.push({ id: d.id, headline: d.headline, teaser: d.teaser });
    }
  });
  afterAll(() => t?.close());

  /** The response's bytes as sent (compressed bodies are binary). */
  const raw = (url: string, headers: Record<string, string> = {}) => t.app.getHttpAdapter().getInstance().inject({ method: 'GET', url, headers });

  it('embeds the city names, never the postal codes, districts or aliases, and names the translations by URL', async () => {
    for (const path of ['/', `/${city.slug}`, `/search?q=${zips[0]}`, `/vis/${dwellings[0].id}`, '/login']) {
      const res = await t.request('GET', path);
      expect(res.status, path).toBe(200);
      const { state, stateText } = embedded(res.text);
      const cities = (state.cities as { data: Array<Record<string, unknown>> }).data;
      expect(cities.find((c) => c.slug === city.slug), path).toEqual({ slug: city.slug, label: city.label, popularRank: null, population: null });
      for (const c of cities) expect(Object.keys(c).sort(), path).toEqual(['label', 'popularRank', 'population', 'slug']);
      expect(stateText, path).not.toMatch(/"(zips|districts|aliases)"/);
      expect(stateText, path).not.toContain(`${city.label} C`); // the postal name of its zips
      expect(state.translations, path).toBeUndefined();
      expect(state.translationsUrl, path).toMatch(/^\/locales\/da\/[\w-]+\/translation\.json$/);
      expect(res.text, path).toContain(`<link rel="preload" href="${state.translationsUrl as string}" as="fetch" crossorigin="anonymous" />`);
      // The whole state is a few KB; the areas list alone was 67 KB.
      expect(stateText.length, path).toBeLessThan(20_000);
      // No postal code of the city anywhere in the page's data (the dwelling list shows postal names, not codes).
      for (const zip of zips) expect(`${stateText}`, path).not.toContain(`"${zip}"`);
    }
  });

  it('lists each dwelling of a city page once: every card in the HTML, the first screenful in the hydration data', async () => {
    const res = await t.request('GET', `/${city.slug}`);
    expect(res.status).toBe(200);
    const { hydrationText } = embedded(res.text);
    const body = res.text;
    dwellings.forEach((d, i) => {
      // The card: its link and headline, once; the ItemList (JSON-LD) names its URL too.
      expect(count(body, `href="/vis/${d.id}"`), `card ${i}`).toBe(1);
      expect(count(body, `>${d.headline}</h3>`), `card ${i}`).toBe(1);
      // In the hydration data: the first cards whole, the others by id only.
      expect(count(hydrationText, d.headline), `card ${i}`).toBe(i < FIRST_HYDRATED_CARDS ? 1 : 0);
      expect(count(hydrationText, `"dwellingId":"${d.id}"`), `card ${i}`).toBe(1);
      // What no card shows is in neither.
      expect(count(body, d.teaser), `card ${i}`).toBe(0);
    });
    expect(hydrationText).toContain(`"rest":{"path":"/dwellings/area/${city.slug}","query":{},"from":${FIRST_HYDRATED_CARDS}}`);
    // The browser fetches those cards before hydrating; a visitor's page preloads them.
    expect(body).toContain(`<link rel="preload" href="/api/dwellings/area/${city.slug}" as="fetch" crossorigin="anonymous" />`);
    // The loader's city is its name, not the areas entry with its postal codes.
    expect(hydrationText).toContain(`"city":{"slug":"${city.slug}","label":"${city.label}"}`);
    expect(hydrationText).not.toMatch(/"(zips|images|teaser|lat|lng)"/);
  });

  it('lists each dwelling of a search page once, and names the place the search matched', async () => {
    const res = await t.request('GET', `/search?q=${encodeURIComponent(city.label)}`);
    expect(res.status).toBe(200);
    const { hydrationText } = embedded(res.text);
    expect(res.text).toContain(`<h1>Lejeboliger i ${city.label}</h1>`);
    expect(hydrationText).toContain(`"place":{"slug":"${city.slug}","label":"${city.label}"}`);
    dwellings.forEach((d, i) => {
      expect(count(res.text, `href="/vis/${d.id}"`), `card ${i}`).toBe(1);
      expect(count(hydrationText, d.headline), `card ${i}`).toBe(i < FIRST_HYDRATED_CARDS ? 1 : 0);
      expect(count(res.text, d.teaser), `card ${i}`).toBe(0);
    });
  });

  it('serves the translations at their versioned URL: immutable, compressed once, revalidated by ETag', async () => {
    const page = await t.request('GET', '/', undefined, { host: 'en.localhost:3000' });
    const url = embedded(page.text).state.translationsUrl as string;
    expect(url).toMatch(/^\/locales\/en\/[\w-]+\/translation\.json$/);
    const res = await raw(url, { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const texts = JSON.parse(brotliDecompressSync(res.rawPayload).toString('utf8')) as Record<string, unknown>;
    expect(Object.keys(texts).length).toBeGreaterThan(10);
    const again = await t.request('GET', url, undefined, { 'if-none-match': String(res.headers.etag) });
    expect(again.status).toBe(304);
    // A page from before a deploy asks for an older version: the current texts, not kept for good.
    const old = await t.request('GET', '/locales/en/0ld-version/translation.json');
    expect(old.status).toBe(200);
    expect(old.headers['cache-control']).toBe('no-cache');
    expect(JSON.parse(old.text)).toEqual(texts);
    expect((await t.request('GET', `/locales/xx/${url.split('/')[3]}/translation.json`)).status).toBe(404);
  });

  it('answers GET /api/dwellings/areas with the whole list: cacheable, compressed once, revalidated by ETag', async () => {
    const plain = await t.request('GET', '/api/dwellings/areas');
    expect(plain.status).toBe(200);
    expect(plain.headers['cache-control']).toBe('public, max-age=300');
    expect(plain.headers['content-type']).toMatch(/^application\/json/);
    const areas = plain.body as { data: Array<{ slug: string; zips: string[] }>; aliases: Record<string, string> };
    expect(areas.data.find((c) => c.slug === city.slug)?.zips).toEqual(zips);
    expect(areas.aliases[zips[0]]).toBe(city.slug);
    const br = await raw('/api/dwellings/areas', { 'accept-encoding': 'gzip, br' });
    expect(plain.text.length).toBeGreaterThan(1024);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.etag).toBe(plain.headers.etag);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(areas);
    const again = await t.request('GET', '/api/dwellings/areas', undefined, { 'if-none-match': String(plain.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
  });
});
