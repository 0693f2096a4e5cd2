// `npm run bench -- --docs` puts its table into docs/benchmarks.md as the latest run. It once wrote
// the whole page from the script's text and would have thrown away every dated run and finding the
// team wrote below the table.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';

const REPO = path.resolve(__dirname, '../../..');

interface BenchDocs {
  LATEST_RUN_START: string;
  LATEST_RUN_END: string;
  withLatestRun(page: string, markdown: string): string;
}

// The bench is ES modules; the unit tests are CommonJS.
const benchDocs = (): Promise<BenchDocs> => import(path.join(REPO, 'scripts/bench/benchDocs.mjs')) as Promise<BenchDocs>;

describe('bench: the docs page it writes', () => {
  it('replaces only the latest run of the real page, keeping everything around it', async () => {
    const { LATEST_RUN_START, LATEST_RUN_END, withLatestRun } = await benchDocs();
    const page = readFileSync(path.join(REPO, 'docs/benchmarks.md'), 'utf8');
    const table = 'Run on 2026-11-27: a test machine.\n\n| Figure | Value | Budget | Holds? |\n|---|---|---|---|\n| x | 1 | — | info |';
    const written = withLatestRun(page, table);
    const [before, rest] = page.split(LATEST_RUN_START) as [string, string];
    const after = rest.slice(rest.indexOf(LATEST_RUN_END));
    assert.equal(written, `${before}${LATEST_RUN_START}\n\n${table}\n\n${after}`);
    assert.ok(after.includes('## Budgets of issues 35, 37, 38 and 39'), 'the dated runs follow the latest run');
    assert.equal(withLatestRun(written, table), written, 'writing the same run again changes nothing');
  });

  it('writes nothing to a page without its markers, and says which lines it needs', async () => {
    const { LATEST_RUN_START, withLatestRun } = await benchDocs();
    assert.throws(() => withLatestRun('# Benchmarks\n\nHand-written history.\n', 'table'), /needs the lines .* once each/);
    const twice = `${LATEST_RUN_START}\nA\n<!-- to here -->\n${LATEST_RUN_START}\nB\n<!-- to here -->\n`;
    assert.throws(() => withLatestRun(twice, 'table'), /once each/);
  });
});
