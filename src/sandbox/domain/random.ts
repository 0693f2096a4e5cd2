import { hash } from 'node:crypto';

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
    const words: string[] = [];
    for (let made = 0; made < count; made += 8) {
      words.push(
        Math.floor(this.next() * 4294967296)
          .toString(16)
          .padStart(8, '0'),
      );
    }
    return flatText(words).slice(0, count);
  }
}

/**
 * The pieces as one string. V8 keeps `a + b` of 13 characters or more as a pair of pointers to
 * its pieces until something reads it whole; a join is one flat string. A generated history
 * keeps an id and often a mobile per transaction, 200,000 of them in a full sandbox, and the
 * pairs cost about 100 bytes each, a good part of the sandbox's memory when its history is full.
 */
export function flatText(pieces: readonly string[]): string {
  return pieces.join('');
}

/** A 32-bit number derived from text, to seed per-wallet generators independently of call order. */
export function hashSeed(...parts: (string | number)[]): number {
  return hash('sha256', parts.join('\u0000'), 'buffer').readUInt32BE(0);
}

/** Deterministic hex digest of text, for stable derived identifiers. */
export function hashHex(text: string): string {
  return hash('sha256', text, 'hex');
}

/** A MongoDB-style id: 8 hex digits of seconds, then 16 random hex digits (the real API used Mongo ids). */
export function objectId(rng: Random, ms: number): string {
  const seconds = Math.floor(ms / 1000) >>> 0;
  return flatText([seconds.toString(16).padStart(8, '0'), rng.hex(16)]);
}

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** Wallet user id: 9 upper-case letters/digits, stable for a mobile number. */
export function walletUserId(mobile: string): string {
  const digest = hashHex(`wallet-user:${mobile}`);
  let id = '';
  for (let i = 0; i < 9; i++) {
    id += ID_ALPHABET[parseInt(digest.slice(i * 2, i * 2 + 2), 16) % ID_ALPHABET.length];
  }
  return id;
}
