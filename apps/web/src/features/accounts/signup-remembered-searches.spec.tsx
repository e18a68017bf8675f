import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AREAS_FIXTURE } from '../../test/areas-fixture';
import { startApiServer } from '../../test/api-server';
import { renderApp } from '../../test/render-app';
import { sessionUser } from '../../test/session-user-fixture';
import { resetSessionStore } from './session-store';
import en from '../../../public/locales/en/translation.json';

type Server = Awaited<ReturnType<typeof startApiServer>>;
const servers: Server[] = [];
async function api() {
  const server = await startApiServer({
    'GET /api/auth/providers': { body: { facebook: false } },
    'POST /api/users': { status: 201, body: { token: 'ny', user: sessionUser() } },
    'GET /api/users/me': { body: { user: sessionUser() } },
  });
  servers.push(server);
  return server;
}

const clearCookies = () => {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Path=/; Max-Age=0`;
  }
};
const remember = () => (document.cookie = `bn.prf=${encodeURIComponent(JSON.stringify([{ area: 'koebenhavn', rent: 6500 }]))}; Path=/`);

afterEach(() => {
  resetSessionStore();
  clearCookies();
});
afterAll(async () => Promise.all(servers.map((s) => s.close())));

const main = () => within(screen.getByRole('main'));
const NOTE = /Vi har husket dine seneste boligsøgninger/;
const OPT_IN = 'Ja tak, opret en BoligAgent ud fra mine søgninger';

async function fillAndSend(server: Server) {
  fireEvent.change(main().getByLabelText('Navn'), { target: { value: 'Anne-Mette Hansen' } });
  fireEvent.change(main().getByLabelText('Email-adresse'), { target: { value: 'anne@husly.test' } });
  fireEvent.change(main().getByLabelText('Adgangskode'), { target: { value: 'tagryg-mose-8' } });
  fireEvent.change(main().getByLabelText('Gentag adgangskode'), { target: { value: 'tagryg-mose-8' } });
  fireEvent.click(main().getByRole('checkbox', { name: /Jeg accepterer/ }));
  fireEvent.click(main().getByRole('button', { name: 'Opret profil' }));
  await waitFor(() => expect(server.requests.filter((r) => r.method === 'POST' && r.url === '/api/users')).toHaveLength(1));
  return JSON.parse(server.requests.find((r) => r.url === '/api/users')!.body) as Record<string, unknown>;
}

describe('signup with remembered searches (bn.prf)', () => {
  it('without remembered searches says nothing about a BoligAgent', async () => {
    const server = await api();
    renderApp('/signup', { areas: AREAS_FIXTURE, apiBaseUrl: `${server.origin}/api` });
    await screen.findByRole('heading', { level: 1, name: 'Opret profil' });
    expect(main().queryByText(NOTE)).toBeNull();
    expect(main().queryByRole('checkbox', { name: OPT_IN })).toBeNull();
  });

  it('with remembered searches says a BoligAgent will be made of them; kept ticked, the searches go with the signup', async () => {
    remember();
    const server = await api();
    renderApp('/signup', { areas: AREAS_FIXTURE, apiBaseUrl: `${server.origin}/api` });
    expect(await main().findByText(NOTE)).toBeTruthy();
    const box = main().getByRole('checkbox', { name: OPT_IN }) as HTMLInputElement;
    expect(box.checked).toBe(true);
    await fillAndSend(server);
    expect(document.cookie).toContain('bn.prf=');
  });

  it('opting out sends no searches: bn.prf is forgotten before the signup goes, and no sessionPrefs are sent', async () => {
    remember();
    const server = await api();
    renderApp('/signup', { areas: AREAS_FIXTURE, apiBaseUrl: `${server.origin}/api` });
    fireEvent.click(await main().findByRole('checkbox', { name: OPT_IN }));
    const body = await fillAndSend(server);
    expect(body).not.toHaveProperty('sessionPrefs');
    expect(document.cookie).not.toContain('bn.prf=');
  });

  it('reads in English on en.', async () => {
    remember();
    const server = await api();
    renderApp('/signup', { areas: AREAS_FIXTURE, apiBaseUrl: `${server.origin}/api`, translations: en, host: 'en.localhost:3000' });
    expect(await main().findByText(/We have remembered your recent home searches/)).toBeTruthy();
    expect(main().getByRole('checkbox', { name: 'Yes, create a BoligAgent from my searches' })).toBeTruthy();
  });
});
