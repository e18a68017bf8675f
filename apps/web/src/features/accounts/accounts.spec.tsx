import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AREAS_FIXTURE } from '../../test/areas-fixture';
import { startApiServer } from '../../test/api-server';
import { clickTwice, submitTwice } from '../../test/press-twice';
import { renderApp } from '../../test/render-app';
import { sessionUser } from '../../test/session-user-fixture';
import { resetSessionStore } from './session-store';

const user = sessionUser;

type Server = Awaited<ReturnType<typeof startApiServer>>;
const servers: Server[] = [];
async function api(routes: Parameters<typeof startApiServer>[0]) {
  const server = await startApiServer({ 'GET /api/auth/providers': { body: { facebook: false } }, ...routes });
  servers.push(server);
  return `${server.origin}/api`;
}

const clearCookies = () => {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Path=/; Max-Age=0`;
  }
};

afterEach(() => {
  resetSessionStore();
  clearCookies();
});
afterAll(async () => Promise.all(servers.map((s) => s.close())));

const main = () => within(screen.getByRole('main'));

describe('accounts pages', () => {
  it('/profile without a session goes to /login?next=/profile', async () => {
    const { router } = renderApp('/profile', { areas: AREAS_FIXTURE, apiBaseUrl: await api({}) });
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/login?next=/profile'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Log ind' })).toBeTruthy();
  });

  it('login: required fields first, then the 401 text of section 5 with the password marked', async () => {
    renderApp('/login', { areas: AREAS_FIXTURE, apiBaseUrl: await api({ 'POST /api/auth/login': { status: 401, body: { statusCode: 401, error: 'Unauthorized', message: 'This password is not correct.' } } }) });
    await screen.findByRole('heading', { level: 1, name: 'Log ind' });
    fireEvent.click(main().getByRole('button', { name: 'Log ind' }));
    expect(await main().findByText('Email-adressen skal udfyldes.')).toBeTruthy();
    expect(main().getByText('Adgangskoden skal udfyldes.')).toBeTruthy();

    fireEvent.change(main().getByLabelText('Email-adresse'), { target: { value: 'mette@husly.test' } });
    fireEvent.change(main().getByLabelText('Adgangskode'), { target: { value: 'forkert' } });
    fireEvent.click(main().getByRole('button', { name: 'Log ind' }));
    expect(await main().findByText('Adgangskode eller email-adresse er ikke korrekt...')).toBeTruthy();
    expect(main().getByLabelText('Adgangskode').className).toMatch(/invalid/);
    expect(main().getByLabelText('Email-adresse').className).not.toMatch(/invalid/);
  });

  it('login to an account support blocked says so (403 account-blocked), not "wrong password"', async () => {
    const blocked = { statusCode: 403, error: 'Forbidden', code: 'account-blocked', message: 'Din konto er spærret. Kontakt kundeservice, hvis du mener, det er en fejl.' };
    renderApp('/login', { areas: AREAS_FIXTURE, apiBaseUrl: await api({ 'POST /api/auth/login': { status: 403, body: blocked } }) });
    await screen.findByRole('heading', { level: 1, name: 'Log ind' });
    fireEvent.change(main().getByLabelText('Email-adresse'), { target: { value: 'mette@husly.test' } });
    fireEvent.change(main().getByLabelText('Adgangskode'), { target: { value: 'rigtigt-kodeord' } });
    fireEvent.click(main().getByRole('button', { name: 'Log ind' }));
    expect(await main().findByText('Din konto er spærret. Kontakt kundeservice, hvis du mener, det er en fejl.')).toBeTruthy();
    expect(main().getByLabelText('Adgangskode').className).not.toMatch(/invalid/);
  });

  it('login as a subscriber stores the token cookie and goes to /profile/tenant; `next` wins when local', async () => {
    const session = { token: 'jwt-token', user: user({ subscriber: true }) };
    const base = await api({ 'POST /api/auth/login': { body: session }, 'GET /api/users/me': { body: { user: session.user } } });
    const { router } = renderApp('/login?next=//evil.example', { areas: AREAS_FIXTURE, apiBaseUrl: base });
    await screen.findByRole('heading', { level: 1, name: 'Log ind' });
    fireEvent.change(main().getByLabelText('Email-adresse'), { target: { value: 'mette@husly.test' } });
    fireEvent.change(main().getByLabelText('Adgangskode'), { target: { value: 'rigtig' } });
    fireEvent.click(main().getByRole('button', { name: 'Log ind' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/tenant'));
    expect(document.cookie).toContain('token=jwt-token');
    await router.navigate('/login?next=/byer');
    await waitFor(() => expect(router.state.location.pathname).toBe('/byer'));
  });

  it('a token the session call refuses with 403 is cleared, and the guest menu shows', async () => {
    document.cookie = 'token=stale; Path=/';
    renderApp('/byer', { areas: AREAS_FIXTURE, apiBaseUrl: await api({ 'GET /api/users/me': { status: 403, body: { statusCode: 403, error: 'Forbidden', message: 'x' } } }) });
    await waitFor(() => expect(document.cookie).not.toContain('token=stale'));
    expect(screen.getByRole('banner').querySelector('form[aria-label="Log ind"]')).not.toBeNull();
  });

  it('signup: a 422 on the email path reads "already in use" or the blank/invalid text', async () => {
    const conflict = { statusCode: 422, error: 'Unprocessable Entity', message: 'Email-adressen er allerede i brug.', errors: [{ path: 'email', message: 'Email-adressen er allerede i brug.' }] };
    const blank = { statusCode: 422, error: 'Unprocessable Entity', message: 'Validation failed', errors: [{ path: 'email', message: 'cannot be blank' }] };
    renderApp('/signup', { areas: AREAS_FIXTURE, apiBaseUrl: await api({ 'POST /api/users': [{ status: 422, body: conflict }, { status: 422, body: blank }] }) });
    await screen.findByRole('heading', { level: 1, name: 'Opret profil' });
    fireEvent.change(main().getByLabelText('Navn'), { target: { value: 'Mette Hansen' } });
    fireEvent.change(main().getByLabelText('Email-adresse'), { target: { value: 'mette@husly.test' } });
    fireEvent.change(main().getByLabelText('Adgangskode'), { target: { value: 'abc' } });
    fireEvent.change(main().getByLabelText('Gentag adgangskode'), { target: { value: 'abc' } });
    fireEvent.click(main().getByRole('checkbox', { name: /Jeg accepterer/ }));
    // The shared password rule answers before the server is asked; the hint said it beforehand.
    expect(main().getByText(/Mindst 8 tegn/)).toBeTruthy();
    fireEvent.click(main().getByRole('button', { name: 'Opret profil' }));
    expect(await main().findByText('Adgangskoden skal være på mindst 8 tegn.')).toBeTruthy();
    fireEvent.change(main().getByLabelText('Adgangskode'), { target: { value: 'tagryg-mose-8' } });
    fireEvent.change(main().getByLabelText('Gentag adgangskode'), { target: { value: 'tagryg-mose-8' } });
    fireEvent.click(main().getByRole('button', { name: 'Opret profil' }));
    expect(await main().findByText('Email-adressen er allerede i brug.')).toBeTruthy();
    fireEvent.click(main().getByRole('button', { name: 'Opret profil' }));
    expect(await main().findByText('Email-feltet er enten tomt eller ikke udfyldt korrekt... (f.eks. navn@eksempel.dk)')).toBeTruthy();
  });

  it('signup: sent twice before it redraws (double click, Enter), one profile is asked for', async () => {
    const server = servers.length;
    const { requestsAnswered } = renderApp('/signup', {
      areas: AREAS_FIXTURE,
      apiBaseUrl: await api({ 'POST /api/users': { status: 201, body: { token: 'ny', user: user() } }, 'GET /api/users/me': { body: { user: user() } } }),
    });
    await screen.findByRole('heading', { level: 1, name: 'Opret profil' });
    fireEvent.change(main().getByLabelText('Navn'), { target: { value: 'Mette Hansen' } });
    fireEvent.change(main().getByLabelText('Email-adresse'), { target: { value: 'mette@husly.test' } });
    fireEvent.change(main().getByLabelText('Adgangskode'), { target: { value: 'tagryg-mose-8' } });
    fireEvent.change(main().getByLabelText('Gentag adgangskode'), { target: { value: 'tagryg-mose-8' } });
    fireEvent.click(main().getByRole('checkbox', { name: /Jeg accepterer/ }));
    const button = main().getByRole('button', { name: 'Opret profil' });
    clickTwice(button);
    submitTwice(button.closest('form') as HTMLElement);
    await waitFor(() => expect(document.cookie).toContain('token=ny'));
    await requestsAnswered();
    expect(servers[server]?.requests.filter((r) => r.method === 'POST' && r.url === '/api/users')).toHaveLength(1);
  });

  it('profile: the red badge and the unverified banner for an unverified user; the Subscription tab only for subscribers', async () => {
    document.cookie = 'token=t; Path=/';
    renderApp('/profile', { areas: AREAS_FIXTURE, apiBaseUrl: await api({ 'GET /api/users/me': { body: { user: user({ status: false }) } } }) });
    expect(await screen.findByText('Din email er ikke bekræftet')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Mangler handling' })).toBeTruthy();
    const tabs = within(screen.getByRole('navigation', { name: 'Profil' }));
    expect(tabs.getByRole('link', { name: 'Boligsøgerannonce' }).getAttribute('href')).toBe('/profile/subscription');
    expect(tabs.queryByRole('link', { name: 'Abonnement' })).toBeNull();
    expect(tabs.getByRole('link', { name: 'Gemte boliger' }).getAttribute('href')).toBe('/profile/favourites');
  });

  it('profile: a name edit goes view → edit → error (name rule) → saved', async () => {
    document.cookie = 'token=t; Path=/';
    const base = await api({ 'GET /api/users/me': { body: { user: user() } }, 'POST /api/users/me/change-name': { body: { user: user({ name: 'Mette Søgaard' }) } } });
    renderApp('/profile', { areas: AREAS_FIXTURE, apiBaseUrl: base });
    fireEvent.click(await screen.findByRole('button', { name: 'Ret: Navn' }));
    fireEvent.change(screen.getByLabelText('Navn'), { target: { value: 'http://spam' } });
    fireEvent.click(screen.getByRole('button', { name: 'Gem' }));
    expect(await screen.findByText('Navnet må ikke indeholde et link.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Navn'), { target: { value: 'Mette Søgaard' } });
    fireEvent.click(screen.getByRole('button', { name: 'Gem' }));
    expect(await screen.findByText('Mette Søgaard')).toBeTruthy();
    // "· Gemt", not the tab "Gemte boliger".
    expect(screen.getByText(/· Gemt$/)).toBeTruthy();
  });

  it('profile: a name edit sent twice before it redraws saves once', async () => {
    document.cookie = 'token=t; Path=/';
    const server = servers.length;
    const base = await api({ 'GET /api/users/me': { body: { user: user() } }, 'POST /api/users/me/change-name': { body: { user: user({ name: 'Mette Søgaard' }) } } });
    const { requestsAnswered } = renderApp('/profile', { areas: AREAS_FIXTURE, apiBaseUrl: base });
    fireEvent.click(await screen.findByRole('button', { name: 'Ret: Navn' }));
    fireEvent.change(screen.getByLabelText('Navn'), { target: { value: 'Mette Søgaard' } });
    submitTwice(screen.getByRole('button', { name: 'Gem' }).closest('form') as HTMLElement);
    expect(await screen.findByText('Mette Søgaard')).toBeTruthy();
    await requestsAnswered();
    expect(servers[server]?.requests.filter((r) => r.url === '/api/users/me/change-name')).toHaveLength(1);
  });

  it('password: the change sent twice before it redraws is sent once, and the button comes back', async () => {
    document.cookie = 'token=t; Path=/';
    const server = servers.length;
    const base = await api({
      'GET /api/users/me': { body: { user: user() } },
      'POST /api/users/me/pass': { body: { token: 't2', user: user() } },
    });
    const { requestsAnswered } = renderApp('/profile/password', { areas: AREAS_FIXTURE, apiBaseUrl: base });
    const form = await screen.findByRole('form', { name: 'Skift adgangskode' });
    fireEvent.change(within(form).getByLabelText('Nuværende adgangskode'), { target: { value: 'gammel-kode-17' } });
    fireEvent.change(within(form).getByLabelText('Ny adgangskode'), { target: { value: 'ny-lang-kode-42' } });
    fireEvent.change(within(form).getByLabelText('Gentag adgangskode'), { target: { value: 'ny-lang-kode-42' } });
    const button = within(form).getByRole('button', { name: 'Skift adgangskode' }) as HTMLButtonElement;
    clickTwice(button);
    submitTwice(form);
    expect(button.disabled).toBe(true);
    expect(await within(form).findByText('Sådan! Din adgangskode er nu ændret.')).toBeTruthy();
    expect(button.disabled).toBe(false);
    await requestsAnswered();
    expect(servers[server]?.requests.filter((r) => r.url === '/api/users/me/pass')).toHaveLength(1);
  });

  it('profile data: the export and the deletion, each pressed twice before it redraws, are sent once', async () => {
    document.cookie = 'token=t; Path=/';
    const server = servers.length;
    const base = await api({
      'GET /api/users/me': { body: { user: user() } },
      'GET /api/users/me/export': { body: { user: { email: 'mette@husly.test' } } },
      'DELETE /api/users/me': { status: 204 },
    });
    const createObjectURL = URL.createObjectURL;
    const revokeObjectURL = URL.revokeObjectURL;
    // jsdom has no object URLs; the download itself is not what is tested here.
    URL.createObjectURL = () => 'blob:test';
    URL.revokeObjectURL = () => undefined;
    try {
      const { router, requestsAnswered } = renderApp('/profile', { areas: AREAS_FIXTURE, apiBaseUrl: base });
      const exportButton = (await screen.findByRole('button', { name: 'Hent alle mine data (JSON)' })) as HTMLButtonElement;
      clickTwice(exportButton);
      expect(exportButton.getAttribute('aria-busy')).toBe('true');
      await waitFor(() => expect(exportButton.disabled).toBe(false));
      await requestsAnswered();
      expect(servers[server]?.requests.filter((r) => r.url === '/api/users/me/export')).toHaveLength(1);

      fireEvent.click(screen.getByRole('button', { name: 'Slet min profil' }));
      clickTwice(screen.getByRole('button', { name: 'Ja, slet min profil' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
      await requestsAnswered();
      expect(servers[server]?.requests.filter((r) => r.method === 'DELETE' && r.url === '/api/users/me')).toHaveLength(1);
    } finally {
      URL.createObjectURL = createObjectURL;
      URL.revokeObjectURL = revokeObjectURL;
    }
  });
});
