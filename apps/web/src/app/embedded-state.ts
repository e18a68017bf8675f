import type { CityNames } from '@husly/contracts';
import type { Translations } from '../lib/i18n';
import type { PublicSettings } from '../lib/public-settings';

/**
 * What the server render leaves in <script type="application/json" id="husly-state"> for the browser:
 * only what the first render needs (docs/decisions/0023-lean-hydration.md). The cities by name, not
 * the areas list: their postal codes and aliases are fetched when a place box is used.
 */
export interface EmbeddedState {
  /** The configured host the server rendered for: the browser keeps it, so hydration matches. */
  host?: string;
  translations?: Translations;
  /**
   * Instead of `translations`: where this language's texts are served by version (cached for good,
   * preloaded by the page), so they are not repeated in every page.
   */
  translationsUrl?: string;
  /** The active cities' slug, label, popular rank and population (header, footer, /byer, city pages). */
  cities?: CityNames;
  settings?: PublicSettings;
}

export const EMBEDDED_STATE_ID = 'husly-state';

const UNSAFE_IN_SCRIPT = /[<>&\u2028\u2029]/g;
const ESCAPES: Record<string, string> = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026', '\u2028': '\\u2028', '\u2029': '\\u2029' };

/**
 * JSON that is safe inside a <script> element: "<" (so "</script>" cannot close it), ">" and "&",
 * and the line separators JavaScript parsers once rejected, are escaped. JSON.parse reads it back unchanged.
 */
export function scriptSafeJson(value: unknown): string {
  return scriptSafeText(JSON.stringify(value));
}

/** JSON text made safe inside a <script> element, as scriptSafeJson does. */
export function scriptSafeText(json: string): string {
  return json.replace(UNSAFE_IN_SCRIPT, (c) => ESCAPES[c]);
}

/** Where the server render leaves React Router's hydration data (a JSON data block, not a script to run). */
export const HYDRATION_DATA_ID = 'husly-hydration';

/**
 * The server's hydration data, where React Router's createBrowserRouter looks for it
 * (window.__staticRouterHydrationData, which it deserializes, route errors included).
 */
export function installHydrationData(doc: Document, win: Window): { loaderData?: unknown } | undefined {
  const text = doc.getElementById(HYDRATION_DATA_ID)?.textContent;
  if (!text) return undefined;
  const data = JSON.parse(text) as { loaderData?: unknown };
  (win as { __staticRouterHydrationData?: unknown }).__staticRouterHydrationData = data;
  return data;
}

/** Script-safe JSON of the objects every page embeds unchanged (one translations object per language, one names list per areas list). */
const sharedJson = new WeakMap<object, string>();

function cachedScriptSafeJson(value: object): string {
  let json = sharedJson.get(value);
  if (json === undefined) {
    json = scriptSafeJson(value);
    sharedJson.set(value, json);
  }
  return json;
}

/**
 * The embedded state as script-safe JSON, as scriptSafeJson(state) would write it, with the
 * translations and the city names serialized once per object rather than once per page.
 */
export function embeddedStateJson(state: EmbeddedState): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(state) as Array<[keyof EmbeddedState, unknown]>) {
    if (value === undefined) continue;
    const shared = (key === 'translations' || key === 'cities') && typeof value === 'object' && value !== null;
    parts.push(`${JSON.stringify(key)}:${shared ? cachedScriptSafeJson(value) : scriptSafeJson(value)}`);
  }
  return `{${parts.join(',')}}`;
}

export function readEmbeddedState(doc: Document): EmbeddedState {
  const text = doc.getElementById(EMBEDDED_STATE_ID)?.textContent;
  return text ? (JSON.parse(text) as EmbeddedState) : {};
}
