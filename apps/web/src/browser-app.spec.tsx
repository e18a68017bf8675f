import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { AREAS_FIXTURE } from './test/areas-fixture';
import { startApiServer } from './test/api-server';
import { detail, listResponse } from './test/dwellings-fixture';
import { serverRender } from './test/server-render';
import { startBrowserApp, type StartedApp } from './browser-app';

// The server renders with React Router and the browser hydrates with the same React Router
// (docs/decisions/0055-one-router.md). Here the browser's start runs on what the server render
// wrote: its HTML, its embedded state and its hydration data block. React (the development build,
// which reports every mismatch, attributes and useId ids included) must hydrate it without a
// mismatch or a console error, keep the server's nodes and leave the same DOM.

let server: Awaited<ReturnType<typeof startApiServer>> | undefined;
let app: StartedApp | undefined;
const realFetch = globalThis.fetch;

afterEach(async () => {
  app?.stop();
  app = undefined;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  delete document.documentElement.dataset['interactive'];
  document.body.replaceChildren();
  // The dwelling page remembers itself in a cookie, which the next server render here is not sent.
  for (const cookie of document.cookie.split(';')) document.cookie = `${cookie.split('=')[0]!.trim()}=; Path=/; Max-Age=0`;
  await server?.close();
  server = undefined;
});

const API = {
  'GET /api/dwellings/areas': { body: AREAS_FIXTURE },
  'GET /api/dwellings/latest': { body: listResponse(15) },
  // More cards than the hydration data carries whole: the browser fetches the list again first.
  'GET /api/dwellings/area/koebenhavn': { body: listResponse(30) },
  'GET /api/dwellings/search': { body: listResponse(20) },
  'GET /api/dwellings/42': { body: detail() },
};

/** The server's page in this document, at its URL, as the browser has it before the script runs. */
async function loadServerPage(path: string) {
  server = await startApiServer(API);
  const page = await serverRender(path, server.origin);
  if (page.type !== 'page') throw new Error(`${path}: a ${page.type}`);
  const parsed = new DOMParser().parseFromString(page.html, 'text/html');
  // The data blocks and #root; not the module script (jsdom would not run it, the test does).
  document.body.replaceChildren(...[...parsed.body.children].filter((node) => node.tagName !== 'SCRIPT' || node.getAttribute('type') === 'application/json'));
  window.history.replaceState(null, '', path);
  // The page's own requests are relative to where it was served.
  const origin = server.origin;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
    realFetch(typeof input === 'string' && input.startsWith('/') ? `${origin}${input}` : input, init),
  );
  return { status: page.status, root: document.getElementById('root')! };
}

/**
 * The root's HTML without what an island draws into its own box after hydration: the dwelling map
 * fills its region with Leaflet once its module loads, which may be before or after the check.
 * Hydration leaves that box as the server wrote it; the map draws into it in an effect, by design.
 */
function htmlOutsideIslands(root: HTMLElement): string {
  const copy = root.cloneNode(true) as HTMLElement;
  for (const map of copy.querySelectorAll('[role="region"][data-lat]')) map.replaceWith(document.createComment('map'));
  return copy.innerHTML;
}

/** Starts the browser's app as entry-client does, recording every error React or the page reports. */
async function hydrate() {
  const errors: unknown[] = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => errors.push(args));
  const onError = (event: ErrorEvent) => errors.push(event.error ?? event.message);
  window.addEventListener('error', onError);
  // As in a browser: React's updates are not wrapped in act() there.
  const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  const wasAct = actEnvironment.IS_REACT_ACT_ENVIRONMENT;
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
  try {
    app = await startBrowserApp();
    await waitFor(() => expect(document.documentElement.dataset['interactive']).toBe('true'));
    // Hydration's passive effects and anything they start.
    await new Promise((resolve) => setTimeout(resolve, 50));
  } finally {
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = wasAct;
    window.removeEventListener('error', onError);
  }
  return errors;
}

describe("the browser hydrates the server's page with the same router", () => {
  it.each([
    ['/', 200, 'h1'],
    ['/koebenhavn', 200, 'h1'],
    ['/search?q=aarhus', 200, 'h1'],
    ['/vis/42', 200, 'h1'],
    // A loader's thrown 404, shown by the route's errorElement: the server's error reaches the browser in the hydration data.
    ['/ingen-by', 404, 'h1'],
  ])('%s (HTTP %i): no mismatch, no console error, the server’s nodes kept', async (path, status, selector) => {
    const { status: rendered, root } = await loadServerPage(path);
    expect(rendered).toBe(status);
    const serverHtml = htmlOutsideIslands(root);
    const map = root.querySelector('[role="region"][data-lat]');
    const heading = root.querySelector(selector);
    const main = root.querySelector('main');
    expect(heading).not.toBeNull();

    expect(await hydrate()).toEqual([]);
    // Hydrated, not rendered anew: React kept the server's elements.
    expect(root.querySelector(selector)).toBe(heading);
    expect(root.querySelector('main')).toBe(main);
    expect(root.querySelector('[role="region"][data-lat]')).toBe(map);
    expect(htmlOutsideIslands(root)).toBe(serverHtml);
  });

  it('navigates in the page from the hydrated HTML, running the next page’s loader, and back', async () => {
    const { root } = await loadServerPage('/vis/42');
    expect(await hydrate()).toEqual([]);
    const header = root.querySelector('header');
    const home = [...root.querySelectorAll<HTMLAnchorElement>('header a')].find((link) => link.getAttribute('href') === '/');
    expect(home).toBeDefined();
    fireEvent.click(home!);
    await screen.findByRole('heading', { level: 1, name: /Ledige lejeboliger|Find/i });
    expect(window.location.pathname).toBe('/');
    expect(server?.requests.map((request) => request.url)).toContain('/api/dwellings/latest');
    // The layout stays: a client navigation, not a page load.
    expect(root.querySelector('header')).toBe(header);
    window.history.back();
    await waitFor(() => expect(window.location.pathname).toBe('/vis/42'));
    await waitFor(() => expect(app?.router.state.location.pathname).toBe('/vis/42'));
  });
});
