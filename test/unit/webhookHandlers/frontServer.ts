// The test's own server around a generated Express handler, run as its own Node process: a
// front that answers 500 to the first N requests (the handler never sees them), then the
// handler's router. Shared by the unit test (sandbox in the test process) and the host test
// (the extension's local sandbox, the file written by the command).
import * as assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { whenOutput } from '../support/childOutput';
import { within } from '../support/eventually';

/** The server's text: it requires the compiled handler `./walletWebhook.js` and exits when its parent goes (stdin closes). */
export const FRONT_SERVER = `
const express = require('express');
const { walletWebhooks } = require('./walletWebhook.js');
let failFirst = Number(process.env.FAIL_FIRST || 0);
const app = express();
app.use((req, res, next) => {
  if (failFirst > 0) { failFirst--; console.log('[test front] 500'); res.status(500).send('test front: down'); return; }
  next();
});
app.use(walletWebhooks);
const server = app.listen(0, '127.0.0.1', () => console.log('listening on ' + server.address().port));
process.stdin.on('end', () => process.exit(0));
process.stdin.resume();
`;

/** The compiler options a generated Express handler (walletWebhook.ts) is compiled with, next to itself. */
export function expressCompileOptions(dir: string): Record<string, unknown> {
  return { module: 'commonjs', esModuleInterop: true, types: ['node'], outDir: dir };
}

export interface FrontServer {
  process: ChildProcess;
  port: number;
  /** Everything the process printed so far (the handler logs what it processed). */
  output(): string;
  stop(): void;
}

/**
 * Writes server.js into `dir` (beside the compiled walletWebhook.js) and starts it on port 0
 * with the first `failFirst` requests answered 500 and `env` added to its environment (the handler's
 * WALLET_BASE_URL, WALLET_APP_KEY, WALLET_ACCESS_TOKEN); resolves once it listens.
 */
export async function startFrontServer(dir: string, failFirst: number, env: Record<string, string> = {}): Promise<FrontServer> {
  fs.writeFileSync(path.join(dir, 'server.js'), FRONT_SERVER);
  // ELECTRON_RUN_AS_NODE: in a desktop extension host process.execPath is VS Code's Electron.
  const child = spawn(process.execPath, ['server.js'], {
    cwd: dir,
    env: { ...process.env, ...env, FAIL_FIRST: String(failFirst), ELECTRON_RUN_AS_NODE: '1' },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const stop = () => {
    child.stdin.end();
    child.kill();
  };
  // Its "listening on" line, or the end of its output (it exited: the assertion says what it printed).
  const port = await within(
    whenOutput(
      child.stdout,
      () => /listening on (\d+)/.exec(output)?.[1],
      () => output,
    ),
    () => `the handler's server started: ${output}`,
    30_000,
  ).catch(() => undefined);
  if (!port) stop();
  assert.ok(port, `the handler's server started: ${output}`);
  return { process: child, port: Number(port), output: () => output, stop };
}
