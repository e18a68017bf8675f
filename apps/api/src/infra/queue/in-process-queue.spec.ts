import { afterEach, describe, expect, it, vi } from 'vitest';
import { defineJob } from './job-definition';
import { InProcessQueue } from './in-process-queue';

const job = defineJob<{ n: number }>('test.job', { attempts: 1, backoffMs: 1_000 });

/** A job that runs until the test lets it end. */
function gatedRunner() {
  const started: number[] = [];
  const gates = new Map<number, () => void>();
  const run = (_name: string, data: unknown) =>
    new Promise<void>((resolve) => {
      const { n } = data as { n: number };
      started.push(n);
      gates.set(n, resolve);
    });
  return { started, run, end: (n: number) => gates.get(n)?.() };
}

/** Lets every promise continuation run (setImmediate is not faked here). */
const settle = async () => {
  for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
};

describe('InProcessQueue', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts a waiting job as soon as a slot frees, in the order they came, with no timer while they wait', async () => {
    // Only the timers are faked: a job that waits on a timer (a poll) would not start below.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const r = gatedRunner();
    const queue = new InProcessQueue(r.run, 2);
    for (let n = 1; n <= 5; n++) queue.enqueue(job, { n });
    await vi.advanceTimersByTimeAsync(0);
    expect(r.started).toEqual([1, 2]);
    expect(queue.counts()).toMatchObject({ waiting: 3, active: 2 });
    expect(vi.getTimerCount()).toBe(0);

    // A freed slot takes the longest-waiting job, and only one.
    r.end(2);
    await settle();
    expect(r.started).toEqual([1, 2, 3]);
    r.end(1);
    r.end(3);
    await settle();
    expect(r.started).toEqual([1, 2, 3, 4, 5]);
    expect(queue.counts()).toMatchObject({ waiting: 0, active: 2 });
    r.end(4);
    r.end(5);
    await queue.drain();
    expect(queue.counts()).toMatchObject({ waiting: 0, active: 0 });
  });

  it('starts none of the waiting jobs after close, and closes once the running ones end', async () => {
    const r = gatedRunner();
    const queue = new InProcessQueue(r.run, 1);
    queue.enqueue(job, { n: 1 });
    queue.enqueue(job, { n: 2 });
    await new Promise((resolve) => setTimeout(resolve, 0));
    await settle();
    expect(r.started).toEqual([1]);
    const closed = queue.close();
    r.end(1);
    await closed;
    await settle();
    expect(r.started).toEqual([1]);
  });
});
