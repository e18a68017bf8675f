import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offersResponseSchema } from '@husly/contracts';
import { OFFERS } from '../../../../../prisma/seed/offers';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createUser } from '../../../test/factories';
import { TokenService } from '../../common/auth/token.service';
import { seedOffers } from '../../../test/subscription-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedOffers(t.prisma);
});
afterAll(() => t.close());

describe('GET /api/subscriptions/offers', () => {
  it('lists the intro, the recurring plan and the limited plan with whole-DKK prices', async () => {
    const res = await t.request('GET', '/api/subscriptions/offers');
    expect(res.status).toBe(200);
    const body = offersResponseSchema.parse(res.body);
    const names = body.offers.map((o) => o.name);
    for (const offer of OFFERS) expect(names).toContain(offer.name);
    const intro = body.offers.find((o) => o.name === 'tenantad-intro-7days');
    expect(intro).toMatchObject({ intro: true, amount: 19, trialDays: 7, price: 249, intervalDays: 30 });
    expect(body.offers.find((o) => o.name === 'tenantad-79kr-14days')).toMatchObject({ price: 79, intervalDays: 14, contactLimit: 10, contactWindowDays: 14 });
    expect(names.indexOf('tenantad-intro-7days')).toBeLessThan(names.indexOf('tenantad-79kr-14days'));
    expect(body).toMatchObject({ introAvailable: true, recommended: 'tenantad-intro-7days' });
  });

  it('tells a user who has had the intro that it is gone, and recommends the recurring plan', async () => {
    const user = await createUser(t.prisma);
    const offer = await t.prisma.offer.findUniqueOrThrow({ where: { name: 'tenantad-intro-7days' } });
    await t.prisma.subscription.create({ data: { userId: user.id, offerId: offer.id, status: 'EXPIRED', startingAt: new Date(Date.now() - 40 * 86_400_000), endingAt: new Date(Date.now() - 33 * 86_400_000) } });
    const token = t.app.get(TokenService).issue(user.id);
    const res = await t.request('GET', '/api/subscriptions/offers', undefined, { authorization: `Bearer ${token}` });
    expect(res.body).toMatchObject({ introAvailable: false, recommended: 'tenantad-249kr-30days' });
  });
});
