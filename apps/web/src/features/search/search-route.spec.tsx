import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { readCookie } from '@husly/domain';
import { AREAS_FIXTURE } from '../../test/areas-fixture';
import { startApiServer } from '../../test/api-server';
import { listItem, listResponse } from '../../test/dwellings-fixture';
import { renderApp } from '../../test/render-app';
import { choose } from '../privacy/consent-store';
import { serverRender } from '../../test/server-render';

let server: Awaited<ReturnType<typeof startApiServer>> | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function searchPage(path: string, routes: Parameters<typeof startApiServer>[0]) {
  server = await startApiServer(routes);
  return { ...renderApp(path, { apiBaseUrl: `${server.origin}/api`, areas: AREAS_FIXTURE }), server };
}

describe('/search', () => {
  it('says "Indlæser boliger..." while loading, then heading, summary, results between two boligagent blocks', async () => {
    const { server } = await searchPage('/search?q=aarhus&rent=8000&rooms=2&size=14', {
      'GET /api/dwellings/search': { body: listResponse(12) },
    });
    // The loader does not wait for the results in the browser: the loading heading comes first.
    expect(await screen.findByRole('heading', { level: 1, name: 'Indlæser boliger...' })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Lejeboliger i Aarhus' })).toBeTruthy();
    expect(screen.getByText('Du har søgt efter boliger i Aarhus, maks. 8.000 kr., mindst 2 vær., mindst 14 m²')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: '12 ledige boliger' })).toBeTruthy();
    // The count once: the results heading, not also "12 boliger fundet".
    expect(screen.queryByText('12 boliger fundet')).toBeNull();
    const blocks = [screen.getByTestId('boligagent-block-above'), screen.getByTestId('boligagent-block-below')];
    const list = screen.getByRole('list', { name: 'Boliger' });
    expect(blocks[0]!.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(blocks[1]!.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_PRECEDING).toBeTruthy();
    expect(server.requests.at(-1)?.url).toBe('/api/dwellings/search?q=aarhus&rent=8000&rooms=2&size=14');
    await waitFor(() => expect(document.title).toBe('Lejeboliger Aarhus - viser nu ledige lejligheder nær Aarhus'));
  });

  it("keeps a visitor's search in bn.prf only once they allowed cookies (its code loads only then)", async () => {
    const prf = () => readCookie(document.cookie, 'bn.prf');
    try {
      await searchPage('/search?q=aarhus&rent=8000', { 'GET /api/dwellings/search': { body: listResponse(3) } });
      expect(await screen.findByRole('heading', { level: 1, name: 'Lejeboliger i Aarhus' })).toBeTruthy();
      expect(prf()).toBeUndefined();
      cleanup();
      await server?.close();
      choose('all');
      await searchPage('/search?q=odense&rooms=2', { 'GET /api/dwellings/search': { body: listResponse(3) } });
      await waitFor(() => expect(JSON.parse(prf() ?? 'null')).toEqual([{ area: 'odense', rooms: 2 }]));
    } finally {
      document.cookie = 'bn.prf=; Path=/; Max-Age=0';
      document.cookie = 'bn.consent=; Path=/; Max-Age=0';
    }
  });

  it('shows no results heading with 10 results or fewer', async () => {
    await searchPage('/search?q=aarhus', { 'GET /api/dwellings/search': { body: listResponse(10) } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Lejeboliger i Aarhus' })).toBeTruthy();
    expect(screen.getByText('10 boliger fundet')).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 2, name: /ledige boliger/ })).toBeNull();
  });

  it('names the place by its label, however q spelled it (title, heading, summary, boligagent)', async () => {
    const { server } = await searchPage('/search?q=kobenhavn', { 'GET /api/dwellings/search': { body: listResponse(3) } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Lejeboliger i København' })).toBeTruthy();
    expect(screen.getByText('Du har søgt efter boliger i København')).toBeTruthy();
    expect(screen.getByTestId('boligagent-block-above').textContent).toContain('København');
    await waitFor(() => expect(document.title).toBe('Lejeboliger København - viser nu ledige lejligheder nær København'));
    expect(server.requests.at(-1)?.url).toBe('/api/dwellings/search?q=kobenhavn');
  });

  it('says when q names no place, offers the nearest places as links, and shows no boligagent block', async () => {
    const none = { data: [], meta: { total: 0, start: 0, pageSize: 150, capped: false, suggestions: [{ slug: 'odense', label: 'Odense' }] } };
    await searchPage('/search?q=Odnesee&rent=8000', { 'GET /api/dwellings/search': { body: none } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Vi kender ikke det sted' })).toBeTruthy();
    const message = screen.getByTestId('no-place');
    expect(message.textContent).toContain('Vi kan ikke finde et sted, der hedder »Odnesee«.');
    expect(within(message).getByRole('link', { name: 'Odense' }).getAttribute('href')).toBe('/search?q=Odense&rent=8000');
    expect(screen.queryByTestId('boligagent-block-above')).toBeNull();
    expect(screen.queryByText(/Beklager/)).toBeNull();
    await waitFor(() => expect(document.title).toMatch(/^Vi kender ikke det sted/));

    const nothingNear = { data: [], meta: { total: 0, start: 0, pageSize: 150, capped: false, suggestions: [] } };
    await server?.close();
    await searchPage('/search?q=Zzzzzz', { 'GET /api/dwellings/search': { body: nothingNear } });
    expect((await screen.findAllByRole('link', { name: 'Se alle byer' }))[0]!.getAttribute('href')).toBe('/byer');
  });

  it('offers the last page when start is past it', async () => {
    const past = { data: [], meta: { total: 207, start: 99_999, pageSize: 150, capped: false } };
    await searchPage('/search?q=aarhus&rent=8000&start=99999', { 'GET /api/dwellings/search': { body: past } });
    const message = await screen.findByTestId('past-last-page');
    expect(message.textContent).toContain('Der er kun 207 boliger i denne søgning');
    expect(within(message).getByRole('link', { name: 'Gå til sidste side (151-207)' }).getAttribute('href')).toBe('/search?q=aarhus&rent=8000&start=150');
  });

  it('shows the "Sorry" message when nothing matches', async () => {
    await searchPage('/search?q=odense', { 'GET /api/dwellings/search': { body: listResponse(0) } });
    expect(await screen.findByText('Beklager! Vi fandt ingen ledige boliger, der matcher din søgning.')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Boliger' })).toBeNull();
  });

  it('runs no search for a query under two characters and says why', async () => {
    const { server } = await searchPage('/search?q=%20a%20', { 'GET /api/dwellings/search': { body: listResponse(3) } });
    expect(await screen.findByText('Søgeord skal indeholde mere end to tegn')).toBeTruthy();
    // The search box, whose code loads only on this page (lib/islands.tsx), arrives to search again.
    expect(await screen.findByRole('combobox')).toBeTruthy();
    expect(server.requests).toHaveLength(0);
  });

  it('pages with forrige/næste through `start`, keeping the filters', async () => {
    const page = listResponse(150, { total: 400, start: 150 });
    const { router } = await searchPage('/search?q=aarhus&rent=8000&start=150', { 'GET /api/dwellings/search': { body: page } });
    const nav = await screen.findByRole('navigation', { name: 'Sider' });
    expect(within(nav).getByRole('link', { name: '← forrige' }).getAttribute('href')).toBe('/search?q=aarhus&rent=8000');
    expect(within(nav).getByRole('link', { name: 'næste →' }).getAttribute('href')).toBe('/search?q=aarhus&rent=8000&start=300');
    expect(within(nav).getByText('Viser 151-300 af 400')).toBeTruthy();
    expect(router.state.location.search).toBe('?q=aarhus&rent=8000&start=150');
  });

  it('has no forrige on the first page and no næste on the last', async () => {
    await searchPage('/search?q=aarhus&start=300', { 'GET /api/dwellings/search': { body: listResponse(100, { total: 400, start: 300 }) } });
    const nav = await screen.findByRole('navigation', { name: 'Sider' });
    expect(within(nav).getByRole('link', { name: '← forrige' }).getAttribute('href')).toBe('/search?q=aarhus&start=150');
    expect(within(nav).queryByRole('link', { name: /næste/ })).toBeNull();
  });

  it('shows a rented dwelling as "Udlejet {date}", not clickable; a vacant one as "Oprettet {date}" linking to /vis/{id}', async () => {
    const list = {
      data: [listItem(1), listItem(2, { deletedAt: '2026-11-21T09:00:00.000Z', headline: 'Udlejet lejlighed' })],
      meta: { total: 2, start: 0, pageSize: 150 },
    };
    await searchPage('/search?q=aarhus', { 'GET /api/dwellings/search': { body: list } });
    const vacant = (await screen.findByText('Lejlighed nummer 1')).closest('a');
    expect(vacant?.getAttribute('href')).toBe('/vis/1');
    // Twice in the markup: the badge over the image (wider screens) and the line under the facts (phones); CSS shows one.
    expect(within(vacant!).getAllByText('Oprettet 20/11/2026')).toHaveLength(2);
    const rented = screen.getByText('Udlejet lejlighed').closest('[aria-disabled="true"]') as HTMLElement;
    expect(rented.closest('a')).toBeNull();
    expect(within(rented).getAllByText('Udlejet 21/11/2026')).toHaveLength(2);
  });

  it('loads the first screenful of images at once, the first with high priority, and the rest lazily (issue 16: LCP)', async () => {
    const list = { data: [1, 2, 3, 4, 5].map((n) => listItem(n)), meta: { total: 5, start: 0, pageSize: 150 } };
    await searchPage('/search?q=aarhus', { 'GET /api/dwellings/search': { body: list } });
    await screen.findByText('Lejlighed nummer 5');
    const images = [...document.querySelectorAll('main li img')];
    expect(images.map((img) => [img.getAttribute('loading'), img.getAttribute('fetchpriority')])).toEqual([
      ['eager', 'high'],
      ['eager', null],
      ['eager', null],
      ['lazy', null],
      ['lazy', null],
    ]);
  });
});

describe('/search rendered on the server', () => {
  it('without a search, sends the search box as a GET form that works before its code loads', async () => {
    server = await startApiServer({ 'GET /api/dwellings/areas': { body: AREAS_FIXTURE } });
    // The box is an island the page module defines: its component is loaded once that module is,
    // after the first page's query (entry-server.tsx), and rendered into the HTML.
    const page = await serverRender('/search?q=a', server.origin);
    expect(page.type === 'page' && page.status).toBe(200);
    const html = page.type === 'page' ? page.html : '';
    expect(html).toMatch(/<form[^>]*action="\/search"[^>]*method="get"|<form[^>]*method="get"[^>]*action="\/search"/);
    expect(html).toMatch(/<input[^>]*role="combobox"[^>]*name="q"|<input[^>]*name="q"[^>]*role="combobox"/);
  });
});
