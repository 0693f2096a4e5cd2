import { flatText, hashHex, Random } from './random';

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

export const MOBILE_PATTERN = /^234\d{10}$/;
