import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HealthResponse } from '@husly/contracts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink';

describe('GET /api/health', () => {
  describe('with no services configured but the database', () => {
    let t: TestApp;
    beforeAll(async () => (t = await createTestApp()));
    afterAll(() => t.close());

    it('reports each part, its mode and that it answers', async () => {
      const res = await t.request('GET', '/api/health');
      expect(res.status).toBe(200);
      const body = res.body as HealthResponse;
      expect(body.status).toBe('ok');
      expect(body.database).toMatchObject({ mode: 'external', ok: true });
      expect(body.database.latencyMs).toBeGreaterThanOrEqual(0);
      expect(body.queue).toEqual({ mode: 'in-process', ok: true });
      expect(body.mail).toEqual({ mode: 'file', ok: true, target: t.config.mail.dir });
    });
  });

  describe('with Redis and SMTP', () => {
    let t: TestApp;
    let sink: SmtpSink;
    beforeAll(async () => {
      sink = await startSmtpSink();
      t = await createTestApp({ redis: true, env: { SMTP_URL: sink.url } });
    });
    afterAll(async () => {
      await t.close();
      await sink.close();
    });

    it('pings Redis and the SMTP server', async () => {
      const res = await t.request('GET', '/api/health');
      expect(res.status).toBe(200);
      expect(res.body.queue).toEqual({ mode: 'redis', ok: true });
      expect(res.body.mail).toMatchObject({ mode: 'smtp', ok: true });
      expect(res.body.mail.target).toBe(sink.url);
    });
  });

  describe('when Redis does not answer', () => {
    let t: TestApp;
    beforeAll(async () => (t = await createTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:9', QUEUE_PREFIX: 'husly-down' } })));
    afterAll(() => t.close());

    it('answers 503: jobs cannot be queued', async () => {
      const res = await t.request('GET', '/api/health');
      expect(res.status).toBe(503);
      expect(res.body.queue).toEqual({ mode: 'redis', ok: false });
    });
  });

  describe('when the mail relay does not answer', () => {
    let t: TestApp;
    beforeAll(async () => (t = await createTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:9' } })));
    afterAll(() => t.close());

    it('says which part is down, and stays 200 while the database and queue work', async () => {
      const res = await t.request('GET', '/api/health');
      expect(res.status).toBe(200);
      expect(res.body.status).toBe('degraded');
      expect(res.body.mail.ok).toBe(false);
      expect(res.body.database.ok).toBe(true);
    });
  });
});
