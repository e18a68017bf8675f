import type { IncomingMessage } from 'node:http';
import { configuredSiteHost, hostForLanguage, LANGUAGES, type Language } from '@husly/domain';
import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config/app-config';

/** The site's hosts as the pages may post forms to them: PUBLIC_URL, and localhost outside production. */
export interface SiteOrigins {
  publicUrl: string;
  localhost: boolean;
}

/**
 * The same site in `language`, as an origin: the language switch posts its handoff form there
 * (LanguageHandoffService). Built from a configured host only, never from a raw Host header. With
 * only PUBLIC_URL's hosts configured (production) it is the same for every request, so helmet writes
 * the policy once instead of per response; localhost on any port (outside production) is per request.
 */
function languageOrigin(site: SiteOrigins, language: Language): string | ((req: IncomingMessage) => string) {
  const origin = (host: string) => `${new URL(site.publicUrl).protocol}//${hostForLanguage(host, language)}`;
  if (!site.localhost) return origin(new URL(site.publicUrl).host);
  return (req: IncomingMessage) => origin(configuredSiteHost(req.headers.host, site.publicUrl, { localhost: true }));
}

/** The policy's directives, for the header and for the docs/tests that read it. */
export function cspDirectives(security: AppConfig['security'], site?: SiteOrigins) {
  const { csp } = security;
  return {
    'default-src': ["'self'"],
    // Our bundles only ('self': Vite's chunks load by import()): the pages have no inline script
    // (their data is in JSON data blocks, which no policy governs), so no nonce and no hash, and a
    // visitor's rendered page can be sent again as it is (docs/decisions/0028-rendered-page-cache.md).
    // No 'strict-dynamic': it would let any script we load pull in scripts from anywhere.
    'script-src': ["'self'", ...csp.scriptSrc],
    'script-src-attr': ["'none'"],
    // Stylesheets only from our origin; style attributes are allowed: React writes style props
    // (the dwelling map's height) as attributes into server-rendered HTML, and Leaflet positions its
    // panes and tiles with inline styles. style-src keeps 'unsafe-inline' for browsers without the
    // -elem/-attr split, which fall back to it.
    'style-src': ["'self'", "'unsafe-inline'"],
    'style-src-elem': ["'self'"],
    'style-src-attr': ["'unsafe-inline'"],
    // data:/blob: for Leaflet's and the browser's generated images; the tile server of MAP_TILE_URL.
    'img-src': ["'self'", 'data:', 'blob:', ...csp.imgSrc],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...csp.connectSrc],
    // The service worker (/sw.js: push and the offline page, ADR 0063) and the web app manifest: ours only.
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'frame-src': csp.frameSrc.length > 0 ? csp.frameSrc : ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'", ...(site ? LANGUAGES.map((language) => languageOrigin(site, language)) : [])],
    'frame-ancestors': ["'none'"],
    ...(security.hsts ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/** What the pages may use of the browser: nothing of this, except payment in the provider's frames. */
export function permissionsPolicy(security: AppConfig['security']): string {
  const payment = ['self', ...security.csp.frameSrc.map((origin) => `"${origin}"`)].join(' ');
  return [
    'accelerometer=()',
    'camera=()',
    'geolocation=()',
    'gyroscope=()',
    'magnetometer=()',
    'microphone=()',
    `payment=(${payment})`,
    'usb=()',
  ].join(', ');
}

/**
 * The security headers of every response (pages, /api JSON, static files, errors), on the Fastify
 * instance so they apply before any route, Nest's included. HSTS only when PUBLIC_URL is https: on
 * http (development, tests) it would pin a browser's localhost to https.
 */
export function registerSecurityHeaders(fastify: FastifyInstance, config: AppConfig): void {
  const { security } = config;
  // helmet itself, built once: @fastify/helmet builds a new helmet (parsing every directive) for each
  // request, which cost the lists ~0.06 ms and several objects a request (docs/decisions/0031).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: cspDirectives(security, { publicUrl: config.http.publicUrl, localhost: config.env !== 'production' }),
    },
    // The page's own origin is useful to the tile server (OpenStreetMap's usage policy asks for a
    // Referer) and to the payment provider; no path or query (a search, a token) leaves the site.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: security.hsts ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    xFrameOptions: { action: 'deny' },
    // /media images are ours alone; the en. subdomain is the same site.
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
  const permissions = permissionsPolicy(security);
  fastify.addHook('onRequest', (request, reply, done) => {
    void reply.header('Permissions-Policy', permissions);
    securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error === undefined || error instanceof Error ? error : new Error(String(error))));
  });
}
