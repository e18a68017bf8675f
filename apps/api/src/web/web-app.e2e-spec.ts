import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { connect, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { TokenService } from '../common/auth/token.service';
import { workspaceRoot } from '../infra/database/migrate';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createCity, createDwelling, createUser } from '../../test/factories';
import { WebAppServer } from './web-app';

const SERVER_ENTRY = join(workspaceRoot(), 'dist/web-server/entry-server.cjs');

describe('server-side rendering of pages (docs/decisions/0003)', () => {
  let t: TestApp;
  /** Created before any page is rendered: the city list is cached for 5 minutes after its first read. */
  let capitalised: { slug: string };
  let listed: { id: number; slug: string; label: string };
  beforeAll(async () => {
    if (!existsSync(SERVER_ENTRY)) throw new Error('These tests render with the built web app: run `npm run build` first (npm test does).');
    t = await createTestApp();
    capitalised = await createCity(t.prisma);
    listed = await createCity(t.prisma);
  });
  afterAll(() => t?.close());

  it("renders a city page with its dwellings' headlines, title, canonical and hreflang, loaded through inject", async () => {
    const city = listed;
    const dwelling = await createDwelling(t.prisma, { cityId: city.id, headline: `Renderet bolig ${city.slug}` });
    const res = await t.request('GET', `/${city.slug}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.text).toContain(`>Renderet bolig ${city.slug}</h3>`);
    expect(res.text).toContain(`href="/vis/${dwelling.id}"`);
    expect(res.text).toContain(`<title>Lejeboliger ${city.label} - viser nu ledige lejligheder nær ${city.label}</title>`);
    expect(res.text).toContain(`<link rel="canonical" href="${t.config.http.publicUrl}/${city.slug}" />`);
    expect(res.text).toMatch(/<link rel="alternate" hreflang="en" href="http:\/\/en\.[^"]+\/testby-/);
    // Embedded state: the browser hydrates with the loader data instead of fetching it again.
    expect(res.text).toContain('<script type="application/json" id="husly-hydration">');
    expect(res.text).toContain('id="husly-state"');
  });

  it('answers 404 for an unknown city, a missing dwelling and an unknown route; 301 for a capitalised slug', async () => {
    for (const path of ['/testby-findes-ikke', '/vis/2147480000', '/vis/abc', '/a/b/c']) {
      const res = await t.request('GET', path);
      expect(res.status, path).toBe(404);
      expect(res.text).toContain('Ups! Siden findes ikke');
    }
    const upper = await t.request('GET', `/${capitalised.slug.toUpperCase()}?start=0`);
    expect(upper.status).toBe(301);
    expect(upper.headers.location).toBe(`/${capitalised.slug}?start=0`);
  });

  it('sends a form the browser posted to a page back to that page (303), reading nothing; never to another site', async () => {
    // A login form submitted before the page hydrated: its password stays out of every URL. Raw
    // HTTP, as a browser sends it: Fastify's injector would parse "/\\host" as a URL first.
    await t.app.listen(0, '127.0.0.1');
    const { port } = t.app.getHttpServer().address() as AddressInfo;
    const form = 'email=lejer%40husly.test&password=hemmelig';
    const post = (path: string) =>
      new Promise<{ status: number; location: string | undefined; cacheControl: string | undefined; text: string }>((resolve, reject) => {
        const socket = connect(Number(port), '127.0.0.1', () =>
          socket.end(`POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${form.length}\r\nConnection: close\r\n\r\n${form}`),
        );
        let raw = '';
        socket.on('data', (chunk) => (raw += chunk.toString()));
        socket.on('error', reject);
        socket.on('end', () => {
          const [head = '', text = ''] = raw.split('\r\n\r\n');
          const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1];
          resolve({ status: Number(head.split(' ')[1]), location: header('location'), cacheControl: header('cache-control'), text });
        });
      });
    for (const path of ['/login?next=%2Fprofile', '/signup', '/info/contact']) {
      const res = await post(path);
      expect(`${res.status} ${res.location}`, path).toBe(`303 ${path}`);
      expect(res.cacheControl).toBe('no-store');
      expect(res.text).not.toContain('hemmelig');
    }
    // "//host" or "/\\host" as a Location would be another site; an API path or a file is no page.
    for (const path of ['//evil.example/x', '/\\evil.example/x', '/api/nothing', '/assets/app.js']) {
      const res = await post(path);
      expect(`${res.status} ${res.location}`, path).toBe('404 undefined');
    }
  });

  it("renders /vis/{id} for a visitor without full images or description, and for the token cookie's subscriber with them", async () => {
    const city = await createCity(t.prisma);
    const d = await createDwelling(t.prisma, { cityId: city.id, images: 2 });
    const visitor = await t.request('GET', `/vis/${d.id}`);
    expect(visitor.status).toBe(200);
    expect(visitor.text).toContain(d.headline);
    for (const image of d.images) expect(visitor.text).not.toContain(image.fullKey);
    expect(visitor.text).not.toContain(d.description);
    expect(visitor.headers['cache-control']).toBe('private, no-cache');

    const subscriber = await createUser(t.prisma, { plan: 'tenantad-249kr-30days' });
    const token = t.app.get(TokenService).issue(subscriber.id);
    const full = await t.request('GET', `/vis/${d.id}`, undefined, { cookie: `other=1; token=${token}` });
    expect(full.status).toBe(200);
    expect(full.text).toContain(d.images[0]!.fullKey);
    expect(full.text).toContain(d.description);
  });

  it('English on the en. host: lang, texts and the en canonical', async () => {
    const res = await t.request('GET', '/byer', undefined, { host: 'en.localhost:3000' });
    expect(res.status).toBe(200);
    expect(res.text).toContain('<html lang="en"');
    expect(res.text).toContain('Where do you want to live?');
    expect(res.text).toMatch(/<link rel="canonical" href="http:\/\/en\.[^"]+\/byer" \/>/);
  });

  it("preloads the chunks and CSS of the page it renders, and no other page's (docs/decisions/0022)", async () => {
    type Chunk = { file: string; imports?: string[]; css?: string[] };
    const manifest = JSON.parse(readFileSync(join(workspaceRoot(), 'dist/web/.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;
    const res = await t.request('GET', `/${listed.slug}`);
    expect(res.status).toBe(200);
    const head = res.text.slice(0, res.text.indexOf('</head>'));
    const links = (rel: string) => [...head.matchAll(new RegExp(`<link rel="${rel}" crossorigin href="/([^"]+)">`, 'g'))].map((m) => m[1]);
    const city = manifest['src/features/cities/pages/city-page.tsx']!;
    expect(links('modulepreload')).toContain(city.file);
    // The CSS of the page's chunks, in the head before first paint: a stylesheet added after it would shift the page.
    const css = [city, ...(city.imports ?? []).map((key) => manifest[key]!)].flatMap((chunk) => chunk.css ?? []);
    expect(css.length).toBeGreaterThan(0);
    for (const file of css) expect(links('stylesheet')).toContain(file);
    // Not the code of other pages: payments (Apollo, Stripe), accounts, the other listing pages.
    for (const other of [
      'src/features/subscriptions/pages/subscription-page.tsx',
      'src/features/subscriptions/components/stripe-payment.tsx',
      'src/features/accounts/pages/login-page.tsx',
      'src/features/accounts/pages/profile-pages.tsx',
      'src/features/search/pages/search-page.tsx',
      'src/features/home/pages/home-page.tsx',
    ]) {
      expect(manifest[other], other).toBeDefined();
      expect(res.text, other).not.toContain(manifest[other]!.file);
    }
    // The manifest is the server's map, not a file to serve.
    expect((await t.request('GET', '/.vite/manifest.json')).status).toBe(404);
  });

  it('falls back to the SPA shell without a server build', async () => {
    const web = new WebAppServer(join(workspaceRoot(), 'dist/web'), {
      serverEntry: join(workspaceRoot(), 'dist/no-such-dir/entry-server.cjs'),
      publicUrl: 'http://localhost:3000',
      map: { tileUrl: 'http://tiles/{z}/{x}/{y}.png', attribution: 'x' },
    });
    expect(web.available).toBe(true);
    expect(web.serverRendering).toBe(false);
  });
});
