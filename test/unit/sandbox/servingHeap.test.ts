import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { SERVING_HEAP_GROWTH_PERCENT } from '../../../src/sandbox/servingHeap';
import { whenOutput } from '../support/childOutput';

// The CLI's heap policy (servingHeap.ts): both programs that serve a sandbox set it, and a test
// runner that starts one in its own process (startSandbox) keeps its own. What the policy does to
// memory is measured in `npm run bench -- --only bounds`; here, who sets it.

const OUT = path.resolve(__dirname, '../../..');
/** Loaded before the program: says on stderr each V8 flag set at run time. */
const PRELOAD = `const v8 = require('node:v8');
const set = v8.setFlagsFromString;
v8.setFlagsFromString = (flags) => { process.stderr.write('v8 flags set: ' + flags + '\\n'); set(flags); };
`;

interface Ran {
  stderr: string;
  stdout: string;
}

/** Runs `args` with the preload until stdout matches `done`, then ends it: what it wrote. */
async function runUntil(preload: string, args: string[], done: RegExp): Promise<Ran> {
  const child = spawn(process.execPath, ['--require', preload, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    await whenOutput(
      child.stdout,
      () => (done.test(stdout) ? true : undefined),
      () => `no match for ${done}; stdout: ${stdout} stderr: ${stderr}`,
    );
    return { stdout, stderr };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

describe('sandbox: the heap policy of a process that serves it', () => {
  let dir: string;
  let preload: string;
  before(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'wallet-sandbox-heap-'));
    preload = path.join(dir, 'preload.js');
    writeFileSync(preload, PRELOAD);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  const policy = `v8 flags set: --heap-growing-percent=${SERVING_HEAP_GROWTH_PERCENT}`;
  const listening = /listening on http:\/\/127\.0\.0\.1:\d+/;

  it('is set by the CLI (npm run sandbox)', async function () {
    this.timeout(20000);
    const ran = await runUntil(preload, [path.join(OUT, 'src', 'sandboxCli.js'), '--port', '0'], listening);
    assert.ok(ran.stderr.includes(policy), `stderr: ${ran.stderr}`);
  });

  it("is set by the package's CLI (npx wallet-sandbox)", async function () {
    this.timeout(20000);
    const ran = await runUntil(preload, [path.join(OUT, 'src', 'sandbox', 'package', 'bin.js'), '--port', '0'], listening);
    assert.ok(ran.stderr.includes(policy), `stderr: ${ran.stderr}`);
  });

  it("is not set by startSandbox in a test runner's process", async function () {
    this.timeout(20000);
    const index = JSON.stringify(path.join(OUT, 'src', 'sandbox', 'index.js'));
    const script = `require(${index}).startSandbox({ port: 0 }).then(async (s) => { console.log('served at ' + s.url); await s.close(); })`;
    const ran = await runUntil(preload, ['-e', script], /served at http/);
    assert.ok(!ran.stderr.includes('v8 flags set'), `stderr: ${ran.stderr}`);
  });
});
