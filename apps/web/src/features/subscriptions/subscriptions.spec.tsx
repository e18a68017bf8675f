import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Offer, OffersResponse, SubscriptionsResponse, SubscriptionView, Transaction } from '@husly/contracts';
import { AREAS_FIXTURE } from '../../test/areas-fixture';
import { startApiServer, type Route } from '../../test/api-server';
import { clickTwice, submitTwice } from '../../test/press-twice';
import { renderApp } from '../../test/render-app';
import { sessionUser } from '../../test/session-user-fixture';
import { resetSessionStore } from '../accounts/session-store';
import da from '../../../public/locales/da/translation.json';
import en from '../../../public/locales/en/translation.json';

// The subscription and invoice pages against a real local HTTP server (REST and POST /api/graph),
// through the real route table, session and Apollo Client. Cases are capped at 30 s (not timed): the
// machine is shared with other suites. English, so section 8's texts read as the spec has them.

type Server = Awaited<ReturnType<typeof startApiServer>>;
const servers: Server[] = [];
async function api(routes: Record<string, Route | Route[]>) {
  const server = await startApiServer({ 'GET /api/auth/providers': { body: { facebook: false } }, ...routes });
  servers.push(server);
  return server;
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
// The pages are lazy chunks; transforming Apollo Client on first import is slow on a busy machine and
// would eat the first case's wait for the page. Loading them first leaves the cases the page itself.
beforeAll(async () => {
  await Promise.all([import('./pages/subscription-page'), import('./pages/invoice-page'), import('./components/stripe-payment')]);
}, 120_000);

const offer = (o: Partial<Offer>): Offer => ({
  name: 'tenantad-intro',
  label: 'Tenant ad',
  amount: 19,
  trialDays: 7,
  price: 249,
  intervalDays: 30,
  oneoff: false,
  recurring: true,
  labels: ['Landlord contact details', 'Full images'],
  intro: true,
  contactLimit: null,
  contactWindowDays: null,
  ...o,
});
const OFFERS: OffersResponse = {
  offers: [
    offer({}),
    offer({ name: 'tenantad-249kr-30days', amount: 249, trialDays: 0, intro: false }),
    offer({ name: 'tenantad-79kr-14days', label: 'Boligsøgerannonce – begrænset adgang', amount: 79, price: 79, intervalDays: 14, trialDays: 0, intro: false, contactLimit: 10, contactWindowDays: 14 }),
  ],
  introAvailable: true,
  recommended: 'tenantad-intro',
};

const ID = '6f1c7a52-2b7e-4b7c-9a53-0a9d1c0b7e11';
const subscription = (s: Partial<SubscriptionView> = {}): SubscriptionView => ({
  id: ID,
  _id: ID,
  offer: 'tenantad-249kr-30days',
  // The database's Danish name: the page words the plan by its id (issue 36).
  product: { label: 'Boligsøgerannonce', price: 249 },
  status: 'ACTIVE',
  display: 'renewing',
  startingAt: '2026-11-01T10:00:00.000Z',
  endingAt: '2026-12-01T10:00:00.000Z',
  canceledAt: null,
  renew: true,
  ends: '2026-12-01T10:00:00.000Z',
  active: true,
  paused: false,
  outstanding: false,
  nextSubscription: null,
  canReactivate: true,
  canWithdraw: false,
  meta: { legacyId: null },
  contactUsage: null,
  ...s,
});
const list = (subscriptions: SubscriptionView[], extra: Partial<SubscriptionsResponse> = {}): SubscriptionsResponse => ({
  subscriber: subscriptions.some((s) => s.active),
  subscriptions,
  showReactivate: false,
  paymentMode: 'test',
  ...extra,
});
const RECEIPT: Transaction = {
  id: 12,
  uuid: 'a0c8f3f6-1111-4c1e-9f4e-5b3b8e0e8d21',
  orderno: '1042',
  timestamp: '2026-11-01T10:00:00.000Z',
  amountOre: 1900,
  vatOre: 380,
  currency: 'DKK',
  subscriptionId: ID,
  refunded: false,
  refundedAt: null,
  refundedOre: null,
  customer: { name: 'Mette Hansen', address: 'Nørregade 1', zipcode: '8000', city: 'Aarhus C' },
  company: { name: 'Husly ApS', address: 'Vestergade 2', zip: '1456', city: 'København K', tax: '12345678' },
  products: [{ label: 'Boligsøgerannonce – introtilbud (7 dage)', priceOre: 1900, vatOre: 380, subtotalOre: 1900, plan: { plan: 'tenantad-intro-7days', introDays: 7, refund: false } }],
};

const TEST_PROVIDER: Route = { body: { data: { provider: { __typename: 'PaymentProvider', id: '1', provider: 'test', publicKey: 'test' } } } };
const graphBodies = (server: Server) => server.requests.filter((r) => r.url === '/api/graph').map((r) => JSON.parse(r.body) as { operationName: string; variables: Record<string, unknown> });

function open(path: string, routes: Record<string, Route | Route[]>) {
  document.cookie = 'token=t; Path=/';
  return api(routes).then((server) => ({ server, ...renderApp(path, { areas: AREAS_FIXTURE, apiBaseUrl: `${server.origin}/api`, translations: en, host: 'en.localhost:3000', token: 't' }) }));
}

const noSubscription = (extra: Record<string, Route | Route[]> = {}) => ({
  'GET /api/users/me': { body: { user: sessionUser({ language: 'en' }) } },
  'GET /api/subscriptions': { body: list([]) },
  'GET /api/subscriptions/offers': { body: OFFERS },
  'GET /api/subscriptions/transactions': { body: { transactions: [] } },
  ...extra,
});

async function openPaymentForm() {
  fireEvent.click(await screen.findByRole('button', { name: 'Create tenant ad' }));
  return screen.findByTestId('payment-form');
}

function fillCard(form: HTMLElement, card: { name?: string; number?: string; expiry?: string; cvc?: string }) {
  const f = within(form);
  if (card.name !== undefined) fireEvent.change(f.getByLabelText('Card holder name'), { target: { value: card.name } });
  if (card.number !== undefined) fireEvent.change(f.getByLabelText('Card number'), { target: { value: card.number } });
  if (card.expiry !== undefined) fireEvent.change(f.getByLabelText('Expiry (MM/YY)'), { target: { value: card.expiry } });
  if (card.cvc !== undefined) fireEvent.change(f.getByLabelText('CVC'), { target: { value: card.cvc } });
}

describe('/profile/subscription without a subscription', { timeout: 30_000 }, () => {
  it('shows the offer splash, then the payment form: hidden Danmark, numeric zipcode, no browser validation, test payments', async () => {
    await open('/profile/subscription', noSubscription({ 'POST /api/graph': TEST_PROVIDER }));
    const splash = await screen.findByTestId('offer-splash');
    expect(within(splash).getByTestId('intro-price').textContent).toBe('19 kr.');
    expect(within(splash).getByText('First 7 days')).toBeTruthy();
    expect(within(splash).getByText('then 249 kr. every 30 days')).toBeTruthy();
    expect(within(splash).getByText('Landlord contact details')).toBeTruthy();

    const form = await openPaymentForm();
    expect(form.hasAttribute('novalidate')).toBe(true);
    const country = form.querySelector<HTMLInputElement>('input[name="country"]');
    expect(country?.type).toBe('hidden');
    expect(country?.value).toBe('Danmark');
    const zip = within(form).getByLabelText('Zip code') as HTMLInputElement;
    expect(zip.inputMode).toBe('numeric');
    expect(zip.pattern).toBe('[0-9]*');
    expect((within(form).getByLabelText('Name') as HTMLInputElement).value).toBe('Mette Hansen');
    expect(within(form).getByTestId('product').textContent).toContain('19 kr.');
    expect(within(form).getByRole('note').textContent).toMatch(/Test payments: no real card is charged/);
    expect(within(form).getByRole('button', { name: 'Pay 19 kr.' })).toBeTruthy();
  });

  it('the section 5 messages come from the form before anything is sent; the terms open in a modal', async () => {
    const { server } = await open('/profile/subscription', noSubscription({ 'POST /api/graph': TEST_PROVIDER }));
    const form = await openPaymentForm();
    const f = within(form);
    fireEvent.change(f.getByLabelText('Email'), { target: { value: '' } });
    fireEvent.change(f.getByLabelText('Zip code'), { target: { value: '80a' } });
    fireEvent.click(f.getByRole('button', { name: 'Pay 19 kr.' }));
    expect(await f.findByText('Subscription and payment terms must be accepted.')).toBeTruthy();
    expect(f.getByText('Email address is required')).toBeTruthy();
    expect(f.getByText('The zip code must be 4 digits.')).toBeTruthy();

    fireEvent.change(f.getByLabelText('Email'), { target: { value: 'not-an-email' } });
    fireEvent.click(f.getByRole('button', { name: 'Pay 19 kr.' }));
    expect(await f.findByText('Please enter a valid email')).toBeTruthy();

    fireEvent.change(f.getByLabelText('Email'), { target: { value: 'mette@husly.test' } });
    fireEvent.change(f.getByLabelText('Zip code'), { target: { value: '8000' } });
    fireEvent.click(f.getByRole('checkbox'));
    fireEvent.click(f.getByRole('button', { name: 'Pay 19 kr.' }));
    expect(await f.findByText('Please enter the card holder name.')).toBeTruthy();
    fillCard(form, { name: 'Mette Hansen', number: '4242', expiry: '1230', cvc: '123' });
    fireEvent.click(f.getByRole('button', { name: 'Pay 19 kr.' }));
    expect(await f.findByText('Invalid card number.')).toBeTruthy();
    // Nothing but the provider query reached the server.
    expect(graphBodies(server).map((b) => b.operationName)).toEqual(['PaymentProvider']);

    fireEvent.click(f.getByRole('button', { name: 'subscription and payment terms' }));
    const terms = await screen.findByTestId('terms-modal');
    expect(terms.textContent).toContain('include 25 % VAT');
    expect(terms.textContent).toContain('14-day right of withdrawal');
    expect(terms.textContent).toContain('refunded within 14 days');
    expect(terms.textContent).toContain('within 8 weeks');
    expect(terms.textContent).toContain('order number of 4 digits');
    fireEvent.click(within(terms).getAllByRole('button', { name: 'Close' })[1] as HTMLElement);
    await waitFor(() => expect(screen.queryByTestId('terms-modal')).toBeNull());
  });

  it('pays with a test card: creates the subscription (GraphQL), confirms, is a subscriber at /profile and sees the last-viewed landlord', async () => {
    document.cookie = `bn.last=${encodeURIComponent(JSON.stringify({ dwellingId: '501', headline: '3-værelses i Aarhus C', image: null, images: [], subscribed: false }))}; Path=/`;
    const { server, router } = await open(
      '/profile/subscription',
      noSubscription({
        'GET /api/users/me': [{ body: { user: sessionUser({ language: 'en' }) } }, { body: { user: sessionUser({ language: 'en', subscriber: true }) } }],
        'POST /api/graph': [TEST_PROVIDER, { body: { data: { createSubscription: { __typename: 'SubscriptionResult', id: ID, meta: { __typename: 'SubscriptionMeta', paymentInfo: 'tp_secret_1' } } } } }],
        'POST /api/subscriptions/test-payments/tp_secret_1/confirm': { body: { status: 'succeeded', subscriptionId: ID, returnUrl: '/profile' } },
        'GET /api/dwellings/501/agent': { body: { name: 'Boligselskabet Øst', email: 'udlejning@oest.test', phone: '12345678', address: null, url: null, reference: null, remark: [], type: 'company' } },
      }),
    );
    const form = await openPaymentForm();
    fillCard(form, { name: 'Mette Hansen', number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' });
    fireEvent.change(within(form).getByLabelText('Zip code'), { target: { value: '8000' } });
    fireEvent.click(within(form).getByRole('checkbox'));
    fireEvent.click(within(form).getByRole('button', { name: 'Pay 19 kr.' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(await screen.findByText('Thank you, your subscription is active')).toBeTruthy();
    expect(await screen.findByText('Boligselskabet Øst')).toBeTruthy();
    expect(within(screen.getByRole('navigation', { name: 'Profile' })).getByRole('link', { name: 'Subscription' })).toBeTruthy();
    expect(document.cookie).not.toContain('bn.last');

    const create = graphBodies(server).find((b) => b.operationName === 'CreateSubscription');
    expect(create?.variables).toEqual({
      input: {
        providerId: '1',
        planId: 'tenantad-intro',
        meta: { firstName: 'Mette Hansen', email: 'mette@husly.test', address: '', zipcode: '8000', city: '', phone: '', country: 'Danmark', terms: true },
      },
    });
    // One Content-Type: Apollo's and our client's doubled up ("application/json, application/json") is a 415.
    expect(server.requests.find((r) => r.url === '/api/graph')?.headers['content-type']).toBe('application/json');
    const confirm = server.requests.find((r) => r.url.endsWith('/confirm'));
    expect(JSON.parse(confirm?.body ?? '{}')).toEqual({ cardNumber: '4242424242424242', expiry: '12/30', cvc: '123', name: 'Mette Hansen' });
    expect(confirm?.headers.authorization).toBe('Bearer t');
  });

  it('each refused test card shows its section 8 message; a retry confirms the same payment again', async () => {
    const refusal = (paymentCode: number, message = 'Payment failed. Please check your card details or contact customer support.') => ({
      status: 402,
      body: { statusCode: 402, code: 'payment-failed', paymentCode, message },
    });
    const { server } = await open(
      '/profile/subscription',
      noSubscription({
        'POST /api/graph': [TEST_PROVIDER, { body: { data: { createSubscription: { id: ID, meta: { paymentInfo: 'tp_secret_2' } } } } }],
        'POST /api/subscriptions/test-payments/tp_secret_2/confirm': [
          refusal(2),
          refusal(3, 'It looks like you have typed a wrong credit card number.'),
          refusal(4),
          refusal(6),
          refusal(7),
          refusal(31),
          refusal(2, 'Unfortunately we do not support Dankort. Please use a Visa, Visa/Dankort or MasterCard.'),
          refusal(17),
          { status: 429, body: { statusCode: 429, code: 'too-many-attempts', message: 'Too many attempts' } },
        ],
      }),
    );
    const form = await openPaymentForm();
    fillCard(form, { name: 'Mette Hansen', number: '4000 0000 0000 0002', expiry: '12/30', cvc: '123' });
    fireEvent.click(within(form).getByRole('checkbox'));
    const messages = [
      'Payment failed. Please check your card details or contact customer support.',
      'It looks like you have typed a wrong credit card number.',
      'Invalid CVC.',
      'Invalid expire date, or credit card has expired.',
      'The card limit has been exceeded. Please use another card or contact your bank.',
      'Payment failed. Please try again, or contact customer support.',
      'Unfortunately we do not support Dankort. Please use a Visa, Visa/Dankort or MasterCard.',
      'Invalid card number.',
      // The confirm throttle: not a card problem, and not shown as one.
      "Too many attempts. Please wait a while and try again.",
    ];
    for (const [i, message] of messages.entries()) {
      fireEvent.click(within(form).getByRole('button', { name: 'Pay 19 kr.' }));
      await waitFor(() => expect(server.requests.filter((r) => r.url.endsWith('/confirm'))).toHaveLength(i + 1));
      expect((await within(form).findByTestId('payment-error')).textContent).toBe(message);
    }
    expect(graphBodies(server).filter((b) => b.operationName === 'CreateSubscription')).toHaveLength(1);
  });

  it('pressed twice before it redraws (double click, Enter), the purchase is created and confirmed once; the button is busy meanwhile', async () => {
    const { server, router, requestsAnswered } = await open(
      '/profile/subscription',
      noSubscription({
        'GET /api/users/me': [{ body: { user: sessionUser({ language: 'en' }) } }, { body: { user: sessionUser({ language: 'en', subscriber: true }) } }],
        'POST /api/graph': [TEST_PROVIDER, { body: { data: { createSubscription: { __typename: 'SubscriptionResult', id: ID, meta: { __typename: 'SubscriptionMeta', paymentInfo: 'tp_secret_3' } } } } }],
        'POST /api/subscriptions/test-payments/tp_secret_3/confirm': { body: { status: 'succeeded', subscriptionId: ID, returnUrl: '/profile' } },
      }),
    );
    const form = await openPaymentForm();
    fillCard(form, { name: 'Mette Hansen', number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' });
    fireEvent.click(within(form).getByRole('checkbox'));
    const pay = within(form).getByRole('button', { name: 'Pay 19 kr.' }) as HTMLButtonElement;
    clickTwice(pay);
    submitTwice(form);
    expect(pay.disabled).toBe(true);
    expect(pay.getAttribute('aria-busy')).toBe('true');
    expect(pay.textContent).toBe('Processing payment…');

    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    await requestsAnswered();
    expect(graphBodies(server).filter((b) => b.operationName === 'CreateSubscription')).toHaveLength(1);
    expect(server.requests.filter((r) => r.url.endsWith('/confirm'))).toHaveLength(1);
  });

  it('a refused card gives the Pay button back, and pressing it twice then confirms once more, not twice', async () => {
    const { server, requestsAnswered } = await open(
      '/profile/subscription',
      noSubscription({
        'POST /api/graph': [TEST_PROVIDER, { body: { data: { createSubscription: { id: ID, meta: { paymentInfo: 'tp_secret_4' } } } } }],
        'POST /api/subscriptions/test-payments/tp_secret_4/confirm': { status: 402, body: { statusCode: 402, code: 'payment-failed', paymentCode: 4, message: 'Invalid CVC.' } },
      }),
    );
    const form = await openPaymentForm();
    fillCard(form, { name: 'Mette Hansen', number: '4000 0000 0000 0002', expiry: '12/30', cvc: '123' });
    fireEvent.click(within(form).getByRole('checkbox'));
    clickTwice(within(form).getByRole('button', { name: 'Pay 19 kr.' }));
    expect((await within(form).findByTestId('payment-error')).textContent).toBe('Invalid CVC.');
    const pay = await within(form).findByRole('button', { name: 'Pay 19 kr.' });
    expect((pay as HTMLButtonElement).disabled).toBe(false);
    expect(pay.getAttribute('aria-busy')).toBeNull();
    await requestsAnswered();
    expect(server.requests.filter((r) => r.url.endsWith('/confirm'))).toHaveLength(1);

    clickTwice(pay);
    await waitFor(() => expect((within(form).getByRole('button', { name: 'Pay 19 kr.' }) as HTMLButtonElement).disabled).toBe(false));
    await requestsAnswered();
    expect(server.requests.filter((r) => r.url.endsWith('/confirm'))).toHaveLength(2);
    expect(graphBodies(server).filter((b) => b.operationName === 'CreateSubscription')).toHaveLength(1);
  });

  it('a refused intro (already had) says so and shows the regular price', async () => {
    await open(
      '/profile/subscription',
      noSubscription({
        'GET /api/subscriptions/offers': [{ body: OFFERS }, { body: { ...OFFERS, introAvailable: false, recommended: 'tenantad-249kr-30days' } }],
        'POST /api/graph': [TEST_PROVIDER, { body: { data: null, errors: [{ message: 'The intro can be bought once', extensions: { code: 'intro-used' } }] } }],
      }),
    );
    const form = await openPaymentForm();
    fillCard(form, { name: 'Mette Hansen', number: '4242424242424242', expiry: '12/30', cvc: '123' });
    fireEvent.click(within(form).getByRole('checkbox'));
    fireEvent.click(within(form).getByRole('button', { name: 'Pay 19 kr.' }));
    expect(await screen.findByText('The intro offer can only be bought once. We now show you the regular price.')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Pay 249 kr.' })).toBeTruthy();
  });

  it('with Stripe as provider, a Stripe.js that cannot load leaves the page working with section 8’s message', async () => {
    await open('/profile/subscription', noSubscription({ 'POST /api/graph': { body: { data: { provider: { id: '2', provider: 'stripe', publicKey: 'pk_live_x' } } } } }));
    const form = await openPaymentForm();
    // jsdom fetches no scripts: fail Stripe's <script> as a blocked network would (Stripe.js retries once).
    await waitFor(() => {
      for (const script of document.querySelectorAll<HTMLScriptElement>('script[src^="https://js.stripe.com"]')) script.dispatchEvent(new Event('error'));
      expect(within(form).getByRole('alert').textContent).toBe('Could not connect to payment provider. Please contact customer support.');
    });
    expect(within(form).queryByTestId('test-card-form')).toBeNull();
    expect(screen.getByTestId('offer-splash')).toBeTruthy();
  });

  it('a provider query that fails shows the connection message in the payment details', async () => {
    await open('/profile/subscription', noSubscription({ 'POST /api/graph': { status: 500, body: { statusCode: 500, message: 'x' } } }));
    const form = await openPaymentForm();
    expect(within(form).getByRole('alert').textContent).toBe('Could not connect to payment provider. Please contact customer support.');
  });
});

describe('/profile/subscription with a subscription', { timeout: 30_000 }, () => {
  const subscriberRoutes = (subscriptions: Route | Route[], extra: Record<string, Route | Route[]> = {}) => ({
    'GET /api/users/me': { body: { user: sessionUser({ language: 'en', subscriber: true }) } },
    'GET /api/subscriptions': subscriptions,
    'GET /api/subscriptions/offers': { body: { ...OFFERS, introAvailable: false, recommended: 'tenantad-249kr-30days' } },
    'GET /api/subscriptions/transactions': { body: { transactions: [RECEIPT] } },
    ...extra,
  });

  it('renewing: price and next renewal; cancelling takes two clicks (the card, then the warning page), then the survey', async () => {
    const cancelled = subscription({ display: 'cancelled-running', renew: false, canceledAt: '2026-11-10T09:00:00.000Z' });
    const { server } = await open(
      '/profile/subscription',
      subscriberRoutes([{ body: list([subscription()]) }, { body: list([subscription()]) }], {
        'POST /api/graph': TEST_PROVIDER,
        [`DELETE /api/subscriptions/${ID}`]: { body: list([cancelled]) },
        [`POST /api/subscriptions/cancel/${ID}`]: {
          body: { unsubscription: { uuid: 'u1', reason: { foundDwelling: false, text: 'Too far' }, name: null, email: null, phone: null, orderno: null, message: null, timestamp: '2026-11-10T09:00:00.000Z' }, keepInView: false, offerFoundHome: false, subscriptions: list([cancelled]) },
        },
      }),
    );
    const card = await screen.findByTestId('subscription-card');
    expect(card.dataset.display).toBe('renewing');
    expect(within(card).getByText('249 kr.')).toBeTruthy();
    expect(within(card).getByTestId('next-renewal').textContent).toBe('01/12/2026');
    expect(screen.queryByTestId('offer-splash')).toBeNull();

    fireEvent.click(within(card).getByRole('link', { name: 'Cancel subscription' }));
    const warning = await screen.findByTestId('unsubscribe-warning');
    expect(within(warning).getByRole('heading', { level: 1 }).textContent).toBe('Important before you cancel');
    expect(warning.textContent).toContain('until 01/12/2026');
    fireEvent.click(within(warning).getByRole('button', { name: 'Yes, cancel' }));

    const survey = await screen.findByTestId('unsubscribe-survey');
    expect(server.requests.some((r) => r.method === 'DELETE' && r.url === `/api/subscriptions/${ID}`)).toBe(true);
    expect(screen.getByRole('status').textContent).toContain('until 01/12/2026');
    fireEvent.click(within(survey).getByRole('button', { name: 'No' }));
    fireEvent.click(within(survey).getByRole('button', { name: 'Unsubscribe' }));
    expect((await within(survey).findByText('Please write a reason.')).textContent).toBeTruthy();
    fireEvent.change(within(survey).getByLabelText('Why are you leaving?'), { target: { value: 'Too far' } });
    fireEvent.click(within(survey).getByRole('button', { name: 'Unsubscribe' }));

    await screen.findByTestId('unsubscribe-done');
    // Not a found-dwelling reason: the subscription leaves the view.
    expect(screen.queryByTestId('unsubscribe-subscription')).toBeNull();
    const answer = server.requests.find((r) => r.url === `/api/subscriptions/cancel/${ID}`);
    expect(JSON.parse(answer?.body ?? '{}')).toEqual({ reason: { foundDwelling: false, text: 'Too far' } });
  });

  it('the warning page offers the limited plan instead (changePlan), and its abort sends subscription/cancel-abort', async () => {
    const { server } = await open(
      `/profile/subscription/cancel/${ID}`,
      subscriberRoutes({ body: list([subscription()]) }, { 'POST /api/graph': TEST_PROVIDER, 'POST /api/subscriptions/change': { body: list([subscription()]) }, 'POST /api/event': { status: 204 } }),
    );
    const warning = await screen.findByTestId('unsubscribe-warning');
    fireEvent.click(within(warning).getByRole('button', { name: 'Switch to 79 kr.' }));
    // One click only opens the confirmation: it states price, period, first charge date and the landlord limit.
    const dialog = await screen.findByTestId('switch-dialog');
    expect(server.requests.some((r) => r.url === '/api/subscriptions/change')).toBe(false);
    expect(within(dialog).getByRole('heading').textContent).toBe('Switch to Tenant ad – limited access?');
    expect(within(dialog).getByTestId('switch-price').textContent).toBe('Price: 79 kr. every 14 days, incl. 25 % VAT.');
    expect(within(dialog).getByTestId('switch-first-charge').textContent).toBe('The first payment of 79 kr. is charged on 01/12/2026, when your current period ends.');
    expect(within(dialog).getByTestId('switch-limit').textContent).toBe('You can contact up to 10 landlords per 14 days.');
    expect(dialog.textContent).toContain('Renews automatically until you cancel.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, switch to 79 kr.' }));
    await waitFor(() => expect(server.requests.find((r) => r.url === '/api/subscriptions/change')?.body).toBe(JSON.stringify({ subscription: ID, plan: 'tenantad-79kr-14days' })));
    await screen.findByTestId('subscription-card');

    fireEvent.click(within(screen.getByTestId('subscription-card')).getByRole('link', { name: 'Cancel subscription' }));
    fireEvent.click(within(await screen.findByTestId('unsubscribe-warning')).getByRole('button', { name: 'Go back, keep my subscription' }));
    await screen.findByTestId('subscription-card');
    expect(JSON.parse(server.requests.find((r) => r.url === '/api/event')?.body ?? '{}')).toMatchObject({ type: 'subscription/cancel-abort' });
    expect(server.requests.some((r) => r.method === 'DELETE')).toBe(false);
  });

  it('Yes, cancel pressed twice before it redraws cancels once', async () => {
    const cancelled = subscription({ display: 'cancelled-running', renew: false, canceledAt: '2026-11-10T09:00:00.000Z' });
    const { server, requestsAnswered } = await open(`/profile/subscription/cancel/${ID}`, subscriberRoutes({ body: list([subscription()]) }, { [`DELETE /api/subscriptions/${ID}`]: { body: list([cancelled]) } }));
    const confirm = within(await screen.findByTestId('unsubscribe-warning')).getByRole('button', { name: 'Yes, cancel' }) as HTMLButtonElement;
    clickTwice(confirm);
    expect(confirm.disabled).toBe(true);
    expect(confirm.getAttribute('aria-busy')).toBe('true');
    await screen.findByTestId('unsubscribe-survey');
    await requestsAnswered();
    expect(server.requests.filter((r) => r.method === 'DELETE')).toHaveLength(1);
  });

  it('a failed cancel gives the buttons back with the error', async () => {
    const { server, requestsAnswered } = await open(
      `/profile/subscription/cancel/${ID}`,
      subscriberRoutes({ body: list([subscription()]) }, { [`DELETE /api/subscriptions/${ID}`]: { status: 503, body: { statusCode: 503, message: 'x' } } }),
    );
    const warning = await screen.findByTestId('unsubscribe-warning');
    clickTwice(within(warning).getByRole('button', { name: 'Yes, cancel' }));
    expect((await screen.findByRole('alert')).textContent).toBeTruthy();
    expect((within(warning).getByRole('button', { name: 'Yes, cancel' }) as HTMLButtonElement).disabled).toBe(false);
    expect((within(warning).getByRole('button', { name: 'Switch to 79 kr.' }) as HTMLButtonElement).disabled).toBe(false);
    await requestsAnswered();
    expect(server.requests.filter((r) => r.method === 'DELETE')).toHaveLength(1);
  });

  it('Switch to 79 kr. pressed twice before it redraws changes the plan once, and no cancel goes with it', async () => {
    const { server, router, requestsAnswered } = await open(
      `/profile/subscription/cancel/${ID}`,
      subscriberRoutes({ body: list([subscription()]) }, { 'POST /api/graph': TEST_PROVIDER, 'POST /api/subscriptions/change': { body: list([subscription()]) } }),
    );
    const warning = await screen.findByTestId('unsubscribe-warning');
    fireEvent.click(within(warning).getByRole('button', { name: 'Switch to 79 kr.' }));
    const yes = within(await screen.findByTestId('switch-dialog')).getByRole('button', { name: 'Yes, switch to 79 kr.' });
    act(() => {
      fireEvent.click(yes);
      fireEvent.click(yes);
      fireEvent.click(within(warning).getByRole('button', { name: 'Yes, cancel' }));
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/subscription'));
    await requestsAnswered();
    expect(server.requests.filter((r) => r.url === '/api/subscriptions/change')).toHaveLength(1);
    expect(server.requests.some((r) => r.method === 'DELETE')).toBe(false);
  });

  it('found a home, accepted twice before it redraws, is sent once', async () => {
    const cancelled = subscription({ display: 'cancelled-running', renew: false, canceledAt: '2026-11-10T09:00:00.000Z' });
    const { server, requestsAnswered } = await open(
      `/profile/subscription/cancel/${ID}`,
      subscriberRoutes({ body: list([subscription()]) }, {
        [`DELETE /api/subscriptions/${ID}`]: { body: list([cancelled]) },
        [`POST /api/subscriptions/cancel/${ID}`]: {
          body: { unsubscription: { uuid: 'u2', reason: 'found-husly', name: null, email: null, phone: null, orderno: null, message: null, timestamp: '2026-11-10T09:00:00.000Z' }, keepInView: true, offerFoundHome: true, subscriptions: list([cancelled]) },
        },
        'POST /api/users/me/found-home': { body: { active: true, since: '2026-11-10T09:00:00.000Z', pausedBoligagents: 1, renewalStopped: true } },
      }),
    );
    fireEvent.click(within(await screen.findByTestId('unsubscribe-warning')).getByRole('button', { name: 'Yes, cancel' }));
    const survey = await screen.findByTestId('unsubscribe-survey');
    fireEvent.click(within(survey).getByRole('button', { name: 'Yes, I found a home' }));
    clickTwice(within(survey).getByRole('button', { name: 'Here on Husly' }));
    const offer = await screen.findByTestId('found-home-offer');
    await requestsAnswered();
    expect(server.requests.filter((r) => r.url === `/api/subscriptions/cancel/${ID}`)).toHaveLength(1);
    clickTwice(within(offer).getByRole('button', { name: 'Yes, pause everything' }));
    await screen.findByTestId('unsubscribe-done');
    await requestsAnswered();
    expect(server.requests.filter((r) => r.url === '/api/users/me/found-home' && r.method === 'POST')).toHaveLength(1);
  });

  it('found a home undone twice before it redraws (the profile notice) is undone once', async () => {
    const { server, requestsAnswered } = await open('/profile', {
      'GET /api/users/me': { body: { user: sessionUser({ language: 'en' }) } },
      'GET /api/users/me/found-home': { body: { active: true, since: '2026-11-10T09:00:00.000Z', pausedBoligagents: 2, renewalStopped: false } },
      'DELETE /api/users/me/found-home': { body: { active: false, since: null, pausedBoligagents: 0, renewalStopped: false } },
    });
    const notice = await screen.findByTestId('found-home-notice');
    clickTwice(within(notice).getByRole('button', { name: 'Undo – I am searching again' }));
    expect(await screen.findByText('Welcome back: your BoligAgents are active again.')).toBeTruthy();
    await requestsAnswered();
    expect(server.requests.filter((r) => r.method === 'DELETE')).toHaveLength(1);
  });

  it('notices: a pending next subscription (one statement: it switches, not cancelled) and a subscription paused for an outstanding balance', async () => {
    const next = { id: 'n1', offer: 'tenantad-79kr-14days', renew: true, product: { label: 'Boligsøgerannonce – begrænset adgang', price: 79 }, startingAt: '2026-12-01T10:00:00.000Z', endingAt: null };
    await open(
      '/profile/subscription',
      subscriberRoutes({ body: list([subscription({ nextSubscription: next, renew: false, display: 'switching' }), subscription({ id: 'p1', display: 'paused', status: 'PAUSED', paused: true, outstanding: true, active: false })]) }, { 'POST /api/graph': TEST_PROVIDER }),
    );
    expect((await screen.findByTestId('next-notice')).textContent).toBe('Changes to Tenant ad – limited access (79 kr.) on 01/12/2026.');
    const card = screen.getAllByTestId('subscription-card')[0] as HTMLElement;
    expect(card.dataset.display).toBe('switching');
    expect(card.textContent).toContain('Changing plan');
    expect(card.textContent).not.toMatch(/Cancelled|will not renew|Expires/);
    expect(screen.getByTestId('paused-notice').textContent).toMatch(/paused because of an outstanding balance/);
  });

  it('a pending next plan the web does not name keeps the server\'s name in the notice', async () => {
    const next = { id: 'n2', offer: 'tenantad-new-plan', renew: true, product: { label: 'Ny plan', price: 99 }, startingAt: '2026-12-01T10:00:00.000Z', endingAt: null };
    await open('/profile/subscription', subscriberRoutes({ body: list([subscription({ nextSubscription: next, renew: false, display: 'switching' })]) }, { 'POST /api/graph': TEST_PROVIDER }));
    expect((await screen.findByTestId('next-notice')).textContent).toBe('Changes to Ny plan (99 kr.) on 01/12/2026.');
  });

  it('expired: Reactivate with its confirmation modal (section 4), and the receipts table links the invoice', async () => {
    const expired = subscription({ display: 'expired', status: 'EXPIRED', renew: false, active: false });
    const { server } = await open(
      '/profile/subscription',
      subscriberRoutes([{ body: list([expired], { showReactivate: true }) }, { body: list([subscription()]) }], {
        'GET /api/users/me': { body: { user: sessionUser({ language: 'en', subscriber: false }) } },
        'POST /api/graph': [TEST_PROVIDER, { body: { data: { reactivateSubscription: { id: ID } } } }],
      }),
    );
    const receipts = within(await screen.findByRole('region', { name: 'Receipts' }));
    expect(receipts.getByText('1042')).toBeTruthy();
    expect(receipts.getByText('01/11/2026')).toBeTruthy();
    expect(receipts.getByRole('link', { name: 'Show receipt 1042' }).getAttribute('href')).toBe('/profile/invoice/12');

    fireEvent.click(screen.getByRole('button', { name: 'Reactivate subscription' }));
    const dialog = await screen.findByTestId('reactivate-dialog');
    // Charged now: price, period and renewal where the seeker says yes, and the terms box (issue 36).
    expect(within(dialog).getByTestId('reactivate-terms').textContent).toBe(
      'Tenant ad starts again today. We charge 249 kr. now to the card you last paid with, then 249 kr. every 30 days until you cancel.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reactivate and pay 249 kr.' }));
    expect(within(dialog).getByText('Subscription and payment terms must be accepted.')).toBeTruthy();
    expect(graphBodies(server).some((b) => b.operationName === 'ReactivateSubscription')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'subscription and payment terms' }));
    fireEvent.click(within(await screen.findByTestId('terms-modal')).getAllByRole('button', { name: 'Close' })[1] as HTMLElement);
    fireEvent.click(within(await screen.findByTestId('reactivate-dialog')).getByRole('checkbox'));
    fireEvent.click(within(screen.getByTestId('reactivate-dialog')).getByRole('button', { name: 'Reactivate and pay 249 kr.' }));
    await waitFor(() => expect(screen.getByTestId('subscription-card').dataset.display).toBe('renewing'));
    expect(graphBodies(server).find((b) => b.operationName === 'ReactivateSubscription')?.variables).toEqual({ id: ID, terms: true });
    expect(screen.queryByRole('button', { name: 'Reactivate subscription' })).toBeNull();
  });

  it('Yes, reactivate pressed twice before it redraws reactivates once', async () => {
    const expired = subscription({ display: 'expired', status: 'EXPIRED', renew: false, active: false });
    const { server, requestsAnswered } = await open(
      '/profile/subscription',
      subscriberRoutes([{ body: list([expired], { showReactivate: true }) }, { body: list([subscription()]) }], {
        'GET /api/users/me': { body: { user: sessionUser({ language: 'en', subscriber: false }) } },
        'POST /api/graph': [TEST_PROVIDER, { body: { data: { reactivateSubscription: { id: ID } } } }],
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Reactivate subscription' }));
    const dialog = await screen.findByTestId('reactivate-dialog');
    fireEvent.click(within(dialog).getByRole('checkbox'));
    const yes = within(dialog).getByRole('button', { name: 'Reactivate and pay 249 kr.' }) as HTMLButtonElement;
    clickTwice(yes);
    expect(yes.disabled).toBe(true);
    expect(yes.getAttribute('aria-busy')).toBe('true');
    await waitFor(() => expect(screen.getByTestId('subscription-card').dataset.display).toBe('renewing'));
    await requestsAnswered();
    expect(graphBodies(server).filter((b) => b.operationName === 'ReactivateSubscription')).toHaveLength(1);
  });

  it('a refused reactivation gives the button back', async () => {
    const expired = subscription({ display: 'expired', status: 'EXPIRED', renew: false, active: false });
    await open(
      '/profile/subscription',
      subscriberRoutes({ body: list([expired], { showReactivate: true }) }, {
        'GET /api/users/me': { body: { user: sessionUser({ language: 'en', subscriber: false }) } },
        'POST /api/graph': [TEST_PROVIDER, { body: { data: null, errors: [{ message: 'No', extensions: { code: 'not-reactivatable' } }] } }],
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Reactivate subscription' }));
    const dialog = await screen.findByTestId('reactivate-dialog');
    fireEvent.click(within(dialog).getByRole('checkbox'));
    clickTwice(within(dialog).getByRole('button', { name: 'Reactivate and pay 249 kr.' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    await waitFor(() => expect((within(dialog).getByRole('button', { name: 'Reactivate and pay 249 kr.' }) as HTMLButtonElement).disabled).toBe(false));
  });

  it('no Reactivate button when the API says the rules of section 4 do not allow it', async () => {
    await open('/profile/subscription', subscriberRoutes({ body: list([subscription({ display: 'cancelled-running', renew: false })], { showReactivate: false }) }, { 'POST /api/graph': TEST_PROVIDER }));
    await screen.findByTestId('subscription-card');
    expect(screen.queryByRole('button', { name: 'Reactivate subscription' })).toBeNull();
  });
});

describe('/profile/subscription: withdrawal, consent and refunds (issue 36)', { timeout: 30_000 }, () => {
  const routes = (subscriptions: Route | Route[], extra: Record<string, Route | Route[]> = {}) => ({
    'GET /api/users/me': { body: { user: sessionUser({ language: 'en', subscriber: true }) } },
    'GET /api/subscriptions': subscriptions,
    'GET /api/subscriptions/offers': { body: { ...OFFERS, introAvailable: false, recommended: 'tenantad-249kr-30days' } },
    'GET /api/subscriptions/transactions': { body: { transactions: [{ ...RECEIPT, amountOre: 24900, vatOre: 4980 }] } },
    'POST /api/graph': TEST_PROVIDER,
    ...extra,
  });
  const withdrawn = subscription({ display: 'expired', status: 'CANCELED', renew: false, active: false, canWithdraw: false, canceledAt: '2026-11-03T10:00:00.000Z', endingAt: '2026-11-03T10:00:00.000Z' });
  const refundedReceipt = { ...RECEIPT, amountOre: 24900, vatOre: 4980, refunded: true, refundedAt: '2026-11-03T10:00:00.000Z', refundedOre: 24900 };

  it('no withdrawal button once the 14 days are over (canWithdraw false)', async () => {
    await open('/profile/subscription', routes({ body: list([subscription({ canWithdraw: false })]) }));
    await screen.findByTestId('subscription-card');
    expect(screen.queryByRole('button', { name: 'Withdraw from the purchase' })).toBeNull();
  });

  it('withdraws within 14 days: a labelled button, a confirmation stating refund and end of access, sent once, then the amount and new state', async () => {
    const { server, requestsAnswered } = await open(
      '/profile/subscription',
      routes([{ body: list([subscription({ canWithdraw: true })]) }, { body: list([withdrawn]) }], {
        [`POST /api/subscriptions/${ID}/withdraw`]: { body: { refundedOre: 24900, subscription: withdrawn } },
      }),
    );
    const card = await screen.findByTestId('subscription-card');
    fireEvent.click(within(card).getByRole('button', { name: 'Withdraw from the purchase' }));
    const dialog = await screen.findByTestId('withdraw-dialog');
    expect(dialog.textContent).toContain('You get 249 kr. back on the card you paid with.');
    expect(dialog.textContent).toContain('Your access ends right away.');
    expect(server.requests.some((r) => r.url.endsWith('/withdraw'))).toBe(false);
    const yes = within(dialog).getByRole('button', { name: 'Yes, withdraw' }) as HTMLButtonElement;
    clickTwice(yes);
    expect(yes.disabled).toBe(true);
    expect((await screen.findByTestId('action-done')).textContent).toBe('You have withdrawn from the purchase. We refunded 249 kr. to your card, and your access has ended.');
    await waitFor(() => expect(screen.getByTestId('subscription-card').dataset.display).toBe('expired'));
    expect(screen.queryByRole('button', { name: 'Withdraw from the purchase' })).toBeNull();
    expect(screen.queryByTestId('withdraw-dialog')).toBeNull();
    await requestsAnswered();
    expect(server.requests.filter((r) => r.method === 'POST' && r.url === `/api/subscriptions/${ID}/withdraw`)).toHaveLength(1);
  });

  it('a refused withdrawal (the 14 days passed meanwhile) says so and keeps the subscription', async () => {
    await open(
      '/profile/subscription',
      routes({ body: list([subscription({ canWithdraw: true })]) }, {
        [`POST /api/subscriptions/${ID}/withdraw`]: { status: 409, body: { statusCode: 409, code: 'withdrawal-expired', message: 'x' } },
      }),
    );
    fireEvent.click(within(await screen.findByTestId('subscription-card')).getByRole('button', { name: 'Withdraw from the purchase' }));
    fireEvent.click(within(await screen.findByTestId('withdraw-dialog')).getByRole('button', { name: 'Yes, withdraw' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The 14-day withdrawal period has passed, or there is nothing to refund.');
    expect(screen.getByTestId('subscription-card').dataset.display).toBe('renewing');
  });

  it('reactivating an ended subscription sends nothing without the terms box, then once with terms: true', async () => {
    const { server, requestsAnswered } = await open(
      '/profile/subscription',
      routes([{ body: list([withdrawn], { showReactivate: true }) }, { body: list([subscription()]) }], {
        'GET /api/users/me': { body: { user: sessionUser({ language: 'en', subscriber: false }) } },
        'POST /api/graph': [TEST_PROVIDER, { body: { data: { reactivateSubscription: { id: ID } } } }],
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Reactivate subscription' }));
    const dialog = await screen.findByTestId('reactivate-dialog');
    expect(dialog.textContent).toContain('then 249 kr. every 30 days until you cancel');
    expect(dialog.textContent).toContain('Renews automatically; cancel any time.');
    const pay = within(dialog).getByRole('button', { name: 'Reactivate and pay 249 kr.' });
    clickTwice(pay);
    expect(within(dialog).getByText('Subscription and payment terms must be accepted.')).toBeTruthy();
    expect((within(dialog).getByRole('checkbox') as HTMLInputElement).getAttribute('aria-invalid')).toBe('true');
    await requestsAnswered();
    expect(graphBodies(server).some((b) => b.operationName === 'ReactivateSubscription')).toBe(false);
    fireEvent.click(within(dialog).getByRole('checkbox'));
    clickTwice(pay);
    await waitFor(() => expect(screen.getByTestId('subscription-card').dataset.display).toBe('renewing'));
    await requestsAnswered();
    expect(graphBodies(server).filter((b) => b.operationName === 'ReactivateSubscription').map((b) => b.variables)).toEqual([{ id: ID, terms: true }]);
  });

  it('renewing a cancelled subscription that still runs charges nothing now: no terms box, no terms sent', async () => {
    const cancelled = subscription({ display: 'cancelled-running', renew: false, canceledAt: '2026-11-10T09:00:00.000Z' });
    const { server } = await open(
      '/profile/subscription',
      routes([{ body: list([cancelled], { showReactivate: true }) }, { body: list([subscription()]) }], {
        'POST /api/graph': [TEST_PROVIDER, { body: { data: { reactivateSubscription: { id: ID } } } }],
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Reactivate subscription' }));
    const dialog = await screen.findByTestId('reactivate-dialog');
    // The plan in English, not the database's 'Boligsøgerannonce' (issue 36).
    expect(within(dialog).getByText('Tenant ad renews again at 249 kr. per period until you cancel.')).toBeTruthy();
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, reactivate' }));
    await waitFor(() => expect(screen.getByTestId('subscription-card').dataset.display).toBe('renewing'));
    expect(graphBodies(server).find((b) => b.operationName === 'ReactivateSubscription')?.variables).toEqual({ id: ID });
  });

  it('receipts: whole DKK, and a refunded charge says refunded with amount and date', async () => {
    await open(
      '/profile/subscription',
      routes({ body: list([withdrawn]) }, {
        'GET /api/subscriptions/transactions': { body: { transactions: [refundedReceipt, { ...RECEIPT, id: 11, orderno: '1041' }] } },
      }),
    );
    const rows = await screen.findAllByTestId('receipt-row');
    expect(rows[0]?.dataset.refunded).toBe('true');
    expect(within(rows[0] as HTMLElement).getByTestId('receipt-refunded').textContent).toBe('Refunded 249 kr. on 03/11/2026');
    expect(rows[0]?.textContent).toContain('249 kr.');
    expect(rows[1]?.dataset.refunded).toBeUndefined();
    expect(rows[1]?.textContent).toContain('19 kr.');
    expect(rows[1]?.textContent).not.toContain('19,00');
    expect(within(rows[1] as HTMLElement).queryByTestId('receipt-refunded')).toBeNull();
  });
});

describe('/profile/invoice/{id}', { timeout: 30_000 }, () => {
  it('a printable receipt: customer and company, lines with price, VAT 25 % and subtotal, order number', async () => {
    await open('/profile/invoice/12', {
      'GET /api/users/me': { body: { user: sessionUser({ language: 'en', subscriber: true }) } },
      'GET /api/subscriptions/transactions/12': { body: RECEIPT },
    });
    const invoice = within(await screen.findByTestId('invoice'));
    expect(invoice.getByTestId('invoice-orderno').textContent).toBe('1042');
    expect(invoice.getByRole('region', { name: 'Customer' }).textContent).toContain('Nørregade 1');
    expect(invoice.getByRole('region', { name: 'Customer' }).textContent).toContain('8000 Aarhus C');
    expect(invoice.getByRole('region', { name: 'Seller' }).textContent).toContain('CVR 12345678');
    // The stored line is Danish; on en. the plan's line reads in English (issue 36).
    const line = invoice.getByText('Tenant ad – introductory offer (7 days)').closest('tr') as HTMLElement;
    expect([...line.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['Tenant ad – introductory offer (7 days)', '19,00 kr.', '3,80 kr.', '19,00 kr.']);
    expect(invoice.queryByText(/Boligsøger|dage/)).toBeNull();
    expect(invoice.getByText('VAT (25 %)')).toBeTruthy();
    expect(invoice.getByTestId('invoice-vat').textContent).toBe('3,80 kr.');
    expect(invoice.getByTestId('invoice-total').textContent).toBe('19,00 kr.');
    expect(invoice.getByRole('button', { name: 'Print' })).toBeTruthy();
  });

  it('shows a line of a plan the web does not name, or of no plan, as stored', async () => {
    const products = [
      { label: 'Ny plan (3 dage)', priceOre: 1000, vatOre: 200, subtotalOre: 1000, plan: { plan: 'tenantad-new-plan', introDays: 3, refund: false } },
      { label: 'Gebyr', priceOre: 900, vatOre: 180, subtotalOre: 900, plan: null },
    ];
    await open('/profile/invoice/12', {
      'GET /api/users/me': { body: { user: sessionUser({ language: 'en', subscriber: true }) } },
      'GET /api/subscriptions/transactions/12': { body: { ...RECEIPT, products } },
    });
    const invoice = within(await screen.findByTestId('invoice'));
    expect(invoice.getByText('Ny plan (3 dage)')).toBeTruthy();
    expect(invoice.getByText('Gebyr')).toBeTruthy();
  });

  it('in Danish the line is shown exactly as stored', async () => {
    document.cookie = 'token=t; Path=/';
    const server = await api({
      'GET /api/users/me': { body: { user: sessionUser({ language: 'da', subscriber: true }) } },
      'GET /api/subscriptions/transactions/12': { body: RECEIPT },
    });
    renderApp('/profile/invoice/12', { areas: AREAS_FIXTURE, apiBaseUrl: `${server.origin}/api`, translations: da, host: 'localhost:3000', token: 't' });
    const invoice = within(await screen.findByTestId('invoice'));
    expect(invoice.getByText('Boligsøgerannonce – introtilbud (7 dage)')).toBeTruthy();
    expect(invoice.queryByText(/Tenant ad/)).toBeNull();
  });

  it('someone else’s or an unknown receipt (404) says it cannot be found', async () => {
    await open('/profile/invoice/99', {
      'GET /api/users/me': { body: { user: sessionUser({ language: 'en' }) } },
      'GET /api/subscriptions/transactions/99': { status: 404, body: { statusCode: 404, code: 'not-found', message: 'Transaction not found' } },
    });
    expect(await screen.findByText('We could not find that receipt.')).toBeTruthy();
  });
});
