import { useCallback, useRef, useState } from 'react';

/**
 * One request at a time for a form or button that changes something on the server. `run` starts
 * the action unless one of this hook's actions is still running; the check is a ref, so a second
 * click, Enter or submit that comes before React has drawn the button disabled sends nothing
 * either. `busy` disables the buttons meanwhile and comes back after success or error; `running`
 * names the action (when given a name) so only its own button says "Sender…". The server never
 * relies on this (issue 29): it is for the person, who should see one purchase, not two.
 */
export function useBusyAction<Name extends string = string>() {
  const started = useRef(false);
  const [running, setRunning] = useState<{ name?: Name } | null>(null);

  const run = useCallback(async <T>(action: () => Promise<T>, name?: Name): Promise<T | undefined> => {
    if (started.current) return undefined;
    started.current = true;
    setRunning({ name });
    try {
      return await action();
    } finally {
      started.current = false;
      setRunning(null);
    }
  }, []);

  return { busy: running !== null, running: running?.name, run };
}

/**
 * A button's attributes while an action runs: disabled, and busy for screen readers when the
 * action is its own (`mine`; by default the one action of its form).
 */
export const busyButton = (busy: boolean, mine = busy) => ({ disabled: busy, 'aria-busy': (busy && mine) || undefined });
