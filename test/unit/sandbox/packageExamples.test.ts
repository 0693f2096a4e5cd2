import * as assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import type { Context } from 'mocha';
import { parse as parseYaml } from 'yaml';
import { CARELESS_EXAMPLES, carelessText, goReport, unasserted, type CarelessExample } from '../support/carelessExamples';
import { packageProject, ROOT, run } from '../support/packedSandbox';
import { runnerReport } from '../support/runnerReport';
import { skipBecause } from '../support/skips';
import { readyLine } from '../support/cliReady';

// docs/testing-your-app.md's examples, run as written in a project where only the packed
// wallet-sandbox is installed: node:test, Vitest and Jest (installed into the examples' folder
// from the npm registry; unreachable, a skip that fails under CI=true), Python with python3, Go with `go test` where a Go toolchain is installed (`npm test`
// does not install one: without it the example is still checked as far as can be without a
// toolchain: imports, brackets, formatting, the command it runs, the ready line's fields, the
// routes it calls). The CI recipe's sandbox step runs as Actions runs it, with a good and a bad
// scenario; the rest of it does not. Issue 54: each example of four tests that resets the sandbox
// before each also runs careless (the test makes its app careless by a small change to its text),
// failing one test with the named finding, and under the CLI's --fail-on-findings, where it reaches
// the CLI's sandbox (WALLET_BASE_URL: connectSandbox, or HTTP from Python and Go).

const EXAMPLES = path.join(ROOT, 'docs/examples/testing');
const DOC = path.join(ROOT, 'docs/testing-your-app.md');

