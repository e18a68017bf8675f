import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AREAS_FIXTURE } from '../../test/areas-fixture';
import { startApiServer } from '../../test/api-server';
import { renderApp } from '../../test/render-app';
import { sessionUser } from '../../test/session-user-fixture';
import en from '../../../public/locales/en/translation.json';
import { resetSessionStore } from './session-store';

type Server = Awaited<ReturnType<typeof startApiServer>>;
const servers: Server[] = [];
async function api(subscriber: boolean) {
  // Only the session: every tab shows its own title whether or not its data arrives.
  const server = await startApiServer({
    'GET /api/auth/providers': { body: { facebook: false } },
    'GET /api/users/me': { body: { user: sessionUser({ subscriber }) } },
  });
  servers.push(server);
  // Logged in: the session store reads the token cookie.
  document.cookie = 'token=t; Path=/';
  return `${server.origin}/api`;
}

afterEach(() => {
  cleanup();
  resetSessionStore();
  document.title = '';
  document.cookie = 'token=; Path=/; Max-Age=0';
});
afterAll(async () => Promise.all(servers.map((s) => s.close())));

// Issue 36: the profile layout's "Min profil" won over every tab's own title.
describe('profile tab titles', () => {
  it.each([
    ['/profile', 'Rediger profil | Husly'],
    ['/profile/password', 'Skift adgangskode | Husly'],
    ['/profile/boligagent', 'BoligAgent | Husly'],
    ['/profile/favourites', 'Gemte boliger | Husly'],
    ['/profile/tenant', 'Min boligannonce | Husly'],
    ['/profile/subscription', 'Abonnement | Husly'],
  ])('%s is titled "%s"', async (path, title) => {
    renderApp(path, { areas: AREAS_FIXTURE, apiBaseUrl: await api(true), token: 't' });
    await screen.findByRole('navigation', { name: 'Profil' });
    await waitFor(() => expect(document.title).toBe(title));
  });

  it('a tab followed from the tab bar takes its own title, and the first one its own again', async () => {
    renderApp('/profile', { areas: AREAS_FIXTURE, apiBaseUrl: await api(true), token: 't' });
    const tabs = within(await screen.findByRole('navigation', { name: 'Profil' }));
    await waitFor(() => expect(document.title).toBe('Rediger profil | Husly'));
    fireEvent.click(tabs.getByRole('link', { name: 'Gemte boliger' }));
    await waitFor(() => expect(document.title).toBe('Gemte boliger | Husly'));
    fireEvent.click(tabs.getByRole('link', { name: 'Skift adgangskode' }));
    await waitFor(() => expect(document.title).toBe('Skift adgangskode | Husly'));
    fireEvent.click(tabs.getByRole('link', { name: /Rediger profil/ }));
    await waitFor(() => expect(document.title).toBe('Rediger profil | Husly'));
  });

  it.each([
    ['/profile', 'Edit profile | Husly'],
    ['/profile/password', 'Change Password | Husly'],
    ['/profile/favourites', 'Saved dwellings | Husly'],
    ['/profile/tenant', 'My tenant ad | Husly'],
    ['/profile/subscription', 'Subscription | Husly'],
  ])('on en., %s is titled "%s"', async (path, title) => {
    renderApp(path, { areas: AREAS_FIXTURE, apiBaseUrl: await api(true), token: 't', translations: en, host: 'en.localhost:3000' });
    await screen.findByRole('navigation', { name: 'Profile' });
    await waitFor(() => expect(document.title).toBe(title));
  });

  it('the active tab is marked aria-current in a nav of links', async () => {
    renderApp('/profile/favourites', { areas: AREAS_FIXTURE, apiBaseUrl: await api(false), token: 't' });
    const tabs = within(await screen.findByRole('navigation', { name: 'Profil' }));
    expect(tabs.getByRole('link', { name: 'Gemte boliger' }).getAttribute('aria-current')).toBe('page');
    expect(tabs.getAllByRole('link').filter((link) => link.getAttribute('aria-current') === 'page')).toHaveLength(1);
  });
});
