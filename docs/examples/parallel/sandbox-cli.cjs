// One wallet sandbox for the whole run, started before the workers and stopped after them: a
// globalSetup for Vitest (vitest.config.mjs) and Jest (jest.config.cjs). The workers read its
// URL from WALLET_SANDBOX_URL and each test makes a namespace of its own there. Run from the
// project's root, where wallet-sandbox.json is.
const { spawn } = require('node:child_process');
const { once } = require('node:events');
const path = require('node:path');
const { createInterface } = require('node:readline');

let cli;

async function start() {
  const manifest = require.resolve('wallet-sandbox/package.json');
  const bin = path.join(path.dirname(manifest), require(manifest).bin['wallet-sandbox']);
  cli = spawn(process.execPath, [bin, '--port', '0', '--json', '--scenario', 'wallet-sandbox.json'], { stdio: ['ignore', 'pipe', 'inherit'] });
  // The ready line, or the CLI's exit (a bad scenario: its message is on stderr above).
  const ready = once(createInterface({ input: cli.stdout }), 'line');
  const exited = once(cli, 'exit').then(([code]) => Promise.reject(new Error(`wallet-sandbox exited with code ${code}`)));
  const [line] = await Promise.race([ready, exited]);
  process.env.WALLET_SANDBOX_URL = JSON.parse(line).url;
  return stop;
}

async function stop() {
  if (!cli || cli.exitCode !== null) return;
  cli.kill();
  await once(cli, 'exit');
}

module.exports = start;
module.exports.stop = stop;
