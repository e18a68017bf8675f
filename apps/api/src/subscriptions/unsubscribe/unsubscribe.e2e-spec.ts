import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManualUnsubscribeRequest } from '@husly/contracts';
import { ERROR_MESSAGES, MANUAL_UNSUBSCRIBE_THROTTLE, NOTIFICATION_LOG_THROTTLE, UNSUBSCRIBE_CONFIRMATION_MS } from '@husly/domain';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { mailsTo } from '../../../test/mail-files';
import { createCity, subscribe, unique } from '../../../test/factories';
import { seedOffers, userWithToken } from '../../../test/subscription-fixtures';
import { signUserParam } from '../../boligagent/public-urls';

// Spec section 4 "Unsubscription", issue 14: every path against the real database, the built-in
// test payment provider and the file mail outbox. Each test speaks from its own client address, so
// one test's throttles never reach another's.

const DAY = 86_400_000;
let t: TestApp;
let nextAddress = 1;
const address = () => `203.0.113.${nextAddress++}`;

beforeAll(async () => {
  t = await createTestApp();
  await seedOffers(t.prisma);
});
afterAll(() => t.close());

const confirmToken = (mail: ParsedMail) => {
  const match = /\/afmelding\/bekraeft\?token=([A-Za-z0-9_-]+)/.exec(mail.text ?? '');
  if (!match) throw new Error(`no confirmation link in: ${mail.text}`);
  return match[1];
};

let cardYear = 0;
/** A renewing subscription bought through the test provider (the recurring plan, a fresh card each time). */
async function buy(auth: Record<string, string>) {
  const created = await t.request('POST', '/api/subscriptions', { planId: 'tenantad-249kr-30days', terms: true, billing: { name: 'Sofie Søger', email: 'sofie@husly.test', phone: '+45 11 22 33 44' } }, auth);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const expiry = `${String((cardYear % 12) + 1).padStart(2, '0')}/${60 + Math.floor(cardYear++ / 12)}`;
  const confirm = await t.request('POST', `/api/subscriptions/test-payments/${created.body.meta.paymentInfo}/confirm`, { cardNumber: '4242 4242 4242 4242', expiry, cvc: '123' }, auth);
  expect(confirm.status, JSON.stringify(confirm.body)).toBe(200);
  return created.body.id as string;
}

/** A subscriber with a renewing subscription (seeded, no provider) and a known name and phone. */
async function subscriber() {
  const u = await userWithToken(t);
  const user = await t.prisma.user.update({ where: { id: u.user.id }, data: { name: 'Mette Hansen', cellphone: '+45 20 30 40 50' } });
  const subscription = await subscribe(t.prisma, user.id, 'tenantad-249kr-30days', t.clock.now());
  return { user, auth: u.auth, subscription };
}

const renew = async (id: string) => (await t.prisma.subscription.findUniqueOrThrow({ where: { id } })).renew;
const graph = (query: string, variables: Record<string, unknown>, headers: Record<string, string> = {}, ip = address()) =>
  t.request('POST', '/api/graph', { query, variables }, headers, ip);

