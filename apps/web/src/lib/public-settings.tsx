import { createContext, useContext, type ReactNode } from 'react';
import type { SiteAlert } from '@husly/contracts';

/**
 * Server configuration the browser needs (config.map: the tile server the visitor's browser
 * reaches). The server renderer embeds it in the page state; nothing here is secret.
 */
export interface PublicSettings {
  map: { tileUrl: string; attribution: string };
  /** The published site alerts, read by the server render of each page (none: no alerts, no request). */
  alerts?: SiteAlert[];
}

export const DEFAULT_PUBLIC_SETTINGS: PublicSettings = {
  map: { tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', attribution: '© OpenStreetMap-bidragydere' },
};

const PublicSettingsContext = createContext<PublicSettings>(DEFAULT_PUBLIC_SETTINGS);

export function PublicSettingsProvider({ settings, children }: { settings: PublicSettings; children: ReactNode }) {
  return <PublicSettingsContext.Provider value={settings}>{children}</PublicSettingsContext.Provider>;
}

export function usePublicSettings(): PublicSettings {
  return useContext(PublicSettingsContext);
}
