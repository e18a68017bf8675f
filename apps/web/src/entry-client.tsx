import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import type { AreasResponse } from '@husly/contracts';
import { createAppContext } from './app/app-context';
import { AppProviders } from './app/app-providers';
import { createRoutes } from './app/routes';
import { createApiClient } from './lib/api-client';
import { applyDefaultHead } from './lib/document-head';
import { languageFromHost, loadTranslations, type Translations } from './lib/i18n';

/** State a server render may leave in <script type="application/json" id="husly-state">. */
interface EmbeddedState {
  translations?: Translations;
  areas?: AreasResponse;
}

function readEmbeddedState(): EmbeddedState {
  const text = document.getElementById('husly-state')?.textContent;
  return text ? (JSON.parse(text) as EmbeddedState) : {};
}

async function main(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');

  const host = window.location.host;
  const embedded = readEmbeddedState();
  const translations =
    embedded.translations ??
    (await loadTranslations(languageFromHost(host)).catch((error: unknown) => {
      // Still usable without texts (keys show); better than a blank page.
      console.error(error);
      return {};
    }));
  const context = createAppContext({ host, translations, api: createApiClient(), areas: embedded.areas });
  applyDefaultHead(document, context.i18n);

  const router = createBrowserRouter(createRoutes({ areas: context.areas }));
  const app = (
    <StrictMode>
      <AppProviders context={context} onRetry={() => router.revalidate()}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );

  if (container.firstElementChild) hydrateRoot(container, app);
  else createRoot(container).render(app);
}

void main();