describe('a subscriber unsubscribes: warning, cancel, survey', () => {
  it('abort on the warning page stores the event subscription/cancel-abort and changes nothing', async () => {
    const { user, auth, subscription } = await subscriber();
    const res = await t.request('POST', '/api/event', { type: 'subscription/cancel-abort', payload: { step: 'warning' } }, auth, address());
    expect(res.status).toBe(204);
    expect(await t.prisma.event.findMany({ where: { userId: user.id }, select: { type: true } })).toEqual([{ type: 'subscription/cancel-abort' }]);
    expect(await renew(subscription.id)).toBe(true);
    expect(await t.prisma.unsubscription.count({ where: { userId: user.id } })).toBe(0);
  });

  it('confirm cancels (the existing cancel); a not-found reason is stored and clears the subscription from view', async () => {
    const { user, auth } = await userWithToken(t);
    const id = await buy(auth);
    const ip = address();
    expect((await t.request('DELETE', `/api/subscriptions/${id}`, undefined, auth, ip)).status).toBe(200);
    expect(await renew(id)).toBe(false);

    const res = await t.request('POST', `/api/subscriptions/cancel/${id}`, { reason: { foundDwelling: false, text: 'For dyrt for mig' } }, auth, ip);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ keepInView: false, offerFoundHome: false, unsubscription: { reason: { foundDwelling: false, text: 'For dyrt for mig' }, email: user.email, name: user.name } });
    expect(res.body.subscriptions.subscriptions[0]).toMatchObject({ id, display: 'cancelled-running' });
    const rows = await t.prisma.unsubscription.findMany({ where: { userId: user.id } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ source: 'SUBSCRIBER', subscriptionId: id, uuid: res.body.unsubscription.uuid });
    expect(rows[0].timestamp).toBeInstanceOf(Date);

    // Answering again replaces the reason of the same record (one per subscription).
    const again = await t.request('POST', `/api/subscriptions/cancel/${id}`, { reason: 'FOUND_NO_DWELLING' }, auth, ip);
    expect(again.body.unsubscription.uuid).toBe(res.body.unsubscription.uuid);
    expect(await t.prisma.unsubscription.count({ where: { userId: user.id } })).toBe(1);
  });

  it('cancel/{uuid} with a reason cancels a still renewing subscription itself (the legacy path)', async () => {
    const { auth, subscription } = await subscriber();
    const res = await t.request('POST', `/api/subscriptions/cancel/${subscription.id}`, { reason: 'FOUND_NO_DWELLING' }, auth, address());
    expect(res.status).toBe(200);
    expect(await renew(subscription.id)).toBe(false);
  });

  it.each(['found-husly', 'found-portal', 'found-social-network', 'found-friends', 'found-other', 'FOUND_DWELLING'])(
    'a found-dwelling reason (%s) keeps the subscription in view and offers "found a home"',
    async (reason) => {
      const { auth, subscription } = await subscriber();
      const res = await t.request('POST', `/api/subscriptions/cancel/${subscription.id}`, { reason }, auth, address());
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ keepInView: true, offerFoundHome: true, unsubscription: { reason } });
    },
  );

  it('the free-text case needs a reason; a bad reason is a 400 naming it, nothing stored or cancelled', async () => {
    const { user, auth, subscription } = await subscriber();
    const ip = address();
    for (const body of [{ reason: { foundDwelling: false } }, { reason: { foundDwelling: false, text: '   ' } }, { reason: 'found-moon' }, {}, { reason: 'FOUND_DWELLING', extra: 1 }, { reason: { foundDwelling: false, text: 'a\u0000b' } }]) {
      const res = await t.request('POST', `/api/subscriptions/cancel/${subscription.id}`, body, auth, ip);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors.length).toBeGreaterThan(0);
    }
    expect(await renew(subscription.id)).toBe(true);
    expect(await t.prisma.unsubscription.count({ where: { userId: user.id } })).toBe(0);
  });

  it("another user's subscription or record uuid is a 404 and nothing changes; a uuid that cannot exist too", async () => {
    const victim = await subscriber();
    const victimRecord = await t.request('POST', `/api/subscriptions/cancel/${victim.subscription.id}`, { reason: 'found-friends' }, victim.auth, address());
    await t.prisma.subscription.update({ where: { id: victim.subscription.id }, data: { renew: true, canceledAt: null } });
    const other = await subscriber();
    const ip = address();
    for (const uuid of [victim.subscription.id, victimRecord.body.unsubscription.uuid]) {
      const res = await t.request('POST', `/api/subscriptions/cancel/${uuid}`, { reason: 'FOUND_NO_DWELLING' }, other.auth, ip);
      expect(res.status).toBe(404);
      const anonymous = await t.request('POST', `/api/subscriptions/cancel/${uuid}`, { reason: 'FOUND_NO_DWELLING' }, {}, ip);
      expect(anonymous.status).toBe(404);
    }
    expect((await t.request('POST', '/api/subscriptions/cancel/not-a-uuid', { reason: 'FOUND_NO_DWELLING' }, other.auth, ip)).status).toBe(404);
    expect(await renew(victim.subscription.id)).toBe(true);
    expect((await t.prisma.unsubscription.findUniqueOrThrow({ where: { uuid: victimRecord.body.unsubscription.uuid } })).reason).toBe('found-friends');
    expect(await t.prisma.unsubscription.count({ where: { userId: other.user.id } })).toBe(0);
  });
});

