import type { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { subscribe, unique } from '../../../test/factories';
import { userWithToken } from '../../../test/subscription-fixtures';
import { BULL_QUEUE, JobQueue } from '../../infra/queue/job-queue.service';
import { JOBS } from '../../infra/queue/jobs';

// Issue 29: the manual unsubscribe form answered 13.0 ms for a registered address and 10.1 ms for an
// unknown one, an oracle for who has an account. The form now does the same work for both and leaves
// the lookup to a job. Shown structurally, never by timing: the answer is the same bytes, and the
// work left in the queue is the same job. Its own file: an app with the queue on Redis and no worker
// (APP_ROLE=web), and passport keeps one strategy registry per process, which two apps in one file
// would share.

let nextAddress = 1;
const address = () => `198.51.100.${nextAddress++}`;

/** A subscriber with a renewing subscription (seeded, no provider) and a known name and phone. */
async function subscriber(t: TestApp) {
  const u = await userWithToken(t);
  const user = await t.prisma.user.update({ where: { id: u.user.id }, data: { name: 'Mette Hansen', cellphone: '+45 20 30 40 50' } });
  const subscription = await subscribe(t.prisma, user.id, 'tenantad-249kr-30days', t.clock.now());
  return { user, subscription };
}

const details = (email: string) => ({ email, name: 'Mette Hansen', phone: '+45 20 30 40 50' });

describe('a registered address and an unknown one get the same answer from the same work', () => {
  let web: TestApp;
  let queue: Queue;
  beforeAll(async () => {
    // Jobs wait in Redis and no worker runs here (APP_ROLE=web): what a request leaves for later is
    // visible, and the test runs it itself.
    web = await createTestApp({ redis: true, env: { APP_ROLE: 'web' } });
    queue = web.app.get<Queue>(BULL_QUEUE, { strict: false });
  });
  afterAll(() => web.close());

  const queued = async () => (await queue.getJobs(['waiting', 'delayed', 'prioritized'])).map((j) => ({ id: String(j.id), name: j.name, data: j.data as Record<string, unknown> }));
  /** The request's answer and the jobs it queued. */
  async function send(email: string) {
    const before = new Set((await queued()).map((j) => j.id));
    const res = await web.request('POST', '/api/unsubscribe/manual', details(email), {}, address());
    expect(res.status, res.text).toBe(201);
    return { res, jobs: (await queued()).filter((j) => !before.has(j.id)) };
  }
  /** Runs the given jobs as the worker would, and returns the jobs they queued in turn. */
  async function work(jobs: Array<{ id: string; name: string; data: unknown }>) {
    const before = new Set((await queued()).map((j) => j.id));
    for (const j of jobs) await web.app.get(JobQueue).run(j.name, j.data, { jobId: j.id, attempt: 1, maxAttempts: 1 });
    return (await queued()).filter((j) => !before.has(j.id));
  }

  it('byte for byte (but the uuid and the typed address), one and the same job queued, the account looked up only in it', async () => {
    const { user, subscription } = await subscriber(web);
    const known = user.email as string;
    const unknown = `ukendt-${unique()}@husly.test`;
    // One instant for both, so the records' timestamps in the answers are equal too.
    web.clock.set(new Date(Math.floor(Date.now() / 1000) * 1000));
    const a = await send(known);
    const b = await send(unknown);
    web.clock.set(new Date());
    const masked = (r: Awaited<ReturnType<typeof send>>, email: string) => r.res.text.replace(r.res.body.unsubscription.uuid, 'UUID').replace(JSON.stringify(email), '"EMAIL"');
    expect(masked(a, known)).toBe(masked(b, unknown));
    expect(Object.keys(a.res.headers).sort()).toEqual(Object.keys(b.res.headers).sort());
    const shape = (jobs: Array<{ name: string; data: Record<string, unknown> }>) => jobs.map((j) => ({ name: j.name, fields: Object.keys(j.data).sort() }));
    expect(shape(a.jobs)).toEqual([{ name: JOBS.unsubscribeManual.name, fields: ['unsubscriptionId'] }]);
    expect(shape(b.jobs)).toEqual(shape(a.jobs));
    // Nothing of the account was read into the answer nor written: no link yet, the record names nobody.
    expect(await web.prisma.userToken.count({ where: { userId: user.id, kind: 'UNSUBSCRIBE_CONFIRMATION' } })).toBe(0);
    expect(await web.prisma.unsubscription.findUniqueOrThrow({ where: { uuid: a.res.body.unsubscription.uuid } })).toMatchObject({ userId: null, subscriptionId: null });

    // The job matches: the link to the account's own address, the request to support otherwise.
    const fromKnown = await work(a.jobs);
    expect(fromKnown.map((j) => [j.name, j.data.to])).toEqual([[JOBS.mailDeliver.name, known]]);
    expect(await web.prisma.unsubscription.findUniqueOrThrow({ where: { uuid: a.res.body.unsubscription.uuid } })).toMatchObject({ userId: user.id, subscriptionId: subscription.id });
    const fromUnknown = await work(b.jobs);
    expect(fromUnknown.map((j) => [j.name, j.data.to])).toEqual([[JOBS.mailDeliver.name, web.config.mail.support]]);
    // A retried job queues its mail under the same id: still one.
    expect(await work(a.jobs)).toEqual([]);
  });
});
