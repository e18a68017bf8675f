import type { ReactNode } from 'react';
import { AlertsProvider } from '../components/ui/alerts';
import { RetryBoundary } from '../components/ui/retry-boundary';
import { AreasStoreProvider } from '../features/cities/use-areas';
import { InitialLastViewed } from '../features/dwellings/last-viewed';
import { InitialConsentProvider } from '../features/privacy/consent-store';
import { ApiProvider } from '../lib/api-context';
import { PublicSettingsProvider } from '../lib/public-settings';
import { SiteProvider } from '../lib/site-context';
import { TranslatorProvider } from '../lib/use-translation';
import type { AppContext } from './app-context';

export interface AppProvidersProps {
  context: AppContext;
  /** Runs before the app-wide boundary re-renders, e.g. the router's revalidate. */
  onRetry?: () => unknown;
  children: ReactNode;
}

export function AppProviders({ context, onRetry, children }: AppProvidersProps) {
  return (
    <TranslatorProvider translator={context.i18n}>
      <SiteProvider host={context.host}>
        <ApiProvider client={context.api}>
          <AreasStoreProvider store={context.areas}>
            <PublicSettingsProvider settings={context.settings}>
              <InitialConsentProvider value={context.consent}>
                <InitialLastViewed.Provider value={context.lastViewed}>
                  <AlertsProvider>
                    <RetryBoundary onRetry={onRetry}>{children}</RetryBoundary>
                  </AlertsProvider>
                </InitialLastViewed.Provider>
              </InitialConsentProvider>
            </PublicSettingsProvider>
          </AreasStoreProvider>
        </ApiProvider>
      </SiteProvider>
    </TranslatorProvider>
  );
}
