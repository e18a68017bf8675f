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
