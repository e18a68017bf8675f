import type { AreasResponse } from '@husly/contracts';
import type { Translations } from '../lib/i18n';
import type { PublicSettings } from '../lib/public-settings';

/** What the server render leaves in <script type="application/json" id="husly-state"> for the browser. */
export interface EmbeddedState {
  /** The configured host the server rendered for: the browser keeps it, so hydration matches. */
  host?: string;
  translations?: Translations;
  areas?: AreasResponse;
  settings?: PublicSettings;
}

export const EMBEDDED_STATE_ID = 'husly-state';

/**
 * JSON that is safe inside a <script> element: "<" (so "</script>" cannot close it), and the line
 * separators JavaScript parsers once rejected, are escaped. JSON.parse reads it back unchanged.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function readEmbeddedState(doc: Document): EmbeddedState {
  const text = doc.getElementById(EMBEDDED_STATE_ID)?.textContent;
  return text ? (JSON.parse(text) as EmbeddedState) : {};
}
