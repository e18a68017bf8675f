import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { INFO_PAGES, infoPath } from '@husly/domain';
import { AREAS_FIXTURE } from '../../test/areas-fixture';
import { startApiServer } from '../../test/api-server';
import { clickTwice, submitTwice } from '../../test/press-twice';
import { renderApp } from '../../test/render-app';
import { serverRender } from '../../test/server-render';
import { DEFAULT_PUBLIC_SETTINGS } from '../../lib/public-settings';
import da from '../../../public/locales/da/translation.json';
import en from '../../../public/locales/en/translation.json';

let server: Awaited<ReturnType<typeof startApiServer>> | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** The spec's rule: " | Husly" after a title shorter than 45 characters. */
const fullTitle = (title: string) => (title.length < 45 ? `${title} | Husly` : title);

describe('the information pages', () => {
  for (const [language, translations, host] of [
    ['da', da, 'localhost:3000'],
    ['en', en, 'en.localhost:3000'],
  ] as const) {
    it(`each has its heading, title and description in ${language}`, async () => {
      for (const { slug, key } of INFO_PAGES) {
        const path = infoPath({ slug });
        const { unmount } = renderApp(path, { areas: AREAS_FIXTURE, host, translations });
        const texts = translations.info[key];
        expect(await screen.findByRole('heading', { level: 1, name: texts.heading })).toBeTruthy();
        await waitFor(() => expect(document.title).toBe(fullTitle(texts.title)));
        expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content') ?? texts.description).toBe(texts.description);
        unmount();
      }
    });
  }

  it('the terms: updated 27 August 2019, #elektronisk-kommunikation, VAT, withdrawal, objection, order numbers', async () => {
    renderApp('/info/terms', { areas: AREAS_FIXTURE });
    const terms = await screen.findByTestId('subscription-terms');
    expect(terms.textContent).toContain('Opdateret 27. august 2019');
    expect(terms.querySelector('time')?.getAttribute('datetime')).toBe('2019-08-27');
    expect(document.getElementById('elektronisk-kommunikation')?.textContent).toBe('Elektronisk kommunikation');
    expect(terms.textContent).toContain('inkl. 25 % moms');
    expect(terms.textContent).toContain('14 dages fortrydelsesret');
    expect(terms.textContent).toContain('refunderes det betalte beløb inden for 14 dage');
    expect(terms.textContent).toContain('inden for 8 uger');
    expect(terms.textContent).toContain('ordrenummer på 4 cifre');
  });

  it('the cancellation page links to the subscription page; the complaint page does not send people to the closed ODR platform', async () => {
    const { unmount } = renderApp('/info/afmelding', { areas: AREAS_FIXTURE });
    await screen.findByRole('heading', { level: 1, name: 'Afmelding' });
    expect(screen.getAllByRole('link', { name: 'abonnementssiden' }).map((a) => a.getAttribute('href'))).toContain('/profile/subscription');
    // Without a login: the manual unsubscribe form (issue 14).
    expect(screen.getByRole('link', { name: 'afmeldingsformularen' }).getAttribute('href')).toBe('/afmelding');
    unmount();

    renderApp('/info/klagemulighed', { areas: AREAS_FIXTURE });
    const main = (await screen.findByRole('heading', { level: 1, name: 'Klagemuligheder' })).closest('article') as HTMLElement;
    const hrefs = within(main).getAllByRole('link').map((a) => a.getAttribute('href') ?? '');
    expect(hrefs.some((href) => href.includes('naevneneshus.dk'))).toBe(true);
    expect(hrefs.filter((href) => /ec\.europa\.eu\/consumers\/odr/.test(href))).toEqual([]);
    expect(main.textContent).toContain('Forbrugerklagenævnet');
    expect(main.textContent).toContain('Center for Klageløsning');
    expect(main.textContent).toContain('huslejenævnet');
  });

  it('the advice page has the five tips; the about page shows no invented quotes', async () => {
    const { unmount } = renderApp('/info/raad-om-boligsoegning', { areas: AREAS_FIXTURE });
    const article = (await screen.findByRole('heading', { level: 1, name: 'Råd om boligsøgning' })).closest('article') as HTMLElement;
    expect(within(article).getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Start i god tid',
      'Vær realistisk',
      'Søg bredt',
      'Præsentér dig godt',
      'Få hjælp',
    ]);
    unmount();

    // No consented quotes are collected yet: no testimonials block rather than invented ones.
    renderApp('/info/about', { areas: AREAS_FIXTURE });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('heading', { level: 2, name: 'Det siger brugerne' })).toBeNull();
    expect(document.querySelectorAll('blockquote')).toHaveLength(0);
  });

  it('the contact page shows the company from the public settings', async () => {
    renderApp('/info/contact', { areas: AREAS_FIXTURE });
    await screen.findByRole('heading', { level: 1, name: 'Kontakt os' });
    const address = document.querySelector('address');
    const { company } = DEFAULT_PUBLIC_SETTINGS;
    expect(address?.textContent).toBe(`${company.name}${company.address}${company.zip} ${company.city}CVR ${company.cvr}`);
  });

  it('an unknown /info page is the normal 404 page', async () => {
    renderApp('/info/xyz', { areas: AREAS_FIXTURE });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ups! Siden findes ikke' })).toBeTruthy();
  });
});

