import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { loadConfig } from '../config/app-config';
import { workspaceRoot } from '../infra/database/migrate';
import { WebAppServer } from '../web/web-app';
import { createCity, createDwelling } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { registerSecurityHeaders } from './security-headers';

const SERVER_ENTRY = join(workspaceRoot(), 'dist/web-server/entry-server.cjs');

/** The policy as a map of directive → sources. */
function csp(headers: Record<string, unknown>): Map<string, string[]> {
  const header = headers['content-security-policy'];
  expect(typeof header, 'Content-Security-Policy header').toBe('string');
  return new Map(
    (header as string)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0] !== '')
      .map(([name, ...sources]) => [name, sources]),
  );
}

/** Every <script> start tag of a page. */
const scriptTags = (html: string) => html.match(/<script\b[^>]*>/g) ?? [];

/**
 * A page runs no inline script: each <script> loads one of our bundles (src on our origin) or is
 * a JSON data block, which the browser never executes; the policy allows no inline script at all.
 */
function expectNoInlineScript(html: string, label: string): void {
  const tags = scriptTags(html);
  expect(tags.length, label).toBeGreaterThanOrEqual(1);
  for (const tag of tags) {
    const type = /\btype="([^"]*)"/.exec(tag)?.[1];
    if (/\bsrc="/.test(tag)) expect(tag, label).toMatch(/\bsrc="\/assets\/[^"]+\.js"/);
    else expect(['application/json', 'application/ld+json'], `${label}: ${tag}`).toContain(type);
    expect(tag, label).not.toContain('nonce');
  }
}

function expectCommonHeaders(headers: Record<string, unknown>): void {
  const policy = csp(headers);
  expect(policy.get('default-src')).toEqual(["'self'"]);
  expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  expect(policy.get('object-src')).toEqual(["'none'"]);
  expect(policy.get('base-uri')).toEqual(["'self'"]);
  // Our own hosts only: the language switch posts its handoff form to the other language (ADR 0014).
  const formAction = policy.get('form-action') ?? [];
  expect(formAction[0]).toBe("'self'");
  for (const origin of formAction.slice(1)) expect(origin).toMatch(/^https?:\/\/(en\.)?localhost(:\d+)?$/);
  expect(policy.get('connect-src')).toEqual(["'self'"]);
  expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://tile.openstreetmap.org']);
  // Our bundles only: no nonce, no hash, no 'unsafe-inline'.
  expect(policy.get('script-src')).toEqual(["'self'"]);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['permissions-policy']).toBe('accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(self), usb=()');
  // PUBLIC_URL is http here: no HSTS, no upgrade of requests.
  expect(headers['strict-transport-security']).toBeUndefined();
  expect(policy.has('upgrade-insecure-requests')).toBe(false);
}

describe('security headers (issue 12 §6)', () => {
  let t: TestApp;
  let dwelling: { id: number };
  let citySlug: string;
  beforeAll(async () => {
    if (!existsSync(SERVER_ENTRY)) throw new Error('These tests render with the built web app: run `npm run build` first (npm test does).');
    t = await createTestApp();
    const city = await createCity(t.prisma);
    citySlug = city.slug;
    dwelling = await createDwelling(t.prisma, { cityId: city.id });
  });
  afterAll(() => t?.close());

  it('a rendered page: every header, and no inline script to run', async () => {
    for (const path of ['/', `/${citySlug}`, `/vis/${dwelling.id}`, '/login', '/testby-findes-ikke']) {
      const res = await t.request('GET', path);
      expect(res.headers['content-type'], path).toMatch(/^text\/html/);
      expectCommonHeaders(res.headers);
      // The embedded state, React Router's hydration data and Vite's module entry at least.
      expect(scriptTags(res.text).length, path).toBeGreaterThanOrEqual(3);
      expectNoInlineScript(res.text, path);
      expect(res.text).toContain('<script type="application/json" id="husly-hydration">');
      // Private: a subscriber's page carries what a visitor's must not; revalidated every time.
      expect(res.headers['cache-control']).toBe('private, no-cache');
    }
  });

  it('/api JSON, its errors, and static files carry the headers too', async () => {
    const json = await t.request('GET', '/api/dwellings/areas');
    expect(json.status).toBe(200);
    expect(json.headers['content-type']).toMatch(/^application\/json/);
    expectCommonHeaders(json.headers);

    const notFound = await t.request('GET', '/api/no-such-route');
    expect(notFound.status).toBe(404);
    expectCommonHeaders(notFound.headers);

    const asset = readdirSync(join(workspaceRoot(), 'dist/web/assets')).find((f) => f.endsWith('.js'));
    const script = await t.request('GET', `/assets/${asset}`);
    expect(script.status).toBe(200);
    expect(script.headers['content-type']).toMatch(/javascript/);
    expectCommonHeaders(script.headers);
  });

  it('never serves the raw template (the page is only what serve() answers)', async () => {
    const res = await t.request('GET', '/index.html');
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('<script');
  });

  describe('links are built from configured hosts only, never from Host or X-Forwarded-Host', () => {
    /** The language menu's links (hrefLang on each). */
    const switchLinks = (html: string) => [...html.matchAll(/<a [^>]*href="([^"]*)"[^>]*hrefLang="(da|en)"/gi)].map((m) => `${m[2]} ${m[1]}`);

    it.each([
      ['Host', { host: 'evil.example' }],
      ['Host with en.', { host: 'en.evil.example' }],
      ['X-Forwarded-Host', { 'x-forwarded-host': 'evil.example' }],
      ['X-Forwarded-Host with en.', { host: 'localhost:3000', 'x-forwarded-host': 'en.evil.example' }],
    ])('%s of another site: the Danish page of PUBLIC_URL', async (_name, headers) => {
      const res = await t.request('GET', `/${citySlug}?q=x`, undefined, headers);
      expect(res.status).toBe(200);
      expect(res.text).not.toContain('evil.example');
      expect(res.text).toContain('<html lang="da"');
      expect(switchLinks(res.text)).toEqual([`da //localhost:3000/${citySlug}?q=x`, `en //en.localhost:3000/${citySlug}?q=x`]);
      expect(res.text).toContain(`<link rel="canonical" href="http://localhost:3000/${citySlug}?q=x" />`);
    });

    it('a configured host is kept: en.localhost renders English with links to its own port', async () => {
      const res = await t.request('GET', '/byer', undefined, { host: 'en.localhost:4200' });
      expect(res.text).toContain('<html lang="en"');
      expect(switchLinks(res.text)).toEqual(['da //localhost:4200/byer', 'en //en.localhost:4200/byer']);
      // The browser hydrates with the host the server chose.
      expect(res.text).toContain('"host":"en.localhost:4200"');
    });
  });
});

