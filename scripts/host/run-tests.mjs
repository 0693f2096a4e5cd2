#!/usr/bin/env node
// Runs the host test suite (out/test/host/**/*.test.js) inside a real VS Code extension host:
// the VS Code server from setup.mjs, opened in headless Chromium with a test payload. Runs it
// on every VS Code version CI proves (setup.mjs HOSTS), all at once, each in its own process
// (its output printed whole when it ends).
//
//   npm run test:host                          build, then every host test on every version
//   npm run test:host -- --vscode 1.139.1      one version only (also: 1.139, all)
//   npm run test:host -- --grep activation     only tests whose title matches (a regex)
//   npm run test:host -- --file activation     only test files whose path contains this
//   npm run test:host -- --file findings,shared  files matching any of these, in the suite's order
//   node scripts/host/run-tests.mjs --compiled  out/ is fresh (npm test compiled it): no compile
//
// A run also fails when VS Code's own logs (the extension host's log files, the workbench's
// console) gained an error line naming the extension: test/host/support/hostLog.ts.
//
// Env: WALLET_CONSOLE_VSCODE (instead of --vscode), WALLET_CONSOLE_HOST_TEST_TIMEOUT_MS (per
// version, default 25 min: two versions at once on two cores take 12 to 15 min each),
// WALLET_CONSOLE_HOST_VERBOSE=1 (also print the workbench's own log
// and the server's output).
// The last line is "N passed, N failed" (all versions together).
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { formatWithOptions, stripVTControlCharacters } from 'node:util';
import { DOM_ANSWERS_ENV, startDomProbe } from './domProbe.mjs';
import { developmentPayload, startServer, tempWorkspace, workbenchUrl } from './server.mjs';
import { HOSTS, selectHosts, setupHost } from './setup.mjs';
import {
  HostError,
  compileTypeScript,
  describeMs,
  envNumber,
  failAndExit,
  log,
  onShutdown,
  parseArgs,
  repoRoot,
  endRun,
  run,
} from './util.mjs';
import { launchBrowser } from './workbench.mjs';

const RESULT_MARKER = 'WALLET_CONSOLE_HOST_RESULT ';
/** test/host/index.ts prefixes the extension host's console lines with this. */
const HOST_TAG = '\u2063[host] ';
const verbose = process.env.WALLET_CONSOLE_HOST_VERBOSE === '1';

/** Compiles the tests, unless `compiled` (npm test compiled them a moment ago: scripts/test.mjs). */
async function compile(compiled) {
  if (!compiled) log(`Compiled the tests (${describeMs(await compileTypeScript('running the host tests'))}).`);
  const index = path.join(repoRoot, 'out', 'test', 'host', 'index.js');
  if (!existsSync(index)) throw new HostError(`${index} is missing after tsc: is test/host/index.ts in the tsconfig?`);
  if (!existsSync(path.join(repoRoot, 'dist', 'extension.js')))
    throw new HostError('dist/extension.js is missing: run `npm run build` first (npm run test:host does).');
  return index;
}

/** Formats what the workbench hands to codeAutomationLog like console.log would. */
function format(args) {
  // Mocha's symbols come from a colour library that turns colours on under CI=true; strip them.
  return stripVTControlCharacters(Array.isArray(args) ? formatWithOptions({ colors: false }, ...args) : String(args));
}

/** Workbench complaints that are expected on a machine without internet. */
function isOfflineNoise(text) {
  return /ENOTFOUND|EAI_AGAIN|\[Service Worker\]|open-vsx\.org|marketplace/i.test(text);
}

/** One line of the host's output: test output as is, the workbench's own log only when it matters. */
function show(type, text) {
  const out = type === 'error' || type === 'warn' ? process.stderr : process.stdout;
  if (text.startsWith(HOST_TAG)) {
    for (const line of text.split('\n')) {
      if (line.startsWith(`${HOST_TAG}${RESULT_MARKER}`)) return JSON.parse(line.slice(HOST_TAG.length + RESULT_MARKER.length));
    }
    out.write(`${text.split(HOST_TAG).join('')}\n`);
  } else if (verbose) {
    out.write(`[workbench ${type}] ${text}\n`);
  } else if (type === 'error' && !isOfflineNoise(text)) {
    out.write(`[workbench] ${text.split('\n')[0]}\n`);
  }
  return undefined;
}

/** Stops the whole run (failAndExit: cleanups, exit 1) when one version's suite hangs; unref'd, so it never keeps the process up. */
function armDeadline(spec) {
  const timeoutMs = envNumber('WALLET_CONSOLE_HOST_TEST_TIMEOUT_MS', 25 * 60_000);
  const deadline = setTimeout(() => {
    failAndExit(
      new HostError(
        `The host tests on VS Code ${spec.vscode} did not finish within ${describeMs(timeoutMs)}; stopped. (WALLET_CONSOLE_HOST_TEST_TIMEOUT_MS raises the limit.)`,
      ),
    );
  }, timeoutMs);
  deadline.unref();
  return deadline;
}

