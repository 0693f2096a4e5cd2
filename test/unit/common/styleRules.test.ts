// `npm run lint` holds the style's sizes (eslint.config.mjs): no file over 450 lines, no function
// of the product or its scripts over 60. These plant a violation of each where the rule applies
// and check that it is an error, and that a test's long describe block and a handler template
// (the text of the file it writes) are not held to the function rule.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { ESLint } from 'eslint';

const REPO = path.resolve(__dirname, '../../../..');

/** The rules that fail `text` linted as if it were the repository's file `file`. */
async function failedRules(file: string, text: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: REPO });
  const [result] = await eslint.lintText(text, { filePath: path.join(REPO, file) });
  return (result?.messages ?? []).filter((message) => message.severity === 2).map((message) => message.ruleId ?? 'parse error');
}

/** A function of `lines` statements (each its own line), then a call, so nothing is unused. */
function functionOf(lines: number, header = 'export function planted(): number {'): string {
  const body = Array.from({ length: lines }, (_, index) => `  total += ${index};`);
  return [header, '  let total = 0;', ...body, '  return total;', '}', ''].join('\n');
}

/** A module of `lines` lines: one exported constant per line. */
function moduleOf(lines: number): string {
  return Array.from({ length: lines }, (_, index) => `export const value${index} = ${index};`).join('\n') + '\n';
}

describe('style: sizes that lint holds', function () {
  // ESLint loads the config and typescript-eslint once; a slow machine takes seconds.
  this.timeout(60000);

  it('fails a function over 60 lines in the product and in its scripts', async () => {
    // 57 statements: 61 lines from its first line to its `}`.
    assert.ok((await failedRules('src/sandbox/planted.ts', functionOf(57))).includes('max-lines-per-function'));
    assert.ok((await failedRules('src/views/planted.ts', functionOf(61))).includes('max-lines-per-function'));
    const script = functionOf(61, 'export function planted() {');
    assert.ok((await failedRules('scripts/bench/planted.mjs', script)).includes('max-lines-per-function'));
  });

  it('passes a function of 60 lines', async () => {
    // 56 statements: 60 lines from its first line to its `}`.
    assert.deepEqual(await failedRules('src/sandbox/planted.ts', functionOf(56)), []);
  });

  it('fails a file over 450 lines, code or test', async () => {
    assert.deepEqual(await failedRules('src/sandbox/planted.ts', moduleOf(450)), []);
    assert.ok((await failedRules('src/sandbox/planted.ts', moduleOf(451))).includes('max-lines'));
    assert.ok((await failedRules('test/unit/planted.test.ts', moduleOf(451))).includes('max-lines'));
    assert.ok((await failedRules('scripts/host/planted.mjs', moduleOf(451))).includes('max-lines'));
  });

  it("leaves a test's describe block to its length", async () => {
    const describeBlock = functionOf(80, "describe('many cases', () => {").replace('  return total;\n}', '  void total;\n});');
    assert.deepEqual(
      await failedRules(
        'test/unit/planted.test.ts',
        `declare function describe(title: string, cases: () => void): void;\n${describeBlock}`,
      ),
      [],
    );
  });
});
