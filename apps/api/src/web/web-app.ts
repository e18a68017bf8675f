import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { Logger } from '@nestjs/common';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AreasResponse, SiteAlertsResponse } from '@husly/contracts';
import { configuredSiteHost } from '@husly/domain';
import { encodeBodyAsync, encodedOnce, negotiate, StaticBody } from '../common/compression';
import { pageKey, RenderedPageCache, personalRequest, type PageInputs, type RenderedPage } from './rendered-page-cache';

/** What dist/web-server/entry-server.cjs exports (apps/web/src/entry-server.tsx); kept in step by hand. */
interface RenderInput {
  url: string;
  host: string;
  cookie: string | undefined;
  fetch: typeof fetch;
  translations: Record<'da' | 'en', Record<string, unknown>>;
  settings: { map: { tileUrl: string; attribution: string }; company?: CompanySettings };
  publicUrl: string;
  template: string;
  areas?: () => Promise<AreasResponse>;
  alerts?: () => Promise<SiteAlertsResponse>;
  translationsUrl?: Record<'da' | 'en', string>;
  manifest?: Record<string, unknown>;
}

/**
 * What every page needs from the API besides its loaders' data, read from the services' own caches
 * instead of through inject and JSON per page (docs/decisions/0023-lean-hydration.md).
 */
export interface PageSources {
  areas: () => Promise<AreasResponse>;
  alerts: () => Promise<SiteAlertsResponse>;
  /** The dwelling list version (DwellingsService.listVersion): a visitor's page is kept only at one version. */
  listVersion?: () => Promise<string | undefined>;
}
/** COMPANY_*: the footer and /info/contact show who runs the portal. */
export interface CompanySettings {
  name: string;
  address: string;
  zip: string;
  city: string;
  cvr: string;
}
type RenderOutput =
  | { type: 'redirect'; status: number; location: string }
  | { type: 'page'; status: number; html: string; headers?: Record<string, string>; shareable?: boolean; consent?: string | null };
interface ServerEntry {
  render(input: RenderInput): Promise<RenderOutput>;
}

export interface WebAppOptions {
  /** dist/web-server/entry-server.cjs; without it (dev, tests without a build) pages are the SPA shell. */
  serverEntry?: string;
  /** PUBLIC_URL: origin of canonical and hreflang links, and the host of a request for another host. */
  publicUrl: string;
  /** Whether localhost and en.localhost (any port) count as configured hosts: outside production. */
  localHosts?: boolean;
  /** config.map, embedded in every page for the dwelling map. */
  map: { tileUrl: string; attribution: string };
  /** config.payments.company; without it the web app's defaults. */
  company?: CompanySettings;
}

/**
 * The server entry is built as CommonJS (apps/web/vite.config.mts) and loaded with Node's own
 * require: this API is CommonJS, and its tests run inside Vitest's module runner, where a native
 * dynamic `import()` (which TypeScript keeps as it is under `nodenext`, and which an ES module entry
 * would need) fails with ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING. createRequire gives the same real
 * require in both.
 */
const requireFromHere = createRequire(join(__dirname, 'web-app.js'));

/** Vite's build manifest in dist/web (`build.manifest`, apps/web/vite.config.mts). */
const MANIFEST = join('.vite', 'manifest.json');

/**
 * Serves the built React app (dist/web) from the API process, so web and API share one port, and
 * renders pages on the server (docs/decisions/0003-server-side-rendering.md): each page GET runs
 * the web's route loaders against this same app through Fastify's inject (no network hop) and
 * answers full HTML with the loaders' status (404 for unknown cities and dwellings). Without a
 * server build it answers index.html and the browser renders.
 */
export class WebAppServer {
  private readonly logger = new Logger('WebAppServer');
  private readonly indexHtml?: string;
  /** dist/web/.vite/manifest.json: the chunks and CSS of each page, for the rendered page's preload tags. */
  private readonly manifest?: RenderInput['manifest'];
  private readonly translations?: RenderInput['translations'];
  /** Each language's translations as served at a versioned URL (docs/decisions/0023-lean-hydration.md). */
  private readonly translationFiles?: Record<'da' | 'en', { version: string; url: string; body: StaticBody }>;
  /** Their URLs, as every page names them. */
  private readonly translationsUrl?: RenderInput['translationsUrl'];
  private fastify?: FastifyInstance;
  private entry?: Promise<ServerEntry | null>;
  private sources?: PageSources;
  /** Visitors' rendered pages (docs/decisions/0028-rendered-page-cache.md). */
  private readonly pageCache = new RenderedPageCache();
  private readonly settings?: RenderInput['settings'];