/**
 * The local sandbox's port for one version's suite. The first version keeps the default (4010), so
 * its suite proves the default; each other one asks a range of its own (4110, ...) in its machine
 * settings: suites that run at once never take each other's port when a test stops and restarts
 * the window's sandbox, or runs a task sandbox on a port near it (test/host/support/ports.ts).
 */
function sandboxPort(spec) {
  const index = HOSTS.findIndex((known) => known.vscode === spec.vscode);
  return 4010 + 100 * Math.max(0, index);
}

/** The browser, then the VS Code server with the tests' environment; resolves with both and the server's data folder. */
async function startHost(spec, host, options) {
  const port = sandboxPort(spec);
  // The tests check the setting took (support/ports.ts): a port setting VS Code ignored would share ports again.
  const env = { WALLET_CONSOLE_TEST_TAG: HOST_TAG, WALLET_CONSOLE_TEST_SANDBOX_PORT: String(port) };
  if (options.grep) env.WALLET_CONSOLE_TEST_GREP = String(options.grep);
  if (options.file) env.WALLET_CONSOLE_TEST_FILES = String(options.file);
  // The browser first, so the secret audit (test/host/security.test.ts) can search its profile too.
  const browser = await launchBrowser({ executablePath: host.chromium });
  env.WALLET_CONSOLE_BROWSER_PROFILE = browser.profile;
  // Tests that look at the workbench itself (the Welcome page) ask through this: domProbe.mjs.
  const domProbe = startDomProbe(browser.page);
  env[DOM_ANSWERS_ENV] = domProbe.folder;
  // Our own data folder (not the server's temp one), so the logs can be read after it stopped.
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wallet-console-host-'));
  const forgetDataDir = onShutdown(() => rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 }));
  const server = await startServer({
    host,
    env,
    profileDir: dataDir,
    machineSettings: port === 4010 ? {} : { 'walletConsole.sandbox.port': port },
  });
  return { browser, domProbe, dataDir, forgetDataDir, server };
}

/** The workbench URL that loads the extension from source and runs the tests in `index`. */
function testWorkbenchUrl(port, index) {
  const workspace = tempWorkspace();
  // Files the tests open (test/host/keyLinter.test.ts): a workspace with code in it.
  cpSync(path.join(repoRoot, 'test', 'host', 'fixtures', 'workspace'), workspace, { recursive: true });
  return workbenchUrl(port, {
    folder: workspace,
    payload: developmentPayload(port, { extensionPath: repoRoot, testsPath: index }),
  });
}

/**
 * Listens to the page: the host's console (test output, the suite's result line, DOM probe
 * queries), its exit code, a crash, the server stopping. Returns what it heard so far; `exited`
 * resolves with the exit code, -1 on a crash, or { serverExit } / { noStart } (awaitEnd).
 */
async function listenToHost(page, domProbe, server) {
  const session = { result: undefined, heardFromHost: false, consoleLines: [], finish: undefined, exited: undefined };
  session.exited = new Promise((resolve) => (session.finish = resolve));
  await page.exposeFunction('codeAutomationLog', (type, args) => {
    const text = format(args);
    session.heardFromHost ||= text.startsWith(HOST_TAG);
    if (text.startsWith(HOST_TAG) && domProbe.handle(text.slice(HOST_TAG.length))) return;
    if (!text.startsWith(HOST_TAG)) session.consoleLines.push({ type, text });
    session.result = show(type, text) ?? session.result;
  });
  await page.exposeFunction('codeAutomationExit', (code) => session.finish(Number(code)));
  page.on('pageerror', (error) => log(`page error: ${error.message}`));
  page.on('crash', () => session.finish(-1));
  void server.exited.then(({ code, signal }) => session.finish({ serverExit: `code ${code}, signal ${signal}` }));
  return session;
}

/** Waits for the run to end; ends it as { noStart: true } when the host stays silent for `startLimitMs`. */
async function awaitEnd(session, startLimitMs) {
  // The suite prints as soon as it starts; silence means the payload or the host is broken.
  const watchdog = setTimeout(() => {
    if (!session.heardFromHost) session.finish({ noStart: true });
  }, startLimitMs);
  const code = await session.exited;
  clearTimeout(watchdog);
  return code;
}

/** The error lines naming the extension in VS Code's logs (under `dataDir`) and the workbench's console: hostLog.ts. */
async function extensionLogErrors(dataDir, consoleLines, endedAt) {
  const { extensionErrors } = (await import(pathToFileURL(path.join(repoRoot, 'out', 'test', 'host', 'support', 'hostLog.js')).href))
    .default;
  return extensionErrors(dataDir, consoleLines, repoRoot, endedAt);
}

