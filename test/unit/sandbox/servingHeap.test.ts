import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { SERVING_HEAP_FLAGS } from '../../../src/sandbox/servingHeap';
import { outputMatch } from '../support/cliReady';

// The CLI's heap policy (servingHeap.ts): both programs that serve a sandbox set it, and a test
// runner that starts one in its own process (startSandbox) keeps its own. What the policy does to
// memory is measured in `npm run bench -- --only bounds`; here, who sets it.

const OUT = path.resolve(__dirname, '../../..');
/** Loaded before the program: says on stderr each V8 flag set at run time. */
const PRELOAD = `const v8 = require('node:v8');
const set = v8.setFlagsFromString;
v8.setFlagsFromString = (flags) => { process.stderr.write('v8 flags set: ' + flags + '\\n'); set(flags); };
`;

/**
 * Runs `args` with the preload until stdout matches `done`, then ends it: what it wrote on stderr,
 * read once the child has closed its output (stderr and stdout are separate pipes, so a line
 * written on stderr before the ready line may still be on its way when that line is read).
 */
async function stderrUntil(preload: string, args: string[], done: RegExp): Promise<string> {
  const child = spawn(process.execPath, ['--require', preload, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const closed = new Promise((resolve) => child.once('close', resolve));
  try {
    await outputMatch(child, done);
  } finally {
    child.kill('SIGTERM');
    await closed;
  }
  return stderr;
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

  const policy = `v8 flags set: ${SERVING_HEAP_FLAGS}`;

  const listening = /listening on http:\/\/127\.0\.0\.1:\d+/;

  it('is set by the CLI (npm run sandbox)', async function () {
    this.timeout(20000);
    const stderr = await stderrUntil(preload, [path.join(OUT, 'src', 'sandboxCli.js'), '--port', '0'], listening);
    assert.ok(stderr.includes(policy), `stderr: ${stderr}`);
  });

  it("is set by the package's CLI (npx wallet-sandbox)", async function () {
    this.timeout(20000);
    const stderr = await stderrUntil(preload, [path.join(OUT, 'src', 'sandbox', 'package', 'bin.js'), '--port', '0'], listening);
    assert.ok(stderr.includes(policy), `stderr: ${stderr}`);
  });

  it("keeps one of Node's nextTick records alive, so V8 keeps that record's shape", async function () {
    this.timeout(20000);
    // If Node ever hands back something else here, the shape is no longer held: this says so.
    const module = JSON.stringify(path.join(OUT, 'src', 'sandbox', 'servingHeap.js'));
    const script = `const heap = require(${module});
      heap.useServingHeap();
      setTimeout(() => {
        globalThis.gc();
        const kept = heap.keptTickRecord();
        const symbols = kept ? Object.getOwnPropertySymbols(kept).map(String) : [];
        console.log('kept ' + JSON.stringify({ symbols, callback: typeof kept?.callback }));
      }, 20);`;
    const child = spawn(process.execPath, ['--expose-gc', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    const closed = new Promise((resolve) => child.once('close', resolve));
    const match = await outputMatch(child, /kept (\{.*\})/);
    await closed;
    const kept = JSON.parse(match[1]!) as { symbols: string[]; callback: string };
    assert.deepEqual(kept, { symbols: ['Symbol(async_id_symbol)', 'Symbol(trigger_async_id_symbol)'], callback: 'function' });
  });

  it("is not set by startSandbox in a test runner's process", async function () {
    this.timeout(20000);
    const index = JSON.stringify(path.join(OUT, 'src', 'sandbox', 'index.js'));
    const script = `require(${index}).startSandbox({ port: 0 }).then(async (s) => { console.log('served at ' + s.url); await s.close(); })`;
    const stderr = await stderrUntil(preload, ['-e', script], /served at http/);
    assert.ok(!stderr.includes('v8 flags set'), `stderr: ${stderr}`);
  });
});