describe('"found a home": every boligagent paused and renewal stopped in one step; undone from the profile', () => {
  it('pauses the agents it finds, stops renewal, and the undo restores exactly those', async () => {
    const { user, auth, subscription } = await subscriber();
    const city = await createCity(t.prisma);
    const own = await t.prisma.boligagent.create({ data: { userId: user.id, email: user.email as string, token: `fh-${unique()}`, verifiedAt: new Date(), prefs: { create: [{ cityId: city.id }] } } });
    const visitor = await t.prisma.boligagent.create({ data: { email: user.email as string, token: `fh-${unique()}`, verifiedAt: new Date() } });
    const stranger = await t.prisma.boligagent.create({ data: { email: `other-${unique()}@husly.test`, token: `fh-${unique()}`, verifiedAt: new Date() } });
    const ip = address();

    expect((await t.request('GET', '/api/users/me/found-home', undefined, auth, ip)).body).toMatchObject({ active: false });
    const res = await t.request('POST', '/api/users/me/found-home', {}, auth, ip);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ active: true, pausedBoligagents: 2, renewalStopped: true });
    const enabled = async () => (await t.prisma.boligagent.findMany({ where: { id: { in: [own.id, visitor.id, stranger.id] } }, orderBy: { id: 'asc' } })).map((a) => a.enabled);
    expect(await enabled()).toEqual([false, false, true]);
    expect(await renew(subscription.id)).toBe(false);
    // The agent view says so too (the profile's BoligAgent tab).
    expect((await t.request('GET', '/api/boligagents', undefined, auth, ip)).body.agent.enabled).toBe(false);
    // Twice is once.
    expect((await t.request('POST', '/api/users/me/found-home', {}, auth, ip)).body.pausedBoligagents).toBe(2);
    expect(await t.prisma.foundHome.count({ where: { userId: user.id } })).toBe(1);

    // The owner one-click unsubscribed the visitor agent meanwhile: the undo leaves it stopped.
    await t.request('POST', `/api/boligagents/unsubscribe/${visitor.unsubscribeToken}`, undefined, {}, ip);
    const undo = await t.request('DELETE', '/api/users/me/found-home', undefined, auth, ip);
    expect(undo.status).toBe(200);
    expect(undo.body).toMatchObject({ active: false });
    expect(await enabled()).toEqual([true, false, true]);
    expect(await renew(subscription.id)).toBe(true);
  });

  it('after a cancel it only pauses the agents; the undo does not resume a renewal it did not stop', async () => {
    const { user, auth, subscription } = await subscriber();
    await t.prisma.boligagent.create({ data: { userId: user.id, email: user.email as string, token: `fh-${unique()}`, verifiedAt: new Date() } });
    const ip = address();
    await t.request('POST', `/api/subscriptions/cancel/${subscription.id}`, { reason: 'found-portal' }, auth, ip);
    const res = await t.request('POST', '/api/users/me/found-home', {}, auth, ip);
    expect(res.body).toMatchObject({ active: true, pausedBoligagents: 1, renewalStopped: false });
    await t.request('DELETE', '/api/users/me/found-home', undefined, auth, ip);
    expect(await renew(subscription.id)).toBe(false);
    expect((await t.prisma.boligagent.findFirstOrThrow({ where: { userId: user.id } })).enabled).toBe(true);
  });

  /**
   * A subscriber with their own agent running, a visitor agent of their verified address that they had
   * paused themselves, and a stranger's agent; `enabled()` reads the three switches in that order.
   */
  async function foundHomeUser() {
    const { user, auth, subscription } = await subscriber();
    const city = await createCity(t.prisma);
    const own = await t.prisma.boligagent.create({ data: { userId: user.id, email: user.email as string, token: `fh-${unique()}`, verifiedAt: new Date(), prefs: { create: [{ cityId: city.id }] } } });
    const pausedByUser = await t.prisma.boligagent.create({ data: { email: user.email as string, token: `fh-${unique()}`, verifiedAt: new Date(), enabled: false } });
    const stranger = await t.prisma.boligagent.create({ data: { email: `other-${unique()}@husly.test`, token: `fh-${unique()}`, verifiedAt: new Date() } });
    const ids = [own.id, pausedByUser.id, stranger.id];
    const enabled = async () => {
      const rows = await t.prisma.boligagent.findMany({ where: { id: { in: ids } } });
      return ids.map((id) => rows.find((r) => r.id === id)?.enabled);
    };
    const ip = address();
    const foundHome = () => t.request('POST', '/api/users/me/found-home', {}, auth, ip);
    const undo = () => t.request('DELETE', '/api/users/me/found-home', undefined, auth, ip);
    const state = async () => (await t.request('GET', '/api/users/me/found-home', undefined, auth, ip)).body;
    return { user, subscription, enabled, foundHome, undo, state };
  }
  const BEFORE = [true, false, true];
  const FOUND = [false, false, true];

  it('twice in parallel, then one undo: one record, and every agent and the renewal as before', async () => {
    const u = await foundHomeUser();
    const both = await Promise.all([u.foundHome(), u.foundHome()]);
    for (const res of both) {
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({ active: true, pausedBoligagents: 1, renewalStopped: true });
    }
    expect(await u.enabled()).toEqual(FOUND);
    expect(await renew(u.subscription.id)).toBe(false);
    expect(await t.prisma.foundHome.count({ where: { userId: u.user.id } })).toBe(1);

    const undo = await u.undo();
    expect(undo.status).toBe(200);
    expect(undo.body).toMatchObject({ active: false });
    expect(await u.state()).toMatchObject({ active: false });
    expect(await u.enabled()).toEqual(BEFORE);
    expect(await renew(u.subscription.id)).toBe(true);
  });

  it('twice in a row, then one undo: the same', async () => {
    const u = await foundHomeUser();
    expect((await u.foundHome()).body).toMatchObject({ active: true, pausedBoligagents: 1, renewalStopped: true });
    expect((await u.foundHome()).body).toMatchObject({ active: true, pausedBoligagents: 1, renewalStopped: true });
    expect(await u.enabled()).toEqual(FOUND);
    expect((await u.undo()).body).toMatchObject({ active: false });
    expect(await u.state()).toMatchObject({ active: false });
    expect(await u.enabled()).toEqual(BEFORE);
    expect(await renew(u.subscription.id)).toBe(true);
    expect(await t.prisma.foundHome.count({ where: { userId: u.user.id } })).toBe(1);
  });

  it('the undo twice in parallel, and once more after: every agent and the renewal as before', async () => {
    const u = await foundHomeUser();
    await u.foundHome();
    const both = await Promise.all([u.undo(), u.undo()]);
    for (const res of both) {
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({ active: false });
    }
    expect(await u.enabled()).toEqual(BEFORE);
    expect(await renew(u.subscription.id)).toBe(true);
    const again = await u.undo();
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ active: false });
    expect(await u.enabled()).toEqual(BEFORE);
    expect(await renew(u.subscription.id)).toBe(true);
    expect(await t.prisma.foundHome.count({ where: { userId: u.user.id, undoneAt: null } })).toBe(0);
  });

  it("is in the user's data export and goes with the account", async () => {
    const { user, auth } = await subscriber();
    const ip = address();
    await t.request('POST', '/api/users/me/found-home', {}, auth, ip);
    const data = (await t.request('GET', '/api/users/me/export', undefined, auth, ip)).body;
    expect(data.profile.foundHomes).toHaveLength(1);
    expect((await t.request('DELETE', '/api/users/me', undefined, auth, ip)).status).toBe(204);
    expect(await t.prisma.foundHome.count({ where: { userId: user.id } })).toBe(0);
  });

  it('needs a login', async () => {
    expect((await t.request('POST', '/api/users/me/found-home', {}, {}, address())).status).toBe(401);
    expect((await t.request('DELETE', '/api/users/me/found-home', undefined, {}, address())).status).toBe(401);
  });
});

