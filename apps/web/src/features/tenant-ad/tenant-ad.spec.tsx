import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { LandlordTenantAdsResponse, TenantAdResponse } from '@husly/contracts';
import { defaultTenantAd } from '@husly/domain';
import { AREAS_FIXTURE } from '../../test/areas-fixture';
import { startApiServer } from '../../test/api-server';
import { renderApp } from '../../test/render-app';
import { sessionUser } from '../../test/session-user-fixture';
import { resetSessionStore } from '../accounts/session-store';
import en from '../../../public/locales/en/translation.json';

type Server = Awaited<ReturnType<typeof startApiServer>>;
const servers: Server[] = [];
async function api(routes: Parameters<typeof startApiServer>[0]) {
  const server = await startApiServer({ 'GET /api/auth/providers': { body: { facebook: false } }, ...routes });
  servers.push(server);
  return server;
}
afterEach(() => {
  resetSessionStore();
  document.cookie = 'token=; Path=/; Max-Age=0';
});
afterAll(async () => Promise.all(servers.map((s) => s.close())));

const saved = (): TenantAdResponse => {
  const ad = defaultTenantAd(new Date(), { name: 'Mette Jensen', email: 'mette@example.dk' });
  return {
    ad: { ...ad, profile: { ...ad.profile, age: 27 }, housing: { ...ad.housing, area: 'aarhus' }, ad: { subject: 'Sygeplejerske søger bolig', text: 'Rolig og ikke-ryger.' } },
    saved: true,
    publish: true,
    listed: false,
    emailVerified: true,
    updatedAt: '2026-11-26T08:00:00.000Z',
  };
};