  constructor(
    readonly distDir: string,
    private readonly options?: WebAppOptions,
  ) {
    if (options) this.settings = { map: options.map, ...(options.company ? { company: options.company } : {}) };
    const index = join(distDir, 'index.html');
    if (existsSync(index)) this.indexHtml = readFileSync(index, 'utf8');
    const manifest = join(distDir, MANIFEST);
    if (existsSync(manifest)) this.manifest = JSON.parse(readFileSync(manifest, 'utf8')) as RenderInput['manifest'];
    const locale = (lang: string) => join(distDir, 'locales', lang, 'translation.json');
    if (existsSync(locale('da')) && existsSync(locale('en'))) {
      this.translations = {
        da: JSON.parse(readFileSync(locale('da'), 'utf8')) as Record<string, unknown>,
        en: JSON.parse(readFileSync(locale('en'), 'utf8')) as Record<string, unknown>,
      };
      const file = (lang: 'da' | 'en') => {
        const body = new StaticBody(Buffer.from(JSON.stringify(this.translations?.[lang])));
        const version = body.etag.slice(1, 13);
        return { version, url: `/locales/${lang}/${version}/translation.json`, body };
      };
      this.translationFiles = { da: file('da'), en: file('en') };
      this.translationsUrl = { da: this.translationFiles.da.url, en: this.translationFiles.en.url };
    }
  }

  get available(): boolean {
    return this.indexHtml !== undefined;
  }

  /** Whether pages are rendered on the server (a server build is there). */
  get serverRendering(): boolean {
    const entry = this.options?.serverEntry;
    return this.translations !== undefined && entry !== undefined && existsSync(entry);
  }

