import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSTANT_PUSH_THROTTLE } from '@husly/domain';
import { PUSH_ERROR_CODES, type PushPayload } from '@husly/contracts';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createCity, createDwelling, createUser, unique } from '../../../test/factories';
import { startPushService, type TestBrowser, type TestPushService } from '../../../test/push-service';
import { TokenService } from '../../common/auth/token.service';
import { BoligagentDeliveryService } from '../boligagent-delivery.service';
import { signUserParam } from '../public-urls';
import { PushService } from './push.service';

const DAY = 86_400_000;

async function until(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('instant push through a local RFC 8030 push service', () => {
  let t: TestApp;
  let service: TestPushService;
  let delivery: BoligagentDeliveryService;
  let push: PushService;
  let bearer: (userId: number) => Record<string, string>;

  beforeAll(async () => {
    service = await startPushService();
    t = await createTestApp({ env: { PUSH_EXTRA_ENDPOINT_ORIGINS: service.origin, PUBLIC_URL: 'https://husly.test' } });
    delivery = t.app.get(BoligagentDeliveryService);
    push = t.app.get(PushService);
    const tokens = t.app.get(TokenService);
    bearer = (userId) => ({ authorization: `Bearer ${tokens.issue(userId)}` });
  });
  afterAll(async () => {
    await t.close();
    await service.close();
  });

  /** A verified visitor agent for a new city (instant unless told). */
  async function agent(input: { frequency?: 'INSTANT' | 'DAILY'; language?: string; userId?: number; verified?: boolean } = {}) {
    const city = await createCity(t.prisma);
    const created = await t.prisma.boligagent.create({
      data: {
        email: `push-${unique()}@husly.test`,
        token: `tok-${unique()}${unique()}`,
        verifiedAt: input.verified === false ? null : new Date(Date.now() - 2 * DAY),
        frequency: input.frequency ?? 'INSTANT',
        language: input.language ?? 'da',
        userId: input.userId ?? null,
        prefs: { create: { cityId: city.id } },
      },
    });
    return { ...created, cityId: city.id };
  }

  const pushesTo = (browser: TestBrowser) => service.received.filter((r) => r.id === browser.id);
  const subscribe = (browser: TestBrowser, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.request('POST', '/api/push/subscriptions', { subscription: browser.subscription, ...body }, headers);

  it('gives the VAPID public key the browser subscribes with', async () => {
    const res = await t.request('GET', '/api/push/public-key');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ publicKey: t.config.push?.publicKey });
    expect(Buffer.from(res.body.publicKey as string, 'base64url')).toHaveLength(65);
  });

  it('pushes an instant match once to each browser of the agent and its user, decrypted with their keys, in their language', async () => {
    const user = await createUser(t.prisma);
    const a = await agent({ userId: user.id });
    const phone = service.browser();
    const laptop = service.browser();
    // The phone turned it on in English with the visitor link's token; the laptop logged in, in Danish.
    expect((await subscribe(phone, { token: a.token, language: 'en' })).status).toBe(204);
    expect((await subscribe(laptop, {}, bearer(user.id))).status).toBe(204);

    const d = await createDwelling(t.prisma, { cityId: a.cityId, rent: 8500, headline: `Lys toer ${unique()}` });
    await delivery.runInstant([d.id]);
    await until('both pushes', () => pushesTo(phone).length === 1 && pushesTo(laptop).length === 1);

    const user_ = encodeURIComponent(signUserParam(a.id, t.config.auth.jwtSecret));
    expect(pushesTo(phone)[0].payload).toEqual({
      title: d.headline,
      body: '8.500 DKK/month',
      url: `https://en.husly.test/vis/${d.id}?user=${user_}&source=push`,
      tag: `husly-dwelling-${d.id}`,
    } satisfies PushPayload);
    expect(pushesTo(laptop)[0].payload).toMatchObject({ body: '8.500 kr./md.', url: `https://husly.test/vis/${d.id}?user=${user_}&source=push` });
    expect(pushesTo(phone)[0].headers).toMatchObject({ ttl: '86400', topic: `d${d.id}`, urgency: 'high' });
    expect(pushesTo(phone)[0].headers.authorization).toContain(`k=${t.config.push?.publicKey}`);

    // The same dwelling again (a re-import, a retried instant job): nothing more.
    await delivery.runInstant([d.id]);
    await delivery.dwellingsCreated([d.id]);
    const row = await t.prisma.pushDelivery.findUniqueOrThrow({ where: { boligagentId_dwellingId: { boligagentId: a.id, dwellingId: d.id } } });
    await until('the push marked sent', async () => (await t.prisma.pushDelivery.findUniqueOrThrow({ where: { id: row.id } })).status === 'SENT');
    expect(await push.send(row.id, false)).toBe('skipped');
    expect(pushesTo(phone)).toHaveLength(1);
    expect(pushesTo(laptop)).toHaveLength(1);
    expect(await t.prisma.pushDelivery.count({ where: { boligagentId: a.id } })).toBe(1);
  });

  it('retries only the browser whose push service failed: the one that took it is not pushed twice', async () => {
    const a = await agent();
    const ok = service.browser();
    const flaky = service.browser();
    await subscribe(ok, { token: a.token });
    await subscribe(flaky, { token: a.token });
    service.answer(flaky.id, 503);
    const d = await createDwelling(t.prisma, { cityId: a.cityId, rent: 6000 });
    await delivery.runInstant([d.id]);
    const row = () => t.prisma.pushDelivery.findFirstOrThrow({ where: { boligagentId: a.id, dwellingId: d.id } });
    // The first attempt: one browser done, the lease given back with the 503 recorded, the job to retry.
    await until('the failed first attempt', async () => (await row()).error?.startsWith('503') === true);
    expect(pushesTo(ok)).toHaveLength(1);
    expect((await row()).status).toBe('PENDING');

    service.answer(flaky.id, 201);
    // The retry (run here rather than after the queue's backoff) sends to the flaky browser only.
    expect(await push.send((await row()).id, false)).toBe('sent');
    expect(pushesTo(ok)).toHaveLength(1);
    expect(pushesTo(flaky)).toHaveLength(1);
    expect(await push.send((await row()).id, false)).toBe('skipped');
    expect(pushesTo(flaky)).toHaveLength(1);
  });

  it('an agent stopped between the claim and the retry is not pushed', async () => {
    const a = await agent();
    const browser = service.browser();
    await subscribe(browser, { token: a.token });
    service.answer(browser.id, 503);
    const d = await createDwelling(t.prisma, { cityId: a.cityId });
    await delivery.runInstant([d.id]);
    const row = () => t.prisma.pushDelivery.findFirstOrThrow({ where: { boligagentId: a.id, dwellingId: d.id } });
    await until('the failed first attempt', async () => (await row()).error?.startsWith('503') === true);
    service.answer(browser.id, 201);
    await t.prisma.boligagent.update({ where: { id: a.id }, data: { enabled: false } });
    expect(await push.send((await row()).id, false)).toBe('stopped');
    expect(await row()).toMatchObject({ status: 'FAILED', error: 'agent stopped' });
    expect(pushesTo(browser)).toHaveLength(0);
  });

  it('deletes a subscription the push service answers 410 for, and still pushes the others', async () => {
    const a = await agent();
    const gone = service.browser();
    const kept = service.browser();
    await subscribe(gone, { token: a.token });
    await subscribe(kept, { token: a.token });
    service.answer(gone.id, 410);
    const d = await createDwelling(t.prisma, { cityId: a.cityId });
    await delivery.runInstant([d.id]);
    await until('the push', async () => (await t.prisma.pushDelivery.findFirst({ where: { boligagentId: a.id, status: 'SENT' } })) !== null);
    expect(pushesTo(kept)).toHaveLength(1);
    expect(await t.prisma.pushSubscription.findMany({ where: { boligagentId: a.id }, select: { endpoint: true } })).toEqual([{ endpoint: kept.endpoint }]);
  });

  it('holds the hourly limit per agent: the newest matches are pushed, the rest never; an hour later pushes again', async () => {
    const a = await agent();
    const browser = service.browser();
    await subscribe(browser, { token: a.token });
    const limit = INSTANT_PUSH_THROTTLE.perHour;
    const dwellings = [];
    for (let i = 0; i < limit + 2; i++) dwellings.push(await createDwelling(t.prisma, { cityId: a.cityId, createdAt: new Date(Date.now() - (limit + 2 - i) * 1000) }));
    // Two instant jobs at once (a feed import in two parts) for the same agent: the lock on the agent counts them in turn.
    await Promise.all([delivery.runInstant(dwellings.slice(0, 3).map((d) => d.id)), delivery.runInstant(dwellings.slice(3).map((d) => d.id))]);
    await until('the pushes within the limit', () => pushesTo(browser).length === limit);
    const rows = await t.prisma.pushDelivery.findMany({ where: { boligagentId: a.id } });
    expect(rows.filter((r) => r.status === 'THROTTLED')).toHaveLength(2);
    // Re-running changes nothing: throttled pairs stay throttled.
    await delivery.runInstant(dwellings.map((d) => d.id));
    expect(await t.prisma.pushDelivery.count({ where: { boligagentId: a.id, status: 'THROTTLED' } })).toBe(2);

    t.clock.advance(INSTANT_PUSH_THROTTLE.windowMs + 1000);
    try {
      const later = await createDwelling(t.prisma, { cityId: a.cityId, createdAt: new Date() });
      await delivery.runInstant([later.id]);
      await until('the push after the hour', () => pushesTo(browser).length === limit + 1);
      expect((pushesTo(browser)[limit].payload as PushPayload).tag).toBe(`husly-dwelling-${later.id}`);
    } finally {
      t.clock.advance(-(INSTANT_PUSH_THROTTLE.windowMs + 1000));
    }
  });

  it('subscribes once when the same subscription is posted twice at once, and unsubscribes idempotently', async () => {
    const a = await agent();
    const browser = service.browser();
    const both = await Promise.all([subscribe(browser, { token: a.token }), subscribe(browser, { token: a.token })]);
    expect(both.map((r) => r.status)).toEqual([204, 204]);
    expect(await t.prisma.pushSubscription.count({ where: { endpoint: browser.endpoint } })).toBe(1);

    // Someone else's token does not remove it.
    const other = await agent();
    expect((await t.request('DELETE', '/api/push/subscriptions', { endpoint: browser.endpoint, token: other.token })).status).toBe(204);
    expect(await t.prisma.pushSubscription.count({ where: { endpoint: browser.endpoint } })).toBe(1);

    const gone = await Promise.all([
      t.request('DELETE', '/api/push/subscriptions', { endpoint: browser.endpoint, token: a.token }),
      t.request('DELETE', '/api/push/subscriptions', { endpoint: browser.endpoint, token: a.token }),
    ]);
    expect(gone.map((r) => r.status)).toEqual([204, 204]);
    expect(await t.prisma.pushSubscription.count({ where: { endpoint: browser.endpoint } })).toBe(0);
  });

  it('refuses what it cannot push to or for, with a 4xx that changes nothing', async () => {
    const instant = await agent();
    const daily = await agent({ frequency: 'DAILY' });
    const unverified = await agent({ verified: false });
    const browser = service.browser();
    const cases: Array<[Record<string, unknown>, number, string | undefined]> = [
      [{ subscription: browser.subscription, token: daily.token }, 409, PUSH_ERROR_CODES.notInstant],
      [{ subscription: browser.subscription, token: unverified.token }, 409, PUSH_ERROR_CODES.notInstant],
      [{ subscription: browser.subscription, token: 'no-such-token' }, 404, 'not-found'],
      [{ subscription: browser.subscription }, 401, undefined],
      // A push service we do not send to: an internal address, plain http, another port.
      [{ subscription: { ...browser.subscription, endpoint: 'http://10.0.0.1/push/x' }, token: instant.token }, 400, PUSH_ERROR_CODES.endpointNotAllowed],
      [{ subscription: { ...browser.subscription, endpoint: 'https://fcm.googleapis.com:8443/fcm/send/x' }, token: instant.token }, 400, PUSH_ERROR_CODES.endpointNotAllowed],
      [{ subscription: { ...browser.subscription, endpoint: 'https://fcm.googleapis.com.evil.test/x' }, token: instant.token }, 400, PUSH_ERROR_CODES.endpointNotAllowed],
      [{ subscription: { ...browser.subscription, endpoint: 'not a url' }, token: instant.token }, 400, undefined],
      [{ subscription: { endpoint: browser.endpoint, keys: { p256dh: 'short', auth: browser.keys.auth } }, token: instant.token }, 400, undefined],
    ];
    for (const [body, status, code] of cases) {
      const res = await t.request('POST', '/api/push/subscriptions', body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      if (code) expect(res.body.code).toBe(code);
    }
    expect(await t.prisma.pushSubscription.count({ where: { endpoint: browser.endpoint } })).toBe(0);
    // A user without an instant agent.
    const user = await createUser(t.prisma);
    expect((await subscribe(browser, {}, bearer(user.id))).status).toBe(409);
    // And an allowed browser push service is accepted (never contacted here).
    const fcm = { endpoint: `https://fcm.googleapis.com/fcm/send/${unique()}`, keys: browser.keys };
    expect((await t.request('POST', '/api/push/subscriptions', { subscription: fcm, token: instant.token })).status).toBe(204);
  });
});

describe('instant push switched off', () => {
  it('answers the public key with 404 push-off', async () => {
    const t = await createTestApp({ env: { PUSH_ENABLED: 'false' } });
    try {
      const res = await t.request('GET', '/api/push/public-key');
      expect(res.status).toBe(404);
      expect(res.body.code).toBe(PUSH_ERROR_CODES.off);
    } finally {
      await t.close();
    }
  });
});
