import { describe, expect, it } from 'vitest';
import { GroupCommit } from './group-commit';

/** A write the test finishes by hand, so the grouping does not depend on timing. */
function heldWrites() {
  const calls: Array<{ items: number[]; finish: (error?: Error) => void }> = [];
  const write = (items: number[]) =>
    new Promise<void>((resolve, reject) => calls.push({ items, finish: (error) => (error ? reject(error) : resolve()) }));
  return { calls, write };
}

describe('GroupCommit', () => {
  it('writes the first item at once and the ones that arrive meanwhile in one statement after it', async () => {
    const { calls, write } = heldWrites();
    const group = new GroupCommit(write);
    const done: number[] = [];
    const first = group.add(1).then(() => done.push(1));
    const later = [2, 3, 4].map((n) => group.add(n).then(() => done.push(n)));
    expect(calls.map((c) => c.items)).toEqual([[1]]);
    calls[0].finish();
    await first;
    expect(done).toEqual([1]); // the others wait for their own statement
    await Promise.resolve();
    expect(calls.map((c) => c.items)).toEqual([[1], [2, 3, 4]]);
    calls[1].finish();
    await Promise.all(later);
    expect(done).toEqual([1, 2, 3, 4]);
  });

  it('fails only the items of the statement that failed, and goes on with the next', async () => {
    const { calls, write } = heldWrites();
    const group = new GroupCommit(write, 2);
    const outcomes = [1, 2, 3, 4].map((n) => group.add(n).then(() => 'ok', (e: Error) => e.message));
    calls[0].finish();
    await outcomes[0];
    await Promise.resolve();
    expect(calls.map((c) => c.items)).toEqual([[1], [2, 3]]); // at most maxRows per statement
    calls[1].finish(new Error('connection lost'));
    await outcomes[1];
    await Promise.resolve();
    calls[2].finish();
    expect(await Promise.all(outcomes)).toEqual(['ok', 'connection lost', 'connection lost', 'ok']);
  });
});
