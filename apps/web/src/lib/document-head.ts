import { createContext, useContext, useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from './use-translation';
import type { Translator } from './translator';
import { hostForLanguage, jsonLdText, LANGUAGES, pageTitle, type JsonLd, type Language } from '@husly/domain';
import { usePublicSettings } from './public-settings';
import { useSite } from './site-context';

/**
 * What a page says about itself in <head>. The server renderer passes a collector that the hooks
 * below fill while the page renders (renderToString runs no effects), so the HTML arrives with the
 * same title and description the browser later sets.
 */
export interface HeadData {
  title?: string;
  description?: string;
  /** The page must stay out of search engines: a robots meta and an X-Robots-Tag header, no canonical. */
  noindex?: boolean;
  /** The share image (og:image, twitter:image): a path of ours or an absolute URL; the default without. */
  image?: string;
  imageAlt?: string;
  /** The canonical path when it is not the page's own (a search that names a city: /{city}). */
  canonicalPath?: string;
  /** JSON-LD nodes (docs/decisions/0019), URLs absolute on the site's origin. */
  structuredData?: JsonLd[];
  /** Server render only: the JSON-LD builders, which the browser loads only when it needs them. */
  jsonLdBuilders?: StructuredDataBuilders;
}

/** What a page builds its JSON-LD with (lib/structured-data-builders.ts). */
export type StructuredDataBuilders = typeof import('./structured-data-builders');

/** The origin of `language`'s site: PUBLIC_URL's host for Danish, its en. subdomain for English. */
export function siteOrigin(publicUrl: string, language: Language): string {
  const url = new URL(publicUrl);
  return `${url.protocol}//${hostForLanguage(url.host, language)}`;
}

/**
 * The origin of this page's site from PUBLIC_URL (embedded by the server render), never from the
 * request's Host: what canonical links, share tags and JSON-LD are built on. Without a server render
 * (the Vite dev server) the browser's own origin.
 */
export function useSiteOrigin(): string {
  const { language } = useSite();
  const { publicUrl } = usePublicSettings();
  return siteOrigin(publicUrl ?? (typeof window === 'undefined' ? 'http://localhost' : window.location.origin), language);
}

/** Sets the content of `<meta {attribute}="{key}">` (creating it), for the share tags in the browser. */
function setMeta(doc: Document, attribute: 'name' | 'property', key: string, content: string): void {
  let meta = doc.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!meta) {
    meta = doc.createElement('meta');
    meta.setAttribute(attribute, key);
    doc.head.append(meta);
  }
  meta.content = content;
}

const useIsomorphicLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

const HeadCollectorContext = createContext<HeadData | null>(null);
export const HeadCollectorProvider = HeadCollectorContext.Provider;

/**
 * Sets the tab title while the calling page is shown: the spec's rule adds " | Husly" to a
 * title shorter than 45 characters. Without a title the default title is used.
 * On unmount the previous title comes back, so pages without a title show the default.
 */
export function usePageTitle(title?: string): void {
  const { t } = useTranslation();
  const full = title === undefined ? t('meta.title') : pageTitle(title);
  const collector = useContext(HeadCollectorContext);
  if (collector) collector.title = full;
  useEffect(() => {
    const previous = document.title;
    document.title = full;
    setMeta(document, 'property', 'og:title', full);
    setMeta(document, 'name', 'twitter:title', full);
    return () => {
      document.title = previous;
    };
  }, [full]);
}

/** The page's meta description (search engines show it under the title); the default one without. */
export function usePageDescription(description?: string): void {
  const { t } = useTranslation();
  const text = description ?? t('meta.description');
  const collector = useContext(HeadCollectorContext);
  if (collector) collector.description = text;
  useEffect(() => {
    const meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) return;
    const previous = meta.content;
    meta.content = text;
    setMeta(document, 'property', 'og:description', text);
    setMeta(document, 'name', 'twitter:description', text);
    return () => {
      meta.content = previous;
    };
  }, [text]);
}

