#!/usr/bin/env node
// `npm test`, as a newcomer runs it: lint, one TypeScript compile (the type check: a type error
// fails the run), the build, the unit tests, the host tests on every VS Code version CI proves and
// the VSIX smoke test. The VS Code servers install (the first time: minutes) in the background
// while the checks that need no host run, so a cold machine does not wait for them twice. Lint
// runs beside the compile (its output printed whole when it ends) and the host suites of the two
// VS Code versions run at once (scripts/host/run-tests.mjs). Each stage prints its time; the
// first that fails ends the run with its exit code.
import { spawn } from 'node:child_process';
import { describeMs, endRun, failAndExit, HostError, log, onShutdown, repoRoot, run } from './host/util.mjs';

const node = process.execPath;
const bin = (name) => `node_modules/${name}`;

/**
 * Runs one stage; resolves when it passed, throws when not. Its output is shown as it comes, or,
 * with `held` (a stage that runs beside another), whole when it ends, so two never interleave.
 */
function stage(name, command, args, { held = false } = {}) {
  const begun = Date.now();
  log(`${name}: ${[command === node ? 'node' : command, ...args].join(' ')}${held ? ' (its output follows when it ends)' : ''}`);
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: repoRoot, stdio: ['ignore', held ? 'pipe' : 'inherit', held ? 'pipe' : 'inherit'] });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    // Once: a run stopped by another stage's failure may still hear this one close before it exits.
    const showHeld = (heading) => {
      if (held && output) process.stdout.write(`\n::: ${name}, ${heading}:\n${output}\n`);
      output = '';
    };
    const forget = onShutdown(() => {
      child.kill('SIGTERM');
      showHeld('its output until stopped');
    });
    child.on('error', (error) => reject(new HostError(`${name}: could not start ${command}: ${error.message}`)));
    child.on('close', (code, signal) => {
      forget();
      showHeld('its output');
      const took = describeMs(Date.now() - begun);
      if (code === 0) resolve(log(`::: ${name} passed in ${took}`));
      else reject(new HostError(`${name} failed in ${took} (${signal ? `signal ${signal}` : `exit code ${code}`}).`));
    });
  });
}

/** The VS Code servers' install, started now and awaited before the host tests; its output is shown then. */
function installHostsInBackground() {
  const begun = Date.now();
  let output = '';
  log('Installing the VS Code servers in the background (reused when cached).');
  const install = run(node, ['scripts/host/setup.mjs'], {
    cwd: repoRoot,
    timeoutMs: 30 * 60_000,
    heartbeatMs: 0,
    label: 'scripts/host/setup.mjs',
    onOutput: (text) => (output += text),
  });
  // Awaited later: keep a failure for then, not as an unhandled rejection now.
  const settled = install.then(
    () => undefined,
    (error) => error,
  );
  return async () => {
    const error = await settled;
    process.stdout.write(output);
    if (error) throw error;
    log(`::: VS Code servers ready ${describeMs(Date.now() - begun)} after their install began`);
  };
}

async function main() {
  // Chromium and the C toolchain first: the unit tests use them too (some skip without, and CI fails a skip of what set-up installs).
  await stage('Debian packages', node, ['scripts/host/setup.mjs', '--packages']);
  const hostsReady = installHostsInBackground();
  // Two cores: lint beside the compile (one core each); later the two VS Code versions' host
  // suites at once (each mostly waits on its workbench). The unit tests keep both cores to
  // themselves: beside the host suites they slowed all three past their limits.
  // package.json's lint script is the one list of linters (eslint, the dependency rules, prettier).
  await Promise.all([
    stage('lint', 'npm', ['run', '-s', 'lint'], { held: true }),
    stage('type check and compile', node, ['scripts/build/compile.mjs', '--strict']),
  ]);
  await stage('build', node, ['esbuild.js']);
  await stage('unit tests', node, [bin('mocha/bin/mocha.js')]);
  await hostsReady();
  await stage('host tests', node, ['scripts/host/run-tests.mjs', '--compiled']);
  await stage('VSIX smoke test', node, ['scripts/host/vsix-smoke.mjs']);
  return 0;
}

process.on('unhandledRejection', failAndExit);
endRun(main());
