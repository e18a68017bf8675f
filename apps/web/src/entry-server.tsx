import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, isRouteErrorResponse, StaticRouterProvider, type StaticHandlerContext } from 'react-router';
import { COOKIES, LANGUAGES, type Language } from '@husly/domain';
import type { AreasResponse, SiteAlertsResponse } from '@husly/contracts';
import { createAppContext } from './app/app-context';
import { AppProviders } from './app/app-providers';
import { EMBEDDED_STATE_ID, scriptSafeJson, type EmbeddedState } from './app/embedded-state';
import { createRoutes } from './app/routes';
import { createApiClient } from './lib/api-client';
import { readCookie } from './lib/cookies';
import { HeadCollectorProvider, type HeadData } from './lib/document-head';
import { hostForLanguage, languageFromHost, type Translations } from './lib/i18n';
import type { PublicSettings } from './lib/public-settings';

/**
 * The server entry (built by `vite build --ssr` into dist/web-server, loaded by the API's
 * WebAppServer; docs/decisions/0003). It runs the same route table and loaders as the browser, with
 * an API client whose fetch reaches the API in-process, and returns the finished HTML document.
 */
export interface RenderInput {
  /** The page URL as the visitor asked for it: scheme, host, path and query. */
  url: string;
  /**
   * The host with port the page is for, one of the configured ones (the API's configuredSiteHost
   * chose it from the request); the language comes from it (en. is English), and so do the
   * language switch links.
   */
  host: string;
  /** The request's Cookie header; the `token` cookie becomes the API client's bearer token. */
  cookie: string | undefined;
  /** Reaches /api without a network hop (Fastify inject on the same app). */
  fetch: typeof fetch;
  translations: Record<Language, Translations>;
  /** What the server's configuration sets; the rest takes the web app's defaults. */
  settings: Partial<PublicSettings>;
  /** PUBLIC_URL: the Danish origin of canonical and hreflang links. */
  publicUrl: string;
  /** dist/web/index.html: the built page with its script and style tags (already carrying `nonce`). */
  template: string;
  /** This response's Content-Security-Policy nonce: every inline script written here carries it. */
  nonce: string;
}

export type RenderOutput =
  | { type: 'redirect'; status: number; location: string }
  /** `headers`: what the page asks of the response besides its HTML (X-Robots-Tag). */
  | { type: 'page'; status: number; html: string; headers?: Record<string, string> };

/** The origin for `language`: PUBLIC_URL's host for Danish, its en. subdomain for English. */
export function languageOrigin(publicUrl: string, language: Language): string {
  const url = new URL(publicUrl);
  return `${url.protocol}//${hostForLanguage(url.host, language)}`;
}

/** Query parameters that make a different page (the search and its page); everything else (utm, …) is dropped. */
const CANONICAL_PARAMS = ['q', 'rent', 'rooms', 'size', 'start'];

export function canonicalPath(url: URL): string {
  const params = new URLSearchParams();
  for (const name of CANONICAL_PARAMS) {
    const value = url.searchParams.get(name);
    if (value !== null && value !== '') params.set(name, value);
  }
  const query = params.toString();
  return `${url.pathname}${query ? `?${query}` : ''}`;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function headTags(head: HeadData, fallback: { title: string; description: string }, url: URL, publicUrl: string, status: number): string {
  const tags = [
    `<title>${escapeHtml(head.title ?? fallback.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description ?? fallback.description)}" />`,
  ];
  if (status === 200 && !head.noindex) {
    const path = canonicalPath(url);
    const language = languageFromHost(url.host);
    tags.push(`<link rel="canonical" href="${escapeHtml(languageOrigin(publicUrl, language) + path)}" />`);
    for (const lang of LANGUAGES) {
      tags.push(`<link rel="alternate" hreflang="${lang}" href="${escapeHtml(languageOrigin(publicUrl, lang) + path)}" />`);
    }
    tags.push(`<link rel="alternate" hreflang="x-default" href="${escapeHtml(languageOrigin(publicUrl, 'da') + path)}" />`);
  } else {
    tags.push('<meta name="robots" content="noindex" />');
  }
  return tags.join('\n    ');
}

/** React Router's hydration format (what <StaticRouterProvider hydrate> would write), outside #root. */
function hydrationScript(context: StaticHandlerContext, nonce: string): string {
  const errors = context.errors
    ? Object.fromEntries(
        Object.entries(context.errors).map(([id, error]) => [
          id,
          isRouteErrorResponse(error)
            ? { ...error, __type: 'RouteErrorResponse' }
            : error instanceof Error
              ? { message: error.message, __type: 'Error' }
              : error,
        ]),
      )
    : null;
  const data = { loaderData: context.loaderData, actionData: context.actionData, errors };
  return `<script nonce="${escapeHtml(nonce)}">window.__staticRouterHydrationData = JSON.parse(${scriptSafeJson(JSON.stringify(data))});</script>`;
}

export async function render(input: RenderInput): Promise<RenderOutput> {
  const url = new URL(input.url);
  const language = languageFromHost(input.host);
  const token = input.cookie ? readCookie(input.cookie, COOKIES.token.name) : undefined;
  const api = createApiClient({ baseUrl: `${url.origin}/api`, getToken: () => token, fetch: input.fetch });
  // Site alerts ride along with the page (usually none), so the browser asks for nothing on load.
  const alerts = await api
    .get<SiteAlertsResponse>('/alerts')
    .then((response) => response.data)
    .catch(() => []);
  const settings: Partial<PublicSettings> = alerts.length > 0 ? { ...input.settings, alerts } : input.settings;
  const context = createAppContext({ host: input.host, translations: input.translations[language], api, settings });

  // Header and footer need the cities on every page; a failure leaves them empty, as in the browser.
  const areas: AreasResponse | undefined = await context.areas.load().catch(() => undefined);

  const handler = createStaticHandler(createRoutes({ areas: context.areas, api, server: true }));
  const result = await handler.query(new Request(url, { headers: input.cookie ? { cookie: input.cookie } : {} }));
  if (result instanceof Response) {
    return { type: 'redirect', status: result.status, location: result.headers.get('Location') ?? '/' };
  }

  const head: HeadData = {};
  const router = createStaticRouter(handler.dataRoutes, result);
  const body = renderToString(
    <StrictMode>
      <HeadCollectorProvider value={head}>
        <AppProviders context={context}>
          <StaticRouterProvider router={router} context={result} hydrate={false} />
        </AppProviders>
      </HeadCollectorProvider>
    </StrictMode>,
  );

  const status = result.statusCode;
  const state: EmbeddedState = { host: input.host, translations: input.translations[language], areas, settings: context.settings };
  const fallback = { title: context.i18n.t('meta.title'), description: context.i18n.t('meta.description') };
  const html = input.template
    .replace(/<html lang="[^"]*"/, () => `<html lang="${language}"`)
    // Functions as replacements: page text may contain "$&" and the like.
    .replace(/<title>[\s\S]*?<\/title>\s*<meta\s+name="description"[\s\S]*?\/>/, () => headTags(head, fallback, url, input.publicUrl, status))
    .replace(
      '<div id="root"></div>',
      () => `<div id="root">${body}</div>\n    <script type="application/json" id="${EMBEDDED_STATE_ID}" nonce="${escapeHtml(input.nonce)}">${scriptSafeJson(state)}</script>\n    ${hydrationScript(result, input.nonce)}`,
    );
  return { type: 'page', status, html, ...(head.noindex ? { headers: { 'X-Robots-Tag': 'noindex, nofollow' } } : {}) };
}
