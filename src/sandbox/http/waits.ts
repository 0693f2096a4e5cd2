import type { Scheduler } from '../domain/scheduler';

// Sleeps that shutdown can cut short, so closing the sandbox never hangs on a long fault delay.
// A sleep in a world also ends when the world's virtual clock passes its end: a test holds a
// request with a fault's delayMs (or latencyMs) and releases it with sandbox.clock.advance(),
// without waiting in real time.

/** The world a sleep counts in: its virtual clock and its scheduler (which an advance runs). */
export interface WaitClock {
  now(): number;
  scheduler: Scheduler;
}

let nextWait = 0;

export class Waits {
  private readonly pending = new Set<() => void>();

  /**
   * Resolves after `ms` real milliseconds, or once `clock` has passed as many (an advance), or
   * when `stopEarly` calls the wake it is given (the client hung up), whichever comes first.
   */
  sleep(ms: number, clock?: WaitClock, stopEarly?: (wake: () => void) => void): Promise<void> {
    return new Promise((resolve) => {
      const key = `wait:${++nextWait}`;
      const scheduler = clock?.scheduler;
      const done = (): void => {
        if (!this.pending.delete(done)) return;
        clearTimeout(timer);
        scheduler?.cancel(key);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.pending.add(done);
      if (clock && scheduler) scheduler.at(key, clock.now() + ms, done);
      stopEarly?.(done);
    });
  }

  wakeAll(): void {
    for (const wake of [...this.pending]) {
      wake();
    }
  }
}
