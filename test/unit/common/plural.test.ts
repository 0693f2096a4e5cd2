import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { countText } from '../../../src/common/plural';

// Issue 25: "1 attempts", "1 more times", "1 milliseconds". A count is written with one helper
// and two messages; the scan below finds any message in src/ that writes a count before a
// plural noun without its singular twin beside it (what the three defects had in common), or
// before a noun with "(s)" (the agent tools' "1 attempt(s)").

const SRC = path.join(__dirname, '..', '..', '..', '..', 'src');

/** Nouns a count is written with in this extension's messages. */
const NOUNS =
  'attempts|times|milliseconds|seconds|minutes|hours|days|requests|events|faults|transactions|accounts|apps|wallets|banks|fields|items|rows|bytes|characters|deliveries|retries|lines|files|keys|records|pages|errors|messages|tokens|calls|answers|matches';

/** A count, then "attempt(s)": a noun that leaves the reader to pick. */
const COUNT_WITH_MAYBE_S = /(\{\d\}|\$\{[^{}`\n]+\})( more)? [a-z]+\(s\)/g;

/** A placeholder (`{0}` in an l10n message, `${…}` in a template literal), then maybe "more", then a plural noun. */
const COUNT_BEFORE_PLURAL = new RegExp(`(\\{\\d\\}|\\$\\{[^{}\`\\n]+\\})( more)? (${NOUNS})\\b`, 'g');

/**
 * Messages where the placeholder before the plural noun is not a count, or a count that is
 * never 1, each with why. Each must still be in its file (a stale entry fails).
 */
const NOT_A_COUNT: readonly { file: string; text: string; why: string }[] = [
  { file: 'views/walletTree.ts', text: 'No {0} transactions', why: '{0} is a transaction type ("No bill payment transactions")' },
  { file: 'agents/tools/reads.ts', text: '${input.type} transactions', why: 'a transaction type' },
  { file: 'api/errors.ts', text: '${attempts} attempts', why: 'only written when attempts > 1 (one attempt says "within 15 s")' },
];

function singular(noun: string): string {
  return noun.endsWith('ies') ? `${noun.slice(0, -3)}y` : noun.endsWith('ches') ? noun.slice(0, -2) : noun.slice(0, -1);
}

function sourceFiles(): string[] {
  return fs
    .readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .filter((file) => !file.startsWith(`sandbox${path.sep}`)) // the emulated server's own texts (src/sandbox stands alone)
    .map((file) => file.split(path.sep).join('/'));
}

/** Every count written before a plural noun with no singular twin just before it, as `file: text`. */
export function pluralsWithoutTwin(files: Record<string, string>): string[] {
  const found: string[] = [];
  for (const [file, text] of Object.entries(files)) {
    for (const [whole] of text.matchAll(COUNT_WITH_MAYBE_S)) found.push(`${file}: ${whole}`);
    for (const match of text.matchAll(COUNT_BEFORE_PLURAL)) {
      const [whole, placeholder, more = '', noun] = match;
      if (
        NOT_A_COUNT.some(
          (entry) => entry.file === file && text.slice(match.index - 40, match.index + whole.length + 40).includes(entry.text),
        )
      )
        continue;
      const twin = `${placeholder}${more} ${singular(noun!)}`;
      const before = text.slice(Math.max(0, match.index - 400), match.index);
      if (!new RegExp(`${escape(twin)}(?![a-z])`).test(before)) found.push(`${file}: ${whole}`);
    }
  }
  return found;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

describe('common: counts with their nouns (issue 25: "1 attempts", "1 more times", "1 milliseconds")', () => {
  it('takes the singular message for one and the plural for every other count', () => {
    const text = (n: number) => countText(n, `${n} attempt`, `${n} attempts`, 'en');
    assert.deepEqual([0, 1, 2, 21, 1.5].map(text), ['0 attempts', '1 attempt', '2 attempts', '21 attempts', '1.5 attempts']);
  });

  it('follows the plural rules of the language it is given', () => {
    // French takes the singular for 0 and 1 ("0 tentative"), English only for 1.
    assert.equal(countText(0, 'one', 'other', 'fr'), 'one');
    assert.equal(countText(0, 'one', 'other', 'en'), 'other');
    assert.equal(countText(2, 'one', 'other', 'fr'), 'other');
  });

  it('falls back to English rules for a language tag Intl does not take', () => {
    assert.equal(countText(1, 'one', 'other', 'not a locale!'), 'one');
    assert.equal(countText(0, 'one', 'other', 'not a locale!'), 'other');
  });

  it('finds a count before a plural noun with no singular twin, and accepts the pair', () => {
    const files = {
      'views/a.ts': "vscode.l10n.t('{0} attempts', n)",
      'views/b.ts': "l10n.t('{0} more times', fault.times)",
      'views/c.ts': 'const s = `${ms} milliseconds`;',
      'views/d.ts': "countText(n, l10n.t('{0} attempt', n), l10n.t('{0} attempts', n))",
      'views/e.ts': "countText(n, `${n} more time`, `${n} more times`, 'en')",
      'views/f.ts': "l10n.t('{0} ms', n)",
      'tools/g.ts': '`${faults.length} fault(s) active`',
    };
    assert.deepEqual(pluralsWithoutTwin(files), [
      'views/a.ts: {0} attempts',
      'views/b.ts: {0} more times',
      'views/c.ts: ${ms} milliseconds',
      'tools/g.ts: ${faults.length} fault(s)',
    ]);
  });

  it('no message in src/ writes a count before a plural noun without its singular twin', () => {
    const files = Object.fromEntries(sourceFiles().map((file) => [file, fs.readFileSync(path.join(SRC, file), 'utf8')]));
    assert.ok(Object.keys(files).length > 100, 'the scan reads the sources');
    assert.deepEqual(pluralsWithoutTwin(files), []);
    for (const entry of NOT_A_COUNT)
      assert.ok(files[entry.file]?.includes(entry.text), `stale exception: ${entry.file} no longer has ${entry.text}`);
  });
});
