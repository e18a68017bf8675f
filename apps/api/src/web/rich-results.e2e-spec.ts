import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { workspaceRoot } from '../infra/database/migrate';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createCity, createDwelling } from '../../test/factories';

const SERVER_ENTRY = join(workspaceRoot(), 'dist/web-server/entry-server.cjs');

type Node = Record<string, unknown> & { '@type': string };

const unescape = (text: string | undefined) => text?.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** `<meta property|name="key" content="…">` of a page, unescaped. */
function meta(html: string, key: string): string | undefined {
  return unescape(new RegExp(`<meta (?:property|name)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)" />`).exec(html)?.[1]);
}

const canonical = (html: string) => unescape(/<link rel="canonical" href="([^"]*)" \/>/.exec(html)?.[1]);
const title = (html: string) => unescape(/<title>([^<]*)<\/title>/.exec(html)?.[1]);

/** Every JSON-LD node of the page, parsed as a crawler would. */
function jsonLd(html: string): Node[] {
  const scripts = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)];
  return scripts.flatMap((m) => {
    const value = JSON.parse(m[1]!) as Node | Node[];
    return Array.isArray(value) ? value : [value];
  });
}

/** Open Graph and Twitter card tags every public page carries, with absolute URLs on `origin`. */
function expectShareTags(html: string, origin: string): void {
  for (const key of ['og:title', 'og:description', 'og:image', 'og:site_name', 'og:type', 'og:locale', 'twitter:card', 'twitter:title', 'twitter:description', 'twitter:image']) {
    expect(meta(html, key), key).toBeTruthy();
  }
  expect(meta(html, 'og:url')).toBe(canonical(html));
  expect(meta(html, 'og:image')!.startsWith(`${origin}/`)).toBe(true);
  expect(meta(html, 'twitter:card')).toBe('summary_large_image');
  expect(meta(html, 'og:title')).toBe(title(html));
}

