import * as assert from 'node:assert/strict';
import * as fc from 'fast-check';
import { ByteRing } from '../../../src/traffic/byteRing';

const bytes = (text: string): Buffer => Buffer.from(text, 'utf8');

describe('traffic: the ring the sandbox answers are kept in', () => {
  it('reads back what it kept, multi-byte characters whole', () => {
    const ring = new ByteRing(1024);
    const first = ring.keep(bytes('{"name":"Adaeze Okafor ₦"}'))!;
    const second = ring.keep(bytes('{"amount":150000}'))!;
    assert.equal(first.text(), '{"name":"Adaeze Okafor ₦"}');
    assert.equal(second.text(), '{"amount":150000}');
    assert.ok(first.intact && second.intact);
  });

  it('holds exactly its capacity, then lets the oldest go first', () => {
    const ring = new ByteRing(800);
    const kept = [...'abcdefgh'].map((letter) => ring.keep(bytes(letter.repeat(100)))!);
    assert.ok(kept.every((slice) => slice.intact));
    ring.keep(bytes('i'.repeat(100)));
    assert.equal(kept[0]!.intact, false);
    assert.equal(kept[0]!.text(), undefined);
    assert.equal(kept[1]!.text(), 'b'.repeat(100));
  });

  it('never splits one over the end: what does not fit starts the next lap', () => {
    const ring = new ByteRing(800);
    const kept = [...'abcdefg'].map((letter) => ring.keep(bytes(letter.repeat(100)))!);
    const short = ring.keep(bytes('y'.repeat(50)))!;
    // 750 written: 50 left at the end, too few for the next 100.
    const wrapped = ring.keep(bytes('z'.repeat(100)))!;
    assert.equal(wrapped.text(), 'z'.repeat(100));
    assert.equal(short.text(), 'y'.repeat(50));
    assert.deepEqual(
      kept.map((slice) => slice.intact),
      [false, true, true, true, true, true, true],
    );
  });

  it('forgets on request: every slice reads as written over, and what comes next is kept', () => {
    const ring = new ByteRing(800);
    const secret = ring.keep(bytes('{"accessToken":"eyJ.secret"}'))!;
    ring.forget();
    assert.equal(secret.intact, false);
    assert.equal(secret.text(), undefined);
    assert.equal(ring.keep(bytes('{"balance":1}'))!.text(), '{"balance":1}');
  });

  it('does not take what is over an eighth of it (the caller keeps those as they came)', () => {
    const ring = new ByteRing(800);
    assert.equal(ring.keep(Buffer.alloc(101)), undefined);
    assert.equal(ring.keep(Buffer.alloc(100))?.length, 100);
  });

  it('holds every one of the newest slices that fit in it, whatever their sizes', () => {
    fc.assert(
      fc.property(fc.array(fc.uint8Array({ maxLength: 128 }), { minLength: 1, maxLength: 60 }), (pieces) => {
        const ring = new ByteRing(1024);
        const slices = pieces.map((piece) => ring.keep(piece)!);
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
