// The sandbox's recorded answers, copied into one buffer that is written round and round.
//
// Why: the sandbox answers each request with a fresh Buffer, and a history that held on to those
// kept hundreds a second alive long enough to be promoted; each then died in the old generation,
// and their memory outside the heap brought on full collections (measured: on transaction lists
// the collector ran three times as many of them). A copy here costs a memcpy and leaves no
// object, and the history's memory for bodies has a bound.

/** Bytes kept in a ring: readable until newer ones take their place. */
export class RingSlice {
  constructor(
    private readonly ring: ByteRing,
    private readonly start: number,
    readonly length: number,
  ) {}

  /** How much the ring holds: what a reader is told when these bytes are gone. */
  get ringBytes(): number {
    return this.ring.capacity;
  }

  /** Whether the ring still holds these bytes. */
  get intact(): boolean {
    return this.ring.holds(this.start);
  }

  /** The bytes as UTF-8 text, or undefined once newer ones have taken their place. */
  text(): string | undefined {
    return this.ring.text(this.start, this.length);
  }
}

export class ByteRing {
  readonly #buffer: Buffer;
  /** Bytes written since the start, the skipped ends of laps included: where the next slice goes. */
  #written = 0;

  /**
   * `capacity` bytes, reserved now (the system hands over only the pages written). Not on first
   * use: 16 MB taken in the middle of the sandbox's first answers set off a full collection that
   * left Node's process.nextTick on V8's slow path for the rest of the process, a sixth of the
   * sandbox's throughput (docs/benchmarks.md).
   */
  constructor(readonly capacity: number) {
    this.#buffer = Buffer.allocUnsafe(capacity);
  }

  /**
   * Copies `bytes` in and answers where they start (a slice() reads them back); undefined when
   * they are too large to share the ring (over an eighth of it). Allocates nothing.
   */
  put(bytes: Uint8Array): number | undefined {
    const { length } = bytes;
    if (length > this.capacity / 8) return undefined;
    // A slice is never split over the end: what does not fit starts the next lap.
    const room = this.capacity - (this.#written % this.capacity);
    if (length > room) this.#written += room;
    const start = this.#written;
    this.#buffer.set(bytes, start % this.capacity);
    this.#written += length;
    return start;
  }

  /** The `length` bytes put() placed at `start`. */
  slice(start: number, length: number): RingSlice {
    return new RingSlice(this, start, length);
  }

  /** Zeroes what it holds: every slice taken so far reads as written over. */
  forget(): void {
    this.#buffer.fill(0);
    this.#written += this.capacity;
  }

  holds(start: number): boolean {
    return this.#written - start <= this.capacity;
  }

  text(start: number, length: number): string | undefined {
    if (!this.holds(start)) return undefined;
    const offset = start % this.capacity;
    return this.#buffer.toString('utf8', offset, offset + length);
  }
}
