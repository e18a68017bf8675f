import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink';
import { JobQueue } from './job-queue.service';
import { ALL_JOBS, JOBS } from './jobs';
import type { JobDefinition } from './job-definition';

const mail = (to: string) => ({ to, subject: `Hej ${to}`, text: 'En besked fra Husly' });

describe.each([
  ['in-process', false],
  ['BullMQ on Redis', true],
] as const)('mail.deliver through the %s queue', (_mode, redis) => {
  let sink: SmtpSink;
  let t: TestApp;
  let jobs: JobQueue;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ redis, env: { SMTP_URL: sink.url } });
    jobs = t.app.get(JobQueue);
    expect(jobs.mode).toBe(redis ? 'redis' : 'in-process');
  });
  afterEach(() => sink.messages.splice(0));
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  it('hands the mail to the SMTP relay', async () => {
    await jobs.enqueue(JOBS.mailDeliver, mail('a@husly.test'));
    const [received] = await sink.waitFor(1);
    expect(received.subject).toBe('Hej a@husly.test');
    expect(received.to && 'text' in received.to ? received.to.text : '').toBe('a@husly.test');
  });

  it('retries a temporary SMTP failure and delivers once', async () => {
    sink.failNext(1);
    await jobs.enqueue(JOBS.mailDeliver, mail('b@husly.test'));
    await sink.waitFor(1, 30_000);
    await new Promise((r) => setTimeout(r, 500));
    expect(sink.messages.map((m) => m.subject)).toEqual(['Hej b@husly.test']);
  });

  it('treats a second enqueue with the same job id as the same job', async () => {
    await Promise.all([
      jobs.enqueue(JOBS.mailDeliver, mail('c@husly.test'), { jobId: `same-${Date.now()}` }),
    ]);
    const id = `dup-${Date.now()}`;
    await jobs.enqueue(JOBS.mailDeliver, mail('d@husly.test'), { jobId: id });
    await jobs.enqueue(JOBS.mailDeliver, mail('d@husly.test'), { jobId: id });
    await sink.waitFor(2);
    await new Promise((r) => setTimeout(r, 500));
    expect(sink.messages.filter((m) => m.subject === 'Hej d@husly.test')).toHaveLength(1);
  });
});

describe('closing the in-process queue', () => {
  it('starts nothing more and waits for the jobs already running, so the database closes after its last user', async () => {
    const queue = new JobQueue();
    let release!: () => void;
    const started: string[] = [];
    queue.register(JOBS.mailDeliver, async (data) => {
      started.push(data.subject);
      if (started.length === 1) await new Promise<void>((resolve) => (release = resolve));
    });
    await queue.enqueue(JOBS.mailDeliver, { to: 'a@husly.test', subject: 'running', text: '', html: '' });
    await vi.waitUntil(() => started.length === 1);
    await queue.enqueue(JOBS.mailDeliver, { to: 'a@husly.test', subject: 'waiting', text: '', html: '' }, { delayMs: 50 });
    let closed = false;
    const closing = queue.onModuleDestroy().then(() => (closed = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(closed).toBe(false);
    release();
    await closing;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(started).toEqual(['running']);
  });
});

describe('JobQueue boot check', () => {
  it('refuses to start when a defined job has no handler', async () => {
    const queue = new JobQueue();
    expect(() => queue.onApplicationBootstrap()).toThrow(/No handler registered for job\(s\): mail\.deliver/);
    const [last, ...others] = [...ALL_JOBS].reverse() as JobDefinition<unknown>[];
    for (const job of others) queue.register(job, async () => undefined);
    expect(() => queue.onApplicationBootstrap()).toThrow(new RegExp(`job\\(s\\): ${last.name.replace('.', '\\.')}$`));
    queue.register(last, async () => undefined);
    expect(() => queue.onApplicationBootstrap()).not.toThrow();
    expect(() => queue.register(JOBS.mailDeliver, async () => undefined)).toThrow(/two handlers/);
    await queue.onModuleDestroy();
  });
});
