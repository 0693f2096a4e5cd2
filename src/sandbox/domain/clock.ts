// The sandbox's virtual clock: real time plus an offset that only moves forward. Token expiry,
// bank settlements and webhook retries all read it, so a test can jump hours in one call.

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
    this.offset += ms;
  }
}
