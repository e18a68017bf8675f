import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { ERROR_MESSAGES } from '@husly/domain';
import type { BoligagentView } from '@husly/contracts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createCity, createUser, unique } from '../../test/factories';
import { TokenService } from '../common/auth/token.service';
import { JobQueue } from '../infra/queue/job-queue.service';
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

  /** The verification mail written to the outbox (file mode) for `to`. */
  async function verificationMailTo(to: string) {
    await t.app.get(JobQueue).drain();
    for (const file of readdirSync(t.config.mail.dir).filter((f) => f.endsWith('.eml'))) {
      const parsed = await simpleParser(readFileSync(join(t.config.mail.dir, file)));
      if (parsed.to && 'text' in parsed.to && parsed.to.text === to) return parsed;
    }
    throw new Error(`no mail to ${to}`);
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
      const agent = await t.prisma.boligagent.findUniqueOrThrow({ where: { email }, include: { prefs: true } });
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
      const agent = await t.prisma.boligagent.findUniqueOrThrow({ where: { email }, include: { prefs: true } });
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
      const agent = await t.prisma.boligagent.findUniqueOrThrow({ where: { email }, include: { prefs: { orderBy: { id: 'asc' } } } });
      expect(agent.prefs.map((p) => [p.cityId, p.rent, p.status])).toEqual([
        [cityA.id, 6000, 'ACTIVE'],
        [cityB.id, null, 'INACTIVE'],
      ]);
    });
  });

  describe('token routes', () => {
    it('GET /{token} shows the agent; an unknown token is 404 with the not-found message', async () => {
      const email = visitorEmail();
      await t.request('POST', '/api/boligagents', { email, prefs: [{ area: cityA.slug, rooms: 3, size: 55 }] });
      const { token } = await t.prisma.boligagent.findUniqueOrThrow({ where: { email } });
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
      const { token } = await t.prisma.boligagent.findUniqueOrThrow({ where: { email } });
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
      const { token, id } = await t.prisma.boligagent.findUniqueOrThrow({ where: { email } });
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
      const { token, id } = await t.prisma.boligagent.findUniqueOrThrow({ where: { email } });
      const res = await t.request('DELETE', `/api/boligagents/pref?id=${id}&area=${cityA.slug}&token=${token}`);
      expect(res.status).toBe(200);
      expect(res.body.prefs.map((p: { area: string }) => p.area)).toEqual([cityB.slug]);
      const again = await t.request('DELETE', `/api/boligagents/pref?id=${id}&area=${cityA.slug}&token=${token}`);
      expect(again.status).toBe(404);
      expect(again.body.code).toBe('nothing-to-update');
      const removed = await t.request('DELETE', `/api/boligagents?token=${token}`);
      expect(removed.status).toBe(204);
      expect(await t.prisma.boligagent.findUnique({ where: { email } })).toBeNull();
      expect((await t.request('GET', `/api/boligagents/${token}`)).status).toBe(404);
      expect((await t.request('DELETE', `/api/boligagents?token=${token}`)).status).toBe(404);
    });

    it('one-click unsubscribe: a form POST stops the agent at once; GET shows the confirmation page; unknown 404', async () => {
      const email = visitorEmail();
      await t.request('POST', '/api/boligagents', { email, prefs: [{ area: cityA.slug }] });
      const { token } = await t.prisma.boligagent.findUniqueOrThrow({ where: { email } });
      await t.request('POST', `/api/boligagents/${token}/verify`);
      const fastify = t.app.getHttpAdapter().getInstance();
      const post = await fastify.inject({
        method: 'POST',
        url: `/api/boligagents/unsubscribe/${token}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(post.statusCode).toBe(200);
      const agent = await t.prisma.boligagent.findUniqueOrThrow({ where: { email } });
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

    it('adopts a visitor agent of the same address, and 406 when the address is another user’s agent', async () => {
      const user = await createUser(t.prisma);
      await t.prisma.boligagent.create({ data: { email: user.email as string, token: `t-${unique()}` } });
      const res = await t.request('POST', '/api/boligagents', { prefs: [{ area: cityB.slug }] }, bearer(user.id));
      expect(res.status).toBe(201);
      expect(res.body.agent.verified).toBe(true);
      const other = await createUser(t.prisma);
      await t.prisma.boligagent.update({ where: { email: user.email as string }, data: { email: other.email as string } });
      const clash = await t.request('POST', '/api/boligagents', { prefs: [{ area: cityA.slug }] }, bearer(other.id));
      expect(clash.status).toBe(406);
      expect(clash.body.code).toBe('email-in-use');
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
