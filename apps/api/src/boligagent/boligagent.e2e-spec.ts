import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { BOLIGAGENT_SIGNUP_THROTTLE, ERROR_MESSAGES, THROTTLE_MESSAGES } from '@husly/domain';
import type { BoligagentView } from '@husly/contracts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createCity, createDwelling, createUser, unique } from '../../test/factories';
import { TokenService } from '../common/auth/token.service';
import { JobQueue } from '../infra/queue/job-queue.service';
import { BoligagentDeliveryService } from './boligagent-delivery.service';
import { signUserParam } from './public-urls';

describe('/api/boligagents', () => {
  let t: TestApp;
  let cityA: { id: number; slug: string; label: string };
  let cityB: { id: number; slug: string; label: string };
  let bearer: (userId: number) => Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    cityA = await createCity(t.prisma);
    cityB = await createCity(t.prisma);
    const tokens = t.app.get(TokenService);
    bearer = (userId) => ({ authorization: `Bearer ${tokens.issue(userId)}` });
  });
  afterAll(() => t.close());

  const visitorEmail = () => `besoeg-${unique()}@husly.test`;
  let ipCounter = 0;
  // Tests of the per-IP limits get a client address of their own (the API trusts X-Forwarded-For).
  const fromIp = () => ({ 'x-forwarded-for': `203.0.${100 + (process.pid % 100)}.${++ipCounter}` });

  /** A visitor's agent for `email`, confirmed by its owner through the mailed link (so it mails). */
  async function confirmedVisitorAgent(email: string, area: string) {
    expect((await t.request('POST', '/api/boligagents', { email, prefs: [{ area }] }, fromIp())).status).toBe(201);
    const agent = await t.prisma.boligagent.findFirstOrThrow({ where: { email, userId: null } });
    expect((await t.request('POST', `/api/boligagents/${agent.token}/verify`)).status).toBe(200);
    return t.prisma.boligagent.findUniqueOrThrow({ where: { id: agent.id }, include: { prefs: { orderBy: { id: 'asc' } } } });
  }

  /** Signs up through the API (address not verified): the session's bearer headers. */
  async function signUp(email: string, sessionPrefs: Array<{ area: string }> = []) {
    const res = await t.request(
      'POST',
      '/api/users',
      { email, name: 'Eva Angriber', password: 'hemmelig', repeatPassword: 'hemmelig', terms: true, consent_communication: false, sessionPrefs },
      fromIp(),
    );
    expect(res.status, res.text).toBe(201);
    return { headers: { authorization: `Bearer ${res.body.token as string}` }, userId: res.body.user.id as number, text: res.text };
  }

  /** The verification mail written to the outbox (file mode) for `to`. */
  async function verificationMailTo(to: string) {
    await t.app.get(JobQueue).drain();
    for (const file of readdirSync(t.config.mail.dir).filter((f) => f.endsWith('.eml'))) {
      const parsed = await simpleParser(readFileSync(join(t.config.mail.dir, file)));
      if (parsed.to && 'text' in parsed.to && parsed.to.text === to) return parsed;
    }
    throw new Error(`no mail to ${to}`);
  }

  /** Every mail written to the outbox (file mode) for `to`, once the queue is idle. */
  async function mailsTo(to: string) {
    await t.app.get(JobQueue).drain();
    const files = readdirSync(t.config.mail.dir).filter((f) => f.endsWith('.eml'));
    const parsed = await Promise.all(files.map((f) => simpleParser(readFileSync(join(t.config.mail.dir, f)))));
    return parsed.filter((m) => m.to && 'text' in m.to && m.to.text === to);
  }

  const tokenFromMail = (text: string) => /boligagent\/verify\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1] as string;

  describe('POST by a visitor', () => {
    it.each([
      [undefined, 'no-email', ERROR_MESSAGES.boligagentEmailRequired],
      ['', 'no-email', ERROR_MESSAGES.boligagentEmailRequired],
      ['ikke-en-mail', 'invalid-mail', ERROR_MESSAGES.boligagentInvalidEmail],
      ['navn@domæne', 'invalid-mail', ERROR_MESSAGES.boligagentInvalidEmail],
    ])('email %j → 400 %s', async (email, code, message) => {
      const res = await t.request('POST', '/api/boligagents', { email, prefs: [{ area: cityA.slug }] });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ statusCode: 400, code, message, field: 'email' });
    });

    it("answers 406 email-in-use for a registered user's address (the web asks them to log in)", async () => {
      const user = await createUser(t.prisma);
      const res = await t.request('POST', '/api/boligagents', { email: user.email?.toUpperCase(), prefs: [{ area: cityA.slug }] });
      expect(res.status).toBe(406);
      expect(res.body).toMatchObject({ code: 'email-in-use', message: ERROR_MESSAGES.emailInUse });
    });

    it('answers 400 when no pref names a known area', async () => {
      const res = await t.request('POST', '/api/boligagents', { email: visitorEmail(), prefs: [{ area: 'ingen-by-hedder-sadan', rent: 5000 }, {}] });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'error', field: 'prefs', message: ERROR_MESSAGES.actionFailed });
    });

    it('creates an unverified agent with rounded prefs, defaults not saved, and mails a verification link', async () => {
      const email = visitorEmail();
      const res = await t.request('POST', '/api/boligagents', {
        email,
        prefs: [
          { area: cityA.label, rent: 5001, rooms: 1, size: 10 },
          { area: null, rent: null, rooms: null, size: null },
        ],
      });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ verificationSent: true });
      const agent = await t.prisma.boligagent.findFirstOrThrow({ where: { email }, include: { prefs: true } });
      expect(agent.verifiedAt).toBeNull();
      expect(agent.language).toBe('da');
      expect(agent.frequency).toBe('DAILY');
      expect(agent.prefs.map((p) => ({ cityId: p.cityId, rent: p.rent, rooms: p.rooms, size: p.size, status: p.status }))).toEqual([
        { cityId: cityA.id, rent: 6000, rooms: null, size: null, status: 'ACTIVE' },
      ]);
      const mail = await verificationMailTo(email);
      expect(mail.subject).toBe('Bekræft din BoligAgent');
      expect(tokenFromMail(mail.text ?? '')).toBe(agent.token);
      expect(mail.text).toContain(`${t.config.http.publicUrl}/boligagent/verify?token=`);
    });

    it('writes an English verification mail on the en. host, with the en. link', async () => {
      const email = visitorEmail();
      const res = await t.request('POST', '/api/boligagents', { email, prefs: [{ area: cityA.slug, rent: 12000 }] }, { host: 'en.localhost:3000' });
      expect(res.status).toBe(201);
      const agent = await t.prisma.boligagent.findFirstOrThrow({ where: { email }, include: { prefs: true } });
      expect(agent.language).toBe('en');
      expect(agent.prefs[0].rent).toBeNull(); // above 10000: no limit
      const mail = await verificationMailTo(email);
      expect(mail.subject).toBe('Confirm your BoligAgent');
      expect(mail.text).toContain('//en.localhost');
    });

    it('answers the same for an address that already has an agent, and adds new areas only as inactive', async () => {
      const email = visitorEmail();
      await t.request('POST', '/api/boligagents', { email, prefs: [{ area: cityA.slug, rent: 6000 }] });
      const again = await t.request('POST', '/api/boligagents', { email, prefs: [{ area: cityA.slug, rent: 4000 }, { area: cityB.slug }] });
      expect(again.status).toBe(201);
      expect(again.body).toEqual({ verificationSent: true });
      const agent = await t.prisma.boligagent.findFirstOrThrow({ where: { email }, include: { prefs: { orderBy: { id: 'asc' } } } });
      expect(agent.prefs.map((p) => [p.cityId, p.rent, p.status])).toEqual([
        [cityA.id, 6000, 'ACTIVE'],
        [cityB.id, null, 'INACTIVE'],
      ]);
    });
  });

  describe('the same signup twice (issue 29): one agent, one mail', () => {
    it('two identical visitor signups at once: one agent, both answered alike, one verification mail', async () => {
      const email = visitorEmail();
      const body = { email, prefs: [{ area: cityA.slug, rent: 6000 }] };
      const ip = fromIp();
      const both = await Promise.all([t.request('POST', '/api/boligagents', body, ip), t.request('POST', '/api/boligagents', body, ip)]);
      expect(both.map((r) => [r.status, r.body])).toEqual([
        [201, { verificationSent: true }],
        [201, { verificationSent: true }],
      ]);
      const agents = await t.prisma.boligagent.findMany({ where: { email }, include: { prefs: true } });
      expect(agents).toHaveLength(1);
      expect(agents[0].prefs.map((p) => [p.cityId, p.rent, p.status])).toEqual([[cityA.id, 6000, 'ACTIVE']]);
      expect(await mailsTo(email)).toHaveLength(1);
    });

    it('the same signup in a row mails once; a signup adding an area mails its link again', async () => {
      const email = visitorEmail();
      const ip = fromIp();
      for (let i = 0; i < 2; i++) {
        const res = await t.request('POST', '/api/boligagents', { email, prefs: [{ area: cityA.slug }] }, ip);
        expect(res.status).toBe(201);
        expect(res.body).toEqual({ verificationSent: true });
      }
      expect(await mailsTo(email)).toHaveLength(1);
      await t.request('POST', '/api/boligagents', { email, prefs: [{ area: cityA.slug }, { area: cityB.slug }] }, ip);
      expect(await mailsTo(email)).toHaveLength(2);
      expect(await t.prisma.boligagent.count({ where: { email } })).toBe(1);
    });

    it('two parallel signups adding the same area to an existing agent: one inactive row, one mail', async () => {
      const email = visitorEmail();
      const ip = fromIp();
      await t.request('POST', '/api/boligagents', { email, prefs: [{ area: cityA.slug }] }, ip);
      const body = { email, prefs: [{ area: cityB.slug }] };
      const both = await Promise.all([t.request('POST', '/api/boligagents', body, ip), t.request('POST', '/api/boligagents', body, ip)]);
      expect(both.map((r) => r.status)).toEqual([201, 201]);
      const agent = await t.prisma.boligagent.findFirstOrThrow({ where: { email }, include: { prefs: { orderBy: { id: 'asc' } } } });
      expect(agent.prefs.map((p) => [p.cityId, p.status])).toEqual([
        [cityA.id, 'ACTIVE'],
        [cityB.id, 'INACTIVE'],
      ]);
      expect(await mailsTo(email)).toHaveLength(2);
    });

    it('the verification link followed twice at once: both 200, the agent verified once', async () => {
      const email = visitorEmail();
      await t.request('POST', '/api/boligagents', { email, prefs: [{ area: cityA.slug }] }, fromIp());
      const { token } = await t.prisma.boligagent.findFirstOrThrow({ where: { email } });
      const both = await Promise.all([t.request('POST', `/api/boligagents/${token}/verify`), t.request('POST', `/api/boligagents/${token}/verify`)]);
      expect(both.map((r) => [r.status, r.body.verified])).toEqual([
        [200, true],
        [200, true],
      ]);
      const verifiedAt = (await t.prisma.boligagent.findFirstOrThrow({ where: { email } })).verifiedAt;
      expect((await t.request('POST', `/api/boligagents/${token}/verify`)).status).toBe(200);
      expect((await t.prisma.boligagent.findFirstOrThrow({ where: { email } })).verifiedAt).toEqual(verifiedAt);
    });

    it("a logged-in user's two creations at once: one agent; the second is the one in a row's 404 nothing-to-update", async () => {
      const user = await createUser(t.prisma);
      const body = { prefs: [{ area: cityA.slug, rooms: 2 }] };
      const both = await Promise.all([t.request('POST', '/api/boligagents', body, bearer(user.id)), t.request('POST', '/api/boligagents', body, bearer(user.id))]);
      expect(both.map((r) => r.status).sort()).toEqual([201, 404]);
      expect(both.find((r) => r.status === 404)?.body.code).toBe('nothing-to-update');
      const agents = await t.prisma.boligagent.findMany({ where: { userId: user.id }, include: { prefs: true } });
      expect(agents).toHaveLength(1);
      expect(agents[0].prefs).toHaveLength(1);
      expect(await mailsTo(user.email as string)).toHaveLength(0);
    });
  });

  describe('token routes', () => {
    it('GET /{token} shows the agent; an unknown token is 404 with the not-found message', async () => {
      const email = visitorEmail();
      await t.request('POST', '/api/boligagents', { email, prefs: [{ area: cityA.slug, rooms: 3, size: 55 }] });
      const { token } = await t.prisma.boligagent.findFirstOrThrow({ where: { email } });
      const res = await t.request('GET', `/api/boligagents/${token}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        email,
        token,
        verified: false,
        frequency: 'daily',
        enabled: true,
        prefs: [{ area: cityA.slug, areaLabel: cityA.label, rent: null, rooms: 3, size: 55, status: 'active' }],
      });
      const missing = await t.request('GET', '/api/boligagents/ikke-et-token');
      expect(missing.status).toBe(404);
      expect(missing.body).toMatchObject({ statusCode: 404, message: ERROR_MESSAGES.boligagentNotFound });
    });

    it('POST /{token}/verify verifies and switches on inactive prefs; an unknown token is 404 not recognised', async () => {
      const email = visitorEmail();
      await t.request('POST', '/api/boligagents', { email, prefs: [{ area: cityA.slug }] });
      await t.request('POST', '/api/boligagents', { email, prefs: [{ area: cityB.slug }] });
      const { token } = await t.prisma.boligagent.findFirstOrThrow({ where: { email } });
      const res = await t.request('POST', `/api/boligagents/${token}/verify`);
      expect(res.status).toBe(200);
      expect(res.body.verified).toBe(true);
      expect((res.body as BoligagentView).prefs.map((p) => p.status)).toEqual(['active', 'active']);
      const missing = await t.request('POST', '/api/boligagents/ikke-et-token/verify');
      expect(missing.status).toBe(404);
      expect(missing.body.message).toBe(ERROR_MESSAGES.tokenNotRecognised);
    });

    it('PUT edits a row, moves it to another area, sets frequency and the off switch; no change is 404 nothing-to-update', async () => {
      const email = visitorEmail();
      await t.request('POST', '/api/boligagents', { email, prefs: [{ area: cityA.slug, rent: 6000 }] });
      const { token, id } = await t.prisma.boligagent.findFirstOrThrow({ where: { email } });
      const edited = await t.request('PUT', '/api/boligagents', { token, id, area: cityA.slug, prefs: [{ rent: 7000, rooms: 2, size: 60 }] });
      expect(edited.status).toBe(200);
      expect(edited.body.prefs).toMatchObject([{ area: cityA.slug, rent: 8000, rooms: 2, size: 60 }]);
      const same = await t.request('PUT', '/api/boligagents', { token, area: cityA.slug, prefs: [{ rent: 8000, rooms: 2, size: 60 }] });
      expect(same.status).toBe(404);
      expect(same.body).toMatchObject({ code: 'nothing-to-update', message: ERROR_MESSAGES.boligagentNothingToUpdate });
      const moved = await t.request('PUT', '/api/boligagents', { token, area: cityA.slug, prefs: [{ area: cityB.slug, rent: 4000 }] });
      expect(moved.body.prefs).toMatchObject([{ area: cityB.slug, rent: 4000, rooms: null, size: null }]);
      const settings = await t.request('PUT', '/api/boligagents', { token, frequency: 'weekly', enabled: false });
      expect(settings.body).toMatchObject({ frequency: 'weekly', enabled: false });
      const unknownRow = await t.request('PUT', '/api/boligagents', { token, area: cityA.slug, prefs: [{ rent: 4000 }] });
      expect(unknownRow.status).toBe(404);
      const wrongId = await t.request('PUT', '/api/boligagents', { token, id: id + 100_000, frequency: 'instant' });
      expect(wrongId.status).toBe(404);
      const anonymous = await t.request('PUT', '/api/boligagents', { frequency: 'instant' });
      expect(anonymous.status).toBe(401);
      const badShape = await t.request('PUT', '/api/boligagents', { token, frequency: 'hourly' });
      expect(badShape.status).toBe(400);
    });

    it('DELETE /pref removes a row (404 the second time); DELETE removes the agent', async () => {
      const email = visitorEmail();
      await t.request('POST', '/api/boligagents', { email, prefs: [{ area: cityA.slug }, { area: cityB.slug }] });
      const { token, id } = await t.prisma.boligagent.findFirstOrThrow({ where: { email } });
      const res = await t.request('DELETE', `/api/boligagents/pref?id=${id}&area=${cityA.slug}&token=${token}`);
      expect(res.status).toBe(200);
      expect(res.body.prefs.map((p: { area: string }) => p.area)).toEqual([cityB.slug]);
      const again = await t.request('DELETE', `/api/boligagents/pref?id=${id}&area=${cityA.slug}&token=${token}`);
      expect(again.status).toBe(404);
      expect(again.body.code).toBe('nothing-to-update');
      const removed = await t.request('DELETE', `/api/boligagents?token=${token}`);
      expect(removed.status).toBe(204);
      expect(await t.prisma.boligagent.findFirst({ where: { email } })).toBeNull();
      expect((await t.request('GET', `/api/boligagents/${token}`)).status).toBe(404);
      expect((await t.request('DELETE', `/api/boligagents?token=${token}`)).status).toBe(404);
    });

    it('one-click unsubscribe: a form POST stops the agent at once; GET shows the confirmation page; unknown 404', async () => {
      const email = visitorEmail();
      await t.request('POST', '/api/boligagents', { email, prefs: [{ area: cityA.slug }] });
      const { token } = await t.prisma.boligagent.findFirstOrThrow({ where: { email } });
      await t.request('POST', `/api/boligagents/${token}/verify`);
      const fastify = t.app.getHttpAdapter().getInstance();
      const post = await fastify.inject({
        method: 'POST',
        url: `/api/boligagents/unsubscribe/${token}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(post.statusCode).toBe(200);
      const agent = await t.prisma.boligagent.findFirstOrThrow({ where: { email } });
      expect(agent.enabled).toBe(false);
      expect(agent.unsubscribedAt).not.toBeNull();
      expect((await t.request('GET', `/api/boligagents/${token}`)).body.enabled).toBe(false);
      const page = await fastify.inject({ method: 'GET', url: `/api/boligagents/unsubscribe/${token}` });
      expect(page.statusCode).toBe(303);
      expect(page.headers.location).toBe(`/boligagent/afmeld/${token}`);
      const unknown = await fastify.inject({ method: 'POST', url: '/api/boligagents/unsubscribe/ukendt', payload: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      expect(unknown.statusCode).toBe(404);
      // Switching it back on is the owner's explicit choice.
      const on = await t.request('POST', '/api/boligagents/settings', { token, enabled: true });
      expect(on.body.enabled).toBe(true);
    });
  });

  describe('a logged-in user', () => {
    it('creates a verified agent from prefs with no mail; a foreign email is 400 wrong-user-email', async () => {
      const user = await createUser(t.prisma);
      const wrong = await t.request('POST', '/api/boligagents', { email: 'en-anden@husly.test', prefs: [{ area: cityA.slug }] }, bearer(user.id));
      expect(wrong.status).toBe(400);
      expect(wrong.body).toMatchObject({ code: 'wrong-user-email', message: ERROR_MESSAGES.boligagentWrongUserEmail });
      const res = await t.request('POST', '/api/boligagents', { prefs: [{ area: cityA.slug, rent: 3000, rooms: 2 }] }, bearer(user.id));
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ verificationSent: false, agent: { email: user.email, verified: true, prefs: [{ area: cityA.slug, rent: 4000, rooms: 2 }] } });
      const mine = await t.request('GET', '/api/boligagents', undefined, bearer(user.id));
      expect(mine.body.agent.id).toBe(res.body.agent.id);
      const same = await t.request('POST', '/api/boligagents', { email: user.email, prefs: [{ area: cityA.slug, rent: 4000, rooms: 2 }] }, bearer(user.id));
      expect(same.status).toBe(404);
      expect(same.body.code).toBe('nothing-to-update');
    });

    it('GET without login is 401; a user without an agent gets {agent: null}', async () => {
      expect((await t.request('GET', '/api/boligagents')).status).toBe(401);
      const user = await createUser(t.prisma);
      expect((await t.request('GET', '/api/boligagents', undefined, bearer(user.id))).body).toEqual({ agent: null });
    });

    it('settings {autoAdjust}; with it, a new search of a watched area merges (rent max, rooms and size min)', async () => {
      const user = await createUser(t.prisma);
      await t.request('POST', '/api/boligagents', { prefs: [{ area: cityA.slug, rent: 6000, rooms: 3, size: 70 }] }, bearer(user.id));
      const off = await t.request('POST', '/api/boligagents/adjust', { area: cityA.slug, current: { rent: 9000, rooms: 2, size: 50 } }, bearer(user.id));
      expect(off.body.adjusted).toBe(false);
      const settings = await t.request('POST', '/api/boligagents/settings', { autoAdjust: true }, bearer(user.id));
      expect(settings.status).toBe(200);
      expect(settings.body.autoAdjust).toBe(true);
      const merged = await t.request('POST', '/api/boligagents', { prefs: [{ area: cityA.slug, rent: 5000, rooms: 4, size: 50 }] }, bearer(user.id));
      expect(merged.body.agent.prefs).toMatchObject([{ area: cityA.slug, rent: 6000, rooms: 3, size: 50 }]);
      // No size in the search = any size, the least restrictive value, so it wins.
      const adjusted = await t.request('POST', '/api/boligagents/adjust', { area: cityA.slug, current: { rent: 9000, rooms: 2 }, user: user.id, detail: 1 }, bearer(user.id));
      expect(adjusted.status).toBe(200);
      expect(adjusted.body).toMatchObject({ adjusted: true, agent: { prefs: [{ rent: 10000, rooms: 2, size: null }] } });
      const otherArea = await t.request('POST', '/api/boligagents/adjust', { area: cityB.slug, current: { rent: 4000 } }, bearer(user.id));
      expect(otherArea.body.adjusted).toBe(false);
      const wrongUser = await t.request('POST', '/api/boligagents/adjust', { area: cityA.slug, user: user.id + 1 }, bearer(user.id));
      expect(wrongUser.status).toBe(400);
      expect((await t.request('POST', '/api/boligagents/adjust', { area: cityA.slug })).status).toBe(401);
    });

    it('PUT /pref activates an inactive row (404 when already active); DELETE deletes all', async () => {
      const user = await createUser(t.prisma);
      const created = await t.request('POST', '/api/boligagents', { prefs: [{ area: cityA.slug }] }, bearer(user.id));
      await t.prisma.boligagentPref.create({ data: { boligagentId: created.body.agent.id, cityId: cityB.id, status: 'INACTIVE' } });
      const res = await t.request('PUT', '/api/boligagents/pref', { id: created.body.agent.id, area: cityB.slug }, bearer(user.id));
      expect(res.status).toBe(200);
      expect(res.body.prefs.map((p: { status: string }) => p.status)).toEqual(['active', 'active']);
      const again = await t.request('PUT', '/api/boligagents/pref', { area: cityB.slug }, bearer(user.id));
      expect(again.status).toBe(404);
      expect(again.body.code).toBe('nothing-to-update');
      expect((await t.request('PUT', '/api/boligagents/pref', { area: cityB.slug })).status).toBe(401);
      expect((await t.request('DELETE', '/api/boligagents', undefined, bearer(user.id))).status).toBe(204);
      expect((await t.request('GET', '/api/boligagents', undefined, bearer(user.id))).body).toEqual({ agent: null });
    });
  });

  describe('issue 12: the address is compared exactly, and the 406 cannot enumerate', () => {
    it('a LIKE pattern or a near miss is a new address, not a registered one', async () => {
      const domain = `lejer-${unique()}.test`;
      await createUser(t.prisma, { email: `lejer@${domain}` });
      for (const probe of [`lejer%@${domain}`, `l_jer@${domain}`, `%@${domain}`, `lejer@${domain}.dk`]) {
        const res = await t.request('POST', '/api/boligagents', { email: probe, prefs: [{ area: cityA.slug }] }, fromIp());
        expect(res.status, probe).toBe(201);
      }
      const exact = await t.request('POST', '/api/boligagents', { email: ` LEJER@${domain.toUpperCase()} `, prefs: [{ area: cityA.slug }] }, fromIp());
      expect(exact.status).toBe(406);
    });

    it('refuses display-name and list forms of an address (400 invalid-mail), storing nothing', async () => {
      const victim = visitorEmail();
      const forms = [`x<${victim}>`, `"Ida" <${victim}>`, `${victim}, eve@husly.test`, `(kommentar)${victim}`];
      for (const email of forms) {
        const res = await t.request('POST', '/api/boligagents', { email, prefs: [{ area: cityA.slug }] }, fromIp());
        expect(res.status, email).toBe(400);
        expect(res.body).toMatchObject({ code: 'invalid-mail', field: 'email' });
      }
      expect(await t.prisma.boligagent.count({ where: { email: { in: [victim, ...forms.map((f) => f.toLowerCase())] } } })).toBe(0);
    });

    it('throttles visitor signups per address and per IP with 429 and the generic message', async () => {
      const user = await createUser(t.prisma);
      for (let i = 0; i < BOLIGAGENT_SIGNUP_THROTTLE.perEmail; i++) {
        expect((await t.request('POST', '/api/boligagents', { email: user.email, prefs: [{ area: cityA.slug }] }, fromIp())).status).toBe(406);
      }
      const perAddress = await t.request('POST', '/api/boligagents', { email: user.email, prefs: [{ area: cityA.slug }] }, fromIp());
      expect(perAddress.status).toBe(429);
      expect(perAddress.body.message).toBe(THROTTLE_MESSAGES.da);

      const ip = fromIp();
      for (let i = 0; i < BOLIGAGENT_SIGNUP_THROTTLE.perIp; i++) {
        expect((await t.request('POST', '/api/boligagents', { email: visitorEmail(), prefs: [{ area: cityA.slug }] }, ip)).status).toBe(201);
      }
      const other = await createUser(t.prisma);
      // Throttled before the lookup: a registered and an unknown address get the same 429.
      for (const email of [other.email, visitorEmail()]) {
        const res = await t.request('POST', '/api/boligagents', { email, prefs: [{ area: cityA.slug }] }, ip);
        expect(res.status).toBe(429);
        expect(res.body.message).toBe(THROTTLE_MESSAGES.da);
      }
      expect((await t.request('POST', '/api/boligagents', { email: visitorEmail(), prefs: [{ area: cityA.slug }] }, fromIp())).status).toBe(201);
    });
  });

  describe('issue 12: nobody takes over a boligagent by its address', () => {
    it('signing up with the victim’s address (with session prefs) leaves the victim’s agent alone', async () => {
      const victim = visitorEmail();
      const before = await confirmedVisitorAgent(victim, cityA.slug);
      const attacker = await signUp(victim.toUpperCase(), [{ area: cityB.slug }]);
      expect(attacker.text).not.toContain(before.token);

      const after = await t.prisma.boligagent.findUniqueOrThrow({ where: { id: before.id }, include: { prefs: { orderBy: { id: 'asc' } } } });
      expect(after).toEqual(before);
      const mine = await t.request('GET', '/api/boligagents', undefined, attacker.headers);
      expect(mine.text).not.toContain(before.token);
      expect(mine.body.agent).toMatchObject({ email: victim, verified: false, prefs: [{ area: cityB.slug }] });
      expect(mine.body.agent.id).not.toBe(before.id);
      // Its own agent's token does not verify it either: only the account's verification link does.
      expect((await t.request('POST', `/api/boligagents/${mine.body.agent.token}/verify`)).status).toBe(404);
      expect((await t.prisma.boligagent.findUniqueOrThrow({ where: { id: mine.body.agent.id } })).verifiedAt).toBeNull();
    });

    it('a logged-in POST with the victim’s address neither claims nor shows the victim’s agent, and nothing mails', async () => {
      const victim = visitorEmail();
      // Someone asked for an agent for this address; its owner never confirmed it.
      expect((await t.request('POST', '/api/boligagents', { email: victim, prefs: [{ area: cityA.slug }] }, fromIp())).status).toBe(201);
      const unconfirmed = await t.prisma.boligagent.findFirstOrThrow({ where: { email: victim }, include: { prefs: true } });
      const attacker = await signUp(victim);
      const res = await t.request('POST', '/api/boligagents', { email: victim, prefs: [{ area: cityA.slug }, { area: cityB.slug }] }, attacker.headers);
      expect(res.status).toBe(201);
      expect(res.text).not.toContain(unconfirmed.token);
      expect(res.body.agent.id).not.toBe(unconfirmed.id);
      expect(res.body.agent.verified).toBe(false);
      expect(await t.prisma.boligagent.findUniqueOrThrow({ where: { id: unconfirmed.id }, include: { prefs: true } })).toEqual(unconfirmed);

      // A digest run mails a confirmed agent of the areas, but neither of these two.
      const control = await confirmedVisitorAgent(visitorEmail(), cityB.slug);
      await t.prisma.boligagent.update({ where: { id: control.id }, data: { verifiedAt: new Date(Date.now() - 60_000) } });
      await createDwelling(t.prisma, { cityId: cityA.id, createdAt: new Date() });
      await createDwelling(t.prisma, { cityId: cityB.id, createdAt: new Date() });
      await t.app.get(BoligagentDeliveryService).runDigest(new Date(Date.now() + 1_000));
      const mailed = await t.prisma.boligagentMail.findMany({ where: { boligagentId: { in: [unconfirmed.id, res.body.agent.id, control.id] } } });
      expect(mailed.map((m) => m.boligagentId)).toEqual([control.id]);
    });

    it('changing one’s email to the victim’s address claims no agent, before or after a POST', async () => {
      const victim = visitorEmail();
      const before = await confirmedVisitorAgent(victim, cityA.slug);
      const attacker = await createUser(t.prisma);
      const changed = await t.request('POST', '/api/users/me/email', { email: victim }, { ...bearer(attacker.id), ...fromIp() });
      expect(changed.status).toBe(200);
      expect(changed.text).not.toContain(before.token);
      expect((await t.request('GET', '/api/boligagents', undefined, bearer(attacker.id))).body).toEqual({ agent: null });

      const res = await t.request('POST', '/api/boligagents', { prefs: [{ area: cityB.slug }] }, bearer(attacker.id));
      expect(res.status).toBe(201);
      expect(res.text).not.toContain(before.token);
      expect(res.body.agent).toMatchObject({ email: victim, verified: false });
      expect(res.body.agent.id).not.toBe(before.id);
      expect(await t.prisma.boligagent.findUniqueOrThrow({ where: { id: before.id }, include: { prefs: { orderBy: { id: 'asc' } } } })).toEqual(before);
    });

    it('an account with an agent that changes its email keeps mailing the proven old address', async () => {
      const victim = visitorEmail();
      const before = await confirmedVisitorAgent(victim, cityA.slug);
      const attacker = await createUser(t.prisma);
      const own = await t.request('POST', '/api/boligagents', { prefs: [{ area: cityB.slug }] }, bearer(attacker.id));
      expect(own.body.agent).toMatchObject({ email: attacker.email, verified: true });
      expect((await t.request('POST', '/api/users/me/email', { email: victim }, { ...bearer(attacker.id), ...fromIp() })).status).toBe(200);
      const again = await t.request('POST', '/api/boligagents', { prefs: [{ area: cityA.slug }] }, bearer(attacker.id));
      expect(again.body.agent).toMatchObject({ id: own.body.agent.id, email: attacker.email, verified: true });
      expect(again.text).not.toContain(before.token);
      expect(await t.prisma.boligagent.findUniqueOrThrow({ where: { id: before.id }, include: { prefs: { orderBy: { id: 'asc' } } } })).toEqual(before);
    });
  });

  describe('issue 12: the List-Unsubscribe token only unsubscribes', () => {
    const oneClick = (token: string, contentType: string, payload: string) =>
      t.app.getHttpAdapter().getInstance().inject({ method: 'POST', url: `/api/boligagents/unsubscribe/${token}`, headers: { 'content-type': contentType }, payload });

    it('the verification mail’s List-Unsubscribe and link carry a token that cannot read, change, delete or re-enable', async () => {
      const email = visitorEmail();
      const agent = await confirmedVisitorAgent(email, cityA.slug);
      const mail = await verificationMailTo(email);
      const header = mail.headerLines.find((h) => h.key === 'list-unsubscribe')?.line ?? '';
      expect(header).toContain(`/api/boligagents/unsubscribe/${agent.unsubscribeToken}>`);
      expect(header).not.toContain(agent.token);
      expect(mail.text).toContain(`/api/boligagents/unsubscribe/${agent.unsubscribeToken}`);

      const u = agent.unsubscribeToken;
      expect((await t.request('GET', `/api/boligagents/${u}`)).status).toBe(404);
      expect((await t.request('PUT', '/api/boligagents', { token: u, frequency: 'weekly' })).status).toBe(404);
      expect((await t.request('POST', '/api/boligagents/settings', { token: u, enabled: false })).status).toBe(404);
      expect((await t.request('DELETE', `/api/boligagents?token=${u}`)).status).toBe(404);
      expect((await t.request('POST', `/api/boligagents/${u}/verify`)).status).toBe(404);
      expect(await t.prisma.boligagent.findUniqueOrThrow({ where: { id: agent.id }, include: { prefs: { orderBy: { id: 'asc' } } } })).toEqual(agent);

      expect((await oneClick(u, 'application/x-www-form-urlencoded', 'List-Unsubscribe=One-Click')).statusCode).toBe(200);
      expect((await t.prisma.boligagent.findUniqueOrThrow({ where: { id: agent.id } })).unsubscribedAt).not.toBeNull();
      // Switching back on takes the management token.
      expect((await t.request('POST', '/api/boligagents/settings', { token: u, enabled: true })).status).toBe(404);
      expect((await t.request('POST', '/api/boligagents/settings', { token: agent.token, enabled: true })).body.enabled).toBe(true);
    });

    it('accepts the one-click POST as multipart/form-data too; a junk body is 4xx, never 5xx', async () => {
      const agent = await confirmedVisitorAgent(visitorEmail(), cityA.slug);
      const boundary = '----husly' + unique();
      const multipart = `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`;
      const res = await oneClick(agent.unsubscribeToken, `multipart/form-data; boundary=${boundary}`, multipart);
      expect(res.statusCode).toBe(200);
      expect((await t.prisma.boligagent.findUniqueOrThrow({ where: { id: agent.id } })).enabled).toBe(false);
      expect((await oneClick(agent.unsubscribeToken, 'multipart/form-data', 'x'.repeat(64 * 1024))).statusCode).toBe(413);
      expect((await oneClick('ukendt', 'multipart/form-data; boundary=x', '--x--')).statusCode).toBe(404);
    });

    it('mails sent before the change keep working: their header carried the management token', async () => {
      const agent = await confirmedVisitorAgent(visitorEmail(), cityA.slug);
      expect((await oneClick(agent.token, 'application/x-www-form-urlencoded', 'List-Unsubscribe=One-Click')).statusCode).toBe(200);
      expect((await t.prisma.boligagent.findUniqueOrThrow({ where: { id: agent.id } })).unsubscribedAt).not.toBeNull();
    });
  });

  describe('POST /api/notificationLog', () => {
    it('logs a followed mail link by its signed user parameter; a forged one is 400', async () => {
      const agent = await t.prisma.boligagent.create({ data: { email: visitorEmail(), token: `t-${unique()}`, verifiedAt: new Date() } });
      const user = signUserParam(agent.id, t.config.auth.jwtSecret);
      const res = await t.request('POST', '/api/notificationLog', { user, source: 'boligagent', type: 'click', dwellingId: 999_999_999 });
      expect(res.status).toBe(204);
      const logs = await t.prisma.notificationLog.findMany({ where: { boligagentId: agent.id } });
      expect(logs).toMatchObject([{ source: 'boligagent', type: 'click', dwellingId: null }]);
      const forged = await t.request('POST', '/api/notificationLog', { user: `${agent.id}.AAAAAAAAAAAAAAAA`, source: 'boligagent', type: 'click' });
      expect(forged.status).toBe(400);
      expect((await t.request('POST', '/api/notificationLog', {})).status).toBe(400);
    });
  });
});
