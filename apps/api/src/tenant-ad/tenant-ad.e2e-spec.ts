import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { LandlordContactRequest, LandlordTenantAdsResponse, TenantAdRequest, TenantAdResponse, TenantAdSaveResponse } from '@husly/contracts';
import { TENANT_AD_ERROR_CODES } from '@husly/contracts';
import { defaultTenantAd, formatDate, LANDLORD_CONTACT_THROTTLE, TENANT_AD_CONTACT_MESSAGES, THROTTLE_MESSAGES, VERIFICATION_MAIL_THROTTLE } from '@husly/domain';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createCity, subscribe, unique } from '../../test/factories';
import { userWithToken } from '../../test/subscription-fixtures';
import { JobQueue } from '../infra/queue/job-queue.service';

// Each test writes from its own address, so the per-address relay limit of one never reaches another.
let nextAddress = 1;
const address = () => `198.51.100.${nextAddress++}`;

describe('the tenant ad (GET/POST /api/users/me/tenant, the landlord page and its relay)', () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp()));
  afterAll(() => t.close());

  const inTwoMonths = () => defaultTenantAd(new Date()).housing.available;
  const yesterday = () => formatDate(new Date(Date.now() - 24 * 3600_000));

  function adBody(area: string, overrides: { profile?: object; housing?: object; ad?: object; publish?: boolean } = {}) {
    const marker = unique();
    return {
      profile: { name: 'Mette Kirstine Jensen', email: `mette-${marker}@example.dk`, phone: '+45 20 30 40 50', phonealt: '+45 70 80 90 10', gender: 'female', age: 27, profession: 'Sygeplejerske', rki: true, ...overrides.profile },
      housing: { area, rent: 7500, rooms: 2, size: 55, dwelling: ['apartment', 'townhouse'], timeframe: ['gt1y'], available: inTwoMonths(), ...overrides.housing },
      ad: { subject: `Rolig sygeplejerske søger lejlighed ${marker}`, text: 'Jeg arbejder på Skejby og søger en lys toværelses tæt på bus.', ...overrides.ad },
      ...(overrides.publish === undefined ? {} : { publish: overrides.publish }),
    } satisfies TenantAdRequest;
  }

  async function subscriber() {
    const seeker = await userWithToken(t);
    await subscribe(t.prisma, seeker.user.id, 'tenantad-249kr-30days');
    return seeker;
  }

  const landlordPage = async (slug: string) => {
    const res = await t.request('GET', `/api/tenant-ads/${slug}`);
    expect(res.status).toBe(200);
    return res as { status: number; headers: Record<string, unknown>; body: LandlordTenantAdsResponse; text: string };
  };

  async function outbox(): Promise<ParsedMail[]> {
    await t.app.get(JobQueue).drain();
    const dir = t.config.mail.dir;
    const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.eml')) : [];
    return Promise.all(files.map((f) => simpleParser(readFileSync(join(dir, f)))));
  }
  const mentioning = (mails: ParsedMail[], needle: string) => mails.filter((m) => m.subject?.includes(needle) || m.text?.includes(needle));

  it('needs a login, and starts from the defaults of section 9 with the account details', async () => {
    expect((await t.request('GET', '/api/users/me/tenant')).status).toBe(401);
    expect((await t.request('POST', '/api/users/me/tenant', adBody('aarhus'))).status).toBe(401);

    const { user, auth } = await userWithToken(t);
    const res = await t.request('GET', '/api/users/me/tenant', undefined, auth);
    expect(res.status).toBe(200);
    const body = res.body as TenantAdResponse;
    expect(body).toMatchObject({ saved: false, publish: true, listed: false, updatedAt: null });
    expect(body.ad.profile).toMatchObject({ name: user.name, email: user.email, age: null, rki: false });
    expect(body.ad.housing).toEqual({ area: '', rent: 14000, rooms: 1, size: 10, dwelling: [], timeframe: [], available: inTwoMonths() });
    expect(body.ad.housing.available).toMatch(/^01\/\d{2}\/\d{4}$/);
  });

  it('refuses every broken rule with a 400 naming the field in the spec words, and stores nothing', async () => {
    const city = await createCity(t.prisma);
    const { auth } = await userWithToken(t);
    const cases: Array<[string, unknown, string, string | RegExp]> = [
      ['availability yesterday', adBody(city.slug, { housing: { available: yesterday() } }), 'housing.available', 'Datoen må tidligst være i dag.'],
      ['an ISO date', adBody(city.slug, { housing: { available: '2027-01-01' } }), 'housing.available', 'Datoen skal skrives som DD/MM/ÅÅÅÅ.'],
      ['31 February', adBody(city.slug, { housing: { available: '31/02/2027' } }), 'housing.available', 'Datoen skal skrives som DD/MM/ÅÅÅÅ.'],
      ['age 17', adBody(city.slug, { profile: { age: 17 } }), 'profile.age', 'Du skal være fyldt 18 år.'],
      ['no age', adBody(city.slug, { profile: { age: null } }), 'profile.age', 'Alderen skal udfyldes.'],
      ['age 500', adBody(city.slug, { profile: { age: 500 } }), 'profile.age', 'Skriv din alder i hele år.'],
      ['no area', adBody('', {}), 'housing.area', 'Vælg et område.'],
      ['an unknown area', adBody(`ingen-by-${unique()}`), 'housing.area', 'Vælg et område.'],
      ['rent below the slider', adBody(city.slug, { housing: { rent: 900 } }), 'housing.rent', 'Vælg en værdi mellem 1000 og 14000.'],
      ['rent off the step', adBody(city.slug, { housing: { rent: 7550 } }), 'housing.rent', 'Vælg en værdi mellem 1000 og 14000.'],
      ['7 rooms', adBody(city.slug, { housing: { rooms: 7 } }), 'housing.rooms', 'Vælg en værdi mellem 1 og 6.'],
      ['size 141', adBody(city.slug, { housing: { size: 141 } }), 'housing.size', 'Vælg en værdi mellem 10 og 140.'],
      ['a dwelling type that does not exist', adBody(city.slug, { housing: { dwelling: ['castle'] } }), 'housing.dwelling.0', /./],
      ['a timeframe that does not exist', adBody(city.slug, { housing: { timeframe: ['forever'] } }), 'housing.timeframe.0', /./],
      ['a blank name', adBody(city.slug, { profile: { name: ' ' } }), 'profile.name', 'Skriv dit navn.'],
      ['a bad email', adBody(city.slug, { profile: { email: 'mette@example' } }), 'profile.email', 'Skriv en gyldig email-adresse.'],
      ['no headline', adBody(city.slug, { ad: { subject: '' } }), 'ad.subject', 'Giv din annonce en overskrift.'],
      ['no text', adBody(city.slug, { ad: { text: '   ' } }), 'ad.text', 'Skriv lidt om dig selv og den bolig, du søger.'],
      ['a NUL in the text', adBody(city.slug, { ad: { text: 'Hej\u0000' } }), 'ad.text', /NUL/],
      ['a line break in the headline', adBody(city.slug, { ad: { subject: 'Hej\r\nBcc: x@example.com' } }), 'ad.subject', /one line/],
      ['rent beyond int4', adBody(city.slug, { housing: { rent: 2 ** 31 } }), 'housing.rent', /./],
      ['rooms as true', adBody(city.slug, { housing: { rooms: true } }), 'housing.rooms', /./],
      ['a field of its own', { ...adBody(city.slug), hacked: true }, '', /./],
    ];
    for (const [name, body, path, message] of cases) {
      const res = await t.request('POST', '/api/users/me/tenant', body, auth);
      expect(res.status, name).toBe(400);
      const error = (res.body.errors as Array<{ path: string; message: string }>).find((e) => e.path === path);
      expect(error, `${name}: ${JSON.stringify(res.body)}`).toBeTruthy();
      if (typeof message === 'string') expect(error!.message, name).toBe(message);
      else expect(error!.message, name).toMatch(message);
    }
    // English on the en. host.
    const en = await t.request('POST', '/api/users/me/tenant', adBody(city.slug, { profile: { age: 16 } }), { ...auth, host: 'en.localhost' });
    expect(en.body.errors).toEqual([{ path: 'profile.age', message: 'You must be at least 18 years old.' }]);
    const raw = await t.app.getHttpAdapter().getInstance().inject({ method: 'POST', url: '/api/users/me/tenant', headers: { ...auth, 'content-type': 'application/json' }, payload: '"nej"' });
    expect(raw.statusCode).toBe(400);

    expect((await t.request('GET', '/api/users/me/tenant', undefined, auth)).body.saved).toBe(false);
  });

  it('without an active subscription: keeps the draft, lists nothing, and answers the not-activated warning', async () => {
    const city = await createCity(t.prisma);
    const { user, auth } = await userWithToken(t);
    const body = adBody(city.slug);
    const res = await t.request('POST', '/api/users/me/tenant', body, auth);
    expect(res.status).toBe(200);
    const saved = res.body as TenantAdSaveResponse;
    expect(saved).toMatchObject({ warning: 'not-activated', saved: true, publish: true, listed: false });

    // The draft is kept, exactly as written.
    const again = (await t.request('GET', '/api/users/me/tenant', undefined, auth)).body as TenantAdResponse;
    expect(again.ad).toEqual({ ...body, profile: { ...body.profile }, housing: { ...body.housing } });
    expect((await landlordPage(city.slug)).body.data).toEqual([]);

    // Buying a subscription puts it up without a resave: the seeker chose to publish.
    await subscribe(t.prisma, user.id, 'tenantad-249kr-30days');
    expect((await landlordPage(city.slug)).body.data.map((a) => a.subject)).toEqual([body.ad.subject]);
    expect((await t.request('GET', '/api/users/me/tenant', undefined, auth)).body.listed).toBe(true);
  });

  it('with an active subscription: publishes, and landlords see the ad with the first name only, never an email or phone', async () => {
    const city = await createCity(t.prisma);
    const { auth } = await subscriber();
    const body = adBody(city.slug);
    const res = await t.request('POST', '/api/users/me/tenant', body, auth);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ warning: null, listed: true, publish: true });

    const page = await landlordPage(city.slug);
    expect(page.headers['x-robots-tag']).toMatch(/noindex/);
    expect(page.body.city).toEqual({ slug: city.slug, label: city.label });
    expect(page.body.data).toHaveLength(1);
    const [ad] = page.body.data;
    expect(ad).toMatchObject({
      firstName: 'Mette',
      subject: body.ad.subject,
      text: body.ad.text,
      area: { slug: city.slug, label: city.label },
      rent: 7500,
      rooms: 2,
      size: 55,
      dwelling: ['apartment', 'townhouse'],
      timeframe: ['gt1y'],
      availableFrom: body.housing.available,
      age: 27,
      profession: 'Sygeplejerske',
      rki: true,
    });
    for (const secret of [body.profile.email, '20 30 40 50', '70 80 90 10', 'Kirstine', 'Jensen', 'female']) expect(page.text).not.toContain(secret);

    // Unpublishing takes it off the list; the ad stays the seeker's.
    await t.request('POST', '/api/users/me/tenant', { ...body, publish: false }, auth);
    expect((await landlordPage(city.slug)).body.data).toEqual([]);
    expect((await t.request('GET', '/api/users/me/tenant', undefined, auth)).body).toMatchObject({ saved: true, publish: false, listed: false });
  });

  it('lists an ad only while its owner subscription is active: a lapse takes it off, a renewal puts it back', async () => {
    const city = await createCity(t.prisma);
    const seeker = await userWithToken(t);
    const subscription = await subscribe(t.prisma, seeker.user.id, 'tenantad-249kr-30days');
    await t.request('POST', '/api/users/me/tenant', adBody(city.slug), seeker.auth);
    const [ad] = (await landlordPage(city.slug)).body.data;
    expect(ad).toBeTruthy();

    await t.prisma.subscription.update({ where: { id: subscription.id }, data: { endingAt: new Date(Date.now() - 1000) } });
    expect((await landlordPage(city.slug)).body.data).toEqual([]);
    const contact = await t.request('POST', `/api/tenant-ads/${ad.id}/contact`, { name: 'Jens', email: 'jens@udlejer.dk', message: 'Hej, jeg har en bolig til dig.' }, {}, address());
    expect(contact.status).toBe(404);
    // The seeker keeps the ad and sees that it is not shown.
    expect((await t.request('GET', '/api/users/me/tenant', undefined, seeker.auth)).body).toMatchObject({ saved: true, listed: false });

    await subscribe(t.prisma, seeker.user.id, 'tenantad-249kr-30days');
    expect((await landlordPage(city.slug)).body.data.map((a) => a.id)).toEqual([ad.id]);
  });

  it('is gone when the account is deleted, and is part of the GDPR export until then', async () => {
    const city = await createCity(t.prisma);
    const seeker = await subscriber();
    const body = adBody(city.slug);
    await t.request('POST', '/api/users/me/tenant', body, seeker.auth);

    const exported = await t.request('GET', '/api/users/me/export', undefined, seeker.auth);
    expect(exported.status).toBe(200);
    expect(exported.body.profile.tenantProfile).toMatchObject({
      name: body.profile.name,
      email: body.profile.email,
      phone: body.profile.phone,
      subject: body.ad.subject,
      text: body.ad.text,
      rent: 7500,
      dwellingTypes: ['apartment', 'townhouse'],
      published: true,
      city: { slug: city.slug },
    });

    expect((await landlordPage(city.slug)).body.data).toHaveLength(1);
    expect((await t.request('DELETE', '/api/users/me', undefined, seeker.auth)).status).toBe(204);
    expect((await landlordPage(city.slug)).body.data).toEqual([]);
    expect(await t.prisma.tenantProfile.count({ where: { userId: seeker.user.id } })).toBe(0);
  });

  it('answers 404 for a city that does not exist or cannot be a slug, and for ad ids that cannot exist', async () => {
    expect((await t.request('GET', `/api/tenant-ads/ingen-by-${unique()}`)).status).toBe(404);
    expect((await t.request('GET', '/api/tenant-ads/%25%25')).status).toBe(404);
    expect((await t.request('GET', '/api/tenant-ads/Aarhus')).status).toBe(404);
    const message = { name: 'Jens', email: 'jens@udlejer.dk', message: 'Hej, jeg har en bolig til dig.' };
    for (const id of ['0', '-1', 'abc', '99999999999', '2147483648']) {
      expect((await t.request('POST', `/api/tenant-ads/${id}/contact`, message, {}, address())).status, id).toBe(404);
    }
  });

  describe('the contact form: a landlord writes to the seeker', () => {
    // The account's own verified address: the relay mails only a proven one (issue 29).
    async function listedAd() {
      const city = await createCity(t.prisma);
      const seeker = await subscriber();
      const body = adBody(city.slug, { profile: { email: seeker.user.email } });
      await t.request('POST', '/api/users/me/tenant', body, seeker.auth);
      const [ad] = (await landlordPage(city.slug)).body.data;
      return { ad, body, seeker };
    }
    const landlordMessage = (overrides: Partial<LandlordContactRequest> = {}) =>
      ({
        name: 'Jens Udlejer',
        email: `jens-${unique()}@udlejer.dk`,
        phone: '+45 11 22 33 44',
        message: `Hej Mette, jeg har en toværelses på Trøjborg fra 1. februar. ${unique()}`,
        ...overrides,
      }) satisfies LandlordContactRequest;

    it('mails the seeker from our address with the landlord as Reply-To, and tells the landlord nothing about the seeker', async () => {
      const { ad, body } = await listedAd();
      const message = landlordMessage();
      const res = await t.request('POST', `/api/tenant-ads/${ad.id}/contact`, message, {}, address());
      expect(res.status).toBe(202);
      expect(res.text).toBe('');
      expect(JSON.stringify(res.headers)).not.toContain(body.profile.email);

      const mails = mentioning(await outbox(), message.message);
      expect(mails).toHaveLength(1);
      const [mail] = mails;
      expect(mail.to && !Array.isArray(mail.to) ? mail.to.value.map((a) => a.address) : []).toEqual([body.profile.email]);
      expect(mail.from?.value.map((a) => a.address)).toEqual(['noreply@husly.dk']);
      expect(mail.replyTo?.value.map((a) => a.address)).toEqual([message.email]);
      expect(mail.subject).toBe(`Besked fra en udlejer: ${body.ad.subject}`);
      expect(mail.text).toContain('Hej Mette');
      expect(mail.text).toContain(message.phone);
      expect(mail.text).toContain('Jens Udlejer');
    });

    it('refuses bad input with a 400 naming the field and mails nothing', async () => {
      const { ad } = await listedAd();
      const ip = address();
      const marker = `bad-${unique()}`;
      const cases: Array<[unknown, string]> = [
        [landlordMessage({ email: 'jens', message: `${marker} en besked her` }), 'email'],
        [landlordMessage({ email: 'jens@udlejer.dk\r\nBcc: victim@example.com', message: `${marker} en besked her` }), 'email'],
        [landlordMessage({ name: '', message: `${marker} en besked her` }), 'name'],
        [landlordMessage({ name: 'Jens\nBcc: victim@example.com', message: `${marker} en besked her` }), 'name'],
        [landlordMessage({ message: 'kort' }), 'message'],
        [{ ...landlordMessage({ message: `${marker} en besked her` }), extra: 1 }, ''],
      ];
      for (const [message, field] of cases) {
        const res = await t.request('POST', `/api/tenant-ads/${ad.id}/contact`, message, {}, ip);
        expect(res.status, JSON.stringify(message)).toBe(400);
        if (field) expect(res.body.field).toBe(field);
      }
      expect(mentioning(await outbox(), marker)).toHaveLength(0);
    });

    it('throttles one landlord address with 429 and Retry-After, and one ad across addresses', async () => {
      const { ad } = await listedAd();
      const ip = address();
      for (let i = 0; i < LANDLORD_CONTACT_THROTTLE.perIp; i++) {
        expect((await t.request('POST', `/api/tenant-ads/${ad.id}/contact`, landlordMessage(), {}, ip)).status).toBe(202);
      }
      const refusedMessage = landlordMessage();
      const refused = await t.request('POST', `/api/tenant-ads/${ad.id}/contact`, refusedMessage, { host: 'en.localhost' }, ip);
      expect(refused.status).toBe(429);
      expect(refused.body.message).toBe(THROTTLE_MESSAGES.en);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(mentioning(await outbox(), refusedMessage.message)).toHaveLength(0);

      // Another address still gets through, until the ad has had its share of the day.
      const left = LANDLORD_CONTACT_THROTTLE.perAd - LANDLORD_CONTACT_THROTTLE.perIp;
      for (let i = 0; i < left; i++) {
        expect((await t.request('POST', `/api/tenant-ads/${ad.id}/contact`, landlordMessage(), {}, address())).status).toBe(202);
      }
      expect((await t.request('POST', `/api/tenant-ads/${ad.id}/contact`, landlordMessage(), {}, address())).status).toBe(429);
    });
  });
  describe('the relay mails only an address the seeker has proven (issue 29)', () => {
    const message = () => ({ name: 'Jens Udlejer', email: `jens-${unique()}@udlejer.dk`, message: `Hej, jeg har en bolig til dig. ${unique()}` }) satisfies LandlordContactRequest;
    const to = (mail: ParsedMail) => (mail.to && !Array.isArray(mail.to) ? mail.to.value.map((a) => a.address) : []);
    const mailsTo = async (address: string) => (await outbox()).filter((m) => to(m).includes(address));
    const linksTo = async (address: string) =>
      (await mailsTo(address)).filter((m) => m.subject?.includes('boligannonce') || m.subject?.includes('tenant ad')).filter((m) => /verify=/.test(m.text ?? ''));
    const tokenIn = (mail: ParsedMail) => /\/profile\/tenant\?verify=([\w-]+)/.exec(mail.text ?? '')![1];
    const relayMailsTo = async (address: string, text: string) => (await mailsTo(address)).filter((m) => m.text?.includes(text));
    // Each save from its own source: a new address's link counts in the per-IP verification-mail bucket.
    const save = (body: unknown, auth: Record<string, string>) => t.request('POST', '/api/users/me/tenant', body, auth, address());

    /** A listed ad whose address is not the account's: it waits for its link. */
    async function adWithOwnAddress() {
      const city = await createCity(t.prisma);
      const seeker = await subscriber();
      const body = adBody(city.slug);
      const saved = await save(body, seeker.auth);
      expect(saved.status).toBe(200);
      const [ad] = (await landlordPage(city.slug)).body.data;
      return { ad, body, seeker, city, saved: saved.body as TenantAdSaveResponse };
    }
    const contact = (id: number, host?: string) => t.request('POST', `/api/tenant-ads/${id}/contact`, message(), host ? { host } : {}, address());

    it('an address typed into the ad gets no relayed mail, only its link, until the link is followed', async () => {
      const { ad, body, seeker, saved } = await adWithOwnAddress();
      expect(saved.emailVerified).toBe(false);
      expect((await t.request('GET', '/api/users/me/tenant', undefined, seeker.auth)).body.emailVerified).toBe(false);

      const sent = message();
      const refused = await t.request('POST', `/api/tenant-ads/${ad.id}/contact`, sent, {}, address());
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ code: TENANT_AD_ERROR_CODES.emailUnverified, message: TENANT_AD_CONTACT_MESSAGES.da.unverified });
      const en = await contact(ad.id, 'en.localhost');
      expect(en.status).toBe(409);
      expect(en.body.message).toBe(TENANT_AD_CONTACT_MESSAGES.en.unverified);
      expect(await relayMailsTo(body.profile.email, sent.message)).toHaveLength(0);
      // The address got exactly one mail: its link, in the owner's language, pointing at the editor.
      const mails = await mailsTo(body.profile.email);
      expect(mails).toHaveLength(1);
      expect(mails[0].subject).toBe('Bekræft email-adressen i din boligannonce hos Husly');
      expect(mails[0].text).toMatch(/\/profile\/tenant\?verify=[\w-]{43}/);
    });

    it('follows the link: the ad is verified and the relay mails the address', async () => {
      const { ad, body, seeker } = await adWithOwnAddress();
      const [link] = await linksTo(body.profile.email);
      const res = await t.request('POST', '/api/users/me/tenant/verify-email', { token: tokenIn(link) }, seeker.auth);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ saved: true, emailVerified: true, listed: true });
      expect(res.body.ad.profile.email).toBe(body.profile.email);

      const sent = message();
      expect((await t.request('POST', `/api/tenant-ads/${ad.id}/contact`, sent, {}, address())).status).toBe(202);
      expect(await relayMailsTo(body.profile.email, sent.message)).toHaveLength(1);
    });

    it('a changed address is unverified again and gets its own link; the old link no longer proves anything', async () => {
      const { ad, body, seeker } = await adWithOwnAddress();
      const [firstLink] = await linksTo(body.profile.email);
      expect((await t.request('POST', '/api/users/me/tenant/verify-email', { token: tokenIn(firstLink) }, seeker.auth)).body.emailVerified).toBe(true);

      // Same inbox, other spelling: not a change.
      const respelled = await save({ ...body, profile: { ...body.profile, email: body.profile.email.toUpperCase() } }, seeker.auth);
      expect(respelled.body.emailVerified).toBe(true);

      const other = `anden-${unique()}@example.dk`;
      const changed = await save({ ...body, profile: { ...body.profile, email: other } }, seeker.auth);
      expect(changed.status).toBe(200);
      expect(changed.body.emailVerified).toBe(false);
      const sent = message();
      expect((await t.request('POST', `/api/tenant-ads/${ad.id}/contact`, sent, {}, address())).status).toBe(409);
      expect(await relayMailsTo(other, sent.message)).toHaveLength(0);
      const [otherLink] = await linksTo(other);
      expect(otherLink).toBeTruthy();

      // Back to the first address: proven once, but changed since, so it waits for a new link; the
      // link mailed to the address the ad no longer has proves nothing, and is refused.
      const back = await save(body, seeker.auth);
      expect(back.body.emailVerified).toBe(false);
      expect((await t.request('POST', '/api/users/me/tenant/verify-email', { token: tokenIn(otherLink) }, seeker.auth)).status).toBe(400);
      expect((await t.request('POST', '/api/users/me/tenant/verify-email', { token: tokenIn(firstLink) }, seeker.auth)).status).toBe(400);
      expect((await t.request('GET', '/api/users/me/tenant', undefined, seeker.auth)).body.emailVerified).toBe(false);

      // The account's own verified address needs no link.
      const own = await save({ ...body, profile: { ...body.profile, email: seeker.user.email } }, seeker.auth);
      expect(own.body.emailVerified).toBe(true);
      expect((await t.request('POST', `/api/tenant-ads/${ad.id}/contact`, message(), {}, address())).status).toBe(202);
      // ...but only while the account's address is verified.
      await t.prisma.user.update({ where: { id: seeker.user.id }, data: { emailVerified: false } });
      expect((await t.request('POST', `/api/tenant-ads/${ad.id}/contact`, message(), {}, address())).status).toBe(409);
      expect((await t.request('GET', '/api/users/me/tenant', undefined, seeker.auth)).body.emailVerified).toBe(false);
    });

    it('the link followed twice in parallel verifies once; both clicks see success, and a third changes nothing', async () => {
      const { body, seeker } = await adWithOwnAddress();
      const token = tokenIn((await linksTo(body.profile.email))[0]);
      const clicks = await Promise.all([1, 2].map(() => t.request('POST', '/api/users/me/tenant/verify-email', { token }, seeker.auth)));
      expect(clicks.map((c) => c.status)).toEqual([200, 200]);
      expect(clicks.map((c) => c.body.emailVerified)).toEqual([true, true]);
      const row = await t.prisma.tenantProfile.findUniqueOrThrow({ where: { userId: seeker.user.id } });
      expect(row.emailVerifiedAt).not.toBeNull();
      const tokens = await t.prisma.userToken.findMany({ where: { userId: seeker.user.id, kind: 'TENANT_AD_EMAIL_VERIFICATION' } });
      expect(tokens).toHaveLength(1);
      expect(tokens[0].usedAt).not.toBeNull();

      expect((await t.request('POST', '/api/users/me/tenant/verify-email', { token }, seeker.auth)).status).toBe(200);
      const again = await t.prisma.tenantProfile.findUniqueOrThrow({ where: { userId: seeker.user.id } });
      expect(again.emailVerifiedAt).toEqual(row.emailVerifiedAt);
    });

    it("refuses someone else's link with a 400 and leaves it working for its owner; refuses expired and made-up links", async () => {
      const { ad, body, seeker } = await adWithOwnAddress();
      const token = tokenIn((await linksTo(body.profile.email))[0]);
      const stranger = await userWithToken(t);
      await save(adBody((await createCity(t.prisma)).slug), stranger.auth);
      const refused = await t.request('POST', '/api/users/me/tenant/verify-email', { token }, stranger.auth);
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('token-not-recognised');
      expect((await t.request('GET', '/api/users/me/tenant', undefined, stranger.auth)).body.emailVerified).toBe(false);
      expect((await t.request('POST', '/api/users/me/tenant/verify-email', { token })).status).toBe(401);
      for (const bad of ['', 'x'.repeat(43), 'x'.repeat(201)]) {
        expect((await t.request('POST', '/api/users/me/tenant/verify-email', { token: bad }, seeker.auth)).status, bad).toBe(400);
      }
      expect((await t.request('POST', `/api/tenant-ads/${ad.id}/contact`, message(), {}, address())).status).toBe(409);

      // An expired link proves nothing either.
      await t.prisma.userToken.updateMany({ where: { userId: seeker.user.id, kind: 'TENANT_AD_EMAIL_VERIFICATION' }, data: { expiresAt: new Date(Date.now() - 1000) } });
      expect((await t.request('POST', '/api/users/me/tenant/verify-email', { token }, seeker.auth)).status).toBe(400);
      await t.prisma.userToken.updateMany({ where: { userId: seeker.user.id, kind: 'TENANT_AD_EMAIL_VERIFICATION' }, data: { expiresAt: new Date(Date.now() + 3600_000) } });
      expect((await t.request('POST', '/api/users/me/tenant/verify-email', { token }, seeker.auth)).body.emailVerified).toBe(true);
    });

    it('sends the link again on request: one mail for two parallel clicks, none for a proven address, 429 past the account mail limits', async () => {
      const { body, seeker } = await adWithOwnAddress();
      const ask = () => t.request('POST', '/api/users/me/tenant/verification-mail', {}, seeker.auth, address());
      // A link went out with the save a moment ago: asking at once sends no second one.
      expect((await ask()).status).toBe(200);
      expect(await linksTo(body.profile.email)).toHaveLength(1);

      // Later, two parallel clicks send one link.
      const backdate = () =>
        t.prisma.userToken.updateMany({ where: { userId: seeker.user.id, kind: 'TENANT_AD_EMAIL_VERIFICATION' }, data: { createdAt: new Date(Date.now() - 10 * 60_000) } });
      await backdate();
      const clicks = await Promise.all([ask(), ask()]);
      expect(clicks.map((c) => c.status)).toEqual([200, 200]);
      expect(clicks.map((c) => c.body)).toEqual([{ ok: true }, { ok: true }]);
      expect(await linksTo(body.profile.email)).toHaveLength(2);

      // The address's daily budget of verification mails is the accounts' one; the skipped click did not use it.
      for (let sent = 2; sent < VERIFICATION_MAIL_THROTTLE.perAddress; sent++) {
        await backdate();
        expect((await ask()).status).toBe(200);
      }
      expect(await linksTo(body.profile.email)).toHaveLength(VERIFICATION_MAIL_THROTTLE.perAddress);
      await backdate();
      const throttled = await ask();
      expect(throttled.status).toBe(429);
      expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
      expect(await linksTo(body.profile.email)).toHaveLength(VERIFICATION_MAIL_THROTTLE.perAddress);

      // Any of the links proves the address; after that nothing more is sent.
      const [latest] = (await linksTo(body.profile.email)).slice(-1);
      expect((await t.request('POST', '/api/users/me/tenant/verify-email', { token: tokenIn(latest) }, seeker.auth)).body.emailVerified).toBe(true);
      await backdate();
      expect((await ask()).status).toBe(200);
      expect(await linksTo(body.profile.email)).toHaveLength(VERIFICATION_MAIL_THROTTLE.perAddress);
    });

    it('answers 404 to a link request without a saved ad, and sends nothing for an ad on the account’s verified address', async () => {
      const seeker = await userWithToken(t);
      expect((await t.request('POST', '/api/users/me/tenant/verification-mail', {}, seeker.auth, address())).status).toBe(404);
      expect((await t.request('GET', '/api/users/me/tenant', undefined, seeker.auth)).body.emailVerified).toBe(true);
      const city = await createCity(t.prisma);
      const saved = await save(adBody(city.slug, { profile: { email: seeker.user.email } }), seeker.auth);
      expect(saved.body.emailVerified).toBe(true);
      expect((await t.request('POST', '/api/users/me/tenant/verification-mail', {}, seeker.auth, address())).status).toBe(200);
      expect(await t.prisma.userToken.count({ where: { userId: seeker.user.id, kind: 'TENANT_AD_EMAIL_VERIFICATION' } })).toBe(0);
    });
  });
});