describe('the tenant ad editor (/profile/tenant)', () => {
  async function openEditor(routes: Parameters<typeof startApiServer>[0], path = '/profile/tenant') {
    document.cookie = 'token=jwt; Path=/';
    const server = await api({ 'GET /api/users/me': { body: { user: sessionUser({ subscriber: false }) } }, 'GET /api/users/me/tenant': { body: saved() }, ...routes });
    const app = renderApp(path, { areas: AREAS_FIXTURE, apiBaseUrl: `${server.origin}/api`, token: 'jwt' });
    const editor = within(await screen.findByTestId('tenant-ad-editor'));
    await waitFor(() => expect((editor.getByLabelText('Navn') as HTMLInputElement).value).toBe('Mette Jensen'));
    return { server, editor, ...app };
  }

  it('shows the area by its label, and puts the API field errors on the flattened fields', async () => {
    const { editor } = await openEditor({
      'POST /api/users/me/tenant': { status: 400, body: { statusCode: 400, error: 'Bad Request', message: 'Validation failed', errors: [{ path: 'housing.available', message: 'Datoen må tidligst være i dag.' }] } },
    });
    expect((editor.getByRole('combobox', { name: 'Område' }) as HTMLInputElement).value).toBe('Aarhus');
    fireEvent.click(editor.getByRole('button', { name: 'Gem annonce' }));
    expect(await editor.findByText('Datoen må tidligst være i dag.')).toBeTruthy();
    expect(editor.getByLabelText('Kan flytte ind fra').getAttribute('aria-invalid')).toBe('true');
    expect(editor.getByText('Der opstod en fejl. Prøv venligst igen')).toBeTruthy();
    // Changing the field takes its error away.
    fireEvent.change(editor.getByLabelText('Kan flytte ind fra'), { target: { value: '01/01/2030' } });
    expect(editor.queryByText('Datoen må tidligst være i dag.')).toBeNull();
  });

  it('suggests at most 10 areas matched on the city slug', async () => {
    const { editor } = await openEditor({});
    const area = editor.getByRole('combobox', { name: 'Område' });
    fireEvent.change(area, { target: { value: 'a' } });
    const options = within(editor.getByRole('listbox')).getAllByRole('option');
    expect(options.length).toBeLessThanOrEqual(10);
    fireEvent.change(area, { target: { value: 'Århus' } });
    fireEvent.mouseDown(within(editor.getByRole('listbox')).getByRole('option', { name: 'Aarhus' }));
    expect((area as HTMLInputElement).value).toBe('Aarhus');
  });

  it('without an active subscription: the not-activated warning, then the subscription page', async () => {
    const { editor, router, server } = await openEditor({ 'POST /api/users/me/tenant': { body: { ...saved(), warning: 'not-activated' } } });
    fireEvent.click(editor.getByRole('button', { name: 'Gem annonce' }));
    expect((await screen.findByTestId('tenant-ad-not-activated')).textContent).toContain('Ups! Din boligannonce er ikke blevet aktiveret');
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/subscription'), { timeout: 6000 });
    const body = JSON.parse(server.requests.find((r) => r.method === 'POST')!.body) as { housing: { area: string; rent: number }; publish: boolean };
    expect(body.housing).toMatchObject({ area: 'aarhus', rent: 14000 });
    expect(body.publish).toBe(true);
  });

  it('says that landlord mail waits for the address to be confirmed, and sends the link again', async () => {
    const { editor, server } = await openEditor({
      'GET /api/users/me/tenant': { body: { ...saved(), emailVerified: false } },
      'POST /api/users/me/tenant/verification-mail': { body: { ok: true } },
    });
    const notice = within(await editor.findByTestId('tenant-ad-email-unverified'));
    expect(notice.getByText('Beskeder fra udlejere venter på, at du bekræfter din email-adresse')).toBeTruthy();
    expect(notice.getByText(/når du har bekræftet mette@example\.dk med det link/)).toBeTruthy();
    fireEvent.click(notice.getByRole('button', { name: 'Send linket igen' }));
    expect(await notice.findByText('Linket er sendt til mette@example.dk. Kig i din indbakke, og måske i spam.')).toBeTruthy();
    expect(server.requests.filter((r) => r.url === '/api/users/me/tenant/verification-mail')).toHaveLength(1);
  });

  it('no notice while the address is proven', async () => {
    const { editor } = await openEditor({});
    expect(editor.queryByTestId('tenant-ad-email-unverified')).toBeNull();
  });

  it("follows the mailed link: posts its token, says the address is confirmed and drops the token from the address bar", async () => {
    const { editor, server, router } = await openEditor({ 'POST /api/users/me/tenant/verify-email': { body: saved() } }, '/profile/tenant?verify=abc_123');
    expect(await editor.findByText('Din email-adresse er bekræftet. Udlejere kan nu skrive til dig.')).toBeTruthy();
    const posted = server.requests.filter((r) => r.url === '/api/users/me/tenant/verify-email');
    expect(posted.map((r) => JSON.parse(r.body) as unknown)).toEqual([{ token: 'abc_123' }]);
    expect(router.state.location.search).toBe('');
  });

  it('in English on en.: a link that cannot be used says so, and the address still waits', async () => {
    document.cookie = 'token=jwt; Path=/';
    const server = await api({
      'GET /api/users/me': { body: { user: sessionUser({ subscriber: false }) } },
      'GET /api/users/me/tenant': { body: { ...saved(), emailVerified: false } },
      'POST /api/users/me/tenant/verify-email': { status: 400, body: { statusCode: 400, error: 'Bad Request', message: 'Token not recognised', code: 'token-not-recognised' } },
    });
    renderApp('/profile/tenant?verify=old', { areas: AREAS_FIXTURE, apiBaseUrl: `${server.origin}/api`, token: 'jwt', translations: en, host: 'en.localhost:3000' });
    const notice = within(await screen.findByTestId('tenant-ad-email-unverified'));
    expect(notice.getByText('Messages from landlords wait until you confirm your email address')).toBeTruthy();
    expect(notice.getByText(/The link could not be used/)).toBeTruthy();
    expect(notice.getByRole('button', { name: 'Send the link again' })).toBeTruthy();
  });
});

