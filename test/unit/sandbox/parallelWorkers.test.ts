import * as assert from 'node:assert/strict';
import { copyFileSync, cpSync, mkdtempSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { packageProject, ROOT, run } from '../support/packedSandbox';
import { runnerReport } from '../support/runnerReport';

// The package README's recipe for parallel workers on one CLI (docs/examples/parallel), run as
// written where only the packed wallet-sandbox is installed: Vitest in worker threads and Jest in
// worker processes (this repository's runners, pointed at that project), each test in a namespace
// of its own reached with connectSandbox. Each run checks every test passed, and that the CLI the
// globalSetup started is gone afterwards.

const RECIPE = path.join(ROOT, 'docs/examples/parallel');
const VITEST = path.join(ROOT, 'node_modules/vitest/vitest.mjs');
const JEST = path.join(ROOT, 'node_modules/jest/bin/jest.js');

/** Whether a process with this pid still runs. */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The pids of the wallet-sandbox CLIs started from `dir` (their command line names it). */
async function clisIn(dir: string): Promise<number[]> {
  const { stdout } = await run('ps', ['-eo', 'pid=,args=']);
  return stdout
    .split('\n')
    .filter((line) => line.includes('wallet-sandbox') && line.includes('cli.cjs') && line.includes(dir))
    .map((line) => Number.parseInt(line.trim(), 10))
    .filter(running);
}

describe('wallet-sandbox: parallel workers on one CLI, a namespace per test (docs/examples/parallel)', function () {
  this.timeout(120_000);
  let dir: string;

  before(async () => {
    const { project } = await packageProject();
    // A project of its own (the examples' runs must not pick these files up): node_modules by
    // a link to the packed project's, the scenario at its root where the recipe reads it.
    dir = mkdtempSync(path.join(project, 'parallel-'));
    cpSync(RECIPE, path.join(dir, 'parallel'), { recursive: true });
    copyFileSync(path.join(ROOT, 'docs/examples/testing/wallet-sandbox.json'), path.join(dir, 'wallet-sandbox.json'));
    cpSync(path.join(project, 'node_modules'), path.join(dir, 'node_modules'), { recursive: true, verbatimSymlinks: true });
  });

  it('Vitest, pool threads: every test passes, and the CLI stops with the run', async () => {
    const { stdout } = await run(process.execPath, [VITEST, 'run', '--config', 'parallel/vitest.config.mjs', '--reporter=json'], {
      cwd: dir,
      timeout: 90_000,
    });
    const { numTotalTests, numPassedTests } = runnerReport(stdout);
    assert.deepEqual([numTotalTests, numPassedTests], [4, 4]);
    assert.deepEqual(await clisIn(dir), [], 'no sandbox left running');
  });

  it('Jest, two workers: every test passes, and the CLI stops with the run', async () => {
    const cache = path.join(dir, '.jest-cache');
    const { stdout } = await run(
      process.execPath,
      [JEST, '--config', 'parallel/jest.config.cjs', '--ci', '--json', '--cacheDirectory', cache],
      {
        cwd: dir,
        timeout: 90_000,
      },
    );
    const { numTotalTests, numPassedTests } = runnerReport(stdout);
    assert.deepEqual([numTotalTests, numPassedTests], [4, 4]);
    assert.deepEqual(await clisIn(dir), [], 'no sandbox left running');
  });
});

describe('the package README shows the parallel-workers recipe as the tested files have it', () => {
  it('every excerpt marked "recipe:" is the text of its file', () => {
    const readme = readFileSync(path.join(ROOT, 'scripts/sandbox/package/README.md'), 'utf8');
    const excerpts = [...readme.matchAll(/<!-- recipe: (\S+) -->\n```\w*\n([\s\S]*?)\n```/g)];
    assert.equal(excerpts.length, 2);
    for (const [, file = '', text = ''] of excerpts) {
      assert.ok(readFileSync(path.join(ROOT, file), 'utf8').includes(text), `the README's excerpt of ${file} is not in it`);
    }
  });
});
