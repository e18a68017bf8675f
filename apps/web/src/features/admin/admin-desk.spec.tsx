import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminAuditEntry, AdminMe, AdminUserDetail, AdminUserHit, AdminSiteAlert } from '@husly/contracts';
import { render as renderOnServer } from '../../entry-server';
import { AREAS_FIXTURE } from '../../test/areas-fixture';
import { startApiServer, type Route } from '../../test/api-server';
import { clickTwice, submitTwice } from '../../test/press-twice';
import { renderApp } from '../../test/render-app';
import da from '../../../public/locales/da/translation.json';
import en from '../../../public/locales/en/translation.json';
import { searchQuery } from './components/user-search-form';
import { isCode, normaliseCode } from './components/second-factor-form';
import { reasonOf } from './components/confirm-dialog';

// The support desk (issue 33) with the real route table, components and fetch client, against a
// test API over HTTP.

type Server = Awaited<ReturnType<typeof startApiServer>>;
const servers: Server[] = [];
async function api(routes: Record<string, Route | Route[]>) {
  const server = await startApiServer({ 'GET /api/auth/providers': { body: { facebook: false } }, ...routes });
  servers.push(server);
  return server;
}
afterAll(async () => Promise.all(servers.map((s) => s.close())));

const ME: AdminMe = { userId: 1, email: 'support@husly.test', name: 'Sofie Support', sessionExpiresAt: '2026-11-29T21:30:00.000Z' };
const CODE_DUE: Route = { status: 401, body: { statusCode: 401, error: 'Unauthorized', message: 'Second factor required', code: 'second-factor-required' } };
const NOT_FOUND: Route = { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'Not Found' } };
const OPEN: Route = { body: ME };

const hit = (overrides: Partial<AdminUserHit> = {}): AdminUserHit => ({
  id: 7,
  name: 'Mette Hansen',
  email: 'mette@husly.test',
  cellphone: '+4512345678',
  createdAt: '2026-01-05T10:00:00.000Z',
  blockedAt: null,
  deletedAt: null,
  matchedOrderNo: null,
  ...overrides,
});

const detail = (overrides: Partial<AdminUserDetail['user']> = {}): AdminUserDetail => ({
  user: { ...hit(), emailVerified: true, language: 'da', ...overrides },
  subscriptions: [
    { id: 'sub-1', status: 'active', plan: 'standard', startingAt: '2026-11-01T00:00:00.000Z', endingAt: '2026-12-01T00:00:00.000Z', renew: true, canceledAt: null, withdrawnAt: null, providerSubscriptionId: 'sub_test_1' },
  ],
  receipts: [{ id: 31, orderNo: 1234, subscriptionId: 'sub-1', amountOre: 19_900, refundedOre: null, refundedAt: null, timestamp: '2026-11-01T00:00:00.000Z' }],
  boligagent: { id: 5, active: true, summary: 'København, 2+ værelser', createdAt: '2026-02-01T00:00:00.000Z' },
  tenantAd: { published: true, hiddenAt: null, subject: 'Sygeplejerske søger bolig', city: 'Aarhus', updatedAt: '2026-11-20T00:00:00.000Z' },
  favourites: 3,
  mails: [{ subject: 'Velkommen til Husly', recipient: 'mette@husly.test', sentAt: '2026-01-05T10:01:00.000Z', messageId: '<m1@husly>' }],
  audit: [],
});

const template = readFileSync(resolve(__dirname, '../../../index.html'), 'utf8');
function serverRender(path: string, apiOrigin: string, cookie?: string) {
  return renderOnServer({
    url: `http://localhost:3000${path}`,
    host: 'localhost:3000',
    cookie,
    fetch: (input, init) => globalThis.fetch(String(input instanceof Request ? input.url : input).replace(/^https?:\/\/[^/]+/, apiOrigin), init),
    translations: { da, en },
    settings: {},
    publicUrl: 'https://husly.dk',
    template,
    areas: () => Promise.resolve(AREAS_FIXTURE),
    alerts: () => Promise.resolve({ data: [] }),
  });
}