describe('the manual form (visitors and users without a subscription)', () => {
  const form = (overrides: Partial<ManualUnsubscribeRequest> = {}): ManualUnsubscribeRequest => ({
    email: `ukendt-${unique()}@husly.test`,
    name: 'Ole Olsen',
    phone: '+45 99 88 77 66',
    ...overrides,
  });

  it('with no match: the record is stored, support gets the request, the receipt comes back; the survey may follow', async () => {
    const ip = address();
    const body = form({ orderno: '1234', message: 'Jeg har fundet en bolig' });
    const res = await t.request('POST', '/api/unsubscribe/manual', body, {}, ip);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toEqual({
      unsubscription: { uuid: expect.any(String), reason: null, name: 'Ole Olsen', email: body.email, phone: '+45 99 88 77 66', orderno: '1234', message: 'Jeg har fundet en bolig', timestamp: expect.any(String) },
      receipt: { confirmationByMail: true },
    });
    const row = await t.prisma.unsubscription.findUniqueOrThrow({ where: { uuid: res.body.unsubscription.uuid } });
    expect(row).toMatchObject({ source: 'MANUAL', userId: null, subscriptionId: null, confirmedAt: null });
    const support = (await mailsTo(t, t.config.mail.support, { partOf: true })).filter((m) => m.subject?.includes(row.uuid));
    expect(support).toHaveLength(1);
    expect(support[0].text).toContain(body.email);

    // The optional survey, without a login: the uuid is what the sender holds.
    const survey = await t.request('POST', `/api/subscriptions/cancel/${row.uuid}`, { reason: 'found-friends' }, {}, ip);
    expect(survey.status).toBe(200);
    expect(survey.body).toMatchObject({ keepInView: true, offerFoundHome: false, subscriptions: null });
    // A day later the uuid no longer takes answers.
    t.clock.advance(DAY + 1000);
    const late = await t.request('POST', `/api/subscriptions/cancel/${row.uuid}`, { reason: 'found-other' }, {}, ip);
    t.clock.set(new Date());
    expect(late.status).toBe(404);
  });

  it('matching an account with a running subscription: a link to that account only, nothing cancelled until it is followed, once', async () => {
    const { user, subscription } = await subscriber();
    const ip = address();
    const unmatched = await t.request('POST', '/api/unsubscribe/manual', form(), {}, ip);
    const res = await t.request('POST', '/api/unsubscribe/manual', form({ email: ` ${(user.email as string).toUpperCase()} `, name: 'mette hansen', phone: '12' }), {}, ip);
    expect(res.status).toBe(201);
    // No enumeration: the same answer, field for field, as for details matching nobody.
    expect(Object.keys(res.body)).toEqual(Object.keys(unmatched.body));
    expect(res.body.receipt).toEqual(unmatched.body.receipt);
    expect(await renew(subscription.id)).toBe(true);

    const mails = await mailsTo(t, user.email as string, { partOf: true });
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Bekræft opsigelsen af dit Husly-abonnement');
    const token = confirmToken(mails[0]);
    const stored = await t.prisma.userToken.findFirstOrThrow({ where: { userId: user.id, kind: 'UNSUBSCRIBE_CONFIRMATION' } });
    expect(stored.tokenHash).not.toContain(token);
    expect(await renew(subscription.id)).toBe(true);

    const confirmed = await t.request('POST', '/api/unsubscribe/confirm', { token }, {}, ip);
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body).toMatchObject({ cancelled: true, endingAt: subscription.endingAt?.toISOString() });
    expect(await renew(subscription.id)).toBe(false);
    const row = await t.prisma.unsubscription.findUniqueOrThrow({ where: { uuid: res.body.unsubscription.uuid } });
    expect(row).toMatchObject({ source: 'MANUAL', userId: user.id, subscriptionId: subscription.id });
    expect(row.confirmedAt).not.toBeNull();

    const again = await t.request('POST', '/api/unsubscribe/confirm', { token }, {}, ip);
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ code: 'token-not-recognised', message: ERROR_MESSAGES.tokenNotRecognised });
  });

  it('an expired link is refused and cancels nothing', async () => {
    const { user, subscription } = await subscriber();
    const ip = address();
    await t.request('POST', '/api/unsubscribe/manual', form({ email: user.email as string, name: 'Someone', phone: '20304050' }), {}, ip);
    const token = confirmToken((await mailsTo(t, user.email as string, { partOf: true }))[0]);
    t.clock.advance(UNSUBSCRIBE_CONFIRMATION_MS + 1000);
    const res = await t.request('POST', '/api/unsubscribe/confirm', { token }, {}, ip);
    t.clock.set(new Date());
    expect(res.status).toBe(404);
    expect(await renew(subscription.id)).toBe(true);
  });

  it("cannot cancel another person's subscription: the account's email with a wrong name and phone sends nothing and changes nothing", async () => {
    const { user, subscription } = await subscriber();
    const ip = address();
    const res = await t.request('POST', '/api/unsubscribe/manual', form({ email: user.email as string, name: 'Fremmed Person', phone: '11111111', orderno: '1000' }), {}, ip);
    expect(res.status).toBe(201);
    expect(res.body.receipt).toEqual({ confirmationByMail: true });
    expect(await mailsTo(t, user.email as string, { partOf: true })).toHaveLength(0);
    expect(await t.prisma.userToken.count({ where: { userId: user.id, kind: 'UNSUBSCRIBE_CONFIRMATION' } })).toBe(0);
    expect(await renew(subscription.id)).toBe(true);
    // A made-up token cancels nothing either.
    expect((await t.request('POST', '/api/unsubscribe/confirm', { token: 'A'.repeat(43) }, {}, ip)).status).toBe(404);
    expect(await renew(subscription.id)).toBe(true);
  });

  it('email, name and phone are required; a bad field is a 400 naming it and nothing is stored', async () => {
    const ip = address();
    const count = await t.prisma.unsubscription.count();
    const cases: [unknown, string][] = [
      [{ name: 'A', phone: '12345678' }, 'email'],
      [form({ email: 'not-an-email' }), 'email'],
      [form({ name: '' }), 'name'],
      [form({ phone: '' }), 'phone'],
      [form({ phone: 'call me' }), 'phone'],
      [form({ name: 'A\u0000' }), 'name'],
      [form({ message: 'x'.repeat(2001) }), 'message'],
      [{ ...form(), admin: true }, ''],
    ];
    for (const [body, field] of cases) {
      const res = await t.request('POST', '/api/unsubscribe/manual', body, {}, ip);
      expect(res.status, JSON.stringify(body)).toBe(400);
      if (field) expect(res.body.field, JSON.stringify(body)).toBe(field);
    }
    expect(await t.prisma.unsubscription.count()).toBe(count);
  });

  it(`is throttled: ${MANUAL_UNSUBSCRIBE_THROTTLE.perIp} an hour per address and ${MANUAL_UNSUBSCRIBE_THROTTLE.perEmail} a day per email, then 429`, async () => {
    const ip = address();
    for (let i = 0; i < MANUAL_UNSUBSCRIBE_THROTTLE.perIp; i++) expect((await t.request('POST', '/api/unsubscribe/manual', form(), {}, ip)).status).toBe(201);
    const refused = await t.request('POST', '/api/unsubscribe/manual', form(), {}, ip);
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();

    const email = `flood-${unique()}@husly.test`;
    for (let i = 0; i < MANUAL_UNSUBSCRIBE_THROTTLE.perEmail; i++) expect((await t.request('POST', '/api/unsubscribe/manual', form({ email }), {}, address())).status).toBe(201);
    expect((await t.request('POST', '/api/unsubscribe/manual', form({ email: email.toUpperCase() }), {}, address())).status).toBe(429);
  });
});

