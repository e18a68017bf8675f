import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { dwellingDetailSchema, dwellingListResponseSchema, landlordContactSchema } from '@husly/contracts';
import { TokenService } from '../common/auth/token.service';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createCity, createDwelling, createUser, freeZip } from '../../test/factories';
import { dwellingMediaDir } from './media.controller';

const DAY = 86_400_000;
const SHORT_Q = 'Søgeord skal indeholde mere end to tegn';

describe('dwelling lists: /search, /area/{slug}, /latest', () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp()));
  afterAll(() => t.close());

  /** A city with dwellings created one minute apart, newest last in `dwellings`. */
  async function cityWith(specs: Array<Partial<Parameters<typeof createDwelling>[1]>>, zip?: string) {
    const zips = zip ? [zip] : [await freeZip(t.prisma)];
    const city = await createCity(t.prisma, { zips });
    const base = Date.now() - specs.length * 60_000;
    const dwellings = [];
    for (const [i, spec] of specs.entries()) {
      dwellings.push(await createDwelling(t.prisma, { cityId: city.id, zip: zips[0], createdAt: new Date(base + i * 60_000), ...spec }));
    }
    return { city, dwellings, zip: zips[0] };
  }
  const ids = (body: { data: Array<{ dwellingId: string }> }) => body.data.map((d) => d.dwellingId);

  it('answers 400 with the spec message for a query shorter than 2 characters (after trimming)', async () => {
    for (const qs of ['q=a', `q=${encodeURIComponent('  b  ')}`, 'q=', 'q=%20%20', 'rent=8000']) {
      const res = await t.request('GET', `/api/dwellings/search?${qs}`);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ statusCode: 400, message: SHORT_Q, field: 'q', code: 'search-too-short' });
    }
  });

  it('answers 400 naming the parameter for values that are not whole numbers', async () => {
    for (const [param, value] of [
      ['rent', 'abc'],
      ['rooms', '2.5'],
      ['size', '-3'],
      ['start', 'x'],
      ['pageSize', '9999'],
    ]) {
      const res = await t.request('GET', `/api/dwellings/search?q=aarhus&${param}=${value}`);
      expect(res.status, `${param}=${value}`).toBe(400);
      expect(res.body.field).toBe(param);
      expect(res.body.message).toContain(param);
    }
    const area = await t.request('GET', '/api/dwellings/area/aarhus?rooms=to');
    expect(area.status).toBe(400);
    expect(area.body).toMatchObject({ field: 'rooms', message: 'rooms skal være et helt tal (0 eller mere).' });
    const latest = await t.request('GET', '/api/dwellings/latest?count=zero');
    expect(latest.status).toBe(400);
    expect(latest.body.field).toBe('count');
  });

  it('finds a city by slug, label, postal code and alias, newest first, in the list shape', async () => {
    const { city, dwellings, zip } = await cityWith([{}, {}, {}]);
    const newestFirst = dwellings.map((d) => String(d.id)).reverse();
    for (const q of [city.slug, city.label, city.label.toUpperCase(), zip, `${city.label} C`, ` ${zip} `]) {
      const res = await t.request('GET', `/api/dwellings/search?q=${encodeURIComponent(q)}`);
      expect(res.status, q).toBe(200);
      const body = dwellingListResponseSchema.parse(res.body);
      expect(ids(body), q).toEqual(newestFirst);
      expect(body.meta).toEqual({ total: 3, start: 0, pageSize: 150, capped: false });
    }
    const item = dwellingListResponseSchema.parse((await t.request('GET', `/api/dwellings/area/${city.slug}`)).body).data[2];
    expect(item).toMatchObject({
      dwellingId: String(dwellings[0].id),
      headline: dwellings[0].headline,
      teaser: dwellings[0].teaser,
      rent: 8000,
      rooms: 3,
      size: 75,
      city: `${city.label} C`,
      street: dwellings[0].street,
      lat: 56.1,
      lng: 10.2,
      deletedAt: null,
      createdAt: dwellings[0].createdAt.toISOString(),
    });
    expect(item.images).toHaveLength(2);
    expect(item.image).toBe(item.images[0]);
  });

  it('finds København Ø and Aarhus C through the real city data', async () => {
    // The run's database has no seeded cities: make sure these two exist as the seed makes them.
    for (const [slug, label, zip, name] of [
      ['koebenhavn', 'København', '2100', 'København Ø'],
      ['aarhus', 'Aarhus', '8000', 'Aarhus C'],
    ]) {
      const city = await t.prisma.city.upsert({ where: { slug }, update: {}, create: { slug, label, lat: 56, lng: 10 } });
      await t.prisma.postalCode.upsert({ where: { zip }, update: {}, create: { zip, name, cityId: city.id } });
      await t.prisma.cityAlias.upsert({ where: { alias: zip }, update: {}, create: { alias: zip, kind: 'ZIP', cityId: city.id } });
    }
    for (const [q, slug] of [
      ['København Ø', 'koebenhavn'],
      ['Aarhus C', 'aarhus'],
      ['aarhus c', 'aarhus'],
      ['8000', 'aarhus'],
      ['aarhus', 'aarhus'],
    ]) {
      const city = await t.prisma.city.findUniqueOrThrow({ where: { slug } });
      const d = await createDwelling(t.prisma, { cityId: city.id, createdAt: new Date(Date.now() + 3_600_000) });
      const res = await t.request('GET', `/api/dwellings/search?q=${encodeURIComponent(q)}&pageSize=500`);
      expect(res.status, q).toBe(200);
      expect(ids(res.body), q).toContain(String(d.id));
    }
  });

  it('applies rent as a maximum, rooms and size as minimums, and ignores defaults and empty values', async () => {
    const { city, dwellings } = await cityWith([
      { rent: 5000, rooms: 1, size: 30 },
      { rent: 9000, rooms: 3, size: 80 },
      { rent: 15000, rooms: 5, size: 150 },
    ]);
    const [cheap, middle, dear] = dwellings.map((d) => String(d.id));
    const search = async (qs: string) => ids((await t.request('GET', `/api/dwellings/search?q=${city.slug}&${qs}`)).body);
    expect(await search('rent=9000')).toEqual([middle, cheap]);
    expect(await search('rooms=3')).toEqual([dear, middle]);
    expect(await search('size=100')).toEqual([dear]);
    expect(await search('rent=10000&rooms=2&size=50')).toEqual([middle]);
    // Slider defaults (rent 14000, rooms 1, size 10) and empty values are "any".
    expect(await search('rent=14000&rooms=1&size=10')).toEqual([dear, middle, cheap]);
    expect(await search('rent=&rooms=&size=&start=')).toEqual([dear, middle, cheap]);
  });

  it('pages with start and pageSize, continuing exactly where the previous page ended', async () => {
    const { city, dwellings } = await cityWith(Array.from({ length: 7 }, () => ({ images: 0 })));
    const all = dwellings.map((d) => String(d.id)).reverse();
    const page = async (start: number) => (await t.request('GET', `/api/dwellings/area/${city.slug}?pageSize=3&start=${start}`)).body;
    const first = await page(0);
    const second = await page(3);
    const third = await page(6);
    expect(ids(first)).toEqual(all.slice(0, 3));
    expect(ids(second)).toEqual(all.slice(3, 6));
    expect(ids(third)).toEqual(all.slice(6));
    expect(second.meta).toEqual({ total: 7, start: 3, pageSize: 3, capped: false });
    // A jump that no earlier page ended at, and past the end.
    expect(ids(await page(5))).toEqual(all.slice(5));
    expect(await page(20)).toEqual({ data: [], meta: { total: 7, start: 20, pageSize: 3, capped: false } });
    expect(ids(first)[0]).toBe(all[0]);
    expect(first.data[0].image).toBeNull();
  });

  it('lists rented dwellings for 14 days with deletedAt, then no longer', async () => {
    const now = Date.now();
    const { city, dwellings } = await cityWith([{ deletedAt: new Date(now - 20 * DAY) }, { deletedAt: new Date(now - 2 * DAY) }, {}]);
    const body = (await t.request('GET', `/api/dwellings/area/${city.slug}`)).body;
    expect(ids(body)).toEqual([String(dwellings[2].id), String(dwellings[1].id)]);
    expect(body.data[1].deletedAt).toBe(dwellings[1].deletedAt!.toISOString());
    expect(body.meta.total).toBe(2);
  });

  it('compares a label exactly but for case: LIKE wildcards in q match nothing (issue 12 §3)', async () => {
    const { city } = await cityWith([{}]);
    expect(ids((await t.request('GET', `/api/dwellings/search?q=${encodeURIComponent(city.label.toLowerCase())}`)).body)).toHaveLength(1);
    for (const q of [`${city.label.slice(0, -1)}_`, `${city.label.slice(0, 4)}%`, '%%']) {
      const res = await t.request('GET', `/api/dwellings/search?q=${encodeURIComponent(q)}`);
      expect(res.status, q).toBe(200);
      expect(res.body.data, q).toEqual([]);
    }
  });

  it('answers an unknown place with an empty list, and an unknown or inactive city page with 404', async () => {
    const res = await t.request('GET', '/api/dwellings/search?q=Ingenstedhusen');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: [], meta: { total: 0, start: 0, pageSize: 150, capped: false, suggestions: [] } });

    const inactive = await createCity(t.prisma, { active: false });
    await createDwelling(t.prisma, { cityId: inactive.id });
    expect((await t.request('GET', `/api/dwellings/search?q=${inactive.slug}`)).body.data).toEqual([]);
    for (const slug of ['ingen-by-her', inactive.slug]) {
      const area = await t.request('GET', `/api/dwellings/area/${slug}`);
      expect(area.status).toBe(404);
      expect(area.body).toMatchObject({ statusCode: 404, error: 'Not Found', code: 'unknown-city' });
    }
  });

  it('gives the latest 15 vacant dwellings by default, count overrides, total counts every vacant dwelling', async () => {
    const { dwellings } = await cityWith([{ createdAt: new Date(Date.now() + 10 * DAY) }, { createdAt: new Date(Date.now() + 11 * DAY), deletedAt: new Date() }]);
    const res = await t.request('GET', '/api/dwellings/latest');
    expect(res.status).toBe(200);
    const body = dwellingListResponseSchema.parse(res.body);
    expect(body.meta.pageSize).toBe(15);
    expect(body.data.length).toBeLessThanOrEqual(15);
    expect(body.data[0].dwellingId).toBe(String(dwellings[0].id));
    expect(body.data.every((d) => d.deletedAt === null)).toBe(true);
    expect(body.meta.total).toBeGreaterThan(0);
    const two = await t.request('GET', '/api/dwellings/latest?count=2');
    expect(two.body.data).toHaveLength(2);
    expect(two.body.meta.pageSize).toBe(2);
  });
});

