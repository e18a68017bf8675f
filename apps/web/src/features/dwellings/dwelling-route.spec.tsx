import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LandlordContact } from '@husly/contracts';
import { AREAS_FIXTURE } from '../../test/areas-fixture';
import { startApiServer, type Route } from '../../test/api-server';
import { clickTwice } from '../../test/press-twice';
import { detail } from '../../test/dwellings-fixture';
import { renderApp } from '../../test/render-app';
import en from '../../../public/locales/en/translation.json';

let server: Awaited<ReturnType<typeof startApiServer>> | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
  document.cookie = 'bn.last=; Max-Age=0; Path=/';
});

const CONTACT: LandlordContact = {
  address: 'Havnegade 1, 8000 Aarhus C',
  remark: ['Ring efter kl. 16'],
  type: 'nonprofit',
  reference: 'A-17',
  name: 'Boligforeningen Åen',
  email: 'udlejning@aaen.dk',
  phone: '+45 12 34 56 78',
  url: null,
};

async function dwellingPage(agent: Route | Route[], over = {}) {
  server = await startApiServer({ 'GET /api/dwellings/42': { body: detail(over) }, 'GET /api/dwellings/42/agent': agent });
  const rendered = renderApp('/vis/42', { apiBaseUrl: `${server.origin}/api`, areas: AREAS_FIXTURE, token: 'a-token' });
  await screen.findByRole('heading', { level: 1, name: 'Stor lejlighed ved åen' });
  return { ...rendered, server };
}

const contactButtons = () => screen.getAllByRole('button', { name: 'Kontakt udlejer' });

