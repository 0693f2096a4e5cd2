// Starts the bare VS Code server (from the code-server package) on a loopback port, in its
// own process group, and stops the whole group again. Used by run-tests, start and screenshot.
/* global AbortSignal */
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { startKeyFront } from './keyFront.mjs';
import { HostError, describeMs, envNumber, groupAlive, killGroup, lastLines, log, onShutdown, run } from './util.mjs';

export const HOST = '127.0.0.1';

/** Settings that keep the workbench quiet and deterministic under automation. */
export const TEST_SETTINGS = {
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'telemetry.telemetryLevel': 'off',
  'security.workspace.trust.enabled': false,
  'chat.disableAIFeatures': true,
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'update.mode': 'none',
  'git.openRepositoryInParentFolders': 'never',
  // In the browser VS Code saves an edited file a second after the edit by default. A test that
  // edits a fixture and then reverts it would, on a busy machine, revert to its own saved edit (a
  // key linter test once waited 45 s for deploy.sh's key after an earlier one fixed it). Desktop's default.
  'files.autoSave': 'off',
  // Tests and pictures start without the walkthrough over them; npm start turns it back on.
  'workbench.welcomePage.walkthroughs.openOnInstall': false,
};

function tryListen(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(undefined));
    server.listen({ host: HOST, port, exclusive: true }, () => {
      const { port: bound } = server.address();
      server.close(() => resolve(bound));
    });
  });
}

/** `preferred` if it is free, else the next free one above it; any free port without a preference. */
export async function findFreePort(preferred) {
  if (preferred) {
    for (let port = preferred; port < preferred + 100 && port < 65536; port++) {
      if (await tryListen(port)) return port;
    }
  }
  const port = await tryListen(0);
  if (!port) throw new HostError(`No free port on ${HOST}.`);
  return port;
}

/** `vscode-remote://` URI for a file on the server, as the workbench payload wants it. */
export function remoteUri(port, file) {
  return `vscode-remote://${HOST}:${port}${path.resolve(file).split(path.sep).map(encodeURIComponent).join('/')}`;
}

/** The workbench URL for a folder, optionally with a payload (list of [key, value] pairs). */
export function workbenchUrl(port, { folder, payload } = {}) {
  const query = [];
  if (folder) query.push(`folder=${encodeURI(path.resolve(folder))}`);
  if (payload?.length) query.push(`payload=${encodeURIComponent(JSON.stringify(payload))}`);
  return `http://${HOST}:${port}/${query.length ? `?${query.join('&')}` : ''}`;
}

/** Payload that loads the extension from source (and optionally runs its tests). */
export function developmentPayload(port, { extensionPath, testsPath } = {}) {
  const payload = [];
  if (extensionPath) payload.push(['extensionDevelopmentPath', remoteUri(port, extensionPath)]);
  if (testsPath) payload.push(['extensionTestsPath', remoteUri(port, testsPath)]);
  payload.push(['skipWelcome', 'true'], ['skipReleaseNotes', 'true']);
  return payload;
}

function writeSettings(userDir, extraSettings) {
  const dir = path.join(userDir, 'User');
  const file = path.join(dir, 'settings.json');
  mkdirSync(dir, { recursive: true });
  let existing;
  try {
    existing = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    existing = {};
  }
  writeFileSync(file, `${JSON.stringify({ ...existing, ...TEST_SETTINGS, ...extraSettings }, null, 2)}\n`);
}

/** The server's machine settings: Machine/ under its --user-data-dir. */
function writeMachineSettings(userDir, settings) {
  if (!Object.keys(settings).length) return;
  const dir = path.join(userDir, 'Machine');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'settings.json'), `${JSON.stringify(settings, null, 2)}\n`);
}

function serverArgs(serverMain, dirs) {
  return [
    serverMain,
    '--accept-server-license-terms',
    '--disable-telemetry',
    '--disable-workspace-trust',
    '--server-data-dir',
    dirs.server,
    '--user-data-dir',
    dirs.user,
    '--extensions-dir',
    dirs.extensions,
  ];
}

