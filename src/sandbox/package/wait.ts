// One way to wait for something a sandbox will do: look now, then after every change it
// reports, until it is there or the time is up. No timer or listener outlives the wait, so a
// test runner exits by itself.

/** A wait ran out of time; `what` says what was awaited, `seen` how many candidates there were. */
export class SandboxTimeoutError extends Error {
  override readonly name = 'SandboxTimeoutError';

  constructor(
    readonly what: string,
    readonly timeoutMs: number,
  ) {
    super(`Timed out after ${timeoutMs} ms waiting for ${what}`);
  }
}

export interface WaitOptions {
  /** How long to wait (default 5000 ms). */
  timeoutMs?: number;
}

export const DEFAULT_TIMEOUT_MS = 5000;

export function waitUntil<T>(
  find: () => T | undefined,
  subscribe: (again: () => void) => () => void,
  what: string,
  options: WaitOptions = {},
): Promise<T> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (!Number.isFinite(timeoutMs) || timeoutMs < 0) {
    return Promise.reject(new RangeError(`timeoutMs must be a number of milliseconds, 0 or more, got ${String(timeoutMs)}`));
  }
  const found = find();
  if (found !== undefined) return Promise.resolve(found);
  return new Promise<T>((resolve, reject) => {
    const finish = (): void => {
      clearTimeout(timer);
      unsubscribe();
    };
    const unsubscribe = subscribe(() => {
      const value = find();
      if (value === undefined) return;
      finish();
      resolve(value);
    });
    const timer = setTimeout(() => {
      finish();
      reject(new SandboxTimeoutError(what, timeoutMs));
    }, timeoutMs);
  });
}
