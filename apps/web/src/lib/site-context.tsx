import { createContext, useContext, type ReactNode } from 'react';
import type { Language } from '@husly/domain';
import { languageFromHost } from './i18n';

export interface Site {
  /** The request host with port, e.g. "en.localhost:3000". */
  host: string;
  language: Language;
}

const SiteContext = createContext<Site | null>(null);

export function SiteProvider({ host, children }: { host: string; children: ReactNode }) {
  return <SiteContext.Provider value={{ host, language: languageFromHost(host) }}>{children}</SiteContext.Provider>;
}

export function useSite(): Site {
  const site = useContext(SiteContext);
  if (!site) throw new Error('useSite needs a <SiteProvider>');
  return site;
}
