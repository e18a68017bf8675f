import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small stateful stand-in for Stripe's API, speaking the HTTP the official SDK sends for the calls
 * Husly makes (customers, products, subscriptions, invoices, payment intents, refunds, events).
 * stripe-stateful-mock was evaluated first: it predates the invoice confirmation_secret and the
 * invoice payments of the API version our SDK pins, so it cannot answer our calls (ADR 0009).
 * Tests drive what happens in the browser and at Stripe (a payment, a renewal, a failure) through
 * the methods below, and sign the matching webhook events themselves.
 */
export class StripeFake {
  private server?: Server;
  readonly requests: Array<{ method: string; path: string; idempotencyKey?: string; body?: Record<string, unknown>; failed?: boolean }> = [];
  private readonly idempotent = new Map<string, { status: number; body: unknown }>();
  readonly customers = new Map<string, Record<string, unknown>>();
  readonly products = new Map<string, Record<string, unknown>>();
  readonly subscriptions = new Map<string, FakeSubscription>();
  readonly invoices = new Map<string, FakeInvoice>();
  readonly intents = new Map<string, { id: string; fingerprint: string | null; invoice: string }>();
  readonly refunds: Array<{ payment_intent: string; amount: number }> = [];
  readonly events: Array<{ id: string; type: string; created: number; data: { object: Record<string, unknown> } }> = [];
  /** Requests still to refuse as an outage (503), each matching `failing.match`; see failNext. */
  private failing = { count: 0, match: (_method: string, _path: string) => true };
  /** Seconds since epoch, moved by the tests. */
  now = Math.floor(Date.now() / 1000);

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server?.close(() => resolve()));
    // close() waits for every open connection to end, and the SDK keeps its sockets alive: a stand-in
    // ends them itself. (stripe.e2e-spec's afterAll once hung for its 120 s on a loaded machine; this
    // is the one wait in it that depends on the other side.)
    this.server?.closeAllConnections();
    await closed;
  }

  /** The Payment Element confirms the first invoice with a card (fingerprint), as the browser would. */
  payFirstInvoice(subscriptionId: string, fingerprint = 'fp_default'): FakeInvoice {
    const s = this.subscriptions.get(subscriptionId) as FakeSubscription;
    const invoice = this.invoices.get(s.latest_invoice) as FakeInvoice;
    this.markPaid(invoice, fingerprint);
    s.default_payment_method = `pm_${fingerprint}`;
    s.status = s.trial_end && s.trial_end > this.now ? 'trialing' : 'active';
    return invoice;
  }

  /** Stripe's own renewal at period end: a paid invoice (or a failed one: past_due). */
  renew(subscriptionId: string, ok = true): FakeInvoice {
    const s = this.subscriptions.get(subscriptionId) as FakeSubscription;
    const item = s.items.data[0];
    const start = item.current_period_end;
    item.current_period_start = start;
    item.current_period_end = start + s.interval_days * 86_400;
    const invoice = this.newInvoice(s, s.unit_amount, 'subscription_cycle');
    s.latest_invoice = invoice.id;
    if (ok) {
      this.markPaid(invoice, (s.default_payment_method ?? 'pm_default').slice(3));
      s.status = 'active';
    } else {
      s.status = 'past_due';
    }
    return invoice;
  }

  /**
   * Stripe is down for the next `count` requests that `match` (method, path): a 503 that is not
   * stored under the idempotency key (the request never ran), with Stripe-Should-Retry: false so the
   * SDK gives up at once and the caller's own retry (the job) is what is tested.
   */
  failNext(count: number, match: (method: string, path: string) => boolean = () => true): void {
    this.failing = { count, match };
  }

  /** What Stripe does when the period ends: cancel_at_period_end ends it, otherwise it renews (charges). */
  periodEnds(subscriptionId: string): FakeInvoice | null {
    const s = this.subscriptions.get(subscriptionId) as FakeSubscription;
    if (s.status === 'canceled' || s.status === 'incomplete_expired') return null;
    if (s.cancel_at_period_end) {
      this.endPeriod(subscriptionId);
      return null;
    }
    return this.renew(subscriptionId, true);
  }

  /** The period ends with cancel_at_period_end set: Stripe deletes the subscription. */
  endPeriod(subscriptionId: string): void {
    const s = this.subscriptions.get(subscriptionId) as FakeSubscription;
    s.status = 'canceled';
    s.ended_at = s.items.data[0].current_period_end;
  }

  event(type: string, object: Record<string, unknown>): { id: string; type: string; created: number; data: { object: Record<string, unknown> }; object: 'event'; api_version: string; livemode: false } {
    const event = { id: `evt_${randomBytes(10).toString('hex')}`, object: 'event' as const, api_version: '2026-10-28.endive', livemode: false as const, type, created: this.now, data: { object: structuredClone(object) } };
    this.events.push(event);
    return event;
  }

  private markPaid(invoice: FakeInvoice, fingerprint: string): void {
    const intent = { id: `pi_${randomBytes(8).toString('hex')}`, fingerprint, invoice: invoice.id };
    this.intents.set(intent.id, intent);
    invoice.status = 'paid';
    invoice.amount_paid = invoice.amount_due;
    invoice.status_transitions.paid_at = this.now;
    invoice.payments = { object: 'list', data: [{ id: `inpay_${intent.id}`, object: 'invoice_payment', status: 'paid', payment: { type: 'payment_intent', payment_intent: intent.id } }], has_more: false, url: '' };
  }

  private newInvoice(s: FakeSubscription, amount: number, reason: string): FakeInvoice {
    const invoice: FakeInvoice = {
      id: `in_${randomBytes(10).toString('hex')}`,
      object: 'invoice',
      customer: s.customer,
      status: amount > 0 ? 'open' : 'paid',
      amount_due: amount,
      amount_paid: amount > 0 ? 0 : 0,
      billing_reason: reason,
      created: this.now + this.invoices.size,
      status_transitions: { paid_at: amount > 0 ? null : this.now },
      parent: { type: 'subscription_details', subscription_details: { subscription: s.id, metadata: s.metadata } },
      confirmation_secret: amount > 0 ? { type: 'payment_intent', client_secret: `pi_${randomBytes(8).toString('hex')}_secret_${randomBytes(8).toString('hex')}` } : null,
      payments: { object: 'list', data: [], has_more: false, url: '' },
    };
    this.invoices.set(invoice.id, invoice);
    return invoice;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const answer = this.answer(req.method ?? 'GET', req.url ?? '/', Buffer.concat(chunks).toString(), req.headers['idempotency-key'] as string | undefined);
    res.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(6).toString('hex')}`, ...(answer.status === 503 ? { 'stripe-should-retry': 'false' } : {}) });
    res.end(JSON.stringify(answer.body));
  }

  /**
   * The same answers without a socket, as a fetch function for the SDK's fetch HTTP client: the
   * property test makes tens of thousands of calls and must not wait on TCP.
   */
  readonly fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url;
    const headers = new Headers(init?.headers);
    const body = typeof init?.body === 'string' ? init.body : '';
    const answer = this.answer(init?.method ?? 'GET', new URL(url).pathname + new URL(url).search, body, headers.get('idempotency-key') ?? undefined);
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json', 'request-id': 'req_inprocess', ...(answer.status === 503 ? { 'stripe-should-retry': 'false' } : {}) } });
  };

  private answer(method: string, path: string, rawBody: string, key: string | undefined): { status: number; body: unknown } {
    const url = new URL(path, 'http://stripe.local');
    const form = parseForm(method === 'GET' || method === 'DELETE' ? url.searchParams.toString() : rawBody);
    if (this.failing.count > 0 && this.failing.match(method, url.pathname)) {
      this.failing.count--;
      this.requests.push({ method, path: url.pathname, idempotencyKey: key, body: form, failed: true });
      return { status: 503, body: { error: { type: 'api_error', message: 'Stripe is unavailable (test outage)' } } };
    }
    this.requests.push({ method, path: url.pathname, idempotencyKey: key, body: form });
    const cacheKey = key ? `${method} ${url.pathname} ${key}` : null;
    if (cacheKey && this.idempotent.has(cacheKey)) return this.idempotent.get(cacheKey) as { status: number; body: unknown };
    const [status, body] = this.route(method, url.pathname.split('/').filter(Boolean), form);
    if (cacheKey) this.idempotent.set(cacheKey, { status, body });
    return { status, body };
  }

  private route(method: string, parts: string[], form: Record<string, unknown>): [number, unknown] {
    const [, resource, id] = parts;
    const missing = (what: string): [number, unknown] => [404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}: '${id}'` } }];
    if (resource === 'customers' && method === 'POST') {
      const customer = { id: `cus_${randomBytes(8).toString('hex')}`, object: 'customer', ...form };
      this.customers.set(customer.id, customer);
      return [200, customer];
    }
    if (resource === 'products') {
      if (method === 'GET') return this.products.has(id) ? [200, this.products.get(id)] : missing('product');
      const product = { object: 'product', ...form };
      this.products.set(String(form.id), product);
      return [200, product];
    }
    if (resource === 'subscriptions') {
      if (method === 'POST' && !id) return [200, this.expand(this.createSubscription(form), form)];
      const s = this.subscriptions.get(id);
      if (!s) return missing('subscription');
      if (method === 'GET') return [200, this.expand(s, form)];
      if (method === 'DELETE') {
        if (s.status === 'canceled') return [400, { error: { type: 'invalid_request_error', message: 'This subscription is already canceled.' } }];
        s.status = s.status === 'incomplete' ? 'incomplete_expired' : 'canceled';
        s.canceled_at = this.now;
        s.ended_at = this.now;
        return [200, s];
      }
      if (form.cancel_at_period_end !== undefined) {
        s.cancel_at_period_end = form.cancel_at_period_end === 'true';
        s.canceled_at = s.cancel_at_period_end ? this.now : null;
      }
      return [200, s];
    }
    if (resource === 'invoices' && method === 'GET') {
      const data = [...this.invoices.values()].filter((i) => i.parent.subscription_details.subscription === form.subscription && (!form.status || i.status === form.status));
      return [200, { object: 'list', data, has_more: false, url: '/v1/invoices' }];
    }
    if (resource === 'payment_intents' && method === 'GET') {
      const intent = this.intents.get(id);
      if (!intent) return missing('payment_intent');
      return [200, { id: intent.id, object: 'payment_intent', latest_charge: { id: `ch_${intent.id}`, object: 'charge', payment_method_details: { type: 'card', card: { fingerprint: intent.fingerprint } } } }];
    }
    if (resource === 'refunds' && method === 'POST') {
      this.refunds.push({ payment_intent: String(form.payment_intent), amount: Number(form.amount) });
      return [200, { id: `re_${randomBytes(8).toString('hex')}`, object: 'refund', status: 'succeeded', ...form }];
    }
    if (resource === 'events' && method === 'GET') {
      const gte = Number((form.created as Record<string, string> | undefined)?.gte ?? 0);
      return [200, { object: 'list', data: this.events.filter((e) => e.created >= gte), has_more: false, url: '/v1/events' }];
    }
    return [404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: /${parts.join('/')})` } }];
  }

  private createSubscription(form: Record<string, unknown>): FakeSubscription {
    const items = form.items as Array<{ price?: string; price_data?: { unit_amount: string; recurring: { interval_count: string } } }>;
    const unit = Number(items[0].price_data?.unit_amount ?? 0);
    const intervalDays = Number(items[0].price_data?.recurring.interval_count ?? 30);
    const trialEnd = form.trial_end ? Number(form.trial_end) : form.trial_period_days ? this.now + Number(form.trial_period_days) * 86_400 : null;
    const s: FakeSubscription = {
      id: `sub_${randomBytes(10).toString('hex')}`,
      object: 'subscription',
      customer: String(form.customer),
      status: 'incomplete',
      cancel_at_period_end: false,
      canceled_at: null,
      ended_at: null,
      start_date: this.now,
      trial_end: trialEnd,
      metadata: (form.metadata ?? {}) as Record<string, string>,
      default_payment_method: (form.default_payment_method as string | undefined) ?? null,
      items: { object: 'list', data: [{ id: `si_${randomBytes(6).toString('hex')}`, current_period_start: this.now, current_period_end: trialEnd ?? this.now + intervalDays * 86_400 }] },
      latest_invoice: '',
      unit_amount: unit,
      interval_days: intervalDays,
    };
    this.subscriptions.set(s.id, s);
    const addItems = (form.add_invoice_items ?? []) as Array<{ price_data: { unit_amount: string } }>;
    const first = form.trial_end ? 0 : trialEnd ? addItems.reduce((sum, i) => sum + Number(i.price_data.unit_amount), 0) : unit;
    const invoice = this.newInvoice(s, first, 'subscription_create');
    s.latest_invoice = invoice.id;
    if (first === 0) s.status = 'trialing';
    else if (form.payment_behavior === 'error_if_incomplete' && s.default_payment_method) {
      this.markPaid(invoice, s.default_payment_method.slice(3));
      s.status = trialEnd ? 'trialing' : 'active';
    }
    return s;
  }

  private expand(s: FakeSubscription, form: Record<string, unknown>): unknown {
    const expand = (form.expand ?? []) as string[];
    if (!expand.some((e) => e.startsWith('latest_invoice'))) return s;
    return { ...s, latest_invoice: this.invoices.get(s.latest_invoice) };
  }
}

export interface FakeSubscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  ended_at: number | null;
  start_date: number;
  trial_end: number | null;
  metadata: Record<string, string>;
  default_payment_method: string | null;
  items: { object: 'list'; data: Array<{ id: string; current_period_start: number; current_period_end: number }> };
  latest_invoice: string;
  unit_amount: number;
  interval_days: number;
}

export interface FakeInvoice {
  id: string;
  object: 'invoice';
  customer: string;
  status: string;
  amount_due: number;
  amount_paid: number;
  billing_reason: string;
  created: number;
  status_transitions: { paid_at: number | null };
  parent: { type: 'subscription_details'; subscription_details: { subscription: string; metadata: Record<string, string> } };
  confirmation_secret: { type: string; client_secret: string } | null;
  payments: { object: 'list'; data: unknown[]; has_more: false; url: string };
}

/** Stripe's form encoding (a[b][0][c]=v) back into objects and arrays. */
export function parseForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const path = rawKey.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> | unknown[] = root;
    path.forEach((part, i) => {
      const last = i === path.length - 1;
      const nextIsIndex = !last && /^\d*$/.test(path[i + 1]);
      const container = node as Record<string, unknown>;
      const keyName = part === '' && Array.isArray(node) ? String(node.length) : part;
      if (last) {
        if (Array.isArray(node)) (node as unknown[]).push(value);
        else container[keyName] = value;
        return;
      }
      container[keyName] ??= nextIsIndex ? [] : {};
      node = container[keyName] as Record<string, unknown>;
    });
  }
  return root;
}
