import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { TokenService } from '../common/auth/token.service';
import { workspaceRoot } from '../infra/database/migrate';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createScratchDatabase } from '../../test/scratch-database';
import { createCity, createDwelling, createUser } from '../../test/factories';

const SERVER_ENTRY = join(workspaceRoot(), 'dist/web-server/entry-server.cjs');

/**
 * A visitor's rendered page is sent again to the next visitor at the same URL and host while the
 * dwelling list version, the city list and the site alerts are the ones it was rendered from
 * (docs/decisions/0028-rendered-page-cache.md); a signed-in viewer's page never is, and no visitor
 * ever gets one.
 */
describe('rendered-page cache (docs/decisions/0028)', () => {
  let t: TestApp;
  // A database of its own: a dwelling written by a test file running alongside would move the list
  // version and turn an expected hit into a miss.
  let database: Awaited<ReturnType<typeof createScratchDatabase>>;
  let city: { id: number; slug: string; label: string };

  beforeAll(async () => {
    if (!existsSync(SERVER_ENTRY)) throw new Error('These tests render with the built web app: run `npm run build` first (npm test does).');
    database = await createScratchDatabase('husly_page_cache');
    t = await createTestApp({ env: { DATABASE_URL: database.url } });
    city = await createCity(t.prisma);
    await createDwelling(t.prisma, { cityId: city.id, headline: `Første bolig ${city.slug}` });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  const visit = (path: string, headers: Record<string, string> = {}) => t.request('GET', path, undefined, { accept: 'text/html', ...headers });

  it("sends a visitor's city page again, the same bytes, compressed once", async () => {
    const first = await visit(`/${city.slug}`, { 'accept-encoding': 'br' });
    expect(first.status).toBe(200);
    expect(first.headers['x-cache']).toBe('miss');
    const second = await visit(`/${city.slug}`, { 'accept-encoding': 'br' });
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.headers['content-encoding']).toBe('br');
    expect(second.headers['cache-control']).toBe('private, no-cache');
    expect(second.headers.vary).toContain('Accept-Encoding');
    // The same page as the first visitor's, in every encoding.
    const identity = await visit(`/${city.slug}`);
    expect(identity.headers['x-cache']).toBe('hit');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.text).toContain(`Første bolig ${city.slug}`);
    const raw = await t.app.getHttpAdapter().getInstance().inject({ method: 'GET', url: `/${city.slug}`, headers: { 'accept-encoding': 'br' } });
    expect(brotliDecompressSync(raw.rawPayload).toString()).toBe(identity.text);
  });

  it('renders again once a dwelling changed (the list version moved)', async () => {
    await visit(`/${city.slug}`);
    expect((await visit(`/${city.slug}`)).headers['x-cache']).toBe('hit');
    const added = await createDwelling(t.prisma, { cityId: city.id, headline: `Ny bolig ${city.slug}` });
    const after = await visit(`/${city.slug}`);
    expect(after.headers['x-cache']).toBe('miss');
    expect(after.text).toContain(`href="/vis/${added.id}"`);
    // A rented dwelling is shown as rented at once too.
    await visit(`/vis/${added.id}`);
    expect((await visit(`/vis/${added.id}`)).headers['x-cache']).toBe('hit');
    await t.prisma.dwelling.update({ where: { id: added.id }, data: { headline: `Ændret bolig ${city.slug}` } });
    const changed = await visit(`/vis/${added.id}`);
    expect(changed.headers['x-cache']).toBe('miss');
    expect(changed.text).toContain(`Ændret bolig ${city.slug}`);
  });

  it("never sends a subscriber's page to a visitor, nor a visitor's to a subscriber", async () => {
    const dwelling = await createDwelling(t.prisma, { cityId: city.id, images: 2 });
    const subscriber = await createUser(t.prisma, { plan: 'tenantad-249kr-30days' });
    const token = t.app.get(TokenService).issue(subscriber.id);

    // The subscriber first: rendered for them, not kept.
    const full = await visit(`/vis/${dwelling.id}`, { cookie: `token=${token}` });
    expect(full.text).toContain(dwelling.images[0]!.fullKey);
    expect(full.headers['x-cache']).toBeUndefined();
    const visitor = await visit(`/vis/${dwelling.id}`);
    expect(visitor.headers['x-cache']).toBe('miss');
    for (const image of dwelling.images) expect(visitor.text).not.toContain(image.fullKey);
    expect(visitor.text).not.toContain(dwelling.description);

    // The visitor's page is kept now; the subscriber still gets their own.
    expect((await visit(`/vis/${dwelling.id}`)).headers['x-cache']).toBe('hit');
    const again = await visit(`/vis/${dwelling.id}`, { cookie: `other=1; token=${token}` });
    expect(again.headers['x-cache']).toBeUndefined();
    expect(again.text).toContain(dwelling.images[0]!.fullKey);
    expect(again.text).toContain(dwelling.description);
    // Any bearer token, valid or not, is a signed-in viewer's request.
    expect((await visit(`/vis/${dwelling.id}`, { authorization: 'Bearer nonsense' })).headers['x-cache']).toBeUndefined();
    expect((await visit(`/vis/${dwelling.id}`, { cookie: 'token=nonsense' })).headers['x-cache']).toBeUndefined();
  });

  it('keeps each host its own page: Danish and English', async () => {
    const da = await visit('/byer');
    const en = await visit('/byer', { host: 'en.localhost:3000' });
    expect(da.text).toContain('<html lang="da"');
    expect(en.text).toContain('<html lang="en"');
    expect((await visit('/byer', { host: 'en.localhost:3000' })).text).toContain('<html lang="en"');
    expect((await visit('/byer')).text).toContain('<html lang="da"');
  });

  it('keeps no page that is not indexable: a 404, /login, a page with a token in its URL', async () => {
    for (const path of ['/testby-findes-ikke', '/login', '/reset-password?token=abc']) {
      const first = await visit(path);
      const second = await visit(path);
      expect(first.headers['x-cache'], path).toBe('miss');
      expect(second.headers['x-cache'], path).toBe('miss');
    }
  });

  it("keeps a page per cookie choice: the banner is in the page of a visitor who has not chosen, and only there", async () => {
    const banner = 'id="cookie-banner-heading"';
    const path = `/${city.slug}?banner=1`;
    const undecided = await visit(path);
    expect(undecided.text).toContain(banner);
    // First in the page, before the skip link and the list: painted and read before the 150 cards.
    expect(undecided.text.indexOf(banner)).toBeLessThan(undecided.text.indexOf('id="main"'));
    const all = await visit(path, { cookie: 'bn.consent=all' });
    expect(all.headers['x-cache']).toBe('miss');
    expect(all.text).not.toContain(banner);
    const necessary = await visit(path, { cookie: 'other=1; bn.consent=necessary' });
    expect(necessary.headers['x-cache']).toBe('miss');
    expect(necessary.text).not.toContain(banner);
    // Each choice now has its own page; an unknown value is no choice.
    for (const [cookie, shown] of [[undefined, true], ['bn.consent=all', false], ['bn.consent=necessary', false], ['bn.consent=maybe', true]] as const) {
      const again = await visit(path, cookie ? { cookie } : {});
      expect(again.headers['x-cache'], cookie).toBe('hit');
      expect(again.text.includes(banner), cookie).toBe(shown);
    }
  });

  it('a different query is a different page', async () => {
    await visit(`/${city.slug}?maxRent=5000`);
    expect((await visit(`/${city.slug}?maxRent=5000`)).headers['x-cache']).toBe('hit');
    expect((await visit(`/${city.slug}?maxRent=6000`)).headers['x-cache']).toBe('miss');
  });
});
