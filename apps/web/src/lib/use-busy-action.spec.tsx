import { describe, expect, it } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { useBusyAction } from './use-busy-action';

/** A promise the test settles itself. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('useBusyAction', () => {
  it('runs one action at a time: a second run while the first is pending is dropped, not queued', async () => {
    const { result } = renderHook(() => useBusyAction<'pay' | 'cancel'>());
    const first = deferred<string>();
    let calls = 0;
    let a!: Promise<string | undefined>;
    let b!: Promise<string | undefined>;
    act(() => {
      a = result.current.run(() => {
        calls += 1;
        return first.promise;
      }, 'pay');
      b = result.current.run(async () => {
        calls += 1;
        return 'second';
      }, 'cancel');
    });
    expect(calls).toBe(1);
    expect(result.current.busy).toBe(true);
    expect(result.current.running).toBe('pay');
    await expect(b).resolves.toBeUndefined();

    first.resolve('first');
    await act(async () => expect(await a).toBe('first'));
    expect(result.current.busy).toBe(false);
    expect(result.current.running).toBeUndefined();
  });

  it('a failed action frees it again and its error reaches the caller', async () => {
    const { result } = renderHook(() => useBusyAction());
    const failing = deferred<void>();
    let outcome!: Promise<unknown>;
    act(() => {
      outcome = result.current.run(() => failing.promise).catch((error: unknown) => error);
    });
    failing.reject(new Error('503'));
    await act(async () => expect(await outcome).toEqual(new Error('503')));
    await waitFor(() => expect(result.current.busy).toBe(false));
    let ran = false;
    await act(async () => {
      await result.current.run(async () => {
        ran = true;
      });
    });
    expect(ran).toBe(true);
  });

  it('an action that throws before its first await is a failure like any other, not a stuck button', async () => {
    const { result } = renderHook(() => useBusyAction());
    await act(async () => {
      await expect(
        result.current.run(() => {
          throw new Error('sync');
        }),
      ).rejects.toThrow('sync');
    });
    expect(result.current.busy).toBe(false);
  });
});
