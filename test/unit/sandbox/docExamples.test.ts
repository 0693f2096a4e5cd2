import * as assert from 'node:assert/strict';
import { execFile, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { startSandbox } from '../../../src/sandbox';
import { skipBecause } from '../support/skips';

// Issue 27: the reset and namespace examples of the package README and docs/sandbox.md work as
// written: each is run as it stands, and what it prints is what the text says it prints. Issue 53:
// the lost-answer example of docs/testing-your-app.md passes on the package as built.

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../../../..');

/** The first fenced block of `language` after the heading. */
function blockAfter(file: string, heading: string, language: string): string {
  const text = readFileSync(path.join(ROOT, file), 'utf8');
  const start = text.indexOf(`\n${heading}\n`);
  assert.ok(start >= 0, `${file} has the heading ${heading}`);
  const match = new RegExp('```' + language + '\\n([\\s\\S]*?)```').exec(text.slice(start));
  assert.ok(match, `${file}: a ${language} block after ${heading}`);
  return match[1]!;
}

function has(command: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe('sandbox: the reset and namespace examples of the docs run as written', function () {
  this.timeout(60_000);

  /** Runs the package example as written (from the compiled package entry) and holds its output to its comments. */
  async function printsWhatItSays(file: string, heading: string): Promise<void> {
    const code = blockAfter(file, heading, 'js');
    const expected = [...code.matchAll(/^console\.log\(.*\); \/\/ (.*)$/gm)].map(([, printed]) => printed!);
    assert.ok(expected.length >= 4, 'the example says what it prints');
    const entry = pathToFileURL(path.join(ROOT, 'out/src/sandbox/package/index.js')).href;
    const dir = mkdtempSync(path.join(tmpdir(), 'wallet-sandbox-readme-'));
    try {
      const example = path.join(dir, 'example.mjs');
      writeFileSync(example, code.replace("from 'wallet-sandbox'", `from ${JSON.stringify(entry)}`));
      const { stdout } = await run(process.execPath, [example], { cwd: dir, timeout: 30_000 });
      assert.deepEqual(stdout.trim().split('\n'), expected);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it('scripts/sandbox/package/README.md: the JavaScript example prints what its comments say', () =>
    printsWhatItSays('scripts/sandbox/package/README.md', '## Reset between tests, and namespaces for parallel workers'));

  it('docs/sandbox.md: the Node example (every control it names exists in the package) prints what its comments say', () =>
    printsWhatItSays('docs/sandbox.md', '### From code (tests)'));

  it("docs/testing-your-app.md's lost answer (issue 53): a blind retry pays twice and is named; a requery first pays once", async () => {
    // The packed package runs it too (packageExamples.test.ts); this runs it on the package as built, in every unit run.
    const dir = mkdtempSync(path.join(tmpdir(), 'wallet-sandbox-lost-answer-'));
    try {
      const examples = path.join(ROOT, 'docs/examples/testing');
      const entry = pathToFileURL(path.join(ROOT, 'out/src/sandbox/package/index.js')).href;
      const code = readFileSync(path.join(examples, 'node-test/lostAnswer.test.mjs'), 'utf8');
      assert.ok(code.includes("from 'wallet-sandbox'"));
      mkdirSync(path.join(dir, 'node-test'));
      writeFileSync(path.join(dir, 'wallet-sandbox.json'), readFileSync(path.join(examples, 'wallet-sandbox.json')));
      writeFileSync(
        path.join(dir, 'node-test/lostAnswer.test.mjs'),
        code.replace("from 'wallet-sandbox'", `from ${JSON.stringify(entry)}`),
      );
      const { stdout } = await run(process.execPath, ['--test', '--test-reporter=tap', 'node-test/lostAnswer.test.mjs'], {
        cwd: dir,
        timeout: 30_000,
      });
      assert.match(stdout, /^# pass 2$/m);
      assert.match(stdout, /^# fail 0$/m);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('docs/sandbox.md: the curl session prints what its comments say', async function () {
    if (!has('curl') || !has('jq') || !has('bash')) skipBecause(this, 'curl, jq or bash is not installed');
    const script = blockAfter('docs/sandbox.md', '## Reset and namespaces', 'sh');
    const lines = script.split('\n');
    // An expected output is a comment right under a command; a comment after a blank line says what comes.
    const expected = lines.filter((line, i) => line.startsWith('# ') && i > 0 && lines[i - 1] !== '' && !lines[i - 1]!.startsWith('#'));
    assert.ok(expected.length >= 5);
    const sandbox = await startSandbox({ port: 0, log: () => undefined });
    try {
      assert.match(script, /^B=http:\/\/127\.0\.0\.1:4010$/m);
      const { stdout } = await run('bash', ['-c', script.replace(/^B=.*$/m, `B=${sandbox.url}`)], { timeout: 30_000 });
      assert.deepEqual(
        stdout.trim().split('\n'),
        expected.map((line) => line.slice(2)),
      );
      assert.equal(sandbox.namespaces.size, 0, 'the session deleted its namespace');
    } finally {
      await sandbox.close();
    }
  });
});
