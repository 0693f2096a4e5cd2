import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { isEnvFileName } from '../../../src/linter/envFiles';
import { findKeys, isScenarioFile, keysToReport, maskKey } from '../../../src/linter/keyScanner';

const HEX = '0123456789abcdef';
const hex = (length: number) => fc.string({ unit: fc.constantFrom(...HEX), minLength: length, maxLength: length });
const prefix = fc.constantFrom('pk_live_', 'sk_test_');
const key = fc.tuple(prefix, hex(32)).map(([start, rest]) => start + rest);
/** What may stand right before or after a key in real files. */
const separator = fc.constantFrom(' ', '"', "'", '`', '=', ':', '(', ',', '\n', '\t', '# ', '// ');
/** Random text with pieces that look like keys (prefixes, hex, underscores) but never 32 hex in a row after a prefix. */
const noise = fc
  .array(fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('pk_live_', 'sk_test_', 'pk_', '_test_', 'a', '0', 'f', '\n', ' ', '"')), {
    maxLength: 30,
  })
  .map((parts) => parts.join(''));

describe('linter: key scanner', () => {
  it('finds a key planted anywhere in random text, at its exact range and with its kind', () => {
    fc.assert(
      fc.property(noise, separator, key, separator, noise, (before, open, planted, close, after) => {
        const text = `${before}${open}${planted}${close}${after}`;
        const start = before.length + open.length;
        const found = findKeys(text).filter((entry) => entry.start === start);
        assert.deepEqual(found, [{ kind: planted.startsWith('pk_live_') ? 'production' : 'sandbox', start, end: start + 40 }]);
        assert.equal(text.slice(found[0]!.start, found[0]!.end), planted);
      }),
      { numRuns: 1000 },
    );
  });

  it('flags nothing in near misses: 31 or 33 hex, a non-hex character, a line break inside, another prefix, glued to a word', () => {
    const nearMiss = fc.oneof(
      fc.tuple(prefix, hex(31)).map(([start, rest]) => start + rest),
      fc.tuple(prefix, hex(33)).map(([start, rest]) => start + rest),
      fc
        .tuple(key, fc.integer({ min: 8, max: 39 }), fc.constantFrom('g', 'z', 'G', '-', '.', '*'))
        .map(([whole, at, bad]) => whole.slice(0, at) + bad + whole.slice(at + 1)),
      fc
        .tuple(key, fc.integer({ min: 1, max: 39 }), fc.constantFrom('\n', '\r\n', '"\n  + "'))
        .map(([whole, at, cut]) => whole.slice(0, at) + cut + whole.slice(at)),
      fc
        .tuple(fc.constantFrom('pk_test_', 'sk_live_', 'PK_LIVE_', 'pk-live-', 'pklive_', 'sk_test'), hex(32))
        .map(([start, rest]) => start + rest),
      fc.tuple(fc.constantFrom('x', '_', '9'), key).map(([glue, whole]) => glue + whole),
      fc.tuple(key, fc.constantFrom('x', '_', 'Z')).map(([whole, glue]) => whole + glue),
    );
    const plain = fc.string({ maxLength: 20 }).map((text) => text.replace(/(pk|sk)/gi, ''));
    fc.assert(
      fc.property(plain, separator, nearMiss, separator, plain, (before, open, miss, close, after) => {
        assert.deepEqual(findKeys(`${before}${open}${miss}${close}${after}`), []);
      }),
      { numRuns: 1000 },
    );
  });

  it('flags a key in a comment, not one split across lines', () => {
    const production = `pk_live_${'ab12'.repeat(8)}`;
    const sandbox = `sk_test_${'0f'.repeat(16)}`;
    assert.equal(findKeys(`// old key: ${production}\nconst x = 1;`).length, 1);
    assert.equal(findKeys(`# ${sandbox}`)[0]?.kind, 'sandbox');
    assert.deepEqual(findKeys(`const key =\n  '${production.slice(0, 20)}' +\n  '${production.slice(20)}';`), []);
    assert.deepEqual(findKeys('no key here at all'), []);
  });

  it('finds every key in a text, in order', () => {
    const text = `A=pk_live_${'1'.repeat(32)}\nB=sk_test_${'2'.repeat(32)}\nC="pk_live_${'3'.repeat(32)}"`;
    assert.deepEqual(
      findKeys(text).map((found) => [found.kind, text.slice(found.start, found.end).slice(-1)]),
      [
        ['production', '1'],
        ['sandbox', '2'],
        ['production', '3'],
      ],
    );
  });

  it('masks a key to its prefix and last four characters', () => {
    fc.assert(
      fc.property(key, (whole) => {
        const masked = maskKey(whole);
        assert.equal(masked, `${whole.slice(0, 8)}…${whole.slice(-4)}`);
        assert.equal(masked.includes(whole.slice(8, 36)), false);
      }),
    );
  });

  it('knows .env-style files by name', () => {
    for (const name of ['.env', '/w/app/.env.local', 'C:\\w\\.env.production', '/w/staging.env'])
      assert.equal(isEnvFileName(name), true, name);
    for (const name of ['/w/env.ts', '/w/.envrc', '/w/environment.json', '/w/.env/', '/w/dotenv'])
      assert.equal(isEnvFileName(name), false, name);
  });

  it('leaves sandbox keys alone in a sandbox scenario file, and reports a production key there too', () => {
    const sandboxKey = `sk_test_${'a'.repeat(32)}`;
    const liveKey = `pk_live_${'b'.repeat(32)}`;
    const text = JSON.stringify({ developers: [{ apps: [{ sandboxKey, key: liveKey }] }] });
    for (const scenario of ['/repo/wallet-sandbox.json', '/repo/ci/e2e.wallet-sandbox.json', 'C:\\repo\\wallet-sandbox.json']) {
      assert.ok(isScenarioFile(scenario), scenario);
      assert.deepEqual(
        keysToReport(text, scenario).map((found) => text.slice(found.start, found.end)),
        [liveKey],
      );
    }
    for (const other of ['/repo/config.json', '/repo/my-wallet-sandbox.json', '/repo/wallet-sandbox.json.bak', '/repo/src/app.ts']) {
      assert.ok(!isScenarioFile(other), other);
      assert.equal(keysToReport(text, other).length, 2, other);
    }
  });
});
