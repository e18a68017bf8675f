import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, isRouteErrorResponse, StaticRouterProvider, type StaticHandlerContext } from 'react-router';
import escapeHtml from 'escape-html';
import { absoluteUrl, CONSENT_COOKIE, COOKIES, jsonLdText, LANGUAGES, OG_LOCALES, parseConsent, readCookie, SITE_NAME, type CookieConsent, type Language } from '@husly/domain';
import type { AreasResponse, SiteAlertsResponse } from '@husly/contracts';
import { createAppContext } from './app/app-context';
import { AppProviders } from './app/app-providers';
import { EMBEDDED_STATE_ID, embeddedStateJson, HYDRATION_DATA_ID, scriptSafeText, type EmbeddedState } from './app/embedded-state';
import { createRoutes } from './app/routes';
import { fetchAreas } from './features/cities/areas-api';
import { cityNamesOf } from './features/cities/areas-store';
import { deferredCardsUrl, hydrationReplacer, type DeferredCards } from './features/dwellings/card-data';
import { lastViewedBannerState } from './features/dwellings/last-viewed';
import { createApiClient } from './lib/api-client';
import {
  canonicalLinks,
  canonicalPath,
  DEFAULT_SHARE_IMAGE,
  HeadCollectorProvider,
  siteOrigin,
  STRUCTURED_DATA_ATTRIBUTE,
  type HeadData,
} from './lib/document-head';
import { languageFromHost, type Translations } from './lib/i18n';
import { matchedPages } from './lib/lazy-pages';
import { pageAssetTags, type BuildManifest } from './lib/page-assets';
import type { PublicSettings } from './lib/public-settings';
import { preloadIslands } from './lib/islands';
import * as jsonLdBuilders from './lib/structured-data-builders';

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
  /** dist/web/index.html: the built page with its script and style tags. */
  template: string;
  /**
   * dist/web/.vite/manifest.json: where the page modules' chunks and CSS are, for the page's
   * preload and stylesheet tags. Without it (no client build), the browser fetches them after the entry.
   */
  manifest?: BuildManifest;
  /**
   * The areas list (GET /api/dwellings/areas) straight from the API's own cache, without a JSON
   * round trip per page; without it the API client fetches it (docs/decisions/0023-lean-hydration.md).
   */
  areas?: () => Promise<AreasResponse>;
  /** The published site alerts (GET /api/alerts), likewise. */
  alerts?: () => Promise<SiteAlertsResponse>;
  /**
   * Where each language's translations are served by version (immutable): the page names them
   * instead of embedding them, and preloads them. Without it they are embedded.
   */
  translationsUrl?: Partial<Record<Language, string>>;
}

export type RenderOutput =
  | { type: 'redirect'; status: number; location: string }
  /**
   * `headers`: what the page asks of the response besides its HTML (X-Robots-Tag). `shareable`: the
   * page is a visitor's indexable page, the same for every visitor at this URL, which the server may
   * keep and send again to visitors with the same cookie choice, `consent` (the banner shows
   * without one; docs/decisions/0028-rendered-page-cache.md).
   */
  | { type: 'page'; status: number; html: string; headers?: Record<string, string>; shareable?: boolean; consent?: CookieConsent | null };

/** The origin for `language`: PUBLIC_URL's host for Danish, its en. subdomain for English. */
export function languageOrigin(publicUrl: string, language: Language): string {
  return siteOrigin(publicUrl, language);
}

export { canonicalPath };

/**
 * The page's <head> tags: title, description, canonical and hreflang (indexable pages), robots
 * (the others), Open Graph and Twitter card tags, and the page's JSON-LD. Every URL is built on
 * PUBLIC_URL's origin for the page's language, never on the request's Host.
 */
