import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FavouriteIdsResponse, FavouritesResponse } from '@husly/contracts';
import { FAVOURITES } from '@husly/domain';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createCity, createDwelling, createLandlord, subscribe, unique } from '../../test/factories';
import { userWithToken } from '../../test/subscription-fixtures';

describe('favourites (/api/users/me/favourites)', () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp()));
  afterAll(() => t.close());

  const put = (id: string | number, auth: Record<string, string>, host?: string) =>
    t.request('PUT', `/api/users/me/favourites/${id}`, undefined, host ? { ...auth, host } : auth);
  const del = (id: string | number, auth: Record<string, string>) => t.request('DELETE', `/api/users/me/favourites/${id}`, undefined, auth);
  const ids = async (auth: Record<string, string>) => {
    const res = await t.request('GET', '/api/users/me/favourites/ids', undefined, auth);
    expect(res.status).toBe(200);
    return (res.body as FavouriteIdsResponse).ids;
  };
  const list = async (auth: Record<string, string>) => {
    const res = await t.request('GET', '/api/users/me/favourites', undefined, auth);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    return (res.body as FavouritesResponse).data;
  };

  it('needs a login for every route (401)', async () => {
    const city = await createCity(t.prisma);
    const dwelling = await createDwelling(t.prisma, { cityId: city.id });
    expect((await t.request('GET', '/api/users/me/favourites')).status).toBe(401);
    expect((await t.request('GET', '/api/users/me/favourites/ids')).status).toBe(401);
    expect((await t.request('PUT', `/api/users/me/favourites/${dwelling.id}`)).status).toBe(401);
    expect((await t.request('DELETE', `/api/users/me/favourites/${dwelling.id}`)).status).toBe(401);
    expect(await t.prisma.favourite.count({ where: { dwellingId: dwelling.id } })).toBe(0);
  });

  it('marks a saved dwelling that was rented, reserved or changed its rent since it was saved (issue 34)', async () => {
    const city = await createCity(t.prisma);
    const make = (over: { deletedAt?: Date; status?: number } = {}) => createDwelling(t.prisma, { cityId: city.id, rent: 7000, ...over });
    const [rented, reserved, cheaper, same, rentedBefore] = [await make(), await make(), await make(), await make(), await make({ deletedAt: new Date(Date.now() - 60_000) })];
    const { auth } = await userWithToken(t);
    for (const d of [rentedBefore, same, cheaper, reserved]) expect((await put(d.id, auth)).status).toBe(204);
    // Saved twice at once: one row, with the values of the save.
    expect((await Promise.all([put(rented.id, auth), put(rented.id, auth)])).map((r) => r.status)).toEqual([204, 204]);
    expect(await t.prisma.favourite.findMany({ where: { dwellingId: rented.id } })).toMatchObject([{ savedRent: 7000, savedStatus: 1 }]);

    await t.prisma.dwelling.update({ where: { id: rented.id }, data: { deletedAt: new Date(Date.now() + 1_000) } });
    await t.prisma.dwelling.update({ where: { id: reserved.id }, data: { status: 2 } });
    await t.prisma.dwelling.update({ where: { id: cheaper.id }, data: { rent: 6500 } });
    const marks = Object.fromEntries((await list(auth)).map((item) => [item.dwellingId, item.sinceSaved]));
    expect(marks).toEqual({
      [rented.id]: { rented: true, reserved: false, rentWhenSaved: null },
      [reserved.id]: { rented: false, reserved: true, rentWhenSaved: null },
      [cheaper.id]: { rented: false, reserved: false, rentWhenSaved: 7000 },
      [same.id]: { rented: false, reserved: false, rentWhenSaved: null },
      // Saved when it was already rented: nothing happened since.
      [rentedBefore.id]: { rented: false, reserved: false, rentWhenSaved: null },
    });
  });

  it('saves and removes idempotently, lists newest saved first as list items', async () => {
    const city = await createCity(t.prisma);
    const first = await createDwelling(t.prisma, { cityId: city.id, rent: 7100 });
    const second = await createDwelling(t.prisma, { cityId: city.id, rent: 7200 });
    const { auth } = await userWithToken(t);
    expect(await ids(auth)).toEqual([]);

    expect((await put(first.id, auth)).status).toBe(204);
    expect((await put(first.id, auth)).status).toBe(204);
    expect((await put(second.id, auth)).status).toBe(204);
    expect(await ids(auth)).toEqual([String(second.id), String(first.id)]);

    const items = await list(auth);
    expect(items.map((item) => item.dwellingId)).toEqual([String(second.id), String(first.id)]);
    expect(items[1]).toMatchObject({ headline: first.headline, rent: 7100, city: city.label, deletedAt: null });
    expect(items[1].savedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    // A non-subscriber sees the blurred images, as in every list.
    expect(items[1].image).toBe(`/media/dwellings/${first.images[0].blurredKey}.jpg`);

    expect((await del(first.id, auth)).status).toBe(204);
    expect((await del(first.id, auth)).status).toBe(204);
    expect(await ids(auth)).toEqual([String(second.id)]);
    // Saving again after a removal works and puts it first.
    expect((await put(first.id, auth)).status).toBe(204);
    expect(await ids(auth)).toEqual([String(first.id), String(second.id)]);
  });

  it('answers 404 for a dwelling that does not exist or cannot, and stores nothing', async () => {
    const { user, auth } = await userWithToken(t);
    const city = await createCity(t.prisma);
    const withdrawn = await createDwelling(t.prisma, { cityId: city.id, status: 0 });
    for (const id of ['2147483647', '0', '-1', 'abc', '2147483648', String(withdrawn.id)]) {
      const res = await put(id, auth);
      expect(res.status, id).toBe(404);
    }
    expect((await del('abc', auth)).status).toBe(404);
    expect(await t.prisma.favourite.count({ where: { userId: user.id } })).toBe(0);
  });

  it('never shows or touches another user’s favourites', async () => {
    const city = await createCity(t.prisma);
    const dwelling = await createDwelling(t.prisma, { cityId: city.id });
    const mette = await userWithToken(t);
    const jonas = await userWithToken(t);
    expect((await put(dwelling.id, mette.auth)).status).toBe(204);

    expect(await ids(jonas.auth)).toEqual([]);
    expect(await list(jonas.auth)).toEqual([]);
    // Jonas removing "his" favourite of the same dwelling leaves Mette's alone.
    expect((await del(dwelling.id, jonas.auth)).status).toBe(204);
    expect(await ids(mette.auth)).toEqual([String(dwelling.id)]);
  });

  it('keeps a saved dwelling when it is rented, with deletedAt, however long ago', async () => {
    const city = await createCity(t.prisma);
    const dwelling = await createDwelling(t.prisma, { cityId: city.id });
    const { auth } = await userWithToken(t);
    expect((await put(dwelling.id, auth)).status).toBe(204);

    const rentedAt = new Date(Date.now() - 40 * 86_400_000); // long out of the search lists (14 days)
    await t.prisma.dwelling.update({ where: { id: dwelling.id }, data: { deletedAt: rentedAt } });
    const [item] = await list(auth);
    expect(item).toMatchObject({ dwellingId: String(dwelling.id), deletedAt: rentedAt.toISOString() });
    expect(await ids(auth)).toEqual([String(dwelling.id)]);
    // A rented dwelling can still be saved (idempotent) and removed.
    expect((await put(dwelling.id, auth)).status).toBe(204);
    expect((await del(dwelling.id, auth)).status).toBe(204);
    expect(await list(auth)).toEqual([]);
  });

  it('shows a subscriber the full images', async () => {
    const city = await createCity(t.prisma);
    const dwelling = await createDwelling(t.prisma, { cityId: city.id });
    const { user, auth } = await userWithToken(t);
    await subscribe(t.prisma, user.id, 'tenantad-249kr-30days');
    expect((await put(dwelling.id, auth)).status).toBe(204);
    const [item] = await list(auth);
    expect(item.image).toBe(`/media/dwellings/${dwelling.images[0].fullKey}.jpg`);
  });

  it(`refuses a save beyond ${FAVOURITES.maxPerUser} with a 409 in the site's language, but not a repeat`, async () => {
    const city = await createCity(t.prisma);
    const landlord = await createLandlord(t.prisma);
    const { user, auth } = await userWithToken(t);
    // The cap's worth of dwellings in one statement (rented long ago, so no list of another test shows them).
    const marker = unique();
    const created = await t.prisma.$queryRaw<Array<{ id: number }>>`
      INSERT INTO dwellings (external_id, source, headline, rent, rooms, size, city_id, landlord_id, updated_at, deleted_at)
      SELECT 'fav-cap-' || ${marker} || '-' || g, 'test', 'Gemt ' || g, 6000, 2, 50, ${city.id}, ${landlord.id}, now(), now() - interval '60 days'
      FROM generate_series(1, ${FAVOURITES.maxPerUser + 1}) AS g
      RETURNING id`;
    const [extra, ...saved] = created.map((row) => row.id);
    await t.prisma.favourite.createMany({ data: saved.map((dwellingId) => ({ userId: user.id, dwellingId })) });

    const res = await put(extra, auth);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ statusCode: 409, code: 'favourite-limit-reached', limit: FAVOURITES.maxPerUser });
    expect(res.body.message).toContain(`højst gemme ${FAVOURITES.maxPerUser} boliger`);
    const en = await put(extra, auth, 'en.localhost');
    expect(en.status).toBe(409);
    expect(en.body.message).toContain(`at most ${FAVOURITES.maxPerUser} dwellings`);
    // Saving one already saved is no new row: still 204 at the cap.
    expect((await put(saved[0], auth)).status).toBe(204);
    expect(await t.prisma.favourite.count({ where: { userId: user.id } })).toBe(FAVOURITES.maxPerUser);
    // Room again after a removal.
    expect((await del(saved[0], auth)).status).toBe(204);
    expect((await put(extra, auth)).status).toBe(204);
  });

  it('two saves at once at the cap: exactly one gets in', async () => {
    const city = await createCity(t.prisma);
    const landlord = await createLandlord(t.prisma);
    const { user, auth } = await userWithToken(t);
    const marker = unique();
    const created = await t.prisma.$queryRaw<Array<{ id: number }>>`
      INSERT INTO dwellings (external_id, source, headline, rent, rooms, size, city_id, landlord_id, updated_at, deleted_at)
      SELECT 'fav-race-' || ${marker} || '-' || g, 'test', 'Gemt ' || g, 6000, 2, 50, ${city.id}, ${landlord.id}, now(), now() - interval '60 days'
      FROM generate_series(1, ${FAVOURITES.maxPerUser + 1}) AS g
      RETURNING id`;
    const [a, b, ...rest] = created.map((row) => row.id);
    await t.prisma.favourite.createMany({ data: rest.map((dwellingId) => ({ userId: user.id, dwellingId })) });
    const statuses = (await Promise.all([put(a, auth), put(b, auth)])).map((res) => res.status).sort();
    expect(statuses).toEqual([204, 409]);
    expect(await t.prisma.favourite.count({ where: { userId: user.id } })).toBe(FAVOURITES.maxPerUser);
  });

  it('are in the GDPR export, and go with the account', async () => {
    const city = await createCity(t.prisma);
    const dwelling = await createDwelling(t.prisma, { cityId: city.id });
    const { user, auth } = await userWithToken(t);
    const other = await userWithToken(t);
    expect((await put(dwelling.id, auth)).status).toBe(204);
    expect((await put(dwelling.id, other.auth)).status).toBe(204);
    expect((await t.request('POST', '/api/users/me/favourites/settings', { mails: true }, auth)).status).toBe(200);
    const { favouriteMailsToken } = await t.prisma.user.findUniqueOrThrow({ where: { id: user.id } });

    const exported = await t.request('GET', '/api/users/me/export', undefined, auth);
    expect(exported.status).toBe(200);
    expect(exported.body.profile.favourites).toEqual([{ dwellingId: dwelling.id, createdAt: expect.any(String) }]);
    // The favourites' mail setting is the user's data; its off token is a credential, not exported.
    expect(exported.body.profile.favouriteMailsAt).toEqual(expect.any(String));
    expect(exported.text).not.toContain(favouriteMailsToken);
    expect(exported.body.profile).not.toHaveProperty('favouriteMailsToken');

    expect((await t.request('DELETE', '/api/users/me', undefined, auth)).status).toBe(204);
    expect(await t.prisma.favourite.count({ where: { userId: user.id } })).toBe(0);
    expect(await t.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({ favouriteMailsAt: null, favouriteMailsToken: null });
    // Another user's save of the same dwelling stays.
    expect(await t.prisma.favourite.count({ where: { userId: other.user.id } })).toBe(1);
    // And a user row removed outright takes its favourites along (the foreign key cascades).
    await t.prisma.user.delete({ where: { id: other.user.id } });
    expect(await t.prisma.favourite.count({ where: { userId: other.user.id } })).toBe(0);
  });
});
