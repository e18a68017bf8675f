import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './constants';

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

/** localhost and en.localhost on any port: the hosts a developer's browser and the tests use. */
const LOCAL_HOST = /^(en\.)?localhost(:\d{1,5})?$/;

/**
 * The host a page is rendered for, chosen only among configured hosts: the request's host when it is
 * PUBLIC_URL's host or one of its language variants (or, with `localhost`, a localhost one),
 * PUBLIC_URL's host otherwise. The Host and X-Forwarded-Host headers are the client's to choose; a
 * page that put them into its links could be cached with a stranger's host in them.
 */
export function configuredSiteHost(requestHost: string | undefined, publicUrl: string, options: { localhost: boolean }): string {
  const host = (requestHost ?? '').trim().toLowerCase();
  return isConfiguredSiteHost(host, publicUrl, options) ? host : new URL(publicUrl).host;
}

/** Whether `host` (lower case, with its port) is PUBLIC_URL's host, a language variant of it, or an allowed localhost. */
export function isConfiguredSiteHost(host: string, publicUrl: string, options: { localhost: boolean }): boolean {
  if (host === '') return false;
  const publicHost = new URL(publicUrl).host;
  const configured = new Set([publicHost, ...LANGUAGES.map((language: Language) => hostForLanguage(publicHost, language))]);
  return configured.has(host) || (options.localhost && LOCAL_HOST.test(host));
}

/**
 * Whether an Origin header names one of our own sites (either language). A browser sets Origin
 * itself, so a page elsewhere cannot claim to be ours; "null" and anything unparsable are not ours.
 */
export function isSiteOrigin(origin: string | undefined, publicUrl: string, options: { localhost: boolean }): boolean {
  if (!origin || origin === 'null') return false;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.origin !== origin.trim().replace(/\/$/, '')) return false;
  if (!options.localhost && url.protocol !== new URL(publicUrl).protocol) return false;
  return isConfiguredSiteHost(url.host.toLowerCase(), publicUrl, options);
}
