import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INFO_PAGES, infoPath } from '@husly/domain';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createCity, createDwelling } from '../../test/factories';

describe('sitemap.xml and robots.txt outside /api', () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp({ env: { PUBLIC_URL: 'https://husly.example' } })));
  afterAll(() => t.close());

  it('lists the home page, active cities and vacant dwellings in both languages', async () => {
    const city = await createCity(t.prisma);
    const inactive = await createCity(t.prisma, { active: false });
    const vacant = await createDwelling(t.prisma, { cityId: city.id });
    const rented = await createDwelling(t.prisma, { cityId: city.id, deletedAt: new Date() });
    const res = await t.request('GET', '/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    expect(res.text).toContain('<loc>https://husly.example/</loc>');
    expect(res.text).toContain(`<loc>https://husly.example/${city.slug}</loc>`);
    expect(res.text).toContain(`hreflang="en" href="https://en.husly.example/${city.slug}"`);
    expect(res.text).toContain(`<loc>https://husly.example/vis/${vacant.id}</loc>`);
    expect(res.text).toContain(`hreflang="en" href="https://en.husly.example/vis/${vacant.id}"`);
    expect(res.text).not.toContain(`/vis/${rented.id}<`);
    expect(res.text).not.toContain(`/${inactive.slug}<`);
    expect((await t.request('GET', '/sitemap.xml?page=99')).status).toBe(404);
  });

  it('lists every information page of the one INFO_PAGES table, with its English alternate', async () => {
    const res = await t.request('GET', '/sitemap.xml');
    expect(res.status).toBe(200);
    const infoLocs = [...res.text.matchAll(/<loc>https:\/\/husly\.example(\/info\/[^<]*)<\/loc>/g)].map((m) => m[1]);
    expect(infoLocs).toEqual(INFO_PAGES.map(infoPath));
    expect(infoLocs).toContain('/info/raad-om-boligsoegning');
    for (const path of infoLocs) expect(res.text).toContain(`hreflang="en" href="https://en.husly.example${path}"`);
  });

  it('serves robots.txt allowing all but /profile and /api, pointing to the sitemap', async () => {
    const res = await t.request('GET', '/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.text).toBe('User-agent: *\nAllow: /\nDisallow: /profile\nDisallow: /api\n\nSitemap: https://husly.example/sitemap.xml\n');
  });
});
