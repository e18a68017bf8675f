import { createInstance, type i18n as I18n } from 'i18next';
import { hostForLanguage, type Language } from '@husly/domain';

/** One language's translation.json. */
export type Translations = Record<string, unknown>;

// Which host serves which language is a domain rule (the API's renderer needs it too).
export { hostForLanguage, languageFromHost } from '@husly/domain';

/**
 * The same page in the other language: protocol-relative, so it keeps the scheme. `host` must be
 * a configured one (configuredSiteHost on the server, the browser's own location in it), never a
 * raw Host header.
 */
export function languageSwitchHref(host: string, language: Language, pathWithQuery: string): string {
  return `//${hostForLanguage(host, language)}${pathWithQuery.startsWith('/') ? '' : '/'}${pathWithQuery}`;
}

export function translationsUrl(language: Language): string {
  return `/locales/${language}/translation.json`;
}

export async function loadTranslations(
  language: Language,
  options: { origin?: string; fetch?: typeof fetch; url?: string } = {},
): Promise<Translations> {
  const doFetch = options.fetch ?? globalThis.fetch;
  // A versioned URL a server-rendered page named (and preloaded): fetched as the preload was, with
  // no headers of its own, so the browser hands over the preloaded response.
  const response = options.url
    ? await doFetch(options.url)
    : await doFetch(`${options.origin ?? ''}${translationsUrl(language)}`, {
        headers: { Accept: 'application/json' },
      });
  if (!response.ok) throw new Error(`Translations for ${language}: HTTP ${response.status}`);
  return (await response.json()) as Translations;
}

/**
 * A fresh, fully initialised i18next instance: one per browser session, one per server request.
 * The translations are passed in, so init is synchronous and needs no backend.
 */
export function createI18n(language: Language, translations: Translations): I18n {
  const instance = createInstance();
  void instance.init({
    lng: language,
    fallbackLng: false,
    resources: { [language]: { translation: translations } },
    initAsync: false,
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
  });
  // What the app gets is an object over the instance, with no properties of its own: react-i18next's
  // useTranslation copies every own property of the instance it is given (42 of them) on each mount,
  // dozens of times a page, on the server and in a phone's hydration (docs/decisions/0023). The
  // instance is never changed after init here (its language is fixed), so nothing is written past it.
  return Object.create(instance) as I18n;
}
