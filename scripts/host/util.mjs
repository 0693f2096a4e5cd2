// Small helpers shared by the host scripts: timed logging, running a command with a deadline,
// and cleanup that runs however the process ends.
/* global setInterval, clearInterval */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

const startedAt = Date.now();

/** Seconds since this process started, e.g. "12.3s". */
export function elapsed(since = startedAt) {
  return `${((Date.now() - since) / 1000).toFixed(1)}s`;
}

/** One progress line on stderr, so stdout stays free for test output. */
export function log(message) {
  process.stderr.write(`[host ${elapsed()}] ${message}\n`);
}

export class HostError extends Error {}

/** Whole minutes or seconds, for messages. */
export function describeMs(ms) {
  return ms >= 60_000 ? `${Math.round(ms / 60_000)} min` : `${Math.round(ms / 1000)} s`;
}

/** A positive integer from the environment, or the fallback. */
export function envNumber(name, fallback) {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

/** Sends a signal to a whole process group, ignoring a group that is already gone. */
export function killGroup(pid, signal) {
  // No pid (a spawn that failed): -0 would be this process's own group.
  if (!(pid > 0)) return false;
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false;
  }
}

/** True while any process of the group is alive. */
export function groupAlive(pid) {
  if (!(pid > 0)) return false;
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Runs a command in its own process group and resolves with its output. Output goes to
 * `onOutput` (or is discarded) and the last lines are kept for error messages. Past
 * `timeoutMs` the whole group is killed and the promise rejects with a clear message.
 */
export function run(command, args, options = {}) {
  const { cwd, env, timeoutMs = 10 * 60_000, label = command, onOutput, heartbeatMs = 30_000, stdin = 'ignore' } = options;
  return new Promise((resolve, reject) => {
    const begun = Date.now();
    const child = spawn(command, args, { cwd, env: env ?? process.env, stdio: [stdin, 'pipe', 'pipe'], detached: true });
    let tail = '';
    const collect = (chunk) => {
      const text = chunk.toString();
      tail = (tail + text).slice(-20_000);
      onOutput?.(text);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    // Detached, so Ctrl-C does not reach it by itself: stop it with this process.
    const unregister = onShutdown(() => killGroup(child.pid, 'SIGKILL'));
    const heartbeat = heartbeatMs ? setInterval(() => log(`  still running: ${label} (${elapsed(begun)} so far)`), heartbeatMs) : undefined;
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child.pid, 'SIGTERM');
      setTimeout(() => killGroup(child.pid, 'SIGKILL'), 5000).unref();
    }, timeoutMs);
    const finish = () => {
      clearTimeout(timer);
      if (heartbeat) clearInterval(heartbeat);
      unregister();
    };
    child.on('error', (error) => {
      finish();
      reject(new HostError(`${label}: could not start ${command}: ${error.message}`));
    });
    child.on('close', (code, signal) => {
      finish();
      if (timedOut) {
        reject(Object.assign(new HostError(`${label} did not finish within ${describeMs(timeoutMs)} and was stopped.`), { output: tail }));
      } else if (code === 0) {
        resolve({ output: tail, ms: Date.now() - begun });
      } else {
        reject(Object.assign(new HostError(`${label} failed (${signal ? `signal ${signal}` : `exit code ${code}`}).`), { output: tail }));
      }
    });
  });
}

/** The last `count` lines of some text, indented, for an error message. */
export function lastLines(text, count = 40) {
  return (text ?? '')
    .trimEnd()
    .split('\n')
    .slice(-count)
    .map((line) => `    ${line}`)
    .join('\n');
}

/** Runs `fn` once when the process ends: normal exit, Ctrl-C, SIGTERM, or a crash. */
const cleanups = [];
let handlersInstalled = false;
export function onShutdown(fn) {
  cleanups.push(fn);
  if (handlersInstalled) return () => removeCleanup(fn);
  handlersInstalled = true;
  process.on('exit', () => runCleanupsSync());
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => {
      log(`${signal} received, stopping.`);
      void runCleanups().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
    });
  }
  return () => removeCleanup(fn);
}

function removeCleanup(fn) {
  const index = cleanups.indexOf(fn);
  if (index >= 0) cleanups.splice(index, 1);
}

/** Runs every registered cleanup (newest first), each at most once. */
export async function runCleanups() {
  while (cleanups.length) {
    const fn = cleanups.pop();
    try {
      await fn();
    } catch (error) {
      log(`cleanup failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

function runCleanupsSync() {
  // On 'exit' only synchronous work happens; each cleanup must do its essential part synchronously.
  while (cleanups.length) {
    const fn = cleanups.pop();
    try {
      fn({ sync: true });
    } catch {
      // The process is ending; nothing more can be done.
    }
  }
}

/** Parses `--name value` and `--flag` arguments; repeated names collect into arrays. */
export function parseArgs(argv, { repeatable = [], flags = [] } = {}) {
  const result = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith('--')) throw new HostError(`Unexpected argument: ${arg}`);
    let name = arg.slice(2);
    let value;
    const eq = name.indexOf('=');
    if (eq >= 0) {
      value = name.slice(eq + 1);
      name = name.slice(0, eq);
    } else if (flags.includes(name)) {
      value = true;
    } else {
      value = argv[++i];
      if (value === undefined) throw new HostError(`--${name} needs a value.`);
    }
    if (repeatable.includes(name)) (result[name] ??= []).push(value);
    else result[name] = value;
  }
  return result;
}

/** Set once failAndExit has begun: a run that failed must not end 0 however its main path ends. */
let failing = false;

/** Prints a HostError plainly (no stack), anything else with its stack, and exits 1. */
export function failAndExit(error) {
  failing = true;
  if (error instanceof HostError) {
    process.stderr.write(`\n[host] ${error.message}\n`);
    if (error.output) process.stderr.write(`[host] last output:\n${lastLines(error.output)}\n`);
  } else {
    process.stderr.write(`\n[host] unexpected error: ${error?.stack ?? error}\n`);
  }
  void runCleanups().finally(() => process.exit(1));
}

/**
 * Ends a script whose main resolved with `code`: cleanups, then exit. Never 0 after failAndExit
 * began (a suite past its deadline is stopped by closing its host, and the main path then saw a
 * suite that ended with nothing failed: the run exited 0 before failAndExit's exit 1).
 */
export function endRun(main) {
  main
    .then(async (code) => {
      await runCleanups();
      process.exit(failing ? Math.max(code, 1) : code);
    })
    .catch(failAndExit);
}

/**
 * `tsc -p .` into out/. Type errors are printed and the run goes on with what tsc emitted
 * (it emits regardless): `npm run typecheck` is the gate for those, and a type error
 * elsewhere must not hide what the tests or the benchmark say.
 */
export async function compileTypeScript(purpose, { strict = false } = {}) {
  const begun = Date.now();
  const tsc = path.join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc');
  // From empty: tsc never deletes what it emitted for a source since moved or deleted, and the
  // test runners would run such a stale test file.
  fs.rmSync(path.join(repoRoot, 'out'), { recursive: true, force: true });
  try {
    await run(process.execPath, [tsc, '-p', repoRoot], { cwd: repoRoot, timeoutMs: 5 * 60_000, label: 'tsc -p .' });
  } catch (error) {
    if (!error.output) throw error;
    process.stderr.write(`${error.output.trimEnd()}\n`);
    if (strict) throw new HostError('tsc reported type errors (above).');
    log(`tsc reported type errors (above); ${purpose} on what it emitted.`);
  }
  return Date.now() - begun;
}
