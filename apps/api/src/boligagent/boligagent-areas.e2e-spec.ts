import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ParsedMail } from 'mailparser';
import { readSearchArea, roundBoligagentRent, searchAreaFromCorners, writeSearchArea } from '@husly/domain';
import { createTestApp, type TestApp } from '../../test/test-app';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink';
import { createCity, createUser, unique } from '../../test/factories';
import { TokenService } from '../common/auth/token.service';
import { areaPolygonText } from '../common/area-polygon-text';
import { JobQueue } from '../infra/queue/job-queue.service';
import { BoligagentDeliveryService } from './boligagent-delivery.service';

// A boligagent watching a drawn area (issue 34, docs/decisions/0064-area-search.md): stored through
// the API, matched by the nightly digest and the instant mails on the real database, mailed through
// a real SMTP sink. Its own database: the digest mails every agent of the database it runs on.

const DAY = 24 * 3_600_000;
const HOUR = 3_600_000;
const recipient = (m: ParsedMail) => (m.to && 'text' in m.to ? m.to.text : '');
const dwellingIdsIn = (m: ParsedMail) => [...(m.text ?? '').matchAll(/\/vis\/(\d+)\?/g)].map((x) => Number(x[1])).sort((a, b) => a - b);

// A square around Valby: lat 55.64–55.68, lng 12.48–12.54.
const SQUARE = writeSearchArea(
  searchAreaFromCorners([
    [55.64, 12.48],
    [55.64, 12.54],
    [55.68, 12.54],
    [55.68, 12.48],
  ]),
);
const INSIDE = { lat: 55.66, lng: 12.51 };
const OUTSIDE = { lat: 55.7, lng: 12.51 };
// A second one, around Aarhus C, for the test whose agents must see only their own dwellings.
const AARHUS = writeSearchArea(
  searchAreaFromCorners([
    [56.14, 10.18],
    [56.14, 10.24],
    [56.18, 10.24],
    [56.18, 10.18],
  ]),
);

