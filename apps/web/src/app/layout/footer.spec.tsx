import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { INFO_PAGES, infoPath } from '@husly/domain';
import { AREAS_FIXTURE } from '../../test/areas-fixture';
import { startApiServer } from '../../test/api-server';
import { listResponse } from '../../test/dwellings-fixture';
import { renderApp } from '../../test/render-app';
import da from '../../../public/locales/da/translation.json';

describe('footer', () => {
  let server: Awaited<ReturnType<typeof startApiServer>>;

  beforeAll(async () => {
    server = await startApiServer({
      'GET /api/dwellings/areas': { body: AREAS_FIXTURE },
      'GET /api/dwellings/area/aarhus': { body: listResponse(2) },
    });
  });
  afterAll(() => server.close());

  it('shows the five popular cities from GET /api/dwellings/areas by rank, then "Vis alle byer"', async () => {
    renderApp('/', { apiBaseUrl: `${server.origin}/api` });
    const popular = await screen.findByRole('navigation', { name: 'Populære byer' });
    await within(popular).findByRole('link', { name: 'København' });

    const links = within(popular).getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual([
      'København',
      'Aarhus',
      'Odense',
      'Aalborg',
      'Frederiksberg',
      'Vis alle byer',
    ]);
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '/koebenhavn',
      '/aarhus',
      '/odense',
      '/aalborg',
      '/frederiksberg',
      '/byer',
    ]);
  });

  it('lists further cities, the info links, the card icons and the company line', async () => {
    renderApp('/', { apiBaseUrl: `${server.origin}/api` });
    const more = await screen.findByRole('navigation', { name: 'Flere byer' });
    await within(more).findByRole('link', { name: 'Esbjerg' });
    expect(within(more).queryByRole('link', { name: 'Ølstykke' })).toBeNull();

    const info = screen.getByRole('navigation', { name: 'Information' });
    expect(within(info).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(INFO_PAGES.map(infoPath));
    expect(within(info).getAllByRole('link').map((a) => a.textContent)).toEqual(INFO_PAGES.map(({ key }) => da.footer[key]));
    // The cards checkout takes: a Dankort is refused there, so its logo is not shown.
    const cards = within(screen.getByRole('list', { name: 'Vi modtager' }));
    expect(cards.getAllByRole('img').map((img) => img.getAttribute('aria-label'))).toEqual(['Visa', 'Mastercard']);
    expect(screen.queryByRole('img', { name: 'Dankort' })).toBeNull();
    expect(screen.getByText(/^Husly ApS · .* · CVR \d+$/)).toBeTruthy();
  });

  it('fetches the areas once per session', async () => {
    const before = server.requests.length;
    const { router } = renderApp('/', { apiBaseUrl: `${server.origin}/api` });
    await within(screen.getByRole('contentinfo')).findByRole('link', { name: 'Odense' });
    await router.navigate('/byer');
    await screen.findByRole('heading', { name: 'Hvor vil du gerne bo?' });
    await router.navigate('/aarhus');
    await screen.findByRole('heading', { name: 'Lejeboliger i Aarhus' });
    const areaCalls = server.requests.slice(before).filter((r) => r.url === '/api/dwellings/areas');
    expect(areaCalls).toHaveLength(1);
  });
});
