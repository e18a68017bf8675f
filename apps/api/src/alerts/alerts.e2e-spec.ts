import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteAlertsResponseSchema } from '@husly/contracts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { ALERTS_CACHE_MS } from './alerts.service';

describe('GET /api/alerts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.prisma.alert.deleteMany();
  });
  afterAll(() => t.close());

  it('publishes active alerts with views left, newest first, with only safe links', async () => {
    await t.prisma.alert.createMany({
      data: [
        { headline: 'Ny FAQ', text: 'Læs om svindel', link: '/info/faq', style: 'info', views: 3 },
        { headline: 'Skjult', text: 'x', active: false, views: 3 },
        { headline: 'Udløbet', text: 'x', views: 0 },
        { headline: 'Ondsindet', text: 'x', link: 'javascript:alert(1)', style: 'blink', views: 1 },
      ],
    });
    const res = await t.request('GET', '/api/alerts');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=30');
    const body = siteAlertsResponseSchema.parse(res.body);
    expect(body.data.map((a) => [a.headline, a.link, a.style, a.views])).toEqual([
      ['Ondsindet', null, 'info', 1],
      ['Ny FAQ', '/info/faq', 'info', 3],
    ]);
  });

  it('serves one read for a while, then sees a change', async () => {
    await t.prisma.alert.create({ data: { headline: 'Senere', text: 'y', views: 2 } });
    expect((await t.request('GET', '/api/alerts')).body.data).toHaveLength(2);
    t.clock.advance(ALERTS_CACHE_MS + 1);
    expect((await t.request('GET', '/api/alerts')).body.data.map((a: { headline: string }) => a.headline)).toContain('Senere');
  });
});