describe('a boligagent watching a drawn area', () => {
  let sink: SmtpSink;
  let t: TestApp;
  let delivery: BoligagentDeliveryService;
  let jobs: JobQueue;
  let cityId: number;
  let citySlug: string;
  let landlordId: number;
  let ip = 0;
  const fromIp = () => ({ 'x-forwarded-for': `203.0.${113 + (process.pid % 100)}.${++ip}` });

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ ownDatabase: true, env: { SMTP_URL: sink.url } });
    delivery = t.app.get(BoligagentDeliveryService);
    jobs = t.app.get(JobQueue);
    const city = await createCity(t.prisma);
    cityId = city.id;
    citySlug = city.slug;
    landlordId = (await t.prisma.landlord.create({ data: { name: `Udlejer ${unique()}` } })).id;
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  const mailsTo = (email: string) => sink.messages.filter((m) => recipient(m) === email);

  async function dwelling(at: { lat: number; lng: number }, input: { rent?: number; createdAt?: Date; cityId?: number } = {}) {
    return t.prisma.dwelling.create({
      data: {
        headline: `Lejlighed ${unique()}`,
        rent: input.rent ?? 5000,
        rooms: 2,
        size: 60,
        cityId: input.cityId ?? cityId,
        landlordId,
        lat: at.lat,
        lng: at.lng,
        createdAt: input.createdAt ?? new Date(Date.now() - HOUR),
      },
    });
  }

  /** A verified agent watching `area` (SQUARE unless told), and with `cityId` a city pref too; with `userId` a user's. */
  async function agent(input: { frequency: 'INSTANT' | 'DAILY'; rent?: number; cityId?: number; area?: string; userId?: number }) {
    const area = input.area ?? SQUARE;
    const read = readSearchArea(area);
    if (read.error) throw new Error(read.error.message);
    return t.prisma.boligagent.create({
      data: {
        email: `area-${unique()}@husly.test`,
        token: `tok-${unique()}${unique()}`,
        verifiedAt: new Date(Date.now() - 2 * DAY),
        frequency: input.frequency,
        userId: input.userId ?? null,
        mapAreas: { create: { area, polygon: areaPolygonText(read.value), rent: input.rent ?? null } },
        ...(input.cityId ? { prefs: { create: { cityId: input.cityId } } } : {}),
      },
    });
  }

  it('POST /api/boligagents stores the area canonical with its rounded sliders; the verify link switches it on', async () => {
    const email = `besoeg-${unique()}@husly.test`;
    const res = await t.request('POST', '/api/boligagents', { email, mapAreas: [{ area: SQUARE, rent: 6_040, rooms: 2 }] }, fromIp());
    expect(res.status, res.text).toBe(201);
    const stored = await t.prisma.boligagent.findFirstOrThrow({ where: { email }, include: { mapAreas: true } });
    // Rounded as a city pref's slider is (spec section 9).
    const rent = roundBoligagentRent(6_040);
    expect(stored.mapAreas).toMatchObject([{ area: SQUARE, rent, rooms: 2, size: null, status: 'ACTIVE' }]);
    expect(stored.mapAreas[0].polygon).toBe('((12.48,55.64),(12.54,55.64),(12.54,55.68),(12.48,55.68))');
    const verified = await t.request('POST', `/api/boligagents/${stored.token}/verify`);
    expect(verified.status).toBe(200);
    expect(verified.body.mapAreas).toMatchObject([{ area: SQUARE, rent, rooms: 2, size: null, status: 'active' }]);
  });

  it('a bad area is a 400 naming the field, and changes nothing', async () => {
    const email = `besoeg-${unique()}@husly.test`;
    const open = 'abc';
    const outsideDenmark = writeSearchArea(searchAreaFromCorners([[50, 10], [50, 11], [51, 11]]));
    for (const area of [open, outsideDenmark]) {
      const res = await t.request('POST', '/api/boligagents', { email, mapAreas: [{ area }] }, fromIp());
      expect(res.status, res.text).toBe(400);
      expect(res.body.field).toBe('mapAreas.0.area');
    }
    const tooMany = Array.from({ length: 4 }, (_, i) => ({ area: writeSearchArea(searchAreaFromCorners([[55.6 + i / 100, 12.4], [55.6 + i / 100, 12.45], [55.605 + i / 100, 12.45]])) }));
    const res = await t.request('POST', '/api/boligagents', { email, mapAreas: tooMany }, fromIp());
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('mapAreas');
    expect(await t.prisma.boligagent.count({ where: { email } })).toBe(0);
  });

  it('the same signup sent twice in parallel makes one agent with one area', async () => {
    const email = `besoeg-${unique()}@husly.test`;
    const body = { email, prefs: [{ area: citySlug }], mapAreas: [{ area: SQUARE, rent: 7000 }] };
    const results = await Promise.all([t.request('POST', '/api/boligagents', body, fromIp()), t.request('POST', '/api/boligagents', body, fromIp())]);
    expect(results.map((r) => r.status)).toEqual([201, 201]);
    const agents = await t.prisma.boligagent.findMany({ where: { email }, include: { mapAreas: true } });
    expect(agents).toHaveLength(1);
    expect(agents[0].mapAreas.map((a) => a.area)).toEqual([SQUARE]);
  });

  it("a visitor's signup for an address whose agent has its three areas is answered as any signup, and adds nothing: the refusal would tell anyone the address has an agent", async () => {
    const email = `besoeg-${unique()}@husly.test`;
    const small = (i: number) => writeSearchArea(searchAreaFromCorners([[55.8 + i / 100, 12.4], [55.8 + i / 100, 12.45], [55.805 + i / 100, 12.45]]));
    const first = await t.request('POST', '/api/boligagents', { email, mapAreas: [1, 2, 3].map((i) => ({ area: small(i) })) }, fromIp());
    expect(first.status, first.text).toBe(201);
    const fourth = await t.request('POST', '/api/boligagents', { email, mapAreas: [{ area: small(4) }] }, fromIp());
    const stranger = await t.request('POST', '/api/boligagents', { email: `besoeg-${unique()}@husly.test`, mapAreas: [{ area: small(4) }] }, fromIp());
    expect(fourth.status).toBe(stranger.status);
    expect(fourth.body).toEqual(stranger.body);
    const stored = await t.prisma.boligagent.findFirstOrThrow({ where: { email }, include: { mapAreas: true } });
    // Nothing changed, so nothing to confirm and no mail (the path of a signup sent again); the
    // owner's own page says the cap.
    expect(stored.mapAreas.map((a) => a.area).sort()).toEqual([1, 2, 3].map(small).sort());
  });

  it('two updates adding different areas at once stop at the cap: one is taken, the other refused, never a fourth', async () => {
    const a = await agent({ frequency: 'DAILY' });
    const small = (i: number) => writeSearchArea(searchAreaFromCorners([[55.7 + i / 100, 12.4], [55.7 + i / 100, 12.45], [55.705 + i / 100, 12.45]]));
    const second = await t.request('PUT', '/api/boligagents', { token: a.token, mapAreas: [{ area: small(1) }] }, fromIp());
    expect(second.status, second.text).toBe(200);
    const both = await Promise.all([3, 5].map((i) => t.request('PUT', '/api/boligagents', { token: a.token, mapAreas: [{ area: small(i) }] }, fromIp())));
    expect(both.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(both.find((r) => r.status === 400)?.body.code).toBe('too-many-areas');
    expect(await t.prisma.boligagentArea.count({ where: { boligagentId: a.id } })).toBe(3);
  });

  describe('DELETE /api/boligagents/map-area (one drawn area, the panel\'s delete)', () => {
    const second = writeSearchArea(searchAreaFromCorners([[55.75, 12.4], [55.75, 12.45], [55.755, 12.45]]));
    const bearer = (userId: number) => ({ authorization: `Bearer ${t.app.get(TokenService).issue(userId)}` });
    const areasOf = async (boligagentId: number) => (await t.prisma.boligagentArea.findMany({ where: { boligagentId }, orderBy: { id: 'asc' } })).map((a) => a.area);

    it('GET shows the areas with their ids; the delete sent twice at once removes that area once, both answers the agent without it', async () => {
      const a = await agent({ frequency: 'DAILY' });
      expect((await t.request('PUT', '/api/boligagents', { token: a.token, mapAreas: [{ area: second, rooms: 3 }] }, fromIp())).status).toBe(200);
      const view = await t.request('GET', `/api/boligagents/${a.token}`);
      expect(view.body.mapAreas).toMatchObject([
        { area: SQUARE, status: 'active' },
        { area: second, rooms: 3, status: 'active' },
      ]);
      const areaId = view.body.mapAreas[0].id as number;
      const both = await Promise.all([0, 1].map(() => t.request('DELETE', `/api/boligagents/map-area?token=${a.token}&areaId=${areaId}`)));
      expect(both.map((r) => r.status)).toEqual([200, 200]);
      for (const res of both) expect(res.body.mapAreas.map((m: { area: string }) => m.area)).toEqual([second]);
      expect(await areasOf(a.id)).toEqual([second]);
      // And again later: the area is gone, the answer the same.
      const again = await t.request('DELETE', `/api/boligagents/map-area?token=${a.token}&areaId=${areaId}`);
      expect(again.status).toBe(200);
      expect(again.body.mapAreas.map((m: { area: string }) => m.area)).toEqual([second]);
    });

    it("a logged-in user deletes their own area; another user's (or another token's) area id is a 404 and stays", async () => {
      const owner = await createUser(t.prisma);
      const other = await createUser(t.prisma);
      const mine = await agent({ frequency: 'DAILY', userId: owner.id });
      const theirs = await agent({ frequency: 'DAILY', userId: other.id, area: AARHUS });
      const theirAreaId = (await t.prisma.boligagentArea.findFirstOrThrow({ where: { boligagentId: theirs.id } })).id;
      const asOwner = await t.request('DELETE', `/api/boligagents/map-area?areaId=${theirAreaId}`, undefined, bearer(owner.id));
      expect(asOwner.status, asOwner.text).toBe(404);
      expect(asOwner.body).toMatchObject({ code: 'not-found', field: 'areaId' });
      const byToken = await t.request('DELETE', `/api/boligagents/map-area?token=${mine.token}&areaId=${theirAreaId}`);
      expect(byToken.status).toBe(404);
      expect(await areasOf(theirs.id)).toEqual([AARHUS]);

      const myAreaId = (await t.prisma.boligagentArea.findFirstOrThrow({ where: { boligagentId: mine.id } })).id;
      const res = await t.request('DELETE', `/api/boligagents/map-area?areaId=${myAreaId}`, undefined, bearer(owner.id));
      expect(res.status, res.text).toBe(200);
      expect(res.body.mapAreas).toEqual([]);
      expect(await areasOf(mine.id)).toEqual([]);
      expect(await areasOf(theirs.id)).toEqual([AARHUS]);
    });

    it('bad input is a 4xx and deletes nothing: no login, a bad or repeated id, an agent id that is not the caller\'s', async () => {
      const a = await agent({ frequency: 'DAILY' });
      const areaId = (await t.prisma.boligagentArea.findFirstOrThrow({ where: { boligagentId: a.id } })).id;
      const cases: Array<[string, number]> = [
        [`areaId=${areaId}`, 401],
        [`token=${a.token}`, 400],
        [`token=${a.token}&areaId=abc`, 400],
        [`token=${a.token}&areaId=0`, 400],
        [`token=${a.token}&areaId=99999999999`, 400],
        [`token=${a.token}&areaId=${areaId}&areaId=${areaId}`, 400],
        [`token=${a.token}&areaId=${areaId}&id=${a.id + 1}`, 404],
        [`token=nope-${unique()}&areaId=${areaId}`, 404],
      ];
      for (const [query, status] of cases) {
        const res = await t.request('DELETE', `/api/boligagents/map-area?${query}`);
        expect(res.status, `${query}: ${res.text}`).toBe(status);
      }
      expect(await areasOf(a.id)).toEqual([SQUARE]);
    });
  });

  it('the nightly digest mails an area-only agent the dwelling inside (within its sliders), not the one outside', async () => {
    const a = await agent({ frequency: 'DAILY', rent: 6000 });
    const inside = await dwelling(INSIDE);
    await dwelling(OUTSIDE);
    await dwelling(INSIDE, { rent: 9000 }); // inside, over the area's rent
    await delivery.runDigest(new Date());
    await jobs.drain();
    expect(mailsTo(a.email).map(dwellingIdsIn)).toEqual([[inside.id]]);
  });

  it('an instant area-only agent is mailed the dwelling inside, not the one outside', async () => {
    const a = await agent({ frequency: 'INSTANT' });
    const inside = await dwelling(INSIDE, { createdAt: new Date() });
    const outside = await dwelling(OUTSIDE, { createdAt: new Date() });
    await delivery.runInstant([inside.id, outside.id]);
    await jobs.drain();
    expect(mailsTo(a.email).map(dwellingIdsIn)).toEqual([[inside.id]]);
  });

  it("a change alert goes to an area-only agent while the dwelling is still inside its area's sliders", async () => {
    const a = await agent({ frequency: 'INSTANT', rent: 6000 });
    const inside = await dwelling(INSIDE, { createdAt: new Date() });
    await delivery.runInstant([inside.id]);
    await jobs.drain();
    expect(mailsTo(a.email).map(dwellingIdsIn)).toEqual([[inside.id]]);
    // The rent drops (as the feed import records it): the agent is told, the area still holding it.
    await t.prisma.dwelling.update({ where: { id: inside.id }, data: { rent: 4500 } });
    const change = await t.prisma.dwellingChange.create({
      data: { dwellingId: inside.id, kind: 'RENT_DROP', oldRent: 5000, newRent: 4500, priorUpdatedAt: new Date(), createdAt: new Date(Date.now() + 1_000) },
    });
    // Also the earlier test's instant agent, watching the same area without a rent limit: not counted here.
    await delivery.runChanges([change.id]);
    expect(await t.prisma.boligagentMail.count({ where: { boligagentId: a.id, changeId: change.id } })).toBe(1);
    await jobs.drain();
    expect(mailsTo(a.email)).toHaveLength(2);
    expect(dwellingIdsIn(mailsTo(a.email)[1])).toEqual([inside.id]);
  });

  it('a dwelling that both a city pref and an area match is mailed once, nightly and instant', async () => {
    // A city of its own: the city pref sees only this test's dwellings.
    const city = (await createCity(t.prisma)).id;
    const daily = await agent({ frequency: 'DAILY', cityId: city, area: AARHUS });
    const instant = await agent({ frequency: 'INSTANT', cityId: city, area: AARHUS });
    const inside = await dwelling({ lat: 56.16, lng: 10.2 }, { cityId: city });
    const outside = await dwelling({ lat: 56.2, lng: 10.2 }, { cityId: city });
    await delivery.runDigest(new Date());
    await jobs.drain();
    const [mail, ...more] = mailsTo(daily.email);
    expect(more).toEqual([]);
    expect(dwellingIdsIn(mail)).toEqual([inside.id, outside.id].sort((p, q) => p - q));
    expect(await t.prisma.boligagentMail.findFirstOrThrow({ where: { boligagentId: daily.id } })).toMatchObject({ dwellingCount: 2 });

    const fresh = await dwelling({ lat: 56.16, lng: 10.21 }, { createdAt: new Date(), cityId: city });
    await delivery.runInstant([fresh.id]);
    await jobs.drain();
    expect(mailsTo(instant.email).map(dwellingIdsIn)).toEqual([[fresh.id]]);
    expect(await t.prisma.boligagentMail.findFirstOrThrow({ where: { boligagentId: instant.id } })).toMatchObject({ dwellingCount: 1 });
  });
});