describe('the server render of /admin', { timeout: 30_000 }, () => {
  it('answers the not-found page with 404 to a visitor and to a user who is not an admin', async () => {
    const server = await api({ 'GET /api/admin/me': NOT_FOUND });
    for (const cookie of [undefined, 'token=user-jwt']) {
      for (const path of ['/admin', '/admin/users/7', '/admin/alerts']) {
        const page = await serverRender(path, server.origin, cookie);
        expect(page.type === 'page' && page.status).toBe(404);
        if (page.type !== 'page') continue;
        expect(page.html).toContain(da.notFound.heading);
        expect(page.html).not.toContain('Supportskrivebord');
        expect(page.shareable).toBe(false);
      }
    }
    expect(server.requests.filter((r) => r.url === '/api/admin/me').at(-1)?.headers.authorization).toBe('Bearer user-jwt');
  });

  it('renders an admin the noindex shell without any admin data, never kept for others', async () => {
    const server = await api({ 'GET /api/admin/me': CODE_DUE, 'GET /api/admin/users/7': { body: detail() } });
    const page = await serverRender('/admin/users/7', server.origin, 'token=admin-jwt');
    expect(page.type).toBe('page');
    if (page.type !== 'page') return;
    expect(page.status).toBe(200);
    expect(page.headers?.['X-Robots-Tag']).toBe('noindex, nofollow');
    expect(page.html).toContain('<meta name="robots" content="noindex" />');
    expect(page.html).not.toContain('rel="canonical"');
    expect(page.shareable).toBe(false);
    expect(page.html).not.toContain('mette@husly.test');
    // Only the gate's question: the page's data is the browser's to fetch.
    expect(server.requests.map((r) => r.url)).toEqual(['/api/admin/me']);
  });

  it('answers 404 to an admin for a path the desk does not have', async () => {
    const server = await api({ 'GET /api/admin/me': CODE_DUE });
    for (const path of ['/admin/nothing', '/admin/users', '/admin/users/7/more']) {
      const page = await serverRender(path, server.origin, 'token=admin-jwt');
      expect([path, page.type === 'page' && page.status]).toEqual([path, 404]);
    }
    const desk = await serverRender('/admin/', server.origin, 'token=admin-jwt');
    expect(desk.type === 'page' && desk.status).toBe(200);
  });
});

describe('the second factor', { timeout: 30_000 }, () => {
  it('takes six digits (spaces forgiven) and nothing else', () => {
    expect(['123456', '123 456', ' 000000 '].map(isCode)).toEqual([true, true, true]);
    expect(['12345', '1234567', '12a456', ''].map(isCode)).toEqual([false, false, false, false]);
    expect(normaliseCode('123 456')).toBe('123456');
  });

  it('asks an admin for the code, says a refused one, and opens the desk with a good one', async () => {
    const server = await api({
      'GET /api/admin/me': CODE_DUE,
      'POST /api/admin/session': [{ status: 401, body: { statusCode: 401, error: 'Unauthorized', message: 'Refused', code: 'second-factor-refused' } }, OPEN],
    });
    const { requestsAnswered } = renderApp('/admin', { areas: AREAS_FIXTURE, apiBaseUrl: `${server.origin}/api`, token: 'admin-jwt' });
    const field = (await screen.findByLabelText('Kode fra godkendelsesappen')) as HTMLInputElement;
    expect(field.inputMode).toBe('numeric');
    expect(field.autocomplete).toBe('one-time-code');
    const submit = screen.getByRole('button', { name: 'Åbn skrivebordet' });

    fireEvent.change(field, { target: { value: '12a45' } });
    fireEvent.click(submit);
    expect((await screen.findByRole('alert')).textContent).toBe('Skriv de seks cifre fra appen.');
    expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    fireEvent.change(field, { target: { value: '123 456' } });
    fireEvent.click(submit);
    expect((await screen.findByRole('alert')).textContent).toContain('Koden blev ikke godkendt');
    expect(field.value).toBe('');

    fireEvent.change(field, { target: { value: '654321' } });
    submitTwice(field.form as HTMLFormElement);
    await screen.findByRole('heading', { level: 1, name: 'Find en bruger' });
    expect(screen.getByText(/Logget ind som Sofie Support/)).toBeTruthy();
    await requestsAnswered();
    expect(server.requests.filter((r) => r.method === 'POST').map((r) => JSON.parse(r.body) as unknown)).toEqual([{ code: '123456' }, { code: '654321' }]);
  });

  it('shows the not-found page in the browser to whoever /me does not know', async () => {
    const server = await api({ 'GET /api/admin/me': NOT_FOUND });
    renderApp('/admin', { areas: AREAS_FIXTURE, apiBaseUrl: `${server.origin}/api`, token: 'user-jwt' });
    await screen.findByRole('heading', { level: 1, name: da.notFound.heading });
  });
});