/** The server's folders (user, server, extensions) under `profileDir`, or under a fresh temp folder; with the test settings written. */
function prepareDirs(profileDir, settings, machineSettings) {
  const temp = !profileDir;
  const root = profileDir ? path.resolve(profileDir) : mkdtempSync(path.join(os.tmpdir(), 'wallet-console-host-'));
  const dirs = { root, user: path.join(root, 'user'), server: path.join(root, 'server'), extensions: path.join(root, 'extensions') };
  for (const dir of [dirs.user, dirs.server, dirs.extensions]) mkdirSync(dir, { recursive: true });
  writeSettings(dirs.user, settings);
  // Settings of machine scope (walletConsole.sandbox.port) reach a remote extension host from the
  // server's machine settings only: VS Code drops them from the user settings it writes back.
  writeMachineSettings(dirs.user, machineSettings);
  return { temp, root, dirs };
}

/**
 * The server's stop(): closes the key front and ends the server's process group (whichever of
 * them `state` holds by then), then calls `removeTemp`. Runs once, also on process exit
 * (onShutdown), where only synchronous work happens: SIGKILL straight away there; else SIGTERM,
 * up to 5 s to go, then SIGKILL.
 */
function stopper(state, removeTemp) {
  const stop = async (options) => {
    if (state.stopped) return;
    state.stopped = true;
    unregister();
    await state.front?.close();
    if (state.child?.pid) {
      if (options?.sync) {
        killGroup(state.child.pid, 'SIGKILL');
      } else {
        killGroup(state.child.pid, 'SIGTERM');
        for (let i = 0; i < 50 && groupAlive(state.child.pid); i++) await sleep(100);
        if (killGroup(state.child.pid, 'SIGKILL')) await sleep(200);
      }
    }
    removeTemp();
  };
  const unregister = onShutdown(stop);
  return stop;
}

/** Installs each .vsix into the server's extensions folder, before the server starts. */
async function installVsix(host, dirs, vsix) {
  for (const file of vsix) {
    const installed = await run(host.node, [...serverArgs(host.serverMain, dirs), '--install-extension', path.resolve(file), '--force'], {
      timeoutMs: 2 * 60_000,
      label: `install ${path.basename(file)} into the VS Code server`,
    });
    log(`Installed ${path.basename(file)} into the server (${describeMs(installed.ms)}).`);
  }
}

/** The server's command line: listening on `serverPort` on loopback, behind the key front. */
function listenArgs(host, dirs, serverPort, smokeTestDriver) {
  const args = [
    ...serverArgs(host.serverMain, dirs),
    '--host',
    HOST,
    '--port',
    String(serverPort),
    '--without-connection-token',
    // Help: Welcome shows VS Code's own Welcome page (with our walkthrough), not code-server's
    // "Get started with code-server" walkthrough first.
    '--disable-getting-started-override',
  ];
  if (smokeTestDriver) args.push('--enable-smoke-test-driver');
  return args;
}

/**
 * Spawns the server in its own process group (stop() ends the whole group). Its output goes to
 * server.log in `root`, and its last 8000 characters are kept for error messages. Returns
 * { child, logFile, tail, exit (set once it exited or failed to spawn), exited (a promise) }.
 */
