import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { AREAS_FIXTURE } from '../test/areas-fixture';
import { startApiServer } from '../test/api-server';
import { detail, listResponse } from '../test/dwellings-fixture';
import { renderApp } from '../test/render-app';
import { DEFAULT_PUBLIC_SETTINGS } from './public-settings';

const PUBLIC_URL = 'https://husly.dk';
const settings = { ...DEFAULT_PUBLIC_SETTINGS, publicUrl: PUBLIC_URL };

let server: Awaited<ReturnType<typeof startApiServer>> | undefined;
afterEach(async () => {
  cleanup();
  await server?.close();
  server = undefined;
  document.head.innerHTML = '';
});

const canonical = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="canonical"]')].map((l) => l.getAttribute('href'));
const hreflang = (lang: string) => document.head.querySelector<HTMLLinkElement>(`link[rel="alternate"][hreflang="${lang}"]`)?.getAttribute('href');
const ogUrl = () => document.head.querySelector<HTMLMetaElement>('meta[property="og:url"]')?.content;
const ldTypes = () =>
  [...document.head.querySelectorAll('script[type="application/ld+json"]')].flatMap((s) =>
    (JSON.parse(s.textContent ?? '[]') as Array<{ '@type': string }>).map((n) => n['@type']),
  );

/** ADR 0019: in the browser the head follows client navigation, on PUBLIC_URL, never on the page's own host. */
describe('head links and JSON-LD in the browser', () => {
  it('a search naming a city without filters is canonical on the city; with a filter on itself', async () => {
    server = await startApiServer({ 'GET /api/dwellings/search': { body: listResponse(3) } });
    const { router } = renderApp('/search?q=kobenhavn&utm_source=x', { apiBaseUrl: `${server.origin}/api`, areas: AREAS_FIXTURE, settings, host: 'evil.example' });
    await screen.findByRole('heading', { level: 1, name: 'Lejeboliger i København' });
    await waitFor(() => expect(canonical()).toEqual([`${PUBLIC_URL}/koebenhavn`]));
    expect(hreflang('en')).toBe('https://en.husly.dk/koebenhavn');
    expect(ogUrl()).toBe(`${PUBLIC_URL}/koebenhavn`);

    await act(() => router.navigate('/search?q=kobenhavn&rent=8000'));
    await waitFor(() => expect(canonical()).toEqual([`${PUBLIC_URL}/search?q=kobenhavn&rent=8000`]));
    expect(document.head.querySelector('meta[name="robots"]')).toBeNull();

    // A drawn area (issue 34, docs/decisions/0064): out of the index, without a canonical; back without it.
    await act(() => router.navigate(`/search?q=kobenhavn&area=${encodeURIComponent('_errI_lhkA?_pR_sN??~oR~rN?')}`));
    await waitFor(() => expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex'));
    expect(canonical()).toEqual([]);
    await act(() => router.navigate('/search?q=kobenhavn&rent=8000'));
    await waitFor(() => expect(canonical()).toEqual([`${PUBLIC_URL}/search?q=kobenhavn&rent=8000`]));
    expect(document.head.querySelector('meta[name="robots"]')).toBeNull();
  });

  it("a dwelling's JSON-LD goes when the page does; a noindex page has no canonical, the next page has it back", async () => {
    server = await startApiServer({ 'GET /api/dwellings/7': { body: detail({ dwellingId: '7', headline: '</script>Bolig' }) } });
    const { router } = renderApp('/vis/7', { apiBaseUrl: `${server.origin}/api`, areas: AREAS_FIXTURE, settings });
    await screen.findByRole('heading', { level: 1, name: '</script>Bolig' });
    await waitFor(() => expect(ldTypes()).toEqual(['BreadcrumbList', 'RealEstateListing']));
    expect(canonical()).toEqual([`${PUBLIC_URL}/vis/7`]);

    await act(() => router.navigate('/login'));
    await waitFor(() => expect(document.head.querySelector('meta[name="robots"]')).not.toBeNull());
    expect(ldTypes()).toEqual([]);
    expect(canonical()).toEqual([]);
    expect(ogUrl()).toBeUndefined();

    await act(() => router.navigate('/byer'));
    await waitFor(() => expect(canonical()).toEqual([`${PUBLIC_URL}/byer`]));
    expect(document.head.querySelector('meta[name="robots"]')).toBeNull();
  });

  it("keeps the server's JSON-LD on the page the server rendered, and builds the next page's after a navigation", async () => {
    // What the server render wrote for this address (jsdom's: /), which the browser keeps as it is.
    document.head.innerHTML = '<script type="application/ld+json" data-husly-ld>[{"@type":"FromTheServer"}]</script>';
    server = await startApiServer({
      'GET /api/dwellings/latest': { body: listResponse(2) },
      'GET /api/dwellings/7': { body: detail({ dwellingId: '7', headline: 'Bolig' }) },
    });
    const { router } = renderApp('/', { apiBaseUrl: `${server.origin}/api`, areas: AREAS_FIXTURE, settings });
    await screen.findByRole('heading', { level: 1 });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(ldTypes()).toEqual(['FromTheServer']);

    await act(() => router.navigate('/vis/7'));
    await screen.findByRole('heading', { level: 1, name: 'Bolig' });
    await waitFor(() => expect(ldTypes()).toEqual(['BreadcrumbList', 'RealEstateListing']));
    expect(document.head.querySelectorAll('script[type="application/ld+json"]')).toHaveLength(1);

    // Back on the first address, the server's script is gone with its page: the browser builds it.
    await act(() => router.navigate('/'));
    await waitFor(() => expect(ldTypes()).toEqual(['Organization', 'WebSite']));
  });
});