  async register(fastify: FastifyInstance): Promise<void> {
    this.fastify = fastify;
    if (!this.available) return;
    await fastify.register(fastifyStatic, {
      root: this.distDir,
      prefix: '/',
      index: false,
      wildcard: false,
      // The page template is served by serve(), as the page or as the SPA shell. The build manifest
      // is the server's map of the chunks, not a file for browsers.
      allowedPath: (path) => path !== '/index.html' && !path.startsWith('/.vite/'),
      // The build wrote .br and .gz beside each text file (tools/precompress.mjs): sent as they are.
      preCompressed: true,
      // Hashed assets never change; everything else is revalidated.
      setHeaders: (res, path) => {
        res.header('Cache-Control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    // A server-rendered page names its language's texts by version instead of embedding them, so a
    // phone fetches them once and every later page is ~12 KB (gzip) smaller. An old version (a page
    // from before a deploy) gets the current texts, revalidated each time.
    const files = this.translationFiles;
    if (files) {
      fastify.get<{ Params: { lang: string; version: string } }>('/locales/:lang/:version/translation.json', async (request, reply) => {
        const file = request.params.lang === 'da' || request.params.lang === 'en' ? files[request.params.lang] : undefined;
        if (!file) {
          await reply.status(404).type('application/json; charset=utf-8').send({ statusCode: 404, error: 'Not Found', message: 'Not Found' });
          return;
        }
        const current = request.params.version === file.version;
        void reply.header('Cache-Control', current ? 'public, max-age=31536000, immutable' : 'no-cache');
        await file.body.send(reply, 'application/json; charset=utf-8');
      });
    }
  }

  /** The services pages read the city list and the site alerts from (once the app is initialised). */
  useSources(sources: PageSources): void {
    this.sources = sources;
  }

  /** Page requests only: a missing file (an old /assets/ bundle, /favicon.png) stays a real 404. */
  handles(request: FastifyRequest): boolean {
    return (request.method === 'GET' || request.method === 'HEAD') && this.isPagePath(request.url.split('?')[0]);
  }

  private isPagePath(path: string): boolean {
    return this.available && !path.startsWith('/api/') && path !== '/api' && !path.startsWith('/assets/') && !/\.[a-z0-9]{2,5}$/i.test(path);
  }

  /**
   * A page's own form submitted by the browser before the page's script took it over (it hydrates
   * later on a slow phone, or failed to load): every such form says method="post", so the fields
   * stay out of the URL. Nothing is read from the body; the visitor goes back to the page (303, as
   * a GET) and submits again with the script running. Only a plain path: "//host" or "/\\host"
   * would make the Location another site.
   */
  answersFormPost(request: FastifyRequest): boolean {
    const path = request.url.split('?')[0];
    return request.method === 'POST' && /^\/(?![/\\])/.test(path) && this.isPagePath(path);
  }

  async redirectFormPost(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    await reply.header('Cache-Control', 'no-store').redirect(request.url, 303);
  }

  async serve(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const entry = await this.loadEntry();
    const template = this.indexHtml;
    if (entry && this.options && this.settings && this.translations && this.fastify && template) {
      try {
        // request.host: the Host header, or X-Forwarded-Host behind a proxy (trustProxy); either is
        // the client's to choose, so only a configured host is rendered into links.
        const host = configuredSiteHost(request.host, this.options.publicUrl, { localhost: this.options.localHosts ?? false });
        const url = `${request.protocol}://${host}${request.url}`;
        // A visitor's page may be one rendered moments ago for another visitor at the same list version.
        const cache = personalRequest(request.headers) ? undefined : this.pageCache;
        const { key, consent } = pageKey(url, request.headers.cookie);
        const inputs = cache ? await this.pageInputs() : undefined;
        if (cache && inputs) {
          const page = cache.get(key, inputs, Date.now());
          if (page) {
            await this.sendPage(reply, page, 'hit', (bytes) => cache.grow(key, page, bytes));
            return;
          }
        }
        const result = await entry.render(this.renderInput(this.fastify, template, url, host, request.headers.cookie, inputs));
        if (result.type === 'redirect') {
          await reply.redirect(result.location, result.status);
          return;
        }
        const page: RenderedPage = {
          status: result.status,
          html: Buffer.from(result.html),
          headers: result.headers ?? {},
          inputs: inputs ?? { version: '', areas: undefined, alerts: undefined },
          at: Date.now(),
          encoded: new Map(),
        };
        // Kept only when the render read the cookie choice as the key does.
        const kept = cache !== undefined && inputs !== undefined && result.shareable === true && (result.consent ?? null) === consent;
        if (kept) cache.set(key, page);
        await this.sendPage(reply, page, cache ? 'miss' : undefined, kept ? (bytes) => cache.grow(key, page, bytes) : undefined);
        return;
      } catch (error) {
        // The browser can still render the page; a broken server render must not take the site down.
        this.logger.error(`Server render of ${request.url} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      }
    }
    const shell = template === undefined ? undefined : Buffer.from(template);
    void reply.status(200).header('Cache-Control', 'private, no-cache').type('text/html; charset=utf-8');
    await reply.send(shell && (await negotiate(reply, shell, (encoding) => encodeBodyAsync(shell, encoding))));
  }

  /**
   * Renders `path` once as a visitor's page on the configured host and keeps it nowhere; its status,
   * or null without a server build. Before a web process listens (docs/decisions/0068): loading the
   * renderer, the page's modules and the first render's compiling are then not a visitor's wait.
   */
  async warmUp(path: string): Promise<number | null> {
    const entry = await this.loadEntry();
    const template = this.indexHtml;
    if (!entry || !this.options || !this.fastify || template === undefined) return null;
    const host = configuredSiteHost(undefined, this.options.publicUrl, { localhost: this.options.localHosts ?? false });
    const url = `${new URL(this.options.publicUrl).protocol}//${host}${path}`;
    const result = await entry.render(this.renderInput(this.fastify, template, url, host, undefined, await this.pageInputs()));
    // And compressed as a phone's page is, so the first one does not start the brotli and gzip encoders.
    if (result.type === 'page') await Promise.all([encodeBodyAsync(Buffer.from(result.html), 'br'), encodeBodyAsync(Buffer.from(result.html), 'gzip')]);
    return result.status;
  }

  /** What the server entry renders a page from: the request's URL, host and cookie, and the page's inputs when it may be kept. */
  private renderInput(fastify: FastifyInstance, template: string, url: string, host: string, cookie: string | undefined, inputs: PageInputs | undefined): RenderInput {
    if (!this.options || !this.settings || !this.translations) throw new Error('no server rendering without the options and translations');
    return {
      url,
      host,
      cookie,
      fetch: injectFetch(fastify),
      translations: this.translations,
      settings: this.settings,
      publicUrl: this.options.publicUrl,
      template,
      // The city list and alerts the page is kept with, when it may be kept.
      ...(inputs
        ? { areas: () => Promise.resolve(inputs.areas as AreasResponse), alerts: () => Promise.resolve(inputs.alerts as SiteAlertsResponse) }
        : this.sources
          ? { areas: this.sources.areas, alerts: this.sources.alerts }
          : {}),
      translationsUrl: this.translationsUrl,
      manifest: this.manifest,
    };
  }

  /**
   * A rendered page, compressed as the client prefers, once per encoding (a kept page's copies are
   * counted in the cache through `counted`), off the event loop (zlib's thread pool), so a page's
   * brotli (1.5–3 ms for a city page) does not hold up the next render. Private: a subscriber's page
   * carries what a visitor's must not (full images, description), and the browser revalidates every
   * time. A page may ask for headers of its own (X-Robots-Tag on the tenant ads' landlord page).
   * X-Cache says whether the visitor's page was sent again (hit) or rendered (miss); a signed-in
   * viewer's has none.
   */
  private async sendPage(reply: FastifyReply, page: RenderedPage, cacheStatus: 'hit' | 'miss' | undefined, counted?: (bytes: number) => void): Promise<void> {
    for (const [name, value] of Object.entries(page.headers)) void reply.header(name, value);
    if (cacheStatus) void reply.header('X-Cache', cacheStatus);
    void reply.status(page.status).header('Cache-Control', 'private, no-cache').type('text/html; charset=utf-8');
    const body = await negotiate(reply, page.html, (encoding) =>
      encodedOnce(page.encoded, encoding, () => {
        const made = encodeBodyAsync(page.html, encoding);
        if (counted) void made.then((bytes) => counted(bytes.length), () => undefined);
        return made;
      }),
    );
    await reply.send(body);
  }

  /** What a visitor's page is rendered from and kept with; none (nothing kept) when one cannot be read. */
  private async pageInputs(): Promise<PageInputs | undefined> {
    const sources = this.sources;
    if (!sources?.listVersion) return undefined;
    try {
      const [version, areas, alerts] = await Promise.all([sources.listVersion(), sources.areas(), sources.alerts()]);
      return version === undefined ? undefined : { version, areas, alerts };
    } catch {
      return undefined;
    }
  }

  private loadEntry(): Promise<ServerEntry | null> {
    if (!this.entry) {
      const file = this.options?.serverEntry;
      let entry: ServerEntry | null = null;
      if (file && this.serverRendering) {
        try {
          entry = requireFromHere(file) as ServerEntry;
        } catch (error) {
          this.logger.error(`Cannot load the server renderer ${file}: ${String(error)}`);
        }
      }
      this.entry = Promise.resolve(entry);
    }
    return this.entry;
  }
}

/**
 * A fetch for the server-side API client that calls this same Fastify app through inject
 * (light-my-request): the request runs the real routes, guards and filters, without a socket.
 */
export function injectFetch(fastify: FastifyInstance): typeof fetch {
  return async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, key) => (headers[key] = value));
    const response = await fastify.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: `${url.pathname}${url.search}`,
      headers,
      payload: typeof init?.body === 'string' ? init.body : undefined,
    });
    const responseHeaders = new Headers();
    for (const [key, value] of Object.entries(response.headers)) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) responseHeaders.append(key, String(v));
    }
    const empty = response.statusCode === 204 || response.statusCode === 304;
    return new Response(empty ? null : response.rawPayload, { status: response.statusCode, headers: responseHeaders });
  };
}