/**
 * Keeps the calling page out of search engines (the landlord page of the tenant ads): the server
 * writes `<meta name="robots" content="noindex">` and sends X-Robots-Tag; the browser adds the meta
 * while the page is shown, for a visit that began on another page. `active`: a page out of the
 * index only sometimes (a search with a drawn area).
 */
export function useNoIndex(active = true): void {
  const collector = useContext(HeadCollectorContext);
  if (collector && active) collector.noindex = true;
  useEffect(() => {
    if (!active) return;
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex';
    document.head.append(meta);
    return () => meta.remove();
  }, [active]);
  // No canonical for a page kept out of the index: the layout sets the links again on every
  // location change (a layout effect, before this one).
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (active) setCanonicalLinks(document, null);
  }, [active, pathname, search]);
}

/** The share image of the page (og:image, twitter:image); without one the site's default image. */
export function usePageImage(image: string | null | undefined, alt?: string): void {
  const origin = useSiteOrigin();
  const collector = useContext(HeadCollectorContext);
  if (collector && image) {
    collector.image = image;
    if (alt) collector.imageAlt = alt;
  }
  const fallback = `${origin}${DEFAULT_SHARE_IMAGE.path}`;
  const url = image ? absoluteOn(origin, image) : fallback;
  useEffect(() => {
    setMeta(document, 'property', 'og:image', url);
    setMeta(document, 'name', 'twitter:image', url);
    return () => {
      setMeta(document, 'property', 'og:image', fallback);
      setMeta(document, 'name', 'twitter:image', fallback);
    };
  }, [url, fallback]);
}

let builders: Promise<StructuredDataBuilders> | undefined;
const loadBuilders = () => (builders ??= import('./structured-data-builders'));

/** The address the server rendered: while it is shown, the JSON-LD in <head> is the server's own. */
const serverAddress = typeof window === 'undefined' ? null : window.location.pathname + window.location.search;

/**
 * The page's JSON-LD, built by `build` from the builders: written by the server render; in the
 * browser, replaced after a client navigation and removed with the page. The page the server rendered
 * keeps the server's script as it is (the same nodes), so the builders load only on a navigation.
 */
export function useStructuredData(build: (ld: StructuredDataBuilders) => JsonLd[]): void {
  const collector = useContext(HeadCollectorContext);
  if (collector?.jsonLdBuilders) collector.structuredData = build(collector.jsonLdBuilders);
  const { pathname, search } = useLocation();
  const latest = useRef(build);
  useIsomorphicLayoutEffect(() => {
    latest.current = build;
  });
  // After every render: a page's data can change without a navigation (a revalidation).
  useEffect(() => {
    const script = document.head.querySelector<HTMLScriptElement>(`script[${STRUCTURED_DATA_ATTRIBUTE}]`);
    if (script?.getAttribute(STRUCTURED_DATA_ATTRIBUTE) === '' && pathname + search === serverAddress) return;
    let current = true;
    loadBuilders().then(
      (ld) => {
        if (current) writeStructuredData(jsonLdText(latest.current(ld)));
      },
      // A chunk that failed to load (a deploy replaced it): the page keeps working without JSON-LD.
      () => undefined,
    );
    return () => {
      current = false;
    };
  });
  useEffect(() => () => document.head.querySelector(`script[${STRUCTURED_DATA_ATTRIBUTE}]`)?.remove(), []);
}

/** Writes our JSON-LD script, marked as the browser's: the server's has the attribute empty. */
function writeStructuredData(text: string): void {
  let script = document.head.querySelector<HTMLScriptElement>(`script[${STRUCTURED_DATA_ATTRIBUTE}]`);
  if (!script) {
    script = document.createElement('script');
    script.type = 'application/ld+json';
    document.head.append(script);
  }
  script.setAttribute(STRUCTURED_DATA_ATTRIBUTE, 'browser');
  if (script.textContent !== text) script.textContent = text;
}

/** Marks our JSON-LD script, so the browser finds the one to replace. */
export const STRUCTURED_DATA_ATTRIBUTE = 'data-husly-ld';

