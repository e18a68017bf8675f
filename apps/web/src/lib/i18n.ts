import { createInstance, type i18n as I18n } from 'i18next';
import { DEFAULT_LANGUAGE, type Language } from '@husly/domain';

/** One language's translation.json. */
export type Translations = Record<string, unknown>;

// The language lives in the subdomain: en.husly.dk (en.localhost:3000 locally) is English,
// every other host Danish.
const ENGLISH_PREFIX = /^en\./i;

export function languageFromHost(host: string): Language {
  return ENGLISH_PREFIX.test(host.trim()) ? 'en' : DEFAULT_LANGUAGE;
}

/** The host serving `language`, keeping the rest of the host and its port. A www. is dropped for English. */
export function hostForLanguage(host: string, language: Language): string {
  const danishHost = host.trim().replace(ENGLISH_PREFIX, '');
  if (language === 'en') return `en.${danishHost.replace(/^www\./i, '')}`;
  return danishHost;
}

/**
 * The same page in the other language: protocol-relative, so it keeps the scheme
 * and needs nothing but the host, which the server renderer has too.
 */
export function languageSwitchHref(host: string, language: Language, pathWithQuery: string): string {
  return `//${hostForLanguage(host, language)}${pathWithQuery.startsWith('/') ? '' : '/'}${pathWithQuery}`;
}

export function translationsUrl(language: Language): string {
  return `/locales/${language}/translation.json`;
}

export async function loadTranslations(
  language: Language,
  options: { origin?: string; fetch?: typeof fetch } = {},
): Promise<Translations> {
  const doFetch = options.fetch ?? globalThis.fetch;
  const response = await doFetch(`${options.origin ?? ''}${translationsUrl(language)}`, {
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
  return instance;
}
