import { createHash } from 'node:crypto';

/**
 * Small seedable PRNG (mulberry32). Generated data must be reproducible in tests, and its state
 * is persisted so a restarted sandbox does not hand out the same ids again.
 */
export class Random {
  constructor(private state: number) {
    this.state = state >>> 0;
  }

  get seedState(): number {
    return this.state;
  }

  set seedState(value: number) {
    this.state = value >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) {
      throw new Error('pick from an empty list');
    }
    return item;
  }

  digits(count: number): string {
    let out = '';
    for (let i = 0; i < count; i++) {
      out += String(Math.floor(this.next() * 10));
    }
    return out;
  }

  hex(count: number): string {
    let out = '';
    while (out.length < count) {
      out += Math.floor(this.next() * 4294967296)
        .toString(16)
        .padStart(8, '0');
    }
    return out.slice(0, count);
  }
}

/** A 32-bit number derived from text, to seed per-wallet generators independently of call order. */
export function hashSeed(...parts: (string | number)[]): number {
  return createHash('sha256').update(parts.join('\u0000')).digest().readUInt32BE(0);
}

/** Deterministic hex digest of text, for stable derived identifiers. */
export function hashHex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