/** The site's share image when a page has none of its own (1200×630, apps/web/public). */
export const DEFAULT_SHARE_IMAGE = { path: '/og-image.png', width: 1200, height: 630 } as const;
/** The logo of the Organization node (512×512 PNG: Google wants a raster logo of at least 112 px). */
export const LOGO_PATH = '/logo.png';

const absoluteOn = (origin: string, pathOrUrl: string) => (/^https?:\/\//i.test(pathOrUrl) ? pathOrUrl : `${origin}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`);

/** Query parameters that make a different page (the search and its page); everything else (utm, …) is dropped. */
const CANONICAL_PARAMS = ['q', 'rent', 'rooms', 'size', 'start'];

/** The canonical path of a URL: its path with only the parameters that change the page. */
export function canonicalPath(url: { pathname: string; searchParams: URLSearchParams }): string {
  const params = new URLSearchParams();
  for (const name of CANONICAL_PARAMS) {
    const value = url.searchParams.get(name);
    if (value !== null && value !== '') params.set(name, value);
  }
  const query = params.toString();
  return `${url.pathname}${query ? `?${query}` : ''}`;
}

/** Canonical, hreflang (da, en, x-default) and og:url of `path`, each on its language's origin. */
export function canonicalLinks(publicUrl: string, language: Language, path: string): { canonical: string; alternates: Array<{ hreflang: string; href: string }> } {
  return {
    canonical: siteOrigin(publicUrl, language) + path,
    alternates: [
      ...LANGUAGES.map((lang) => ({ hreflang: lang as string, href: siteOrigin(publicUrl, lang) + path })),
      { hreflang: 'x-default', href: siteOrigin(publicUrl, 'da') + path },
    ],
  };
}

/** Replaces the canonical, hreflang and og:url tags (none for null: a page kept out of the index). */
function setCanonicalLinks(doc: Document, links: ReturnType<typeof canonicalLinks> | null): void {
  doc.head.querySelectorAll('link[rel="canonical"], link[rel="alternate"][hreflang], meta[property="og:url"]').forEach((el) => el.remove());
  if (!links) return;
  const link = (rel: string, href: string, hreflang?: string) => {
    const el = doc.createElement('link');
    el.rel = rel;
    if (hreflang) el.hreflang = hreflang;
    el.href = href;
    doc.head.append(el);
  };
  link('canonical', links.canonical);
  for (const alternate of links.alternates) link('alternate', alternate.href, alternate.hreflang);
  setMeta(doc, 'property', 'og:url', links.canonical);
}


/**
 * In the layout: after a client navigation the canonical and hreflang links name the new page (the
 * server wrote the first page's). A layout effect, so a page's own choice (useCanonicalPath,
 * useNoIndex: passive effects) comes after it and wins.
 */
export function useCanonicalLinks(): void {
  const { language } = useSite();
  const { publicUrl } = usePublicSettings();
  const { pathname, search } = useLocation();
  useIsomorphicLayoutEffect(() => {
    const base = publicUrl ?? window.location.origin;
    const path = canonicalPath({ pathname, searchParams: new URLSearchParams(search) });
    setCanonicalLinks(document, canonicalLinks(base, language, path));
  }, [pathname, search, language, publicUrl]);
}

/** A page whose canonical is another path (a search naming a city points at /{city}); null: its own. */
export function useCanonicalPath(path: string | null): void {
  const { language } = useSite();
  const { publicUrl } = usePublicSettings();
  const { pathname, search } = useLocation();
  const collector = useContext(HeadCollectorContext);
  if (collector && path) collector.canonicalPath = path;
  useEffect(() => {
    if (!path) return;
    setCanonicalLinks(document, canonicalLinks(publicUrl ?? window.location.origin, language, path));
    // The layout's links are set again on every location change; this runs after them.
  }, [path, pathname, search, language, publicUrl]);
}

/** <html lang>, the default title and the description meta in the page's language. */
export function applyDefaultHead(doc: Document, i18n: Translator): void {
  doc.documentElement.lang = i18n.language;
  doc.title = i18n.t('meta.title');
  let description = doc.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!description) {
    description = doc.createElement('meta');
    description.name = 'description';
    doc.head.append(description);
  }
  description.content = i18n.t('meta.description');
}