describe('visitor limits and the landlord contact', () => {
  let t: TestApp;
  let tokens: TokenService;
  beforeAll(async () => {
    t = await createTestApp();
    tokens = t.app.get(TokenService);
  });
  afterAll(() => t.close());
  const auth = (userId: number) => ({ authorization: `Bearer ${tokens.issue(userId)}` });

  it('never sends a visitor or a non-subscriber a full image, a description or a contact; a subscriber gets them', async () => {
    const city = await createCity(t.prisma);
    const d = await createDwelling(t.prisma, { cityId: city.id, images: 3 });
    const seeker = await createUser(t.prisma);
    const subscriber = await createUser(t.prisma, { plan: 'tenantad-249kr-30days' });
    const secrets = [...d.images.map((i) => i.fullKey), d.description, d.landlord.email!, d.landlord.phone!, d.landlord.name!];

    for (const headers of [{}, auth(seeker.id)]) {
      for (const url of [`/api/dwellings/${d.id}`, `/api/dwellings/area/${city.slug}`, `/api/dwellings/search?q=${city.slug}`, '/api/dwellings/latest?count=500']) {
        const res = await t.request('GET', url, undefined, headers);
        expect(res.status, url).toBe(200);
        for (const secret of secrets) expect(res.text, `${url} leaks ${secret}`).not.toContain(secret);
      }
      const detail = dwellingDetailSchema.parse((await t.request('GET', `/api/dwellings/${d.id}`, undefined, headers)).body);
      expect(detail.description).toBeNull();
      expect(detail.subscribed).toBe(false);
      expect(detail.teaser).toBe(d.teaser);
      expect(detail.images).toEqual(d.images.map((i) => `/media/dwellings/${i.blurredKey}.jpg`));
    }

    const full = dwellingDetailSchema.parse((await t.request('GET', `/api/dwellings/${d.id}`, undefined, auth(subscriber.id))).body);
    expect(full).toMatchObject({
      dwellingId: String(d.id),
      description: d.description,
      subscribed: true,
      status: 1,
      deletedAt: null,
      pets: -1,
      remarks: 'Ingen rygning',
      location: { street: d.street, city: city.label, zip: null, citySlug: city.slug },
      geolocation: { lat: 56.1, lng: 10.2 },
      facts: { deposit: 24000, expenses_heat: 600, dwelling_types: ['apartment'] },
    });
    expect(full.images).toEqual(d.images.map((i) => `/media/dwellings/${i.fullKey}.jpg`));
    const list = await t.request('GET', `/api/dwellings/area/${city.slug}`, undefined, auth(subscriber.id));
    expect(list.body.data[0].images).toEqual(full.images);
  });

  it('answers 404 for a missing, a malformed or a status-0 dwelling', async () => {
    const city = await createCity(t.prisma);
    const hidden = await createDwelling(t.prisma, { cityId: city.id, status: 0 });
    for (const id of ['2147483000', 'abc', '12x', String(hidden.id)]) {
      const res = await t.request('GET', `/api/dwellings/${id}`);
      expect(res.status, id).toBe(404);
      expect(res.body).toMatchObject({ statusCode: 404, code: 'dwelling-not-found' });
    }
  });

  it('shows a rented dwelling with deletedAt, and refuses its contact with 410', async () => {
    const city = await createCity(t.prisma);
    const rented = await createDwelling(t.prisma, { cityId: city.id, deletedAt: new Date(Date.now() - DAY) });
    const unavailable = await createDwelling(t.prisma, { cityId: city.id, status: 2 });
    const subscriber = await createUser(t.prisma, { plan: 'tenantad-249kr-30days' });
    const detail = await t.request('GET', `/api/dwellings/${rented.id}`);
    expect(detail.body.deletedAt).toBe(rented.deletedAt!.toISOString());
    for (const d of [rented, unavailable]) {
      const res = await t.request('GET', `/api/dwellings/${d.id}/agent`, undefined, auth(subscriber.id));
      expect(res.status).toBe(410);
      expect(res.body).toMatchObject({ statusCode: 410, error: 'Gone', code: 'dwelling-unavailable' });
      expect(res.text).not.toContain(d.landlord.email!);
    }
  });

  it('answers the contact with 401 without login, 403 without subscription, 200 and a record for a subscriber', async () => {
    const city = await createCity(t.prisma);
    const d = await createDwelling(t.prisma, { cityId: city.id });
    const seeker = await createUser(t.prisma);
    const subscriber = await createUser(t.prisma, { plan: 'tenantad-249kr-30days' });

    const anonymous = await t.request('GET', `/api/dwellings/${d.id}/agent`);
    expect(anonymous.status).toBe(401);
    const bad = await t.request('GET', `/api/dwellings/${d.id}/agent`, undefined, { authorization: 'Bearer nonsense' });
    expect(bad.status).toBe(401);

    const refused = await t.request('GET', `/api/dwellings/${d.id}/agent`, undefined, auth(seeker.id));
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ statusCode: 403, code: 'subscription-required' });
    expect(refused.text).not.toContain(d.landlord.email!);

    const res = await t.request('GET', `/api/dwellings/${d.id}/agent`, undefined, auth(subscriber.id));
    expect(res.status).toBe(200);
    expect(landlordContactSchema.parse(res.body)).toEqual({
      address: d.landlord.address,
      remark: ['Ring efter kl. 16'],
      type: 'private',
      reference: d.landlord.reference,
      name: d.landlord.name,
      email: d.landlord.email,
      phone: d.landlord.phone,
      url: null,
    });
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(await t.prisma.contactFetch.count({ where: { userId: subscriber.id, dwellingId: d.id } })).toBe(1);
    expect(await t.prisma.contactFetch.count({ where: { userId: seeker.id } })).toBe(0);
    expect((await t.request('GET', '/api/dwellings/999999999/agent', undefined, auth(subscriber.id))).status).toBe(404);
  });

  // The limited plan's count per period: landlord-contact.e2e-spec.ts.
  it('does not limit the unlimited plan', async () => {
    const user = await createUser(t.prisma, { plan: 'tenantad-249kr-30days' });
    const city = await createCity(t.prisma);
    for (let i = 0; i < 11; i++) {
      const d = await createDwelling(t.prisma, { cityId: city.id, images: 0 });
      expect((await t.request('GET', `/api/dwellings/${d.id}/agent`, undefined, auth(user.id))).status).toBe(200);
    }
  });
});