describe('the information pages rendered on the server', () => {
  async function serverRenderInfo(path: string, host?: string) {
    server = await startApiServer({ 'GET /api/dwellings/areas': { body: AREAS_FIXTURE } });
    return serverRender(path, server.origin, host);
  }

  it('answers each page with its own title, description and canonical link, in Danish and English', async () => {
    for (const { slug, key } of INFO_PAGES) {
      const path = infoPath({ slug });
      const page = await serverRenderInfo(path);
      expect(page.type).toBe('page');
      if (page.type !== 'page') continue;
      expect(page.status).toBe(200);
      expect(page.html).toContain(`<title>${fullTitle(da.info[key].title)}</title>`);
      expect(page.html).toContain(`<meta name="description" content="${da.info[key].description}" />`);
      expect(page.html).toContain(`<link rel="canonical" href="https://husly.dk${path}" />`);
      expect(page.html).toContain(`<link rel="alternate" hreflang="en" href="https://en.husly.dk${path}" />`);
      expect(page.html).toContain(`>${da.info[key].heading}</h1>`);
      await server?.close();
      server = undefined;
    }
    const english = await serverRenderInfo('/info/faq', 'en.localhost:3000');
    expect(english.type === 'page' && english.html).toContain(`<title>${fullTitle(en.info.faq.title)}</title>`);
    expect(english.type === 'page' && english.html).toContain('<link rel="canonical" href="https://en.husly.dk/info/faq" />');
  });

  it('answers an unknown /info page with 404 and no canonical link', async () => {
    const page = await serverRenderInfo('/info/xyz');
    expect(page.type === 'page' && page.status).toBe(404);
    expect(page.type === 'page' && page.html).not.toContain('rel="canonical"');
  });
});

describe('the contact form', () => {
  const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
  async function contactPage(routes: Parameters<typeof startApiServer>[0]) {
    server = await startApiServer(routes);
    renderApp('/info/contact', { apiBaseUrl: `${server.origin}/api`, areas: AREAS_FIXTURE });
    await screen.findByRole('heading', { level: 1, name: 'Kontakt os' });
    return server;
  }
  const fillAll = () => {
    fill('Navn', 'Ida Jensen');
    fill('Email', 'ida@example.dk');
    fill('Emne', 'Mit abonnement');
    fill('Besked', 'Hvordan skifter jeg til det billigere abonnement?');
  };

  it('names each missing field and sends nothing', async () => {
    const api = await contactPage({ 'POST /api/contact': { status: 202 } });
    fill('Email', 'ikke-en-email');
    fireEvent.click(screen.getByRole('button', { name: 'Send besked' }));
    expect(await screen.findByText('Skriv en gyldig email-adresse, fx navn@eksempel.dk.')).toBeTruthy();
    expect(screen.getAllByText('Udfyld venligst feltet.')).toHaveLength(3);
    expect(screen.getByLabelText('Navn').getAttribute('aria-invalid')).toBe('true');
    expect(api.requests.filter((r) => r.url === '/api/contact')).toHaveLength(0);
  });

  it('posts the message and says it was sent, then empties the form', async () => {
    const api = await contactPage({ 'POST /api/contact': { status: 202 } });
    fillAll();
    fireEvent.click(screen.getByRole('button', { name: 'Send besked' }));
    expect((await screen.findByRole('status')).textContent).toBe('Tak for din besked. Vi svarer på ida@example.dk så hurtigt, vi kan.');
    const sent = api.requests.filter((r) => r.url === '/api/contact');
    expect(sent.map((r) => JSON.parse(r.body))).toEqual([
      { name: 'Ida Jensen', email: 'ida@example.dk', subject: 'Mit abonnement', message: 'Hvordan skifter jeg til det billigere abonnement?' },
    ]);
    expect((screen.getByLabelText('Besked') as HTMLTextAreaElement).value).toBe('');
  });

  it('sent twice before it redraws (double click, Enter), the message goes once', async () => {
    server = await startApiServer({ 'POST /api/contact': { status: 202 } });
    const { requestsAnswered } = renderApp('/info/contact', { apiBaseUrl: `${server.origin}/api`, areas: AREAS_FIXTURE });
    await screen.findByRole('heading', { level: 1, name: 'Kontakt os' });
    fillAll();
    const button = screen.getByRole('button', { name: 'Send besked' }) as HTMLButtonElement;
    clickTwice(button);
    submitTwice(button.form as HTMLFormElement);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect((await screen.findByRole('status')).textContent).toBe('Tak for din besked. Vi svarer på ida@example.dk så hurtigt, vi kan.');
    await requestsAnswered();
    expect(server.requests.filter((r) => r.url === '/api/contact')).toHaveLength(1);
  });

  it('says so when too many messages were sent (429), and when sending failed', async () => {
    await contactPage({
      'POST /api/contact': [
        { status: 429, body: { statusCode: 429, message: 'Too many', retryAfterSeconds: 60 } },
        { status: 500, body: { statusCode: 500, message: 'Internal server error' } },
      ],
    });
    fillAll();
    fireEvent.click(screen.getByRole('button', { name: 'Send besked' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Du har sendt mange beskeder på kort tid. Prøv igen om lidt.');
    fireEvent.click(screen.getByRole('button', { name: 'Send besked' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Beskeden kunne ikke sendes. Prøv igen om lidt.'));
    // The typed message is kept for another try.
    expect((screen.getByLabelText('Besked') as HTMLTextAreaElement).value).toBe('Hvordan skifter jeg til det billigere abonnement?');
  });

  it("marks the field the API refused (400)", async () => {
    await contactPage({ 'POST /api/contact': { status: 400, body: { statusCode: 400, message: 'Validation failed', field: 'email', errors: [{ path: 'email', message: 'x' }] } } });
    fillAll();
    fireEvent.click(screen.getByRole('button', { name: 'Send besked' }));
    expect(await screen.findByText('Skriv en gyldig email-adresse, fx navn@eksempel.dk.')).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
  });
});
