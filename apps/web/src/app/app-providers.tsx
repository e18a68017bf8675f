import { useEffect, type ReactNode } from 'react';
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
                    <MarkInteractive />
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

/**
 * `<html data-interactive>` once the first render is committed (hydrated or rendered): from then on
 * the page's handlers answer. Browser journeys wait for it before they type or tap, instead of for a
 * quiet network, which says nothing about React and costs half a second a page. Here, in the tree
 * both entries render, not beside the browser's router only: a sibling there made the browser's tree
 * fork where the server's does not, and every useId id (a label's `for`) differed from the server's.
 */
function MarkInteractive(): null {
  useEffect(() => {
    document.documentElement.dataset['interactive'] = 'true';
  }, []);
  return null;
}