describe('rich results and indexing (docs/decisions/0019)', () => {
  let t: TestApp;
  let origin: string;
  let enOrigin: string;
  /** Created before any page is rendered: the city list is cached for 5 minutes after its first read. */
  let city: { id: number; slug: string; label: string };
  let empty: { id: number; slug: string; label: string };
  beforeAll(async () => {
    if (!existsSync(SERVER_ENTRY)) throw new Error('These tests render with the built web app: run `npm run build` first (npm test does).');
    t = await createTestApp();
    origin = t.config.http.publicUrl.replace(/\/$/, '');
    const url = new URL(origin);
    enOrigin = `${url.protocol}//en.${url.host}`;
    city = await createCity(t.prisma);
    empty = await createCity(t.prisma);
  });
  afterAll(() => t?.close());

  it('/: share tags, Organization and WebSite with a SearchAction on PUBLIC_URL', async () => {
    const res = await t.request('GET', '/');
    expect(res.status).toBe(200);
    expectShareTags(res.text, origin);
    expect(meta(res.text, 'og:image')).toBe(`${origin}/og-image.png`);
    const nodes = jsonLd(res.text);
    expect(nodes.map((n) => n['@type']).sort()).toEqual(['Organization', 'WebSite']);
    const site = nodes.find((n) => n['@type'] === 'WebSite')!;
    expect(site.url).toBe(`${origin}/`);
    expect(site.potentialAction).toMatchObject({ '@type': 'SearchAction', target: { urlTemplate: `${origin}/search?q={search_term_string}` } });
    expect(nodes.find((n) => n['@type'] === 'Organization')!.logo).toBe(`${origin}/logo.png`);
    // The static images are there to fetch.
    for (const path of ['/og-image.png', '/logo.png']) {
      const image = await t.request('GET', path);
      expect(image.status, path).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
    }
  });

  it("/{city}: the newest dwelling's first image, BreadcrumbList and ItemList of the listed dwellings", async () => {
    const older = await createDwelling(t.prisma, { cityId: city.id, images: 1, createdAt: new Date(Date.now() - 86_400_000) });
    const newest = await createDwelling(t.prisma, { cityId: city.id, images: 2 });
    const res = await t.request('GET', `/${city.slug}`);
    expect(res.status).toBe(200);
    expectShareTags(res.text, origin);
    // A visitor's page: the blurred image, never the full one.
    expect(meta(res.text, 'og:image')).toBe(`${origin}/media/dwellings/${newest.images[0]!.blurredKey}.jpg`);
    expect(res.text).not.toContain(newest.images[0]!.fullKey);
    const nodes = jsonLd(res.text);
    expect(nodes.map((n) => n['@type'])).toEqual(['BreadcrumbList', 'ItemList']);
    const crumbs = nodes[0]!.itemListElement as Array<Record<string, unknown>>;
    expect(crumbs.map((c) => c.item)).toEqual([`${origin}/`, `${origin}/byer`, `${origin}/${city.slug}`]);
    const items = nodes[1]!.itemListElement as Array<Record<string, unknown>>;
    expect(items.slice(0, 2)).toEqual([
      { '@type': 'ListItem', position: 1, url: `${origin}/vis/${newest.id}` },
      { '@type': 'ListItem', position: 2, url: `${origin}/vis/${older.id}` },
    ]);

    // A city without dwellings: the site's image.
    const none = await t.request('GET', `/${empty.slug}`);
    expect(meta(none.text, 'og:image')).toBe(`${origin}/og-image.png`);
  });

  it('/vis/{id}: a headline from a feed cannot close the JSON-LD script; BreadcrumbList and RealEstateListing', async () => {
    const headline = '</script><script>alert(1)</script> & "ø"';
    const d = await createDwelling(t.prisma, { cityId: city.id, images: 2, headline, rent: 9500, rooms: 3, size: 82 });
    const res = await t.request('GET', `/vis/${d.id}`);
    expect(res.status).toBe(200);
    expect(res.text).not.toContain('<script>alert(1)</script>');
    expectShareTags(res.text, origin);
    expect(meta(res.text, 'og:image')).toBe(`${origin}/media/dwellings/${d.images[0]!.blurredKey}.jpg`);
    expect(meta(res.text, 'og:image:alt')).toBe(headline);
    const nodes = jsonLd(res.text);
    expect(nodes.map((n) => n['@type'])).toEqual(['BreadcrumbList', 'RealEstateListing']);
    const listing = nodes[1]!;
    expect(listing).toMatchObject({
      name: headline,
      url: `${origin}/vis/${d.id}`,
      mainEntity: { numberOfRooms: 3, floorSize: { value: 82, unitCode: 'MTK' }, address: { addressLocality: city.label, addressCountry: 'DK' } },
      offers: { '@type': 'Offer', price: 9500, priceCurrency: 'DKK', priceSpecification: { unitCode: 'MON' } },
    });
    expect((nodes[0]!.itemListElement as Array<Record<string, unknown>>).map((c) => c.item)).toEqual([`${origin}/`, `${origin}/${city.slug}`, `${origin}/vis/${d.id}`]);
  });

  it('/search?q=<a city> is canonical on /<city>; with a filter or no known place it is its own page', async () => {
    const res = await t.request('GET', `/search?q=${encodeURIComponent(city.label.toUpperCase())}&utm_source=x`);
    expect(res.status).toBe(200);
    expect(canonical(res.text)).toBe(`${origin}/${city.slug}`);
    expect(res.text).toContain(`<link rel="alternate" hreflang="en" href="${enOrigin}/${city.slug}" />`);
    expectShareTags(res.text, origin);

    const paged = await t.request('GET', `/search?q=${city.slug}&start=30`);
    expect(canonical(paged.text)).toBe(`${origin}/${city.slug}?start=30`);
    const filtered = await t.request('GET', `/search?q=${city.slug}&rent=8000`);
    expect(canonical(filtered.text)).toBe(`${origin}/search?q=${city.slug}&rent=8000`);
    const unknown = await t.request('GET', '/search?q=Ingenstedby');
    expect(canonical(unknown.text)).toBe(`${origin}/search?q=Ingenstedby`);
  });

  it('a search with a drawn area is noindex (meta and X-Robots-Tag), without a canonical (docs/decisions/0064)', async () => {
    const area = encodeURIComponent('_errI_lhkA?_pR_sN??~oR~rN?');
    // The last without q: the area alone in all of Denmark (the boligagent panel's "Vis på kort").
    for (const path of [`/search?q=${city.slug}&area=${area}`, `/search?q=${city.slug}&rent=8000&area=${area}`, `/search?area=${area}&view=map`]) {
      const res = await t.request('GET', path);
      expect(res.status, path).toBe(200);
      expect(res.text, path).toContain('<meta name="robots" content="noindex" />');
      expect(res.headers['x-robots-tag'], path).toBe('noindex, nofollow');
      expect(canonical(res.text), path).toBeUndefined();
    }
    const alone = await t.request('GET', `/search?area=${area}&view=map`);
    expect(alone.text).toContain('Lejeboliger i det tegnede område</h1>');
  });

  it('/login, /signup and /reset-password are noindex (meta and X-Robots-Tag), without a canonical', async () => {
    for (const path of ['/login', '/signup', '/reset-password']) {
      const res = await t.request('GET', path);
      expect(res.status, path).toBe(200);
      expect(res.text, path).toContain('<meta name="robots" content="noindex" />');
      expect(res.headers['x-robots-tag'], path).toBe('noindex, nofollow');
      expect(canonical(res.text), path).toBeUndefined();
      expect(meta(res.text, 'og:url'), path).toBeUndefined();
    }
    const home = await t.request('GET', '/');
    expect(home.headers['x-robots-tag']).toBeUndefined();
  });

  it('/byer and /login have descriptions of their own', async () => {
    const home = meta((await t.request('GET', '/')).text, 'description');
    const byer = meta((await t.request('GET', '/byer')).text, 'description');
    const login = meta((await t.request('GET', '/login')).text, 'description');
    expect(new Set([home, byer, login]).size).toBe(3);
    expect(byer).toMatch(/byer/i);
    expect(login).toMatch(/Log ind/);
  });

  it('English on en.: titles, descriptions and share tags of search and city pages, on the en. origin', async () => {
    const headers = { host: new URL(enOrigin).host };
    const cityPage = await t.request('GET', `/${city.slug}`, undefined, headers);
    expect(cityPage.text).toContain(`<title>Rental homes in ${city.label} - now showing vacant apartments near ${city.label}</title>`);
    expect(meta(cityPage.text, 'description')).toMatch(/^Vacant rental homes in /);
    expect(meta(cityPage.text, 'og:locale')).toBe('en_GB');
    expectShareTags(cityPage.text, enOrigin);
    expect(canonical(cityPage.text)).toBe(`${enOrigin}/${city.slug}`);

    const search = await t.request('GET', `/search?q=${city.slug}`, undefined, headers);
    expect(search.text).toContain(`<title>Rental homes in ${city.label} - now showing vacant apartments near ${city.label}</title>`);
    expect(meta(search.text, 'description')).toMatch(/^See vacant rental homes in /);
    expect(canonical(search.text)).toBe(`${enOrigin}/${city.slug}`);

    const byer = await t.request('GET', '/byer', undefined, headers);
    expect(meta(byer.text, 'description')).toMatch(/^Every city/);
  });

  it('a spoofed Host or X-Forwarded-Host never reaches og:url, og:image, canonical or JSON-LD', async () => {
    const spoofs: Array<Record<string, string>> = [{ host: 'evil.example' }, { host: 'en.evil.example' }, { 'x-forwarded-host': 'evil.example' }];
    for (const headers of spoofs) {
      for (const path of ['/', `/${city.slug}`, `/search?q=${city.slug}`]) {
        const res = await t.request('GET', path, undefined, headers);
        expect(res.status, path).toBe(200);
        expect(res.text, `${path} ${JSON.stringify(headers)}`).not.toContain('evil.example');
        expect(canonical(res.text)!.startsWith(`${origin}/`)).toBe(true);
        expect(meta(res.text, 'og:url')!.startsWith(`${origin}/`)).toBe(true);
      }
    }
  });
});