describe('the manual form, repeated and probed (issue 29)', () => {
  const details = (email: string) => ({ email, name: 'Mette Hansen', phone: '+45 20 30 40 50' });
  const post = (body: object, ip: string) => t.request('POST', '/api/unsubscribe/manual', body, {}, ip);

  it('the same form twice at once and once more: one record, one request to support, the same receipt each time', async () => {
    const body = { ...details(`ukendt-${unique()}@husly.test`), orderno: '77', message: 'Stop venligst' };
    const ip = address();
    const both = await Promise.all([post(body, ip), post(body, ip)]);
    expect(both.map((r) => r.status)).toEqual([201, 201]);
    expect(both[1].text).toBe(both[0].text);
    const again = await post(body, ip);
    expect(again.text).toBe(both[0].text);
    expect(await t.prisma.unsubscription.count({ where: { email: body.email } })).toBe(1);
    expect((await mailsTo(t, t.config.mail.support, { partOf: true })).filter((m) => m.text?.includes(body.email))).toHaveLength(1);
  });

  it('the matching details twice at once: one record and one confirmation mail', async () => {
    const { user } = await subscriber();
    const ip = address();
    const both = await Promise.all([post(details(user.email as string), ip), post(details(user.email as string), ip)]);
    expect(both.map((r) => r.status)).toEqual([201, 201]);
    expect(both[1].body.unsubscription.uuid).toBe(both[0].body.unsubscription.uuid);
    expect(await mailsTo(t, user.email as string, { partOf: true })).toHaveLength(1);
    expect(await t.prisma.unsubscription.count({ where: { email: user.email, source: 'MANUAL' } })).toBe(1);
  });
});