/** The repository's own version of a runner, so the registry (or npm's cache) has it. */
function versionOf(name: string): string {
  return (JSON.parse(readFileSync(path.join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
}

let runnersInstalled: Promise<void> | undefined;

/**
 * Vitest and Jest installed into the examples' folder from the npm registry, as a user's project
 * gets them (once per run). Rejects with `registry` set when the registry cannot be reached.
 */
function installRunners(dir: string): Promise<void> {
  runnersInstalled ??= run(
    'npm',
    ['install', '--no-save', '--prefer-offline', '--no-audit', '--no-fund', `vitest@${versionOf('vitest')}`, `jest@${versionOf('jest')}`],
    {
      cwd: dir,
      timeout: 300_000,
    },
  ).then(
    () => undefined,
    (error: Error & { stderr?: string }) => {
      const unreachable = /ENOTFOUND|ECONNREFUSED|EAI_AGAIN|ETIMEDOUT|ECONNRESET|network/i.test(error.stderr ?? error.message);
      throw Object.assign(new Error(`npm install vitest jest: ${error.stderr ?? error.message}`), { registry: unreachable });
    },
  );
  return runnersInstalled;
}

/** Vitest and Jest in the examples' folder; the test skips when the registry cannot be reached (a failure under CI=true). */
async function runnersOrSkip(context: Context, dir: string): Promise<void> {
  try {
    await installRunners(dir);
  } catch (error) {
    if (!(error as { registry?: boolean }).registry) throw error;
    skipBecause(context, `the npm registry is unreachable (${(error as Error).message.split('\n')[0]})`, {
      installedBySetup: "npm ci (the registry that installs the repository's own dependencies)",
    });
  }
}

describe('docs/testing-your-app.md: every example, run against the packed package', function () {
  this.timeout(120_000);
  let dir: string;

  before(async () => {
    const { project } = await packageProject();
    dir = path.join(project, 'examples');
    cpSync(EXAMPLES, dir, { recursive: true });
    // The examples' folder is a project of its own (its runners and the CI step's npm script); wallet-sandbox resolves from the one above.
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ private: true, scripts: { 'test:api': 'node api.test.mjs' } }));
  });

  it('node:test: node --test (a transfer and its webhook; a lost answer, retried blindly and carefully)', async () => {
    const files = ['node-test/transfer.test.mjs', 'node-test/lostAnswer.test.mjs'];
    const { stdout } = await run(process.execPath, ['--test', '--test-reporter=tap', ...files], {
      cwd: dir,
      timeout: 60_000,
    });
    assert.match(stdout, /^# pass 6$/m);
    assert.match(stdout, /^# fail 0$/m);
  });

  for (const [runner, args, total] of [
    ['Vitest: vitest run', ['vitest/vitest.mjs', 'run', '--reporter=json', 'vitest/'], 4],
    ['Jest: jest, CommonJS', ['jest/bin/jest.js', '--ci', '--json', 'jest/'], 4],
  ] as const) {
    it(`${runner}, installed into the project from the npm registry`, async function () {
      await runnersOrSkip(this, dir);
      const [entry, ...rest] = args;
      const { stdout } = await run(process.execPath, [path.join(dir, 'node_modules', entry), ...rest], { cwd: dir, timeout: 60_000 });
      const { numTotalTests, numPassedTests } = runnerReport(stdout);
      assert.deepEqual([numTotalTests, numPassedTests], [total, total]);
    });
  }

  it('Python, standard library only: python3 -m unittest, starting the CLI with --json', async function () {
    if (spawnSync('python3', ['--version']).status !== 0) skipBecause(this, 'python3 is not installed');
    const { stderr } = await run('python3', ['-m', 'unittest', 'discover', '-s', 'python', '-v'], { cwd: dir, timeout: 60_000 });
    assert.match(stderr, /^Ran 4 tests in /m);
    assert.match(stderr, /^OK$/m);
  });

  it('Go, standard library only: go test, starting the CLI with --json (where a Go toolchain is installed)', async function () {
    if (spawnSync('go', ['version']).status !== 0) skipBecause(this, 'no Go toolchain (.ci/run installs one where apt can)');
    const { stdout } = await run('go', ['test', '-v', '-count=1', './...'], { cwd: path.join(dir, 'go'), timeout: 110_000 });
    assert.equal(goReport(stdout, '').passed, 4, stdout);
    assert.match(stdout, /^ok\s/m);
  });

  describe('careful and careless (issue 54): four tests each, on a sandbox of their own and under the CLI', () => {
    /** Runs `args` in `cwd` (under the examples' folder): its exit code and output, whatever the code. */
    async function exec(args: readonly string[], cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
      const [file = '', ...rest] = args;
      try {
        const { stdout, stderr } = await run(file, rest, { cwd: path.join(dir, cwd), timeout: 110_000, maxBuffer: 16 << 20 });
        return { code: 0, stdout, stderr };
      } catch (error) {
        const failed = error as { code?: unknown; stdout?: string; stderr?: string };
        if (typeof failed.code !== 'number') throw error;
        return { code: failed.code, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
      }
    }

    /**
     * The careless copy, in a folder beside the example's (`jest-careless/`) that the careful runs
     * never pick up; `asserted` false: without its no-findings assertions too.
     */
    function writeCareless(example: CarelessExample, asserted = true): string {
      const folder = `${example.folder}-careless${asserted ? '' : '-unasserted'}`;
      cpSync(path.join(dir, example.folder), path.join(dir, folder), { recursive: true });
      const careless = carelessText(example, readFileSync(path.join(EXAMPLES, example.folder, example.file), 'utf8'));
      writeFileSync(path.join(dir, folder, example.file), asserted ? careless : unasserted(careless));
      return folder;
    }

    /** Skips where the runner is missing, as the careful runs above do. */
    async function available(context: Context, example: CarelessExample): Promise<void> {
      if (example.runner === 'Jest' || example.runner === 'Vitest') await runnersOrSkip(context, dir);
      if (example.runner === 'Python' && spawnSync('python3', ['--version']).status !== 0) skipBecause(context, 'python3 is not installed');
      if (example.runner === 'Go' && spawnSync('go', ['version']).status !== 0) {
        skipBecause(context, 'no Go toolchain (.ci/run installs one where apt can)');
      }
    }

    const named = (rule: string): RegExp => new RegExp(`(?:error|warning) ${rule}: `);

    it('each example has four tests, one no-findings assertion each, and its careless line once (Go too, without a toolchain)', () => {
      for (const example of CARELESS_EXAMPLES) {
        const text = readFileSync(path.join(EXAMPLES, example.folder, example.file), 'utf8');
        const tests = text.match(/^(?:test\(| {2}it\(| {4}def test_|func Test(?!Main\())/gm) ?? [];
        assert.equal(tests.length, 4, `${example.folder}/${example.file}`);
        carelessText(example, text);
        unasserted(text); // one no-findings assertion a test
      }
    });

    for (const example of CARELESS_EXAMPLES) {
      it(`${example.runner}, careless (${example.change}): ${example.failing} of its four tests fail, naming ${example.rule}`, async function () {
        await available(this, example);
        const { args, cwd } = example.command(writeCareless(example), dir);
        const ran = await exec(args, cwd);
        const report = example.report(ran.stdout, ran.stderr);
        assert.deepEqual([report.passed, report.failed], [4 - example.failing, example.failing], `${ran.stdout}\n${ran.stderr}`);
        assert.match(report.failures, named(example.rule));
        assert.notEqual(ran.code, 0);
      });

      it(`${example.runner}, under the CLI's --fail-on-findings: careful exits 0; careless exits 1 naming ${example.rule}`, async function () {
        await available(this, example);
        // And when its tests never assert on findings (unasserted), they all pass: the flag alone fails the run.
        const runs: [kind: 'careful' | 'careless' | 'unasserted', folder: string][] = [
          ['careful', example.folder],
          ['careless', writeCareless(example)],
          ['unasserted', writeCareless(example, false)],
        ];
        for (const [kind, folder] of runs) {
          const { args, cwd } = example.command(folder, dir);
          const scenario = path.relative(path.join(dir, cwd), path.join(dir, 'wallet-sandbox.json'));
          const cli = ['npx', '--no-install', 'wallet-sandbox', '--port', '0', '--scenario', scenario, '--fail-on-findings', '--'];
          const ran = await exec([...cli, ...args], cwd);
          const report = example.report(ran.stdout, ran.stderr);
          const said = `${folder}: ${ran.stdout}\n${ran.stderr}`;
          const expected = { careful: [4, 0, 0], careless: [4 - example.failing, example.failing, 1], unasserted: [4, 0, 1] }[kind];
          assert.deepEqual([report.passed, report.failed, ran.code], expected, said);
          // The CLI's summary of the run's findings (stderr) has the careless test's, whatever resets came after it.
          assert.equal(new RegExp(`^ {2}${named(example.rule).source}`, 'm').test(ran.stderr), kind !== 'careful', said);
          if (kind === 'careless') assert.match(report.failures, named(example.rule));
          if (kind === 'careful') assert.doesNotMatch(ran.stderr, /^ {2}(?:error|warning) /m, said); // an info finding does not fail the run
        }
      });
    }
  });

  describe('Go, as far as can be checked without a Go toolchain', () => {
    const source = readFileSync(path.join(EXAMPLES, 'go/transfer_test.go'), 'utf8');
    // The code without comments and string contents, for the structural checks.
    const code = source.replace(/\/\/.*$/gm, '').replace(/"(?:[^"\\\n]|\\.)*"|`[^`]*`|'(?:[^'\\\n]|\\.)'/g, '""');

    it('is a test file of a module, gofmt-indented, with balanced brackets', () => {
      assert.match(readFileSync(path.join(EXAMPLES, 'go/go.mod'), 'utf8'), /^module \S+\n\ngo 1\.\d+\n$/);
      assert.match(source, /^package \w+$/m);
      assert.match(source, /^func TestMain\(m \*testing\.M\) \{$/m);
      assert.match(source, /^func Test[A-Z]\w*\(t \*testing\.T\) \{$/m);
      assert.deepEqual(
        source.split('\n').filter((line) => /^ +\S/.test(line)),
        [],
        'gofmt indents with tabs',
      );
      for (const [open, close] of ['()', '{}', '[]']) {
        let depth = 0;
        for (const char of code) {
          if (char === open) depth++;
          if (char === close) depth--;
          assert.ok(depth >= 0, `a ${close} without its ${open}`);
        }
        assert.equal(depth, 0, `unbalanced ${open}${close}`);
      }
    });

    it('imports every package it uses and uses every package it imports (go build fails on either)', () => {
      const block = /^import \(\n([\s\S]*?)\n\)$/m.exec(source)?.[1] ?? '';
      const imported = [...block.matchAll(/"([\w/]+)"/g)].map((match) => (match[1] ?? '').split('/').pop() ?? '');
      assert.ok(imported.length > 0);
      const body = code.slice(code.indexOf(')', code.indexOf('import (')) + 1);
      for (const name of imported) assert.match(body, new RegExp(`\\b${name}\\.[A-Z]`), `${name} is imported and unused`);
      const standard = ['bufio', 'bytes', 'context', 'errors', 'exec', 'filepath', 'fmt', 'http', 'httptest', 'io', 'json', 'os'];
      const more = ['signal', 'strconv', 'strings', 'sync', 'syscall', 'testing', 'time', 'url'];
      for (const name of [...standard, ...more]) {
        if (new RegExp(`(?<![\\w.])${name}\\.[A-Z]`).test(body)) assert.ok(imported.includes(name), `${name} is used and not imported`);
      }
    });

    it('starts the CLI as written, and the ready line has every field its struct reads, of its type', async () => {
      const command = /exec\.Command\(([^)]*)\)/.exec(source)?.[1] ?? '';
      const args = [...command.matchAll(/"([^"]*)"/g)].map((match) => match[1] ?? '');
      assert.deepEqual(args.slice(0, 3), ['npx', '--no-install', 'wallet-sandbox']);
      assert.ok(args.includes('--json'));
      // Its own process group, so that npx and the sandbox under it stop together whatever happens.
      const child = spawn(args[0] ?? '', args.slice(1), { cwd: path.join(dir, 'go'), stdio: ['ignore', 'pipe', 'ignore'], detached: true });
      const reading = readyLine<Record<string, unknown> & { pid: number; apps: Record<string, unknown>[] }>(child);
      const ready = await reading.finally(() => {
        // No pid: the spawn failed (the reader says why). kill(-0) would signal this test's own group.
        if (!child.pid) return;
        try {
          process.kill(-child.pid, 'SIGTERM');
        } catch {
          // It had stopped already: the reader says why.
        }
      });
      const struct = /^type ready struct \{\n([\s\S]*?)^\}$/m.exec(source)?.[1] ?? '';
      let checked = 0;
      for (const line of struct.split('\n')) {
        const field = /^(\t+)\w+\s+(int|string)\s+`json:"(\w+)"`/.exec(line);
        if (!field) continue;
        const [, tabs = '', type, key = ''] = field;
        const holder = tabs.length === 1 ? ready : (ready.apps[0] ?? {});
        assert.equal(typeof holder[key], type === 'int' ? 'number' : 'string', `${key} in ${JSON.stringify(holder)}`);
        checked++;
      }
      assert.ok(checked >= 1 && struct.includes('`json:"url"`'), 'the struct reads url at least');
    });

    it('calls only routes the sandbox has, with their methods (the OpenAPI document)', () => {
      const document = JSON.parse(readFileSync(path.join(ROOT, 'src/sandbox/vocabulary/openapi.json'), 'utf8')) as {
        paths: Record<string, Record<string, unknown>>;
      };
      const calls = [...source.matchAll(/call\(t, "(GET|POST|PUT|DELETE)", "([^"?]+)/g)];
      assert.ok(calls.length >= 6, `${calls.length} calls`);
      for (const [, method = '', route = ''] of calls) {
        assert.ok(document.paths[route]?.[method.toLowerCase()], `${method} ${route} is not in the OpenAPI document`);
      }
    });
  });

  describe('the CI recipe: its sandbox step run as GitHub Actions runs it (bash -e -o pipefail)', () => {
    /** The step's script, as written in the workflow. */
    const step = (): string => {
      const workflow = parseYaml(readFileSync(path.join(EXAMPLES, 'github-actions.yml'), 'utf8')) as {
        jobs: Record<string, { 'runs-on': string; steps: { name?: string; run?: string }[] }>;
      };
      const steps = Object.values(workflow.jobs).flatMap((job) => job.steps);
      return (
        steps.find((each) => each.name === 'Test against the wallet sandbox')?.run ??
        assert.fail('no step "Test against the wallet sandbox"')
      );
    };
    // The app's own suite that reads WALLET_BASE_URL and WALLET_APP_KEY: it signs Ada in.
    const API_TEST = `
const headers = { 'X-App-Key': process.env.WALLET_APP_KEY, 'Content-Type': 'application/json' };
const post = (body) => fetch(process.env.WALLET_BASE_URL + '/v1/users/auth', { method: 'POST', headers, body: JSON.stringify(body) }).then((a) => a.json());
await post({ mobile: '2348031112222', factor: 'sms' });
const signedIn = await post({ mobile: '2348031112222', factor: 'sms', passcode: '424242' });
if (!signedIn.success) throw new Error(JSON.stringify(signedIn));
console.log('api ok ' + process.env.WALLET_BASE_URL);
`;

    /** Runs the step in `cwd` as Actions does: its script in a file, `bash --noprofile --norc -eo pipefail {0}`. */
    function runStep(cwd: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
      writeFileSync(path.join(cwd, 'step.sh'), step());
      if (cwd !== dir) cpSync(path.join(dir, 'package.json'), path.join(cwd, 'package.json'));
      writeFileSync(path.join(cwd, 'api.test.mjs'), API_TEST);
      return new Promise((resolve) => {
        const child = spawn('bash', ['--noprofile', '--norc', '-e', '-o', 'pipefail', 'step.sh'], {
          cwd,
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
        child.on('exit', (code) => resolve({ code, stdout, stderr }));
      });
    }

    it('with a good scenario: the suite runs against the sandbox, the step passes, nothing is left listening', async () => {
      const { code, stdout, stderr } = await runStep(dir);
      assert.equal(code, 0, stderr);
      const url = /^api ok (http:\/\/127\.0\.0\.1:\d+)$/m.exec(stdout)?.[1] ?? assert.fail(stdout);
      await assert.rejects(fetch(`${url}/__sandbox/health`), 'the sandbox stopped with the step');
      // The findings the upload steps send: none here, and the baseline recorded for the next run.
      assert.match(stderr, /recorded 0 findings as the baseline in wallet-sandbox-findings\.baseline\.json/);
      const sarif = JSON.parse(readFileSync(path.join(dir, 'wallet-sandbox-findings.sarif'), 'utf8')) as {
        version: string;
        runs: { results: unknown[] }[];
      };
      assert.deepEqual([sarif.version, sarif.runs[0]?.results], ['2.1.0', []]);
      assert.match(
        readFileSync(path.join(dir, 'wallet-sandbox-findings.xml'), 'utf8'),
        /<testsuite name="integration review" tests="\d+" failures="0"/,
      );
    });

    it("with a bad scenario: the step fails with the sandbox's own one-line message, and the suite never runs", async () => {
      const bad = path.join(path.dirname(dir), 'examples-bad-scenario');
      mkdirSync(bad, { recursive: true });
      writeFileSync(path.join(bad, 'wallet-sandbox.json'), JSON.stringify({ wallets: [{ mobile: '0803', balance: 100 }] }));
      const { code, stdout, stderr } = await runStep(bad);
      assert.equal(code, 1);
      assert.doesNotMatch(stdout, /api ok/);
      assert.deepEqual(stderr.trim().split('\n'), [
        'wallet sandbox: wallet-sandbox.json: wallets[0].mobile: must be a Nigerian mobile number, such as "2348031234567" or "08031234567"',
      ]);
    });
  });

  it("the doc's excerpts are the tested files' text", () => {
    const doc = readFileSync(DOC, 'utf8');
    const excerpts = [...doc.matchAll(/<!-- from (\S+) -->\n```\w*\n([\s\S]*?)\n```/g)];
    assert.ok(excerpts.length >= 5, `${excerpts.length} excerpts`);
    for (const [, file = '', text = ''] of excerpts) {
      assert.ok(readFileSync(path.join(ROOT, file), 'utf8').includes(text), `docs/testing-your-app.md's excerpt of ${file} is not in it`);
    }
    // The package's README shows the CI steps too: the same text as the tested workflow.
    const readme = readFileSync(path.join(ROOT, 'scripts/sandbox/package/README.md'), 'utf8');
    const readmeExcerpts = [...readme.matchAll(/<!-- from (\S+) -->\n```\w*\n([\s\S]*?)\n```/g)];
    assert.equal(readmeExcerpts.length, 1, "the package README's CI excerpt");
    for (const [, file = '', text = ''] of readmeExcerpts) {
      assert.ok(readFileSync(path.join(ROOT, file), 'utf8').includes(text), `the package README's excerpt of ${file} is not in it`);
    }
    const files = readdirSync(EXAMPLES, { recursive: true, encoding: 'utf8' }).filter((file) => /\.(mjs|js|py|go|yml|json)$/.test(file));
    for (const file of files) assert.ok(doc.includes(`docs/examples/testing/${file}`), `the doc names ${file}`);
  });
});
