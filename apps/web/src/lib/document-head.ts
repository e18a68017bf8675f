import { createContext, useContext, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { pageTitle } from '@husly/domain';

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
}

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
    return () => {
      meta.content = previous;
    };
  }, [text]);
}

/**
 * Keeps the calling page out of search engines (the landlord page of the tenant ads): the server
 * writes `<meta name="robots" content="noindex">` and sends X-Robots-Tag; the browser adds the meta
 * while the page is shown, for a visit that began on another page.
 */
export function useNoIndex(): void {
  const collector = useContext(HeadCollectorContext);
  if (collector) collector.noindex = true;
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex';
    document.head.append(meta);
    return () => meta.remove();
  }, []);
}

/** <html lang>, the default title and the description meta in the page's language. */
export function applyDefaultHead(doc: Document, i18n: I18n): void {
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
