import * as assert from 'node:assert/strict';
import * as fc from 'fast-check';
import { ByteRing, type RingSlice } from '../../../src/traffic/byteRing';

const bytes = (text: string): Buffer => Buffer.from(text, 'utf8');

/** Puts the bytes in and reads back where they went, as the sandbox's recorder does. */
function keep(ring: ByteRing, kept: Uint8Array): RingSlice | undefined {
  const start = ring.put(kept);
  return start === undefined ? undefined : ring.slice(start, kept.length);
}

describe('traffic: the ring the sandbox answers are kept in', () => {
  it('reads back what it kept, multi-byte characters whole', () => {
    const ring = new ByteRing(1024);
    const first = keep(ring, bytes('{"name":"Adaeze Okafor ₦"}'))!;
    const second = keep(ring, bytes('{"amount":150000}'))!;
    assert.equal(first.text(), '{"name":"Adaeze Okafor ₦"}');
    assert.equal(second.text(), '{"amount":150000}');
    assert.ok(first.intact && second.intact);
  });

  it('holds exactly its capacity, then lets the oldest go first', () => {
    const ring = new ByteRing(800);
    const kept = [...'abcdefgh'].map((letter) => keep(ring, bytes(letter.repeat(100)))!);
    assert.ok(kept.every((slice) => slice.intact));
    keep(ring, bytes('i'.repeat(100)));
    assert.equal(kept[0]!.intact, false);
    assert.equal(kept[0]!.text(), undefined);
    assert.equal(kept[1]!.text(), 'b'.repeat(100));
  });

  it('never splits one over the end: what does not fit starts the next lap', () => {
    const ring = new ByteRing(800);
    const kept = [...'abcdefg'].map((letter) => keep(ring, bytes(letter.repeat(100)))!);
    const short = keep(ring, bytes('y'.repeat(50)))!;
    // 750 written: 50 left at the end, too few for the next 100.
    const wrapped = keep(ring, bytes('z'.repeat(100)))!;
    assert.equal(wrapped.text(), 'z'.repeat(100));
    assert.equal(short.text(), 'y'.repeat(50));
    assert.deepEqual(
      kept.map((slice) => slice.intact),
      [false, true, true, true, true, true, true],
    );
  });

  it('forgets on request: every slice reads as written over, and what comes next is kept', () => {
    const ring = new ByteRing(800);
    const secret = keep(ring, bytes('{"accessToken":"eyJ.secret"}'))!;
    ring.forget();
    assert.equal(secret.intact, false);
    assert.equal(secret.text(), undefined);
    assert.equal(keep(ring, bytes('{"balance":1}'))!.text(), '{"balance":1}');
  });

  it('does not take what is over an eighth of it (the caller keeps those as they came)', () => {
    const ring = new ByteRing(800);
    assert.equal(keep(ring, Buffer.alloc(101)), undefined);
    assert.equal(keep(ring, Buffer.alloc(100))?.length, 100);
  });

  it('holds every one of the newest slices that fit in it, whatever their sizes', () => {
    fc.assert(
      fc.property(fc.array(fc.uint8Array({ maxLength: 128 }), { minLength: 1, maxLength: 60 }), (pieces) => {
        const ring = new ByteRing(1024);
        const slices = pieces.map((piece) => keep(ring, piece)!);
        // A lap can waste up to a slice's length at its end, so half the ring is always safe.
        let newest = 0;
        for (let index = pieces.length - 1; index >= 0; index--) {
          newest += pieces[index]!.length;
          if (newest > 512) break;
          assert.equal(slices[index]!.text(), Buffer.from(pieces[index]!).toString('utf8'));
        }
      }),
    );
  });
});