function spawnServer(host, args, root, env) {
  const logFile = path.join(root, 'server.log');
  const logStream = createWriteStream(logFile);
  const child = spawn(host.node, args, { cwd: root, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  const server = { child, logFile, tail: '', exit: undefined, exited: undefined };
  const onData = (chunk) => {
    logStream.write(chunk);
    server.tail = (server.tail + chunk.toString()).slice(-8000);
    if (process.env.WALLET_CONSOLE_HOST_VERBOSE === '1') process.stderr.write(chunk);
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  server.exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve((server.exit = { code, signal }))));
  child.on('error', (error) => {
    server.exit = { error };
    logStream.end();
  });
  // Once its output has ended: server.log then holds all of it (it is read after a failure).
  child.on('close', () => logStream.end());
  return server;
}

/** Polls `baseUrl` until it answers 200; throws, with the server's last output, if it exits first or takes over `timeoutMs`. */
async function waitUntilServing(server, baseUrl, begun, timeoutMs) {
  for (;;) {
    if (server.exit) {
      throw Object.assign(
        new HostError(
          `The VS Code server exited during start-up (${server.exit.error?.message ?? `code ${server.exit.code}, signal ${server.exit.signal}`}).`,
        ),
        { output: server.tail },
      );
    }
    if (Date.now() - begun > timeoutMs) {
      throw Object.assign(
        new HostError(`The VS Code server did not answer on ${baseUrl} within ${describeMs(timeoutMs)}. Server log: ${server.logFile}`),
        { output: server.tail },
      );
    }
    try {
      const response = await fetch(`${baseUrl}/`, { signal: AbortSignal.timeout(5000) });
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await sleep(250);
  }
}

/**
 * Starts the server. Options:
 *   host           what setupHost() returned (serverMain, node)
 *   port           preferred port (default: any free one)
 *   profileDir     keep user data here across runs (default: a fresh temp dir, removed on stop)
 *   settings       extra user settings
 *   machineSettings settings of machine scope, in the server's machine settings
 *   vsix           .vsix files to install before starting
 *   env            extra environment for the server (its extension host inherits it)
 *   smokeTestDriver pass --enable-smoke-test-driver (needed for test payloads; default true)
 *   startTimeoutMs how long to wait for HTTP 200 (default 90 s, env WALLET_CONSOLE_SERVER_TIMEOUT_MS)
 * Resolves with { port, baseUrl, dirs, logFile, stop() }. stop() is also run on process exit.
 */
export async function startServer({
  host,
  port: preferred,
  profileDir,
  settings = {},
  machineSettings = {},
  vsix = [],
  env = {},
  smokeTestDriver = true,
  startTimeoutMs,
} = {}) {
  const { temp, root, dirs } = prepareDirs(profileDir, settings, machineSettings);
  const state = { front: undefined, child: undefined, stopped: false };
  const stop = stopper(state, () => {
    if (temp) rmSync(root, { recursive: true, force: true, maxRetries: 3 });
  });

  try {
    await installVsix(host, dirs, vsix);
    // The browser talks to the front on `port`; the server listens on a free port behind it.
    const port = await findFreePort(preferred);
    const serverPort = await findFreePort();
    state.front = await startKeyFront({ host: HOST, port, target: serverPort, keyFile: path.join(dirs.user, 'serve-web-key-half') });
    const server = spawnServer(host, listenArgs(host, dirs, serverPort, smokeTestDriver), root, env);
    state.child = server.child;

    const baseUrl = `http://${HOST}:${port}`;
    const timeoutMs = startTimeoutMs ?? envNumber('WALLET_CONSOLE_SERVER_TIMEOUT_MS', 90_000);
    const begun = Date.now();
    log(`Starting VS Code server on ${baseUrl} (data in ${root})`);
    await waitUntilServing(server, baseUrl, begun, timeoutMs);
    log(`VS Code server is up (${describeMs(Date.now() - begun)}).`);
    return {
      port,
      baseUrl,
      dirs,
      logFile: server.logFile,
      stop,
      stopping: () => state.stopped,
      exited: server.exited,
      serverLogTail: () => lastLines(server.tail, 40),
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * A fresh, empty workspace folder named `name` (the name shows in the window title), removed
 * when the process ends.
 */
export function tempWorkspace(name = 'my-project') {
  const parent = mkdtempSync(path.join(os.tmpdir(), 'wallet-console-workspace-'));
  onShutdown(() => rmSync(parent, { recursive: true, force: true }));
  return ensureDir(path.join(parent, name));
}

export function ensureDir(dir) {
  if (!existsSync(dir)) mkdirSync(dir, { recursive: true });
  return dir;
}