describe('the legacy GraphQL mutations do the same as REST', () => {
  const MANUAL = 'mutation M($email: String!, $name: String!, $phone: String!, $orderno: String, $message: String) { unsubscribeManual(email: $email, name: $name, phone: $phone, orderno: $orderno, message: $message) { uuid reason name email phone orderno message timestamp } }';
  const REASON = 'mutation R($reason: String!, $uuid: String!) { unsubscribeReason(reason: $reason, uuid: $uuid) { uuid reason keepInView } }';

  it('unsubscribeManual stores the record and mails a matching account; unsubscribeReason answers its survey', async () => {
    const { user, subscription } = await subscriber();
    const ip = address();
    const res = await graph(MANUAL, { email: user.email, name: 'Mette Hansen', phone: '20304050', orderno: '1001' }, {}, ip);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.unsubscribeManual).toMatchObject({ email: user.email, orderno: '1001', reason: null });
    expect(await mailsTo(t, user.email as string, { partOf: true })).toHaveLength(1);
    expect(await renew(subscription.id)).toBe(true);

    const uuid = res.body.data.unsubscribeManual.uuid;
    const answer = await graph(REASON, { reason: JSON.stringify({ foundDwelling: false, text: 'Flytter hjem' }), uuid }, {}, ip);
    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.data.unsubscribeReason).toMatchObject({ uuid, keepInView: false });
    expect((await t.prisma.unsubscription.findUniqueOrThrow({ where: { uuid } })).reason).toEqual({ foundDwelling: false, text: 'Flytter hjem' });
  });

  it("unsubscribeReason with the subscriber's own subscription cancels it; another's is a 404", async () => {
    const { auth, subscription } = await subscriber();
    const other = await subscriber();
    const res = await graph(REASON, { reason: 'found-portal', uuid: subscription.id }, auth);
    expect(res.body.data.unsubscribeReason).toMatchObject({ reason: 'found-portal', keepInView: true });
    expect(await renew(subscription.id)).toBe(false);
    const foreign = await graph(REASON, { reason: 'FOUND_NO_DWELLING', uuid: other.subscription.id }, auth);
    expect(foreign.body.errors[0].extensions).toMatchObject({ code: 'not-found', statusCode: 404 });
    expect(await renew(other.subscription.id)).toBe(true);
  });

  it('refuses bad input with the REST codes (400 naming the field)', async () => {
    const bad = await graph(MANUAL, { email: 'x@y.dk', name: 'A', phone: '' });
    expect(bad.body.errors[0].extensions).toMatchObject({ statusCode: 400, field: 'phone' });
    const badReason = await graph(REASON, { reason: 'found-moon', uuid: '7b0c0d5e-3c38-4a83-9f0b-0d0a4f1e2a11' });
    expect(badReason.body.errors[0].extensions).toMatchObject({ statusCode: 400 });
  });
});

