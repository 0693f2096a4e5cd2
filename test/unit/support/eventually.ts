import { watch } from 'node:fs';

/**
 * `happening`, or a clear failure naming `what` (a function is read when it fails) if it has not
 * happened after `safetyMs`: a bound only for what never comes (a bug), set far above what a
 * loaded 2-core machine takes, so the test waits on the event itself and not on a clock. Keep it
 * under the suite's own timeout so that this message, not mocha's, is the one a failure shows.
 */
export function within<T>(happening: Promise<T>, what: string | (() => string), safetyMs = 8_000): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const givenUp = new Promise<never>((_resolve, reject) => {
    const message = (): string => `${typeof what === 'function' ? what() : what}: not within ${safetyMs / 1000} s`;
    timer = setTimeout(() => reject(new Error(message())), safetyMs);
  });
  return Promise.race([happening, givenUp]).finally(() => clearTimeout(timer));
}

/**
 * The first value `check` gives (not undefined), checked now and each time `subscribe` calls back
 * (a sandbox's onChange, an emitter's listener): the moment the thing happens, not a poll.
 */
export function when<T>(
  subscribe: (listener: () => void) => () => void,
  check: () => T | undefined,
  what: string | (() => string),
  safetyMs?: number,
): Promise<T> {
  let stop = (): void => undefined;
  const happened = new Promise<T>((resolve) => {
    const settle = (): void => {
      const value = check();
      if (value === undefined) return;
      stop();
      resolve(value);
    };
    stop = subscribe(settle);
    settle();
  });
  return within(happened, what, safetyMs).finally(() => stop());
}

/**
 * The first value `check` gives (not undefined), checked now and at each change a file watcher
 * sees in `folder` (a file written, renamed into place, truncated).
 */
export function whenFolder<T>(folder: string, check: () => T | undefined, what: string | (() => string), safetyMs?: number): Promise<T> {
  return when(
    (listener) => {
      const watcher = watch(folder, listener);
      return () => watcher.close();
    },
    check,
    what,
    safetyMs,
  );
}
