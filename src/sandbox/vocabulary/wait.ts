// One way to wait for something a sandbox will do (a request in the journal, a webhook event):
// look now, then after every change it reports, until it is there, the time is up or the caller
// stops it. No timer or listener outlives the wait, so a test runner exits by itself.

import { invalid, SandboxTimeoutError, type NearMiss } from './errors';

export { SandboxTimeoutError, type NearMiss } from './errors';

/**
 * An AbortSignal (Node's or a browser's), as much of one as a wait reads: written out so the
 * package's types need neither the DOM's lib nor @types/node.
 */
export interface WaitSignal {
  readonly aborted: boolean;
  readonly reason?: unknown;
  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}

export interface WaitOptions {
  /** How long to wait (default 2000 ms: below a test runner's own 5 s, so the sandbox's message, naming the near misses, is the one shown). */
  timeoutMs?: number;
  /** Stops the wait: it rejects with the signal's reason. */
  signal?: WaitSignal;
}

export const DEFAULT_TIMEOUT_MS = 2000;

/** Refuses a timeout that is not a number of milliseconds, 0 or more (SandboxInputError), on whichever side the wait runs. */
export function checkWaitOptions({ timeoutMs = DEFAULT_TIMEOUT_MS }: WaitOptions): void {
  if (typeof timeoutMs !== 'number' || !Number.isFinite(timeoutMs) || timeoutMs < 0) {
    throw invalid(`timeoutMs must be a number of milliseconds, 0 or more, got ${String(timeoutMs)}`);
  }
}

/** What a timeout adds to its message: a detail (`(3 in the journal)`) and what came closest. */
export interface WaitExplanation {
  detail?: string;
  nearMisses?: NearMiss[];
}

/**
 * `find` is asked now and after each change `subscribe` reports; the first value it answers
 * resolves the wait. `what` names it in the timeout's message; `explain` adds to it when it fires.
 */
export function waitUntil<T>(
  find: () => T | undefined,
  subscribe: (again: () => void) => () => void,
  what: string,
  options: WaitOptions = {},
  explain: () => WaitExplanation = () => ({}),
): Promise<T> {
  const { timeoutMs = DEFAULT_TIMEOUT_MS, signal } = options;
  try {
    checkWaitOptions(options);
  } catch (error) {
    return Promise.reject(error);
  }
  const found = find();
  if (found !== undefined) return Promise.resolve(found);
  return new Promise<T>((resolve, reject) => {
    const finish = (): void => {
      clearTimeout(timer);
      unsubscribe();
      signal?.removeEventListener('abort', aborted);
    };
    const aborted = (): void => {
      finish();
      // The caller's own reason, as Node's APIs reject with it (AbortError when abort() was given none): not the sandbox's error.
      reject(signal?.reason);
    };
    const unsubscribe = subscribe(() => {
      const value = find();
      if (value === undefined) return;
      finish();
      resolve(value);
    });
    const timer = setTimeout(() => {
      finish();
      reject(new SandboxTimeoutError(what, timeoutMs, ...explained(explain)));
    }, timeoutMs);
    if (signal?.aborted) aborted();
    else signal?.addEventListener('abort', aborted, { once: true });
  });
}

/** The explanation, or none when making it failed (a caller's predicate threw): the wait still rejects. */
function explained(explain: () => WaitExplanation): [detail: string | undefined, nearMisses: NearMiss[] | undefined] {
  try {
    const { detail, nearMisses } = explain();
    return [detail, nearMisses];
  } catch {
    return [undefined, undefined];
  }
}