function headTags(
  head: HeadData,
  fallback: { title: string; description: string },
  url: URL,
  publicUrl: string,
  status: number,
): string {
  const language = languageFromHost(url.host);
  const origin = siteOrigin(publicUrl, language);
  const title = head.title ?? fallback.title;
  const description = head.description ?? fallback.description;
  const tags = [`<title>${escapeHtml(title)}</title>`, `<meta name="description" content="${escapeHtml(description)}" />`];
  const indexable = status === 200 && !head.noindex;
  const links = indexable ? canonicalLinks(publicUrl, language, head.canonicalPath ?? canonicalPath(url)) : null;
  if (links) {
    tags.push(`<link rel="canonical" href="${escapeHtml(links.canonical)}" />`);
    for (const alternate of links.alternates) tags.push(`<link rel="alternate" hreflang="${alternate.hreflang}" href="${escapeHtml(alternate.href)}" />`);
  } else {
    tags.push('<meta name="robots" content="noindex" />');
  }
  const image = head.image ? absoluteUrl(origin, head.image) : `${origin}${DEFAULT_SHARE_IMAGE.path}`;
  const meta = (attribute: 'property' | 'name', key: string, content: string) => `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;
  tags.push(
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:locale', OG_LOCALES[language]),
    ...LANGUAGES.filter((lang) => lang !== language).map((lang) => meta('property', 'og:locale:alternate', OG_LOCALES[lang])),
    ...(links ? [meta('property', 'og:url', links.canonical)] : []),
    meta('property', 'og:image', image),
    ...(head.image
      ? head.imageAlt
        ? [meta('property', 'og:image:alt', head.imageAlt)]
        : []
      : [meta('property', 'og:image:width', String(DEFAULT_SHARE_IMAGE.width)), meta('property', 'og:image:height', String(DEFAULT_SHARE_IMAGE.height))]),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    meta('name', 'twitter:image', image),
  );
  if (indexable && head.structuredData && head.structuredData.length > 0) {
    // A data block, never executed: the Content-Security-Policy does not apply to it.
    tags.push(`<script type="application/ld+json" ${STRUCTURED_DATA_ATTRIBUTE}>${jsonLdText(head.structuredData)}</script>`);
  }
  return tags.join('\n    ');
}

/**
 * The translations' fetch starts with the head, beside the scripts, not after them: entry-client's
 * fetch of the same URL (same mode and credentials) takes the preloaded response.
 */
function fetchPreload(href: string): string {
  return `<link rel="preload" href="${escapeHtml(href)}" as="fetch" crossorigin="anonymous" />`;
}

/**
 * React Router's hydration data (what <StaticRouterProvider hydrate> would write as an inline
 * script), as a JSON data block outside #root: the page has no inline script to run, so it is the
 * same for every visitor and the policy needs no nonce (docs/decisions/0028-rendered-page-cache.md);
 * entry-client hands it to the router. A list page's cards past the first screenful are in the HTML
 * only; `deferred` hears of each list the browser will fetch again (docs/decisions/0023-lean-hydration.md).
 */
function hydrationDataBlock(context: StaticHandlerContext, deferred: (rest: DeferredCards) => void): string {
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
  return `<script type="application/json" id="${HYDRATION_DATA_ID}">${scriptSafeText(JSON.stringify(data, hydrationReplacer(deferred)))}</script>`;
}

export async function render(input: RenderInput): Promise<RenderOutput> {
  const url = new URL(input.url);
  const language = languageFromHost(input.host);
  const token = input.cookie ? readCookie(input.cookie, COOKIES.token.name) : undefined;
  // The cookie choice: a visitor who has not chosen gets the banner with the page.
  const consent = parseConsent(input.cookie ? readCookie(input.cookie, CONSENT_COOKIE.name) : undefined);
  const api = createApiClient({ baseUrl: `${url.origin}/api`, getToken: () => token, fetch: input.fetch });
  // Site alerts ride along with the page (usually none), so the browser asks for nothing on load;
  // the header and footer need the cities on every page. Both at once; a failure leaves the alerts
  // out and the city lists empty, as in the browser.
  const [alerts, areas] = await Promise.all([
    (input.alerts ? input.alerts() : api.get<SiteAlertsResponse>('/alerts')).then((response) => response.data).catch(() => []),
    (input.areas ? input.areas() : fetchAreas(api)).catch(() => undefined),
  ]);
  // PUBLIC_URL rides along, so the browser builds canonical links and JSON-LD on it as the server does.
  const settings: Partial<PublicSettings> = { ...input.settings, publicUrl: input.publicUrl, ...(alerts.length > 0 ? { alerts } : {}) };
  // The whole list serves this render's loaders (a city alias, the place a search names); the page
  // embeds only the names (docs/decisions/0023-lean-hydration.md).
  const translations = input.translations[language];
  // A remembered dwelling's banner is in the HTML, as the browser will hydrate it (not kept for others: personalRequest).
  const lastViewed = lastViewedBannerState(input.cookie);
  const context = createAppContext({ host: input.host, translations, api, areas, settings, consent, lastViewed });

  const handler = createStaticHandler(createRoutes({ areas: context.areas, api, server: true }));
  const result = await handler.query(new Request(url, { headers: input.cookie ? { cookie: input.cookie } : {} }));
  if (result instanceof Response) {
    return { type: 'redirect', status: result.status, location: result.headers.get('Location') ?? '/' };
  }
  // After the query, which loaded the page's modules (and any island one defines): renderToString
  // renders the islands synchronously.
  await preloadIslands();

  const head: HeadData = { jsonLdBuilders };
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
  // The texts by URL when the server serves them by version: one fetch per visit, not ~12 KB gzip per page.
  const translationsUrl = input.translationsUrl?.[language];
  const state: EmbeddedState = {
    host: input.host,
    ...(translationsUrl ? { translationsUrl } : { translations: input.translations[language] }),
    ...(areas ? { cities: cityNamesOf(areas) } : {}),
    settings: context.settings,
  };
  const fallback = { title: context.i18n.t('meta.title'), description: context.i18n.t('meta.description') };
  const deferred: DeferredCards[] = [];
  const hydration = hydrationDataBlock(result, (rest) => deferred.push(rest));
  // What the browser fetches before it hydrates starts with the head: the texts, and for a visitor
  // the lists whose cards the hydration data left out (a signed-in viewer's list is fetched with
  // the bearer token, which a preload cannot send).
  const preloads = [...(translationsUrl ? [translationsUrl] : []), ...(token ? [] : deferred.map(deferredCardsUrl))].map(fetchPreload);
  // The chunks and CSS of the matched routes' pages, which the browser loads before it hydrates.
  const assets = input.manifest ? pageAssetTags(input.manifest, matchedPages(result.matches)) : [];
  const html = input.template
    .replace(/<html lang="[^"]*"/, () => `<html lang="${language}"`)
    // Functions as replacements: page text may contain "$&" and the like.
    .replace(
      /<title>[\s\S]*?<\/title>\s*<meta\s+name="description"[\s\S]*?\/>/,
      () => [headTags(head, fallback, url, input.publicUrl, status), ...preloads].join('\n    '),
    )
    .replace('</head>', () => `${assets.map((tag) => `  ${tag}\n`).join('')}  </head>`)
    .replace(
      '<div id="root"></div>',
      () => `<div id="root">${body}</div>\n    <script type="application/json" id="${EMBEDDED_STATE_ID}">${embeddedStateJson(state)}</script>\n    ${hydration}`,
    );
  // What a search engine may index is what every visitor sees; a viewer with a token may see more.
  const shareable = status === 200 && !head.noindex && !token && !lastViewed;
  return { type: 'page', status, html, shareable, consent, ...(head.noindex ? { headers: { 'X-Robots-Tag': 'noindex, nofollow' } } : {}) };
}
