import { Logger } from '@nestjs/common';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createUser } from '../../test/factories';
import { TokenService } from '../common/auth/token.service';
import { TRANSPARENT_GIF } from './events.controller';

// Each test speaks from its own address, so the per-address limits of one never reach another.
let nextAddress = 1;
const address = () => `198.51.100.${nextAddress++}`;

describe('POST /api/event and the error beacon GET /i.gif (spec section 7)', () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp()));
  afterAll(() => t.close());
  afterEach(() => vi.restoreAllMocks());

  const eventsOf = (type: string) => t.prisma.event.findMany({ where: { type }, orderBy: { id: 'asc' } });

  it("stores a named event, the user's when a token comes with it", async () => {
    const user = await createUser(t.prisma);
    const before = (await eventsOf('subscription/cancel-abort')).length;
    const ip = address();
    const visitor = await t.request('POST', '/api/event', { type: 'subscription/cancel-abort' }, {}, ip);
    expect(visitor.status).toBe(204);
    const token = t.app.get(TokenService).issue(user.id);
    const own = await t.request('POST', '/api/event', { type: 'subscription/cancel-abort', payload: { step: 'warning', subscriptionCount: 1 } }, { authorization: `Bearer ${token}` }, ip);
    expect(own.status).toBe(204);
    const stored = (await eventsOf('subscription/cancel-abort')).slice(before);
    expect(stored.map((e) => [e.userId, e.payload])).toEqual([
      [null, {}],
      [user.id, { step: 'warning', subscriptionCount: 1 }],
    ]);
  });

  it('counts a visitor by the bn.visitor cookie the web writes with consent; anything else in it is not kept', async () => {
    const before = (await eventsOf('subscription/cancel-abort')).length;
    const id = '3b241101-e2bb-4255-8caf-4136c566a962';
    for (const cookie of [`bn.visitor=${id}`, 'bn.visitor=not-a-uuid', `bn.visitor=${id}%0Ax`, '']) {
      const res = await t.request('POST', '/api/event', { type: 'subscription/cancel-abort' }, cookie ? { cookie } : {}, address());
      expect(res.status).toBe(204);
    }
    const stored = (await eventsOf('subscription/cancel-abort')).slice(before);
    expect(stored.map((e) => e.visitorId)).toEqual([id, null, null, null]);
  });

  it('refuses what is not a known event, with the field named, and stores nothing', async () => {
    const count = await t.prisma.event.count();
    const ip = address();
    const bad: unknown[] = [
      {},
      { type: 'anything/i-like' },
      { type: 'subscription/cancel-abort', extra: 1 },
      { type: 'subscription/cancel-abort', payload: { note: 'a\u0000b' } },
      { type: 'subscription/cancel-abort', payload: { 'bad key!': 1 } },
      { type: 'subscription/cancel-abort', payload: { nested: { deep: true } } },
      { type: 'subscription/cancel-abort', payload: Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`k${i}`, i])) },
      { type: 'subscription/cancel-abort', payload: { n: 2 ** 40 } },
      { type: ['subscription/cancel-abort'] },
    ];
    for (const body of bad) {
      const res = await t.request('POST', '/api/event', body, {}, ip);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors?.length, JSON.stringify(body)).toBeGreaterThan(0);
    }
    expect(await t.prisma.event.count()).toBe(count);
  });

  it('throttles one address: 60 events in ten minutes, then 429 and nothing stored', async () => {
    const ip = address();
    for (let i = 0; i < 60; i++) {
      expect((await t.request('POST', '/api/event', { type: 'boligagent/modal-shown' }, {}, ip)).status).toBe(204);
    }
    const count = await t.prisma.event.count();
    const refused = await t.request('POST', '/api/event', { type: 'boligagent/modal-shown' }, {}, ip);
    expect(refused.status).toBe(429);
    expect(await t.prisma.event.count()).toBe(count);
    // Another address is not affected.
    expect((await t.request('POST', '/api/event', { type: 'boligagent/modal-shown' }, {}, address())).status).toBe(204);
  });

  it('answers the beacon with a 1×1 GIF and logs the error on one line', async () => {
    const warn = vi.spyOn(Logger.prototype, 'warn');
    const res = await t.request('GET', `/i.gif?error=${encodeURIComponent('TypeError: x is undefined\nFAKE LOG LINE')}&path=${encodeURIComponent('/vis/12?user=secret')}`, undefined, {}, address());
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/gif');
    expect(res.headers['cache-control']).toBe('no-store');
    const logged = warn.mock.calls.map((call) => String(call[0])).filter((line) => line.includes('TypeError'));
    expect(logged).toEqual(['TypeError: x is undefined FAKE LOG LINE (at /vis/12)']);
  });

  it('serves the same GIF bytes a browser decodes as one transparent pixel', async () => {
    const res = await t.request('GET', '/i.gif?error=boom', undefined, {}, address());
    expect(Buffer.from(res.text, 'latin1').subarray(0, 6).toString('latin1')).toBe('GIF89a');
    expect(TRANSPARENT_GIF.readUInt16LE(6)).toBe(1);
    expect(TRANSPARENT_GIF.readUInt16LE(8)).toBe(1);
  });

  it('refuses a beacon without an error, with a repeated or a NUL parameter (400, never 5xx)', async () => {
    const ip = address();
    for (const query of ['', '?error=', '?error=a&error=b', '?error=a%00b']) {
      const res = await t.request('GET', `/i.gif${query}`, undefined, {}, ip);
      expect(res.status, query).toBe(400);
    }
  });

  it('logs at most 20 beacons an hour from one address; the rest get the image with 429', async () => {
    const warn = vi.spyOn(Logger.prototype, 'warn');
    const ip = address();
    const marker = `flood-${nextAddress}`;
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) statuses.push((await t.request('GET', `/i.gif?error=${marker}`, undefined, {}, ip)).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    expect(statuses.slice(20)).toEqual([429, 429, 429, 429, 429]);
    expect(warn.mock.calls.filter((call) => String(call[0]).includes(marker))).toHaveLength(20);
    // An hour later the address may report again.
    t.clock.advance(3600_000 + 1000);
    expect((await t.request('GET', `/i.gif?error=${marker}`, undefined, {}, ip)).status).toBe(200);
  });
});