describe('POST /api/notificationLog (spec section 7)', () => {
  it('stores a click of a mail link; refuses bad input; throttles an address (429)', async () => {
    const agent = await t.prisma.boligagent.create({ data: { email: `nl-${unique()}@husly.test`, token: `nl-${unique()}`, verifiedAt: new Date() } });
    const user = signUserParam(agent.id, t.config.auth.jwtSecret);
    const ip = address();
    expect((await t.request('POST', '/api/notificationLog', { user, source: 'boligagent', type: 'click' }, {}, ip)).status).toBe(204);
    expect(await t.prisma.notificationLog.findMany({ where: { boligagentId: agent.id }, select: { source: true, type: true } })).toEqual([{ source: 'boligagent', type: 'click' }]);
    for (const body of [{ user, dwellingId: 'x' }, { user, source: 'a\u0000' }, { user: '' }, { user, dwellingId: 2 ** 40 }]) {
      expect((await t.request('POST', '/api/notificationLog', body, {}, ip)).status, JSON.stringify(body)).toBe(400);
    }
    const flood = address();
    for (let i = 0; i < NOTIFICATION_LOG_THROTTLE.perIp; i++) expect((await t.request('POST', '/api/notificationLog', { user }, {}, flood)).status).toBe(204);
    expect((await t.request('POST', '/api/notificationLog', { user }, {}, flood)).status).toBe(429);
  });
});

