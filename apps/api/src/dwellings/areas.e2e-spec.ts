import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AreasResponse } from '@husly/contracts';
import { areasResponseSchema } from '@husly/contracts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createCity, freeZip, unique } from '../../test/factories';

describe('GET /api/dwellings/areas', () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp()));
  afterAll(() => t.close());

  it('lists active cities with their zips, and maps every alias to its city', async () => {
    const n = Number(await freeZip(t.prisma, 2));
    const city = await createCity(t.prisma, { label: `Åby ${unique()}`, zips: [String(n), String(n + 1)] });
    const hidden = await createCity(t.prisma, { active: false });

    const res = await t.request('GET', '/api/dwellings/areas');
    expect(res.status).toBe(200);
    const body = areasResponseSchema.parse(res.body) as AreasResponse;
    const listed = body.data.find((c) => c.slug === city.slug);
    expect(listed).toEqual({
      slug: city.slug,
      label: city.label,
      active: true,
      zips: [String(n), String(n + 1)],
      popular: false,
      popularRank: null,
      lat: 56,
      lng: 10,
      population: null,
      // Its postal codes are one district ("Åby … C"), two neighbouring zips.
      districts: [[String(n), String(n + 1), `${city.label} C`]],
    });
    expect(body.data.some((c) => c.slug === hidden.slug)).toBe(false);
    expect(body.aliases[String(n)]).toBe(city.slug);
    expect(body.aliases[`${city.label} c`.toLowerCase()]).toBe(city.slug);
    expect(res.headers['cache-control']).toContain('max-age');
  });
});

describe('errors and pages outside the API', () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp()));
  afterAll(() => t.close());

  it('answers an unknown API route with a JSON 404 in the one error shape', async () => {
    const res = await t.request('GET', '/api/no-such-route');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ statusCode: 404, error: 'Not Found' });
    expect(typeof res.body.message).toBe('string');
  });
});