/** Throws when the suite did not run to its end; else prints the log errors and this version's counts, and returns them. */
function suiteOutcome(spec, { code, result, logErrors, ms, server, startLimitMs }) {
  if (code?.noStart) {
    throw Object.assign(
      new HostError(
        `The extension host did not start the tests within ${describeMs(startLimitMs)} (no output from test/host/index.js). Try WALLET_CONSOLE_HOST_VERBOSE=1.`,
      ),
      {
        output: server.serverLogTail(),
      },
    );
  }
  if (typeof code !== 'number')
    throw Object.assign(new HostError(`The VS Code server stopped during the tests (${code.serverExit}).`), {
      output: server.serverLogTail(),
    });
  if (code === -1) throw new HostError('The browser page crashed during the tests.');
  const passed = result?.passed ?? 0;
  const failed = result?.failed ?? (code === 0 ? 0 : 1);
  if (!result) log('The suite ended without reporting its counts (did test/host/index.js load?).');
  // A run of no test proves nothing: a --grep or --file that matches nothing, or a payload that found no file, fails.
  if (code === 0 && passed === 0) log('No host test ran (check --grep / --file): the run fails.');
  if (logErrors.length) {
    process.stderr.write(
      `\nVS Code ${spec.vscode}: the run left ${logErrors.length} error(s) naming the extension in VS Code's logs:\n${logErrors
        .map((entry) => `  ${entry.split('\n').join('\n    ')}`)
        .join('\n')}\n`,
    );
  }
  process.stdout.write(`VS Code ${spec.vscode}: ${passed} passed, ${failed} failed, ${logErrors.length} log errors (${describeMs(ms)})\n`);
  return { passed, failed, ok: code === 0 && failed === 0 && passed > 0 && logErrors.length === 0 };
}

/** Runs the suite once on one VS Code version; resolves with its counts and whether it passed (suiteOutcome). */
async function runSuite(spec, index, options) {
  const deadline = armDeadline(spec);
  const host = await setupHost(spec);
  const { browser, domProbe, dataDir, forgetDataDir, server } = await startHost(spec, host, options);
  const url = testWorkbenchUrl(server.port, index);
  const session = await listenToHost(browser.page, domProbe, server);

  log(`VS Code ${spec.vscode}: opening the workbench with the test payload${options.grep ? ` (grep: ${options.grep})` : ''}.`);
  const begun = Date.now();
  await browser.page.goto(url, { waitUntil: 'domcontentloaded', timeout: 90_000 });
  const startLimitMs = envNumber('WALLET_CONSOLE_HOST_START_TIMEOUT_MS', 3 * 60_000);
  const code = await awaitEnd(session, startLimitMs);
  const ms = Date.now() - begun;
  if (typeof code === 'number') log(`VS Code ${spec.vscode}: the extension host finished the suite (${describeMs(ms)}).`);
  await browser.close();
  await server.stop();
  const logErrors = await extensionLogErrors(dataDir, session.consoleLines, session.result?.endedAt);
  rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
  forgetDataDir();
  clearTimeout(deadline);
  return suiteOutcome(spec, { code, result: session.result, logErrors, ms, server, startLimitMs });
}

/**
 * Several versions at once, each in a process of its own (a suite mostly waits on the workbench:
 * two share two cores well, and CI waits for the slower only). Each one's output is printed whole
 * when it ends, so the two never interleave; its counts are read from its last line.
 */
async function runVersionsTogether(specs, argv) {
  const own = argv.filter((arg, i) => arg !== '--compiled' && !arg.startsWith('--vscode') && argv[i - 1] !== '--vscode');
  const script = fileURLToPath(import.meta.url);
  return Promise.all(
    specs.map(async (spec) => {
      let output = '';
      log(`VS Code ${spec.vscode}: its suite runs in a process of its own; its output follows when it ends.`);
      const outcome = await run(process.execPath, [script, ...own, '--compiled', '--vscode', spec.vscode], {
        cwd: repoRoot,
        label: `the host tests on VS Code ${spec.vscode}`,
        timeoutMs: envNumber('WALLET_CONSOLE_HOST_TEST_TIMEOUT_MS', 25 * 60_000) + 5 * 60_000,
        heartbeatMs: 0,
        onOutput: (text) => (output += text),
      }).then(
        () => true,
        (error) => (log(error.message), false),
      );
      process.stdout.write(`\n::: VS Code ${spec.vscode}, its whole output:\n${output}\n`);
      const [, passed = '0', failed = '1'] = /VS Code [\d.]+: (\d+) passed, (\d+) failed/.exec(output) ?? [];
      return { passed: Number(passed), failed: Number(failed), ok: outcome };
    }),
  );
}

async function main() {
  const argv = process.argv.slice(2);
  const options = parseArgs(argv, { flags: ['compiled'] });
  const specs = selectHosts(options.vscode);
  const index = await compile(options.compiled);
  const results = [];
  if (specs.length > 1) results.push(...(await runVersionsTogether(specs, argv)));
  else results.push(await runSuite(specs[0], index, options));
  const passed = results.reduce((sum, r) => sum + r.passed, 0);
  const failed = results.reduce((sum, r) => sum + r.failed, 0);
  process.stdout.write(`${passed} passed, ${failed} failed\n`);
  return results.every((r) => r.ok) ? 0 : 1;
}

endRun(main());