describe('media outside /api', () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp({ env: { PUBLIC_URL: 'https://husly.example' } })));
  afterAll(() => t.close());

  it('serves a stored image with long cache headers, and 404 for unknown keys and traversal attempts', async () => {
    const dir = dwellingMediaDir(t.dataDir);
    mkdirSync(dir, { recursive: true });
    const key = 'ab'.repeat(16);
    writeFileSync(join(dir, `${key}.jpg`), Buffer.from([0xff, 0xd8, 0xff, 0xd9]));
    writeFileSync(join(t.dataDir, 'secret.jpg'), 'TOPSECRET-CONTENT');
    const res = await t.request('GET', `/media/dwellings/${key}.jpg`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(res.text, 'latin1').length).toBe(4);
    for (const url of [
      `/media/dwellings/${'cd'.repeat(16)}.jpg`,
      '/media/dwellings/..%2F..%2Fsecret.jpg',
      '/media/dwellings/../../secret.jpg',
      '/media/dwellings/%2e%2e%2fsecret.jpg',
      `/media/dwellings/${key}.png`,
      '/api/media/dwellings/x.jpg',
    ]) {
      const miss = await t.request('GET', url);
      expect(miss.status, url).toBe(404);
      expect(miss.text).not.toContain('TOPSECRET');
    }
  });
});
