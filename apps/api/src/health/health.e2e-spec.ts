import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthDetailsResponseSchema, healthResponseSchema } from '@husly/contracts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink';

const OPS_TOKEN = 'ops-token-for-the-health-tests-0123456789';
const ops = { authorization: `Bearer ${OPS_TOKEN}` };

describe('GET /api/health', () => {
  describe('with no services configured but the database', () => {
    let t: TestApp;
    beforeAll(async () => (t = await createTestApp({ env: { OPS_TOKEN } })));
    afterAll(() => t.close());

    it('answers anyone with the status alone: no modes, paths or version (issue 29)', async () => {
      const res = await t.request('GET', '/api/health');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: 'ok' });
      expect(healthResponseSchema.parse(res.body)).toEqual(res.body);
      expect(res.text).not.toContain(t.config.mail.dir);
    });

    it('gives the details to the ops token: each part, its mode and that it answers', async () => {
      const res = await t.request('GET', '/api/health/details', undefined, ops);
      expect(res.status).toBe(200);
      const body = healthDetailsResponseSchema.parse(res.body);
      expect(body.status).toBe('ok');
      expect(body.database).toMatchObject({ mode: 'external', ok: true });
      expect(body.database.latencyMs).toBeGreaterThanOrEqual(0);
      expect(body.queue).toEqual({ mode: 'in-process', ok: true });
      expect(body.mail).toEqual({ mode: 'file', ok: true, target: t.config.mail.dir });
      expect(res.headers['cache-control']).toBe('no-store');
    });

    it.each([
      ['no token', {}],
      ['a wrong token', { authorization: `Bearer ${OPS_TOKEN}x` }],
      ['a token of another length', { authorization: 'Bearer x' }],
      ['the token without Bearer', { authorization: OPS_TOKEN }],
    ])('refuses the details with %s: 401, nothing of them in the body', async (_name, headers) => {
      const res = await t.request('GET', '/api/health/details', undefined, headers);
      expect(res.status).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(res.body).toMatchObject({ statusCode: 401 });
      expect(res.text).not.toContain('mode');
      expect(res.text).not.toContain(t.config.mail.dir);
    });
  });

  describe('without OPS_TOKEN', () => {
    let t: TestApp;
    beforeAll(async () => (t = await createTestApp()));
    afterAll(() => t.close());

    it('has no details to give: 404, whatever token is sent', async () => {
      for (const headers of [{}, ops, { authorization: 'Bearer ' }]) {
        const res = await t.request('GET', '/api/health/details', undefined, headers);
        expect(res.status).toBe(404);
        expect(res.text).not.toContain(t.config.mail.dir);
      }
      expect((await t.request('GET', '/api/health')).body).toEqual({ status: 'ok' });
    });
  });

  describe('with Redis and SMTP', () => {
    let t: TestApp;
    let sink: SmtpSink;
    beforeAll(async () => {
      sink = await startSmtpSink();
      t = await createTestApp({ redis: true, env: { SMTP_URL: sink.url, OPS_TOKEN } });
    });
    afterAll(async () => {
      await t.close();
      await sink.close();
    });

    it('pings Redis and the SMTP server', async () => {
      const res = await t.request('GET', '/api/health/details', undefined, ops);
      expect(res.status).toBe(200);
      expect(res.body.queue).toEqual({ mode: 'redis', ok: true });
      expect(res.body.mail).toMatchObject({ mode: 'smtp', ok: true });
      expect(res.body.mail.target).toBe(sink.url);
    });
  });

  describe('when Redis does not answer', () => {
    let t: TestApp;
    beforeAll(async () => (t = await createTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:9', QUEUE_PREFIX: 'husly-down', OPS_TOKEN } })));
    afterAll(() => t.close());

    it('answers 503: jobs cannot be queued', async () => {
      const res = await t.request('GET', '/api/health');
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ status: 'degraded' });
      const details = await t.request('GET', '/api/health/details', undefined, ops);
      expect(details.status).toBe(503);
      expect(details.body.queue).toEqual({ mode: 'redis', ok: false });
    });
  });

  describe('when the mail relay does not answer', () => {
    let t: TestApp;
    beforeAll(async () => (t = await createTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:9', OPS_TOKEN } })));
    afterAll(() => t.close());

    it('says which part is down, and stays 200 while the database and queue work', async () => {
      expect(await t.request('GET', '/api/health')).toMatchObject({ status: 200, body: { status: 'degraded' } });
      const res = await t.request('GET', '/api/health/details', undefined, ops);
      expect(res.status).toBe(200);
      expect(res.body.status).toBe('degraded');
      expect(res.body.mail.ok).toBe(false);
      expect(res.body.database.ok).toBe(true);
    });
  });
});
