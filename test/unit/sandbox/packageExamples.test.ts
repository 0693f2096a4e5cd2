import * as assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, readFileSync, readdirSync } from 'node:fs';
import * as path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { packageProject, ROOT, run } from './packageProject';
import { skipBecause } from '../support/skips';
import { whenOutput } from '../support/childOutput';

// docs/testing-your-app.md's examples, run as written in a project where only the packed
// wallet-sandbox is installed: node:test, Vitest and Jest (this repository's, pointed at that
// project), Python with python3, Go with `go test` where a Go toolchain is installed (`npm test`
// does not install one: without it the example is still checked as far as can be without a
// toolchain: imports, brackets, formatting, the command it runs, the ready line's fields, the
// routes it calls). The CI recipe's shell steps run; the rest of it does not.

const EXAMPLES = path.join(ROOT, 'docs/examples/testing');
const DOC = path.join(ROOT, 'docs/testing-your-app.md');
const VITEST = path.join(ROOT, 'node_modules/vitest/vitest.mjs');
const JEST = path.join(ROOT, 'node_modules/jest/bin/jest.js');

interface RunnerReport {
  numTotalTests: number;
  numPassedTests: number;
  numFailedTests: number;
}

/** The runners' JSON report: the last line of stdout that is a JSON object. */
function report(stdout: string): RunnerReport {
  const line = stdout
    .trim()
    .split('\n')
    .reverse()
    .find((text) => text.startsWith('{'));
  assert.ok(line, `no JSON report in: ${stdout.slice(-2000)}`);
  return JSON.parse(line) as RunnerReport;
}

function shell(script: string, cwd: string, env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-eo', 'pipefail', '-c', script], { cwd, env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`exit ${code}: ${stderr}`))));
  });
}

describe('docs/testing-your-app.md: every example, run against the packed package', function () {
  this.timeout(120_000);
  let dir: string;

  before(async () => {
    const { project } = await packageProject();
    dir = path.join(project, 'examples');
    cpSync(EXAMPLES, dir, { recursive: true });
  });

  it('node:test: node --test', async () => {
    const { stdout } = await run(process.execPath, ['--test', '--test-reporter=tap', 'node-test/transfer.test.mjs'], {
      cwd: dir,
      timeout: 60_000,
    });
    assert.match(stdout, /^# pass 1$/m);
    assert.match(stdout, /^# fail 0$/m);
  });

  it('Vitest: vitest run', async () => {
    const { stdout } = await run(process.execPath, [VITEST, 'run', '--root', dir, '--reporter=json', 'vitest/'], {
      cwd: dir,
      timeout: 60_000,
    });
    const { numTotalTests, numPassedTests } = report(stdout);
    assert.deepEqual([numTotalTests, numPassedTests], [2, 2]);
  });

  it('Jest: jest, CommonJS', async () => {
    const { stdout } = await run(process.execPath, [JEST, '--ci', '--json', '--rootDir', dir, 'jest/'], { cwd: dir, timeout: 60_000 });
    const { numTotalTests, numPassedTests } = report(stdout);
    assert.deepEqual([numTotalTests, numPassedTests], [1, 1]);
  });

  it('Python, standard library only: python3 -m unittest, starting the CLI with --json', async function () {
    if (spawnSync('python3', ['--version']).status !== 0) skipBecause(this, 'python3 is not installed');
    const { stderr } = await run('python3', ['-m', 'unittest', 'discover', '-s', 'python', '-v'], { cwd: dir, timeout: 60_000 });
    assert.match(stderr, /^Ran 1 test in /m);
    assert.match(stderr, /^OK$/m);
  });

  it('Go, standard library only: go test, starting the CLI with --json (where a Go toolchain is installed)', async function () {
    if (spawnSync('go', ['version']).status !== 0) skipBecause(this, 'no Go toolchain (.ci/run installs one where apt can)');
    const { stdout } = await run('go', ['test', '-v', '-count=1', './...'], { cwd: path.join(dir, 'go'), timeout: 110_000 });
    assert.match(stdout, /^--- PASS: TestBankTransferSettlesAndReachesTheWebhook /m);
    assert.match(stdout, /^ok\s/m);
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
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      // Its ready line, or the end of its output (the parse below then says what came instead).
      await whenOutput(
        child.stdout,
        () => (out.includes('\n') ? true : undefined),
        () => out,
      ).catch(() => undefined);
      try {
        process.kill(-(child.pid ?? 0), 'SIGTERM');
      } catch {
        // It had stopped already: the parse below says why.
      }
      const ready = JSON.parse(out.split('\n')[0] ?? '') as Record<string, unknown> & { pid: number; apps: Record<string, unknown>[] };
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
      assert.ok(Array.isArray(ready.apps) && struct.includes('`json:"apps"`'));
      assert.equal(checked, 5, 'url, port, pid, apps[].name, apps[].sandboxKey');
    });

    it('calls only routes the sandbox has, with their methods (the OpenAPI document)', () => {
      const document = JSON.parse(readFileSync(path.join(ROOT, 'src/sandbox/openapi.json'), 'utf8')) as {
        paths: Record<string, Record<string, unknown>>;
      };
      const calls = [...source.matchAll(/call\(t, "(GET|POST|PUT|DELETE)", "([^"?]+)/g)];
      assert.ok(calls.length >= 6, `${calls.length} calls`);
      for (const [, method = '', route = ''] of calls) {
        assert.ok(document.paths[route]?.[method.toLowerCase()], `${method} ${route} is not in the OpenAPI document`);
      }
    });
  });

  it('the CI recipe parses, and its start and stop steps work as written', async () => {
    const workflow = parseYaml(readFileSync(path.join(EXAMPLES, 'github-actions.yml'), 'utf8')) as {
      jobs: Record<string, { 'runs-on': string; steps: { name?: string; run?: string }[] }>;
    };
    const steps = Object.values(workflow.jobs).flatMap((job) => job.steps);
    const script = (name: string): string => steps.find((step) => step.name === name)?.run ?? assert.fail(`no step ${name}`);
    const env = path.join(dir, 'github-env');
    await shell(script('Start the wallet sandbox'), dir, { ...process.env, GITHUB_ENV: env });
    const vars = Object.fromEntries(
      readFileSync(env, 'utf8')
        .trim()
        .split('\n')
        .map((line) => line.split('=') as [string, string]),
    );
    assert.match(vars['WALLET_BASE_URL'] ?? '', /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.equal(vars['WALLET_APP_KEY'], 'sk_test_my_shop_ci_0001');
    assert.equal((await fetch(`${vars['WALLET_BASE_URL']}/__sandbox/health`)).status, 200);
    await shell(script('Stop the wallet sandbox'), dir, process.env);
    // Stopped once nothing answers there (however long the stop takes; the test's timeout bounds it).
    const answers = () =>
      fetch(`${vars['WALLET_BASE_URL']}/__sandbox/health`).then(
        () => true,
        () => false,
      );
    while (await answers()) await new Promise((resolve) => setTimeout(resolve, 50));
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
