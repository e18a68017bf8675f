import { createContext, useContext, type ReactNode } from 'react';
import type { SiteAlert } from '@husly/contracts';

/**
 * Server configuration the browser needs (config.map: the tile server the visitor's browser
 * reaches; company: COMPANY_*, shown in the footer and on /info/contact). The server renderer
 * embeds it in the page state; nothing here is secret.
 */
export interface PublicSettings {
  map: { tileUrl: string; attribution: string };
  company: { name: string; address: string; zip: string; city: string; cvr: string };
  /** The published site alerts, read by the server render of each page (none: no alerts, no request). */
  alerts?: SiteAlert[];
  /** PUBLIC_URL: the origin of canonical links, share tags and JSON-LD (the server render sets it). */
  publicUrl?: string;
}

// The same defaults as the API's env schema (COMPANY_*), for tests and the dev server.
export const DEFAULT_PUBLIC_SETTINGS: PublicSettings = {
  map: { tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', attribution: '© OpenStreetMap-bidragydere' },
  company: { name: 'Husly ApS', address: 'Vestergade 1', zip: '8000', city: 'Aarhus C', cvr: '12345678' },
};

const PublicSettingsContext = createContext<PublicSettings>(DEFAULT_PUBLIC_SETTINGS);

export function PublicSettingsProvider({ settings, children }: { settings: PublicSettings; children: ReactNode }) {
  return <PublicSettingsContext.Provider value={settings}>{children}</PublicSettingsContext.Provider>;
}

export function usePublicSettings(): PublicSettings {
  return useContext(PublicSettingsContext);
}
