import { limitReached } from '../errors';

// The sandbox's virtual clock: real time plus an offset that only moves forward. Token expiry,
// bank settlements and webhook retries all read it, so a test can jump hours in one call.

/** How far ahead of real time the clock may run: ten years (dates past it stop meaning anything to a test). */
export const MAX_CLOCK_OFFSET_MS = 10 * 365 * 86_400_000;

export class VirtualClock {
  constructor(
    private readonly base: () => number,
    private offset = 0,
  ) {}

  now(): number {
    return this.base() + this.offset;
  }

  get offsetMs(): number {
    return this.offset;
  }

  advance(ms: number): void {
    if (!Number.isFinite(ms) || ms <= 0) {
      throw new Error('the clock only moves forward, by a positive number of milliseconds');
    }
    if (this.offset + ms > MAX_CLOCK_OFFSET_MS) {
      const days = Math.floor(this.offset / 86_400_000);
      throw limitReached(
        400,
        `The clock may run at most 10 years ahead of real time (it is ${days} days ahead now); ` +
          'advance it less, or reset the world (POST /__sandbox/reset) to bring it back',
      );
    }
    this.offset += ms;
  }
}
