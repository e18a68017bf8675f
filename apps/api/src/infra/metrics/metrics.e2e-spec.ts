import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { unique } from '../../../test/factories';
import { StripeFake } from '../../../test/stripe-fake';
import { paidAtStripe, seedOffers, userWithToken } from '../../../test/subscription-fixtures';
import { JOBS } from '../queue/jobs';
import { JobQueue } from '../queue/job-queue.service';
import { Metrics } from './metrics';
import { startMetricsServer } from './metrics-server';

// Issue 33: what ops see without psql. The real app, its real HTTP layer, queue and database; the
// payment provider is the Stripe stand-in speaking Stripe's API to the official SDK.

const OPS_TOKEN = 'ops-token-for-the-metrics-tests-0123456789';
const WEBHOOK_SECRET = 'whsec_husly_metrics_secret';

/** The sum of the samples of `name` whose labels include `labels` (0 when there is none). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  let sum = 0;
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const own = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([key, value]) => own[key] === value)) sum += Number(match[3]);
  }
  return sum;
}

describe('GET /api/metrics', () => {
  let t: TestApp;
  const scrape = async () => {
    const response = await t.request('GET', '/api/metrics', undefined, { authorization: `Bearer ${OPS_TOKEN}` });
    expect(response.status).toBe(200);
    return response.text;
  };
  beforeAll(async () => {
    t = await createTestApp({ env: { OPS_TOKEN } });
    await seedOffers(t.prisma);
  });
  afterAll(() => t?.close());

  it('answers ops only: no token is a 401 that asks for one, a wrong one a 401, and the right one the metrics as text', async () => {
    const none = await t.request('GET', '/api/metrics');
    expect(none.status).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer');
    expect((await t.request('GET', '/api/metrics', undefined, { authorization: `Bearer ${OPS_TOKEN}x` })).status).toBe(401);
    const right = await t.request('GET', '/api/metrics', undefined, { authorization: `Bearer ${OPS_TOKEN}` });
    expect(right.status).toBe(200);
    expect(right.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(right.headers['cache-control']).toMatch(/no-store/);
    // Node's own series, under their usual names, with the process's role.
    expect(sample(right.text, 'nodejs_eventloop_lag_seconds', { role: 'all' })).toBeGreaterThanOrEqual(0);
    expect(right.text).toMatch(/^nodejs_eventloop_lag_seconds\{role="all"\} /m);
  });

  it('answers bad input with a 4xx and no metrics: a token in the query, repeated or oversized headers, NUL, other methods', async () => {
    const inject = (options: { method?: 'GET' | 'POST' | 'DELETE'; url?: string; headers?: Record<string, string | string[]> }) =>
      t.app.getHttpAdapter().getInstance().inject({ method: options.method ?? 'GET', url: options.url ?? '/api/metrics', headers: options.headers ?? {} });
    const bad = [
      // The token belongs in the header only: a URL ends up in proxies' logs.
      await inject({ url: `/api/metrics?token=${OPS_TOKEN}&access_token=${OPS_TOKEN}` }),
      await inject({ headers: { authorization: [`Bearer ${OPS_TOKEN}x`, `Bearer ${OPS_TOKEN}`] } }),
      await inject({ headers: { authorization: `Bearer ${'9'.repeat(60_000)}` } }),
      await inject({ headers: { authorization: `Bearer ${OPS_TOKEN}\u0000` } }),
      await inject({ headers: { authorization: `Basic ${Buffer.from(`ops:${OPS_TOKEN}`).toString('base64')}` } }),
      await inject({ headers: { authorization: OPS_TOKEN } }),
    ];
    for (const response of bad) {
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(response.body).not.toContain('husly_');
    }
    for (const method of ['POST', 'DELETE'] as const) {
      const response = await inject({ method, headers: { authorization: `Bearer ${OPS_TOKEN}` } });
      expect(response.statusCode).toBe(404);
    }
  });

  it('gives nothing away to someone guessing the token, however often they try', async () => {
    // Nothing to throttle on our side beyond the proxy: a 256-bit token is not guessed, the compare is
    // in constant time, and every wrong guess gets the same bare 401 whatever its length or prefix.
    const answers = await Promise.all(
      [OPS_TOKEN.slice(0, -1), OPS_TOKEN.slice(0, 10), `${OPS_TOKEN}0`, 'x', ''.padEnd(64, 'a')].map((guess) =>
        t.request('GET', '/api/metrics', undefined, { authorization: `Bearer ${guess}` }),
      ),
    );
    expect(new Set(answers.map((a) => `${a.status} ${a.text}`)).size).toBe(1);
    expect(answers[0]!.status).toBe(401);
  });

  it('counts requests by route template and status, never by the URL asked for', async () => {
    const route = { method: 'GET', route: '/api/dwellings/:id', status: '404' };
    const before = sample(await scrape(), 'husly_http_request_duration_seconds_count', route);
    const probe = `9${Math.floor(Math.random() * 1e8)}`;
    expect((await t.request('GET', `/api/dwellings/${probe}`)).status).toBe(404);
    expect((await t.request('GET', `/api/dwellings/${probe}1`)).status).toBe(404);
    const after = await scrape();
    expect(sample(after, 'husly_http_request_duration_seconds_count', route)).toBe(before + 2);
    expect(sample(after, 'husly_http_request_duration_seconds_bucket', { ...route, le: '+Inf' })).toBe(before + 2);
    expect(after).not.toContain(probe);
    // A path no route knows is one label, whatever is asked.
    const nowhere = `/api/${unique()}-nowhere`;
    await t.request('GET', nowhere);
    const unmatched = await scrape();
    expect(unmatched).not.toContain(nowhere);
    expect(sample(unmatched, 'husly_http_request_duration_seconds_count', { route: 'unmatched', status: '404' })).toBeGreaterThanOrEqual(1);
  });

  it('reports the database pools and the queue', async () => {
    const text = await scrape();
    expect(sample(text, 'husly_db_pool_connections', { pool: 'prisma', state: 'total' })).toBeGreaterThan(0);
    expect(text).toMatch(/^husly_db_pool_connections\{pool="lists",state="idle",role="all"\} \d+$/m);
    for (const state of ['waiting', 'active', 'failed']) expect(text).toMatch(new RegExp(`^husly_queue_jobs\\{state="${state}",role="all"\\} \\d+$`, 'm'));
  });

  it('counts a declined payment at checkout', async () => {
    const before = sample(await scrape(), 'husly_payments_total', { outcome: 'declined' });
    const { auth } = await userWithToken(t);
    const billing = { name: 'Sofie Søger', email: 'sofie@husly.test', address: 'Nørregade 2', zipcode: '8000', city: 'Aarhus C', country: 'Danmark', phone: '12345678' };
    const bought = await t.request('POST', '/api/subscriptions', { planId: 'tenantad-249kr-30days', terms: true, billing }, auth);
    expect(bought.status).toBe(201);
    const declined = await t.request('POST', `/api/subscriptions/test-payments/${bought.body.meta.paymentInfo}/confirm`, { cardNumber: '4000 0000 0000 0002', expiry: '12/40', cvc: '123', name: 'Sofie Søger' }, auth);
    expect(declined.status).toBe(402);
    expect(sample(await scrape(), 'husly_payments_total', { outcome: 'declined' })).toBe(before + 1);
  });

  it('tells when the nightly boligagent run last finished, how long it took and what it mailed', async () => {
    const started = Date.now() / 1000;
    await t.app.get(JobQueue).enqueue(JOBS.boligagentDigest, { trigger: 'command' }, { jobId: `metrics-digest-${unique()}` });
    await t.app.get(JobQueue).drain();
    const text = await scrape();
    expect(sample(text, 'husly_boligagent_last_run_timestamp_seconds')).toBeGreaterThanOrEqual(Math.floor(started) - 1);
    expect(sample(text, 'husly_boligagent_last_run_duration_seconds')).toBeGreaterThanOrEqual(0);
    expect(text).toMatch(/^husly_boligagent_last_run_mails\{role="all"\} \d+$/m);
  });
});

describe('GET /api/metrics without OPS_TOKEN configured', () => {
  it('is not there (404), as /api/health/details', async () => {
    const t = await createTestApp();
    try {
      expect((await t.request('GET', '/api/metrics')).status).toBe(404);
      expect((await t.request('GET', '/api/metrics', undefined, { authorization: 'Bearer ' })).status).toBe(404);
    } finally {
      await t.close();
    }
  });
});

describe('payments, webhooks and mails, with Stripe', () => {
  const fake = new StripeFake();
  const signer = new Stripe('sk_test_signer');
  let t: TestApp;
  beforeAll(async () => {
    const url = await fake.start();
    t = await createTestApp({ env: { OPS_TOKEN, STRIPE_SECRET_KEY: 'sk_test_metrics', STRIPE_PUBLISHABLE_KEY: 'pk_test_metrics', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: url } });
    await seedOffers(t.prisma);
  });
  afterAll(async () => {
    await t?.close();
    await fake.stop();
  });
  const scrape = async () => (await t.request('GET', '/api/metrics', undefined, { authorization: `Bearer ${OPS_TOKEN}` })).text;
  const deliver = (payload: string, signature: string) =>
    t.app.getHttpAdapter().getInstance().inject({ method: 'POST', url: '/api/subscriptions/webhook', payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } });

  it('counts each delivery by outcome, the time to apply it, the charge it recorded and the receipt mail, each once', async () => {
    const { payload } = await paidAtStripe(t, fake);
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });

    const before = await scrape();
    const count = (text: string, name: string, labels: Record<string, string> = {}) => sample(text, name, labels) - sample(before, name, labels);
    expect((await deliver(payload, signature)).statusCode).toBe(200);
    expect((await deliver(payload, signature)).statusCode).toBe(200);
    expect((await deliver(payload, signer.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' }))).statusCode).toBe(400);
    await t.app.get(JobQueue).drain();

    const after = await scrape();
    expect(count(after, 'husly_webhook_events_total', { outcome: 'accepted' })).toBe(1);
    expect(count(after, 'husly_webhook_events_total', { outcome: 'duplicate' })).toBe(1);
    expect(count(after, 'husly_webhook_events_total', { outcome: 'refused' })).toBe(1);
    expect(count(after, 'husly_webhook_processing_lag_seconds_count')).toBeGreaterThanOrEqual(1);
    expect(count(after, 'husly_payments_total', { outcome: 'succeeded' })).toBe(1);
    // The receipt; the app writes mails as files here, which counts as handed over.
    expect(count(after, 'husly_mails_total', { outcome: 'sent' })).toBeGreaterThanOrEqual(1);
    expect(count(after, 'husly_mails_total', { outcome: 'failed' })).toBe(0);
  });
});

describe("the worker's metrics port", () => {
  it('serves GET /metrics with the ops token and nothing else', async () => {
    const t = await createTestApp();
    const server = await startMetricsServer(t.app.get(Metrics), { port: 0, host: '127.0.0.1', token: OPS_TOKEN });
    try {
      const address = server.address();
      const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      const right = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${OPS_TOKEN}` } });
      expect(right.status).toBe(200);
      expect(right.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(await right.text()).toMatch(/^husly_queue_jobs\{state="waiting",role="all"\} \d+$/m);
      const none = await fetch(`${base}/metrics`);
      expect(none.status).toBe(401);
      await none.body?.cancel();
      const elsewhere = await fetch(`${base}/api/dwellings/latest`, { headers: { authorization: `Bearer ${OPS_TOKEN}` } });
      expect(elsewhere.status).toBe(404);
      await elsewhere.body?.cancel();
      const posted = await fetch(`${base}/metrics`, { method: 'POST', headers: { authorization: `Bearer ${OPS_TOKEN}` } });
      expect(posted.status).toBe(404);
      await posted.body?.cancel();
    } finally {
      await new Promise((resolve) => server.close(resolve));
      await t.close();
    }
  });
});
