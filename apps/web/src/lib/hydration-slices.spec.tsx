import { Suspense } from 'react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { beginHydration, finishHydration, HydrateInSlice, sliceGate } from './hydration-slices';

/** Runs the scheduled steps by hand, one "task" per call. */
function manualTasks() {
  const steps: Array<() => void> = [];
  return {
    schedule: (next: () => void) => void steps.push(next),
    runOne: () => steps.shift()?.(),
    count: () => steps.length,
  };
}

/** The gate a slice rendered in the pass waits for. */
function gate(): Promise<void> {
  const promise = sliceGate();
  if (!promise) throw new Error('the slice did not wait');
  return promise;
}

const settled = (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => (done = true));
  return async () => {
    await Promise.resolve();
    await Promise.resolve();
    return done;
  };
};

describe('hydration slices (docs/decisions/0032)', () => {
  it('renders its children at once outside a hydration pass (the server, a client render)', () => {
    render(
      <Suspense fallback={<p>later</p>}>
        <HydrateInSlice>
          <p>the cards</p>
        </HydrateInSlice>
      </Suspense>,
    );
    expect(screen.getByText('the cards')).toBeTruthy();
    expect(screen.queryByText('later')).toBeNull();
  });

  it('settles the slices rendered in the pass in page order, one a task', async () => {
    const tasks = manualTasks();
    beginHydration();
    const first = settled(gate());
    const second = settled(gate());
    const slices = finishHydration(new EventTarget() as unknown as Document, tasks.schedule);
    expect(slices.pending()).toBe(2);
    expect(await first()).toBe(false);

    tasks.runOne();
    expect(await first()).toBe(true);
    expect(await second()).toBe(false);
    expect(slices.pending()).toBe(1);

    tasks.runOne();
    expect(await second()).toBe(true);
    tasks.runOne();
    expect(tasks.count()).toBe(0);
  });

  it('settles every slice left at the first interaction, before its handlers run, and then stops listening', async () => {
    const tasks = manualTasks();
    const target = new EventTarget();
    beginHydration();
    const gates = [1, 2, 3].map(() => settled(gate()));
    const slices = finishHydration(target as unknown as Document, tasks.schedule);
    tasks.runOne();
    expect(slices.pending()).toBe(2);

    target.dispatchEvent(new Event('pointerdown'));
    expect(slices.pending()).toBe(0);
    expect(await Promise.all(gates.map((done) => done()))).toEqual([true, true, true]);

    // Later slices of a later pass are not settled by this pass's listener.
    beginHydration();
    const later = settled(gate());
    target.dispatchEvent(new Event('keydown'));
    expect(await later()).toBe(false);
    finishHydration(target as unknown as Document, tasks.schedule);
  });

  it('a pass without slices schedules nothing and listens to nothing', () => {
    const tasks = manualTasks();
    const target = { addEventListener: () => expect.unreachable('listened'), removeEventListener: () => undefined };
    beginHydration();
    expect(finishHydration(target as unknown as Document, tasks.schedule).pending()).toBe(0);
    expect(tasks.count()).toBe(0);
  });
});