describe('/vis/{id}', () => {
  it('shows headline, facts, remarks, the teaser in place of a withheld description, and a contact button at top and bottom', async () => {
    await dwellingPage({ body: CONTACT });
    // The title is applied in an effect after the render: wait for it rather than race it.
    await waitFor(() => expect(document.title).toBe('Stor lejlighed ved åen | Husly'));
    const facts = screen.getByRole('region', { name: 'Fakta om boligen' });
    expect(within(facts).getByText('9.500 kr.')).toBeTruthy();
    expect(within(facts).getByText('1-2 år')).toBeTruthy();
    expect(within(facts).getByText('Nej')).toBeTruthy();
    expect(within(facts).getByText('28.500 kr.')).toBeTruthy();
    expect(within(facts).getByText('Lejlighed')).toBeTruthy();
    expect(screen.getByText('Kort om boligen.')).toBeTruthy();
    expect(screen.getByText('Ingen rygning.')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Kort over boligens placering' }).style.height).toBe('250px');
    expect(contactButtons()).toHaveLength(2);
    expect(screen.getByRole('region', { name: 'Billeder af boligen' }).querySelectorAll('img')).toHaveLength(2);
  });

  it('200: fetches the contact with the bearer token and shows it in both places', async () => {
    const { server } = await dwellingPage({ body: CONTACT });
    await userEvent.click(contactButtons()[1]!);
    const top = screen.getByTestId('contact-top');
    expect(await within(top).findByText('udlejning@aaen.dk')).toBeTruthy();
    expect(within(screen.getByTestId('contact-bottom')).getByText('+45 12 34 56 78')).toBeTruthy();
    expect(within(top).getByText('Ring efter kl. 16')).toBeTruthy();
    expect(within(top).getByText(/almen boligforening/)).toBeTruthy();
    const call = server.requests.find((r) => r.url === '/api/dwellings/42/agent');
    expect(call?.headers.authorization).toBe('Bearer a-token');
    expect(screen.queryByRole('button', { name: 'Kontakt udlejer' })).toBeNull();
  });

  it('the contact pressed twice, or at top and bottom, before it redraws is fetched once', async () => {
    const { server, requestsAnswered } = await dwellingPage({ body: CONTACT });
    const [top, bottom] = contactButtons() as [HTMLElement, HTMLElement];
    clickTwice(top);
    act(() => {
      fireEvent.click(bottom);
    });
    expect(top.getAttribute('aria-busy')).toBe('true');
    expect(await within(screen.getByTestId('contact-top')).findByText('udlejning@aaen.dk')).toBeTruthy();
    await requestsAnswered();
    expect(server.requests.filter((r) => r.url === '/api/dwellings/42/agent')).toHaveLength(1);
  });

  it('401: asks to log in or sign up, with next= back to the dwelling', async () => {
    await dwellingPage({ status: 401, body: { statusCode: 401, code: 'login-required' } });
    await userEvent.click(contactButtons()[0]!);
    const top = screen.getByTestId('contact-top');
    expect(await within(top).findByText('Log ind eller opret en profil for at se udlejerens kontaktoplysninger.')).toBeTruthy();
    expect(within(top).getByRole('link', { name: 'Log ind' }).getAttribute('href')).toBe('/login?next=%2Fvis%2F42');
    expect(within(top).getByRole('link', { name: 'Opret profil' }).getAttribute('href')).toBe('/signup?next=%2Fvis%2F42');
  });

  it('403: goes to the subscription page', async () => {
    const { router } = await dwellingPage({ status: 403, body: { statusCode: 403, code: 'subscription-required' } });
    // The profile pages may redirect further (no session here), so record where the page sent us.
    const visited: string[] = [];
    router.subscribe((state) => {
      for (const location of [state.navigation.location, state.location]) if (location) visited.push(`${location.pathname}${location.search}`);
    });
    await userEvent.click(contactButtons()[0]!);
    await waitFor(() => expect(visited).toContain('/profile/subscription?next=%2Fvis%2F42'));
  });

  it('403 on the limited plan: the count, the reset date and the way to unlimited access, on the page', async () => {
    const message = 'Du har kontaktet 10 af 10 udlejere i denne periode.';
    // 23:30 UTC on 11 Dec is 12 Dec in Copenhagen: the date is the Danish one, as everywhere on the site.
    const { router } = await dwellingPage({
      status: 403,
      body: { statusCode: 403, error: 'Forbidden', code: 'contact-limit-reached', message, limit: 10, used: 10, windowDays: 14, retryAt: '2026-12-11T23:30:00.000Z' },
    });
    await userEvent.click(contactButtons()[0]!);
    const top = screen.getByTestId('contact-top');
    expect(await within(top).findByText('Du har kontaktet 10 af 10 udlejere i denne periode.')).toBeTruthy();
    expect(within(top).getByText('Tallet nulstilles 12/12/2026. Så kan du kontakte nye udlejere igen.')).toBeTruthy();
    expect(within(top).getByRole('link', { name: 'Skift til ubegrænset adgang' }).getAttribute('href')).toBe('/profile/subscription');
    expect(within(screen.getByTestId('contact-bottom')).getByRole('link', { name: 'Skift til ubegrænset adgang' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/vis/42');
  });

  it('403 on the limited plan in English on en.', async () => {
    server = await startApiServer({
      'GET /api/dwellings/42': { body: detail() },
      'GET /api/dwellings/42/agent': {
        status: 403,
        body: { statusCode: 403, error: 'Forbidden', code: 'contact-limit-reached', message: 'You have contacted 10 of 10 landlords this period.', limit: 10, used: 10, windowDays: 14, retryAt: '2026-12-12T09:00:00.000Z' },
      },
    });
    renderApp('/vis/42', { apiBaseUrl: `${server.origin}/api`, areas: AREAS_FIXTURE, token: 'a-token', translations: en, host: 'en.localhost:3000' });
    await userEvent.click((await screen.findAllByRole('button', { name: 'Contact landlord' }))[0]!);
    const top = screen.getByTestId('contact-top');
    expect(await within(top).findByText('You have contacted 10 of 10 landlords this period.')).toBeTruthy();
    expect(within(top).getByText('The count resets on 12/12/2026. Then you can contact new landlords again.')).toBeTruthy();
    expect(within(top).getByRole('link', { name: 'Switch to unlimited access' }).getAttribute('href')).toBe('/profile/subscription');
  });

  it('410: marks the dwelling unavailable', async () => {
    await dwellingPage({ status: 410, body: { statusCode: 410, code: 'dwelling-unavailable' } });
    await userEvent.click(contactButtons()[0]!);
    expect(await within(screen.getByTestId('contact-top')).findByText('Boligen er ikke længere ledig')).toBeTruthy();
    expect(within(screen.getByTestId('contact-bottom')).getByRole('link', { name: 'Se ledige boliger i Aarhus C' }).getAttribute('href')).toBe('/aarhus');
  });

  it('another failure: a generic error, and "Prøv igen" fetches again', async () => {
    await dwellingPage([{ status: 500, body: { statusCode: 500 } }, { body: CONTACT }]);
    await userEvent.click(contactButtons()[0]!);
    const top = screen.getByTestId('contact-top');
    expect(await within(top).findByText('Kontaktoplysningerne kunne ikke hentes. Prøv igen om lidt.')).toBeTruthy();
    await userEvent.click(within(top).getByRole('button', { name: 'Prøv igen' }));
    expect(await within(top).findByText('udlejning@aaen.dk')).toBeTruthy();
  });

  it('a rented dwelling is unavailable from the start, with no contact button', async () => {
    const { server } = await dwellingPage({ body: CONTACT }, { deletedAt: '2026-11-21T09:00:00.000Z' });
    expect(screen.queryByRole('button', { name: 'Kontakt udlejer' })).toBeNull();
    expect(screen.getAllByText('Boligen er ikke længere ledig')).toHaveLength(2);
    expect(server.requests.some((r) => r.url.endsWith('/agent'))).toBe(false);
  });

  it('remembers the dwelling in bn.last for a non-subscriber; the banner shows it on other pages', async () => {
    const { router } = await dwellingPage({ body: CONTACT });
    await waitFor(() => expect(document.cookie).toContain('bn.last='));
    await router.navigate('/byer');
    const banner = await screen.findByRole('complementary', { name: 'Senest sete bolig' });
    expect(within(banner).getByRole('link', { name: 'Stor lejlighed ved åen' }).getAttribute('href')).toBe('/vis/42');
    expect(within(banner).getByRole('link', { name: 'Opret profil' }).getAttribute('href')).toBe('/signup?next=%2Fvis%2F42');
  });

  it.each([
    [404, '7'],
    // An id that cannot exist: not a number (400), or longer than the API takes in a path (414).
    [400, 'abc'],
    [414, 'x'.repeat(120)],
  ])('an API %s for the dwelling is the 404 page', async (status, id) => {
    server = await startApiServer({ [`GET /api/dwellings/${id}`]: { status, body: { statusCode: status } } });
    renderApp(`/vis/${id}`, { apiBaseUrl: `${server.origin}/api`, areas: AREAS_FIXTURE });
    expect(await screen.findByRole('heading', { name: 'Ups! Siden findes ikke' })).toBeTruthy();
  });
});
