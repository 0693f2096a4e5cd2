import { limitReached } from '../vocabulary/errors';

// The sandbox's virtual clock: real time plus an offset that only grows, or (frozen) a time that
// moves only when advanced. Token expiry, bank settlements and webhook retries all read it, so a
// test can jump hours in one call. While an advance runs a scheduled task, the clock shows that
// task's due time (pinned), so whatever the task schedules next counts from when it was due.

/** Throws unless `ms` is a span the clock can move by. */
export function checkSpan(ms: number): void {
  if (!Number.isFinite(ms) || ms <= 0) {
    throw new Error('the clock only moves forward, by a positive number of milliseconds');
  }
}

/** How far ahead of real time the clock may run: ten years (dates past it stop meaning anything to a test). */
export const MAX_CLOCK_OFFSET_MS = 10 * 365 * 86_400_000;

export class VirtualClock {
  private pinnedAt: number | undefined;

  /** `frozenAt`: the virtual time (epoch ms) of a frozen clock; undefined, it runs with `base`. */
  constructor(
    private readonly base: () => number,
    private offset = 0,
    private frozenAt?: number,
  ) {}

  now(): number {
    return this.pinnedAt ?? this.frozenAt ?? this.base() + this.offset;
  }

  /** Virtual minus real time (a frozen clock's grows more negative as real time passes). */
  get offsetMs(): number {
    return this.frozenAt === undefined ? this.offset : this.frozenAt - this.base();
  }

  /** The frozen clock's time (epoch ms); undefined when the clock runs with real time. */
  get frozenAtMs(): number | undefined {
    return this.frozenAt;
  }

  /** Throws unless the clock can move by `ms`: forward, and at most ten years ahead of real time. */
  checkAdvance(ms: number): void {
    checkSpan(ms);
    if (this.offsetMs + ms > MAX_CLOCK_OFFSET_MS) {
      const days = Math.floor(this.offsetMs / 86_400_000);
      throw limitReached(
        400,
        `The clock may run at most 10 years ahead of real time (it is ${days} days ahead now); ` +
          'advance it less, or reset the world (POST /__sandbox/reset) to bring it back',
      );
    }
  }

  advance(ms: number): void {
    this.checkAdvance(ms);
    if (this.frozenAt === undefined) {
      this.offset += ms;
    } else {
      this.frozenAt += ms;
    }
  }

  /** Shows `at` until pinned again or unpinned (undefined): an advance running a task due at `at`. */
  pin(at: number | undefined): void {
    this.pinnedAt = at;
  }
}

/** The clock as a world keeps it (SandboxState's fields). */
export interface KeptClock {
  clockOffsetMs: number;
  clockFrozenAtMs: number | undefined;
}

/** Freezes a kept clock at the time it shows, or lets it run on from that time with real time. */
export function setClockFrozen(kept: KeptClock, frozen: boolean, realNowMs: number): void {
  const shown = kept.clockFrozenAtMs ?? realNowMs + kept.clockOffsetMs;
  kept.clockOffsetMs = shown - realNowMs;
  kept.clockFrozenAtMs = frozen ? shown : undefined;
}