describe('every GraphQL resolver carries a guard (the bearer guard, or the explicit public marker)', () => {
  it('finds no query or mutation without one, on its method or its class', async () => {
    const { ModulesContainer } = await import('@nestjs/core');
    const classes = [...t.app.get(ModulesContainer).values()].flatMap((m) => [...m.providers.values()]).map((p) => p.metatype);
    const operations = classes.flatMap((c) => {
      if (typeof c !== 'function' || !c.prototype) return [];
      // Descriptors, not property reads: some providers have getters on their prototype.
      return Object.entries(Object.getOwnPropertyDescriptors(c.prototype as object))
        .map(([name, d]) => ({ name, method: d.value as unknown }))
        .filter((m): m is { name: string; method: object } => typeof m.method === 'function' && Reflect.getMetadata('graphql:resolver_type', m.method) !== undefined)
        .map((m) => ({ name: `${c.name}.${m.name}`, guarded: [c, m.method].some((target) => ((Reflect.getMetadata('__guards__', target) as unknown[] | undefined) ?? []).length > 0) }));
    });
    expect(operations.map((o) => o.name)).toEqual(expect.arrayContaining(['UnsubscribeResolver.unsubscribeManual', 'UnsubscribeResolver.unsubscribeReason', 'SubscriptionsResolver.cancelSubscription']));
    expect(operations.filter((o) => !o.guarded).map((o) => o.name)).toEqual([]);
  });
});
