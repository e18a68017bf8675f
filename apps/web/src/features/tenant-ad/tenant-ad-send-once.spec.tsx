import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { LandlordTenantAdsResponse, TenantAdResponse } from '@husly/contracts';
import { defaultTenantAd } from '@husly/domain';
import { AREAS_FIXTURE } from '../../test/areas-fixture';
import { startApiServer } from '../../test/api-server';
import { clickTwice, submitTwice } from '../../test/press-twice';
import { renderApp } from '../../test/render-app';
import { sessionUser } from '../../test/session-user-fixture';
import { resetSessionStore } from '../accounts/session-store';

// The tenant ad's two forms, pressed twice before they redraw (issue 29): one save, one landlord mail.

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
    listed: true,
    emailVerified: true,
    updatedAt: '2026-11-26T08:00:00.000Z',
  };
};

describe('sent twice before it redraws', { timeout: 30_000 }, () => {
  it('the tenant ad is saved once, and the Save button comes back', async () => {
    document.cookie = 'token=jwt; Path=/';
    const server = await api({
      'GET /api/users/me': { body: { user: sessionUser({ subscriber: true }) } },
      'GET /api/users/me/tenant': { body: saved() },
      'POST /api/users/me/tenant': { body: saved() },
    });
    const { requestsAnswered } = renderApp('/profile/tenant', { areas: AREAS_FIXTURE, apiBaseUrl: `${server.origin}/api`, token: 'jwt' });
    const editor = within(await screen.findByTestId('tenant-ad-editor'));
    await waitFor(() => expect((editor.getByLabelText('Navn') as HTMLInputElement).value).toBe('Mette Jensen'));
    const save = editor.getByRole('button', { name: 'Gem annonce' }) as HTMLButtonElement;
    clickTwice(save);
    submitTwice(save.form as HTMLFormElement);
    expect(save.disabled).toBe(true);
    expect(save.getAttribute('aria-busy')).toBe('true');
    await waitFor(() => expect((editor.getByRole('button', { name: 'Gem annonce' }) as HTMLButtonElement).disabled).toBe(false));
    await requestsAnswered();
    expect(server.requests.filter((r) => r.method === 'POST' && r.url === '/api/users/me/tenant')).toHaveLength(1);
  });

  it('the landlord’s message to the seeker is sent once', async () => {
    const list: LandlordTenantAdsResponse = {
      city: { slug: 'aarhus', label: 'Aarhus' },
      data: [
        { id: 7, firstName: 'Mette', subject: 'Sygeplejerske søger bolig', text: 'Rolig.', area: { slug: 'aarhus', label: 'Aarhus' }, rent: 8000, rooms: 2, size: 50, dwelling: ['apartment'], timeframe: ['gt1y'], availableFrom: null, age: 27, profession: 'Sygeplejerske', rki: true, updatedAt: '2026-11-26T08:00:00.000Z' },
      ],
    };
    const server = await api({ 'GET /api/tenant-ads/aarhus': { body: list }, 'POST /api/tenant-ads/7/contact': { status: 202 } });
    const { requestsAnswered } = renderApp('/udlejer/aarhus', { areas: AREAS_FIXTURE, apiBaseUrl: `${server.origin}/api` });
    const card = within(await screen.findByTestId('landlord-ad'));
    fireEvent.click(card.getByRole('button', { name: 'Kontakt Mette' }));
    fireEvent.change(card.getByLabelText('Dit navn'), { target: { value: 'Jens' } });
    fireEvent.change(card.getByLabelText('Din email'), { target: { value: 'jens@udlejer.dk' } });
    fireEvent.change(card.getByLabelText('Besked'), { target: { value: 'Jeg har en bolig til dig.' } });
    const send = card.getByRole('button', { name: 'Send besked' }) as HTMLButtonElement;
    clickTwice(send);
    submitTwice(send.form as HTMLFormElement);
    expect(await card.findByRole('status')).toBeTruthy();
    await requestsAnswered();
    expect(server.requests.filter((r) => r.url === '/api/tenant-ads/7/contact')).toHaveLength(1);
  });
});
