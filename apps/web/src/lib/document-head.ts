import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { pageTitle } from '@husly/domain';

/**
 * Sets the tab title while the calling page is shown: the spec's rule adds " | Husly" to a
 * title shorter than 45 characters. Without a title the default title is used.
 * On unmount the previous title comes back, so pages without a title show the default.
 */
export function usePageTitle(title?: string): void {
  const { t } = useTranslation();
  const full = title === undefined ? t('meta.title') : pageTitle(title);
  useEffect(() => {
    const previous = document.title;
    document.title = full;
    return () => {
      document.title = previous;
    };
  }, [full]);
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
