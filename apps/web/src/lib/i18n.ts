import { hostForLanguage, type Language } from '@husly/domain';
import type { Translations } from './translator';

export type { Translations } from './translator';

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
