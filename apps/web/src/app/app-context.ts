import type { CookieConsent, Language } from '@husly/domain';
import type { AreasResponse, CityNames } from '@husly/contracts';
import type { LastViewedBannerState } from '../features/dwellings/last-viewed';
import { fetchAreas } from '../features/cities/areas-api';
import { createAreasStore, type AreasStore } from '../features/cities/areas-store';
import type { ApiClient } from '../lib/api-client';
import { languageFromHost } from '../lib/i18n';
import { createTranslator, type Translations, type Translator } from '../lib/translator';
import { DEFAULT_PUBLIC_SETTINGS, type PublicSettings } from '../lib/public-settings';

/** Everything one browser session or one server request needs; built once and handed to the providers. */
export interface AppContext {
  host: string;
  language: Language;
  i18n: Translator;
  api: ApiClient;
  areas: AreasStore;
  settings: PublicSettings;
  /** The cookie choice the page was requested with (null: none yet, so the banner shows). */
  consent: CookieConsent | null;
  /** The last-viewed banner as the page was requested (null: none). */
  lastViewed: LastViewedBannerState | null;
}

export interface AppContextInput {
  host: string;
  translations: Translations;
  api: ApiClient;
  /** The whole areas list, already fetched (server render, tests). */
  areas?: AreasResponse;
  /** Only the city names (the state a server-rendered page embeds); the rest is fetched when needed. */
  cities?: CityNames;
  /** From the server's configuration (embedded state); defaults in tests and the dev server. */
  /** What the server left out (an older server entry, a test) takes its default. */
  settings?: Partial<PublicSettings>;
  /** A translator for `translations` already made (the server renderer keeps one per language). */
  i18n?: Translator;
  /** The request's cookie choice (server) or document.cookie's (browser); none by default. */
  consent?: CookieConsent | null;
  /** The request's (server) or document.cookie's (browser) last-viewed banner; none by default. */
  lastViewed?: LastViewedBannerState | null;
}

export function createAppContext({ host, translations, api, areas, cities, settings, i18n, consent, lastViewed }: AppContextInput): AppContext {
  const language = languageFromHost(host);
  return {
    host,
    language,
    i18n: i18n ?? createTranslator(language, translations),
    api,
    areas: createAreasStore(() => fetchAreas(api), { areas, names: cities }),
    settings: { ...DEFAULT_PUBLIC_SETTINGS, ...settings },
    consent: consent ?? null,
    lastViewed: lastViewed ?? null,
  };
}