describe('the landlord page (/udlejer/{city})', () => {
  const list: LandlordTenantAdsResponse = {
    city: { slug: 'aarhus', label: 'Aarhus' },
    data: [
      { id: 7, firstName: 'Mette', subject: 'Sygeplejerske søger bolig', text: 'Rolig.', area: { slug: 'aarhus', label: 'Aarhus' }, rent: 8000, rooms: 2, size: 50, dwelling: ['apartment'], timeframe: ['gt1y'], availableFrom: null, age: 27, profession: 'Sygeplejerske', rki: true, updatedAt: '2026-11-26T08:00:00.000Z' },
    ],
  };

  it('shows the ad and tells a throttled landlord to wait', async () => {
    const server = await api({
      'GET /api/tenant-ads/aarhus': { body: list },
      'POST /api/tenant-ads/7/contact': { status: 429, body: { statusCode: 429, error: 'Too Many Requests', message: 'For mange forsøg. Vent venligst lidt, og prøv så igen.', code: 'too-many-attempts' } },
    });
    renderApp('/udlejer/aarhus', { areas: AREAS_FIXTURE, apiBaseUrl: `${server.origin}/api` });
    const card = within(await screen.findByTestId('landlord-ad'));
    expect(card.getByText('Mette, 27 år, Sygeplejerske')).toBeTruthy();
    expect(card.getByText('Straks')).toBeTruthy();
    expect(card.getByText('Mindst 2 værelser')).toBeTruthy();
    expect(card.getByText('Ikke registreret i RKI')).toBeTruthy();
    // The head follows the page in an effect after its render: waited for, not read at once (it
    // was not there yet once, with three workers on two cores).
    await waitFor(() => expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex'));
    fireEvent.click(card.getByRole('button', { name: 'Kontakt Mette' }));
    fireEvent.change(card.getByLabelText('Dit navn'), { target: { value: 'Jens' } });
    fireEvent.change(card.getByLabelText('Din email'), { target: { value: 'jens@udlejer.dk' } });
    fireEvent.change(card.getByLabelText('Besked'), { target: { value: 'Jeg har en bolig til dig.' } });
    fireEvent.click(card.getByRole('button', { name: 'Send besked' }));
    expect(await card.findByText('For mange forsøg. Vent venligst lidt, og prøv så igen.')).toBeTruthy();
  });

  it('tells the landlord when the seeker has not confirmed their address yet', async () => {
    const server = await api({
      'GET /api/tenant-ads/aarhus': { body: list },
      'POST /api/tenant-ads/7/contact': { status: 409, body: { statusCode: 409, error: 'Conflict', message: 'unverified', code: 'email-unverified' } },
    });
    renderApp('/udlejer/aarhus', { areas: AREAS_FIXTURE, apiBaseUrl: `${server.origin}/api` });
    const card = within(await screen.findByTestId('landlord-ad'));
    fireEvent.click(card.getByRole('button', { name: 'Kontakt Mette' }));
    fireEvent.change(card.getByLabelText('Dit navn'), { target: { value: 'Jens' } });
    fireEvent.change(card.getByLabelText('Din email'), { target: { value: 'jens@udlejer.dk' } });
    fireEvent.change(card.getByLabelText('Besked'), { target: { value: 'Jeg har en bolig til dig.' } });
    fireEvent.click(card.getByRole('button', { name: 'Send besked' }));
    expect(await card.findByText('Boligsøgeren har endnu ikke bekræftet sin email-adresse, så vi kan ikke sende din besked. Prøv igen senere.')).toBeTruthy();
  });

  it('is the 404 page for an unknown city', async () => {
    const server = await api({});
    const { router } = renderApp('/udlejer/ingen-by', { areas: AREAS_FIXTURE, apiBaseUrl: `${server.origin}/api` });
    expect(await screen.findByText('Ups! Siden findes ikke')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/udlejer/ingen-by');
  });
});