describe('the search', { timeout: 30_000 }, () => {
  it('wants two characters, trimmed', () => {
    expect(searchQuery(' a ')).toBeNull();
    expect(searchQuery(' ab ')).toBe('ab');
    expect(searchQuery('1234')).toBe('1234');
  });

  it('asks nothing for one character, and lists the hits with how they were found', async () => {
    const server = await api({
      'GET /api/admin/me': OPEN,
      'GET /api/admin/users': { body: { data: [hit({ matchedOrderNo: 1234, blockedAt: '2026-11-02T00:00:00.000Z' }), hit({ id: 8, name: 'Mette Sørensen', email: null, cellphone: null })] } },
    });
    renderApp('/admin', { areas: AREAS_FIXTURE, apiBaseUrl: `${server.origin}/api`, token: 'admin-jwt' });
    const box = await screen.findByLabelText('Søg på e-mail, navn, telefon eller ordrenummer');
    const search = within((box as HTMLInputElement).form!);
    fireEvent.change(box, { target: { value: ' m ' } });
    fireEvent.click(search.getByRole('button', { name: 'Søg' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Skriv mindst to tegn.');
    expect(server.requests.some((r) => r.url.startsWith('/api/admin/users'))).toBe(false);

    fireEvent.change(box, { target: { value: ' 1234 ' } });
    fireEvent.click(search.getByRole('button', { name: 'Søg' }));
    const hits = within(await screen.findByTestId('desk-hits'));
    expect(server.requests.find((r) => r.url.startsWith('/api/admin/users'))?.url).toBe('/api/admin/users?q=1234');
    expect(hits.getByRole('link', { name: 'Mette Hansen' }).getAttribute('href')).toBe('/admin/users/7');
    expect(hits.getByText('fundet via ordre 1234')).toBeTruthy();
    expect(hits.getByText('Spærret')).toBeTruthy();
    expect(screen.getByText('2 brugere fundet')).toBeTruthy();
  });
});

describe('a user', { timeout: 30_000 }, () => {
  it('is blocked only after the confirmation, once, with the reason; the page then shows it', async () => {
    const server = await api({
      'GET /api/admin/me': OPEN,
      'GET /api/admin/users/7': [{ body: detail() }, { body: detail({ blockedAt: '2026-11-29T21:00:00.000Z' }) }],
      'PUT /api/admin/users/7/blocked': { body: { blocked: true } },
    });
    const { requestsAnswered } = renderApp('/admin/users/7', { areas: AREAS_FIXTURE, apiBaseUrl: `${server.origin}/api`, token: 'admin-jwt' });
    await screen.findByRole('heading', { level: 1, name: 'Mette Hansen' });

    // Asked, then not wanted: nothing is sent.
    fireEvent.click(screen.getByRole('button', { name: 'Spær bruger' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Spær brugeren?' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Fortryd' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Spær bruger' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Spær brugeren?' }));
    fireEvent.change(dialog.getByLabelText(/Begrundelse/), { target: { value: '  Svindel med kort  ' } });
    const confirm = dialog.getByRole('button', { name: 'Spær bruger' });
    clickTwice(confirm);
    await screen.findByText('Brugeren er spærret.');
    expect(screen.queryByRole('dialog')).toBeNull();
    await screen.findByRole('button', { name: 'Ophæv spærring' });
    await requestsAnswered();
    const puts = server.requests.filter((r) => r.method === 'PUT');
    expect(puts.map((r) => JSON.parse(r.body) as unknown)).toEqual([{ blocked: true, reason: 'Svindel med kort' }]);
  });

  it('refunds a receipt after the confirmation, without a reason when none was written', async () => {
    const refunded = detail();
    refunded.receipts[0] = { ...refunded.receipts[0]!, refundedOre: 19_900, refundedAt: '2026-11-29T21:00:00.000Z' };
    const server = await api({
      'GET /api/admin/me': OPEN,
      'GET /api/admin/users/7': [{ body: detail() }, { body: refunded }],
      'POST /api/admin/receipts/31/refund': { body: {} },
    });
    renderApp('/admin/users/7', { areas: AREAS_FIXTURE, apiBaseUrl: `${server.origin}/api`, token: 'admin-jwt' });
    const receipt = within(await screen.findByTestId('desk-receipt'));
    expect(receipt.getByText('199 kr.')).toBeTruthy();
    fireEvent.click(receipt.getByRole('button', { name: 'Refundér' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Refundér ordre 1234?' }));
    expect(dialog.getByText('Hele beløbet, 199 kr., betales tilbage.')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Refundér' }));
    await screen.findByText('Kvitteringen er refunderet.');
    await waitFor(() => expect(within(screen.getByTestId('desk-receipt')).queryByRole('button', { name: 'Refundér' })).toBeNull());
    expect(server.requests.filter((r) => r.method === 'POST').map((r) => [r.url, JSON.parse(r.body) as unknown])).toEqual([['/api/admin/receipts/31/refund', {}]]);
  });

  it('keeps the dialog and the reason when the action fails, with the request id to give', async () => {
    const server = await api({
      'GET /api/admin/me': OPEN,
      'GET /api/admin/users/7': { body: detail() },
      'POST /api/admin/subscriptions/sub-1/withdraw': {
        status: 502,
        body: { statusCode: 502, error: 'Bad Gateway', message: 'The payment provider did not answer.' },
        headers: { 'X-Request-Id': '0b6f7a52-8c1d-4e6b-9a0e-3f1d2c4b5a69' },
      },
    });
    renderApp('/admin/users/7', { areas: AREAS_FIXTURE, apiBaseUrl: `${server.origin}/api`, token: 'admin-jwt' });
    fireEvent.click(within(await screen.findByTestId('desk-subscription')).getByRole('button', { name: 'Fortryd med refusion' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Fortryd med refusion?' }));
    fireEvent.change(dialog.getByLabelText(/Begrundelse/), { target: { value: 'Ønsker pengene tilbage' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Fortryd og refundér' }));
    const problem = await dialog.findByRole('alert');
    expect(problem.textContent).toContain('The payment provider did not answer.');
    expect(problem.textContent).toContain('0b6f7a52-8c1d-4e6b-9a0e-3f1d2c4b5a69');
    expect((dialog.getByLabelText(/Begrundelse/) as HTMLTextAreaElement).value).toBe('Ønsker pengene tilbage');
  });

  // The API answers a desk call without a session as a path that does not exist; /me tells why.
  const ROUTE_NOT_FOUND: Route = { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'Cannot PUT /api/admin/users/7/tenant-ad/hidden' } };

  it('asks for a new code when the session expired, keeps the page, and loads it again after', async () => {
    const server = await api({
      // The route's gate, the layout, then the check after the 404.
      'GET /api/admin/me': [OPEN, OPEN, CODE_DUE, OPEN],
      'GET /api/admin/users/7': [{ body: detail() }, { body: detail() }],
      'PUT /api/admin/users/7/tenant-ad/hidden': [ROUTE_NOT_FOUND, { body: {} }],
      'POST /api/admin/session': OPEN,
    });
    renderApp('/admin/users/7', { areas: AREAS_FIXTURE, apiBaseUrl: `${server.origin}/api`, token: 'admin-jwt' });
    fireEvent.click(await screen.findByRole('button', { name: 'Skjul' }));
    expect(await screen.findByText(/Din session på skrivebordet er udløbet/)).toBeTruthy();
    // The page is there still, hidden under the code form.
    expect(screen.getByRole('heading', { level: 1, name: 'Mette Hansen', hidden: true })).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1, name: 'Mette Hansen' })).toBeNull();
    fireEvent.change(screen.getByLabelText('Kode fra godkendelsesappen'), { target: { value: '111111' } });
    fireEvent.click(screen.getByRole('button', { name: 'Åbn skrivebordet' }));
    await screen.findByRole('heading', { level: 1, name: 'Mette Hansen' });
    await waitFor(() => expect(server.requests.filter((r) => r.url === '/api/admin/users/7')).toHaveLength(2));
    // Nothing was changed: sent again, it is done.
    fireEvent.click(screen.getByRole('button', { name: 'Skjul' }));
    await screen.findByText('Boligannoncen er skjult.');
  });

  it('is the not-found page once the login is no admin any more', async () => {
    const server = await api({
      'GET /api/admin/me': [OPEN, OPEN, NOT_FOUND],
      'GET /api/admin/users/7': { body: detail() },
      'PUT /api/admin/users/7/tenant-ad/hidden': ROUTE_NOT_FOUND,
    });
    renderApp('/admin/users/7', { areas: AREAS_FIXTURE, apiBaseUrl: `${server.origin}/api`, token: 'admin-jwt' });
    fireEvent.click(await screen.findByRole('button', { name: 'Skjul' }));
    await screen.findByRole('heading', { level: 1, name: da.notFound.heading });
    expect(screen.queryByText(/Cannot PUT/)).toBeNull();
  });

  it('says that a user does not exist', async () => {
    const server = await api({ 'GET /api/admin/me': OPEN, 'GET /api/admin/users/999': NOT_FOUND });
    renderApp('/admin/users/999', { areas: AREAS_FIXTURE, apiBaseUrl: `${server.origin}/api`, token: 'admin-jwt' });
    await screen.findByRole('heading', { level: 1, name: 'Brugeren findes ikke' });
    renderApp('/admin/users/abc', { areas: AREAS_FIXTURE, apiBaseUrl: `${server.origin}/api`, token: 'admin-jwt' });
    await waitFor(() => expect(screen.getAllByRole('heading', { level: 1, name: 'Brugeren findes ikke' })).toHaveLength(2));
    expect(server.requests.some((r) => r.url === '/api/admin/users/abc')).toBe(false);
  });
});

describe('the site alerts', { timeout: 30_000 }, () => {
  const alert: AdminSiteAlert = { id: 4, headline: 'Driftsforstyrrelse', link: null, text: 'Betaling er nede.', style: 'warning', multiline: false, views: 0, active: true, createdAt: '2026-11-28T10:00:00.000Z' };

  it('creates one with the key made when the form opened, checks the fields first, and takes one off the site', async () => {
    const server = await api({
      'GET /api/admin/me': OPEN,
      'GET /api/admin/alerts': { body: { data: [alert] } },
      'POST /api/admin/alerts': { body: { ...alert, id: 5 } },
      'PUT /api/admin/alerts/4': { body: { ...alert, active: false } },
    });
    const { requestsAnswered } = renderApp('/admin/alerts', { areas: AREAS_FIXTURE, apiBaseUrl: `${server.origin}/api`, token: 'admin-jwt' });
    await screen.findByText('Driftsforstyrrelse');
    fireEvent.click(screen.getByRole('button', { name: 'Ny besked' }));
    const form = within(screen.getByTestId('alert-form'));
    fireEvent.click(form.getByRole('button', { name: 'Gem' }));
    expect(form.getAllByText('Skal udfyldes.')).toHaveLength(2);
    expect(server.requests.some((r) => r.method === 'POST')).toBe(false);

    fireEvent.change(form.getByLabelText('Overskrift'), { target: { value: ' Ny funktion ' } });
    fireEvent.change(form.getByLabelText('Tekst'), { target: { value: 'Prøv boligagenten.' } });
    fireEvent.change(form.getByLabelText('Link'), { target: { value: '/boligagent' } });
    submitTwice(screen.getByTestId('alert-form'));
    await screen.findByText('Beskeden er oprettet.');
    await requestsAnswered();
    const posts = server.requests.filter((r) => r.method === 'POST').map((r) => JSON.parse(r.body) as Record<string, unknown>);
    expect(posts).toHaveLength(1);
    expect(posts[0]).toEqual({ key: expect.stringMatching(/^[0-9a-f-]{36}$/), headline: 'Ny funktion', text: 'Prøv boligagenten.', link: '/boligagent', style: 'info', multiline: false, views: 5, active: true });

    fireEvent.click(screen.getByRole('button', { name: 'Tag af siden' }));
    await screen.findByText('Beskeden er taget af siden.');
    const put = server.requests.find((r) => r.method === 'PUT');
    expect(JSON.parse(put!.body)).toEqual({ headline: 'Driftsforstyrrelse', text: 'Betaling er nede.', link: null, style: 'warning', multiline: false, views: 0, active: false });
  });
});

describe('the audit log', { timeout: 30_000 }, () => {
  const entry = (id: number): AdminAuditEntry => ({
    id: String(id),
    at: '2026-11-29T20:00:00.000Z',
    actor: 'support@husly.test',
    action: 'user.block',
    targetUserId: 7,
    target: `user ${id}`,
    before: { blocked: false },
    after: { blocked: true },
    requestId: null,
  });

  it('reads on from the oldest entry shown with "Vis ældre", until a short page says there are no more', async () => {
    const newest = Array.from({ length: 100 }, (_, i) => entry(500 - i));
    const server = await api({
      'GET /api/admin/me': OPEN,
      'GET /api/admin/audit': [{ body: { data: newest } }, { body: { data: [entry(401), entry(400), entry(399)] } }],
    });
    renderApp('/admin/audit', { areas: AREAS_FIXTURE, apiBaseUrl: `${server.origin}/api`, token: 'admin-jwt' });
    await waitFor(() => expect(screen.getAllByTestId('audit-entry')).toHaveLength(100));
    expect(screen.getAllByRole('link', { name: 'user 500' })[0]!.getAttribute('href')).toBe('/admin/users/7');
    fireEvent.click(screen.getByRole('button', { name: 'Vis ældre' }));
    await screen.findByText('Der er ikke flere.');
    expect(server.requests.filter((r) => r.url.startsWith('/api/admin/audit')).map((r) => r.url)).toEqual(['/api/admin/audit', '/api/admin/audit?before=401']);
    // 401 was on the first page already (entries written meanwhile move the pages): shown once.
    expect(screen.getAllByTestId('audit-entry')).toHaveLength(102);
    expect(screen.queryByRole('button', { name: 'Vis ældre' })).toBeNull();
  });
});

describe('the confirmation’s reason', () => {
  it('is left out when empty', () => {
    expect(reasonOf('   ')).toBeUndefined();
    expect(reasonOf(' ok ')).toBe('ok');
  });
});