describe('security headers with an https PUBLIC_URL and a payment provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        NODE_ENV: 'production',
        JWT_SECRET: 'x'.repeat(40),
        // Production takes payments only through Stripe; nothing here calls it.
        STRIPE_SECRET_KEY: 'sk_test_unused',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_unused',
        STRIPE_WEBHOOK_SECRET: 'whsec_unused',
        PUBLIC_URL: 'https://husly.example',
        // Behind a proxy: X-Forwarded-Host is read, and must still be a configured host.
        TRUST_PROXY: 'true',
        MAP_TILE_URL: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png',
        CSP_EXTRA_SCRIPT_SRC: 'https://js.stripe.com',
        CSP_EXTRA_FRAME_SRC: 'https://js.stripe.com, https://hooks.stripe.com',
        CSP_EXTRA_CONNECT_SRC: 'https://api.stripe.com',
      },
    });
  });
  afterAll(() => t?.close());

  it('HSTS, upgraded requests and the configured sources', async () => {
    const res = await t.request('GET', '/api/dwellings/areas');
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const policy = csp(res.headers);
    expect(policy.get('upgrade-insecure-requests')).toEqual([]);
    expect(policy.get('script-src')).toEqual(["'self'", 'https://js.stripe.com']);
    // Only PUBLIC_URL's hosts are configured: the same language origins whatever the request's host.
    expect(policy.get('form-action')).toEqual(["'self'", 'https://husly.example', 'https://en.husly.example']);
    const english = csp((await t.request('GET', '/api/dwellings/areas', undefined, { host: 'en.husly.example' })).headers);
    expect(english.get('form-action')).toEqual(["'self'", 'https://husly.example', 'https://en.husly.example']);
    expect(policy.get('frame-src')).toEqual(['https://js.stripe.com', 'https://hooks.stripe.com']);
    expect(policy.get('connect-src')).toEqual(["'self'", 'https://api.stripe.com']);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://*.tiles.example.org']);
    expect(res.headers['permissions-policy']).toContain('payment=(self "https://js.stripe.com" "https://hooks.stripe.com")');
  });

  it('in production localhost is no configured host: its links go to PUBLIC_URL', async () => {
    const res = await t.request('GET', '/byer', undefined, { host: 'en.localhost:3000' });
    expect(res.status).toBe(200);
    expect(res.text).toContain('<html lang="da"');
    expect(res.text).not.toContain('localhost');
    expect(res.text).toContain('href="//en.husly.example/byer"');
    const forwarded = await t.request('GET', '/byer', undefined, { host: 'app:3000', 'x-forwarded-host': 'en.husly.example' });
    expect(forwarded.text).toContain('<html lang="en"');
    const evil = await t.request('GET', '/byer', undefined, { host: 'husly.example', 'x-forwarded-host': 'en.evil.example' });
    expect(evil.text).toContain('<html lang="da"');
    expect(evil.text).not.toContain('evil.example');
  });
});

describe('the SPA shell (no server build)', () => {
  it('runs no inline script either', async () => {
    const fastify = Fastify();
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: mkdtempSync(join(tmpdir(), 'husly-test-')) });
    registerSecurityHeaders(fastify, config);
    const web = new WebAppServer(join(workspaceRoot(), 'dist/web'), { publicUrl: config.http.publicUrl, map: config.map });
    await web.register(fastify);
    fastify.setNotFoundHandler((request, reply) => web.serve(request, reply));
    try {
      const res = await fastify.inject({ method: 'GET', url: '/byer' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-cache');
      expectCommonHeaders(res.headers);
      expectNoInlineScript(res.body, '/byer (SPA shell)');
    } finally {
      await fastify.close();
    }
  });
});
