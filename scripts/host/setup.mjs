#!/usr/bin/env node
// Installs what the real-VS-Code test host needs, and reuses what is already there:
//   - Debian packages (a C toolchain for the server's native modules, ripgrep, Chromium);
//   - the VS Code server shipped in the `code-server` npm package, cached outside the repo.
// Usage: node scripts/host/setup.mjs        (also imported by the other host scripts)
// Env:   WALLET_CONSOLE_HOST_CACHE   install folder (default ~/.cache/wallet-console/code-server-<v>)
//        WALLET_CONSOLE_CHROMIUM     Chromium binary (default /usr/bin/chromium)
//        WALLET_CONSOLE_SKIP_APT=1   never touch Debian packages
import { execFileSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { HostError, describeMs, elapsed, envNumber, failAndExit, log, onShutdown, run } from './util.mjs';

/** code-server 4.100.3 carries VS Code 1.100.3 and runs on Node 20. */
export const CODE_SERVER_VERSION = '4.100.3';
export const VSCODE_VERSION = '1.100.3';

/** Debian packages: node-gyp toolchain, kerberos headers, ripgrep (seeded below), the browser, a font. */
export const DEBIAN_PACKAGES = ['build-essential', 'python3', 'pkg-config', 'libkrb5-dev', 'ripgrep', 'chromium', 'fonts-liberation'];

const MARKER = '.wallet-console-host.json';
const APT_TIMEOUT_MS = envNumber('WALLET_CONSOLE_APT_TIMEOUT_MS', 20 * 60_000);
const INSTALL_TIMEOUT_MS = envNumber('WALLET_CONSOLE_INSTALL_TIMEOUT_MS', 25 * 60_000);

export function hostCacheDir() {
  return path.resolve(
    process.env.WALLET_CONSOLE_HOST_CACHE || path.join(os.homedir(), '.cache', 'wallet-console', `code-server-${CODE_SERVER_VERSION}`),
  );
}

export function chromiumPath() {
  return process.env.WALLET_CONSOLE_CHROMIUM || '/usr/bin/chromium';
}

function packageDir(installDir) {
  return path.join(installDir, 'node_modules', 'code-server');
}

/** The bare VS Code server entry point inside the code-server package. */
export function serverMainPath(installDir = hostCacheDir()) {
  return path.join(packageDir(installDir), 'lib', 'vscode', 'out', 'server-main.js');
}

/** The compiled node-pty binding, or undefined when the native build did not happen. */
function findPtyBinary(installDir) {
  const roots = [
    path.join(packageDir(installDir), 'lib', 'vscode', 'node_modules', 'node-pty'),
    path.join(installDir, 'node_modules', 'node-pty'),
  ];
  for (const root of roots) {
    for (const sub of ['build/Release', 'build/Debug']) {
      const file = path.join(root, sub, 'pty.node');
      if (existsSync(file)) return file;
    }
  }
  return undefined;
}

function readMarker(installDir) {
  try {
    return JSON.parse(readFileSync(path.join(installDir, MARKER), 'utf8'));
  } catch {
    return undefined;
  }
}

/** True when a finished install for this version and this Node ABI is in place. */
export function isServerInstalled(installDir = hostCacheDir()) {
  const marker = readMarker(installDir);
  return Boolean(
    marker &&
    marker.codeServer === CODE_SERVER_VERSION &&
    marker.nodeModules === process.versions.modules &&
    existsSync(serverMainPath(installDir)) &&
    findPtyBinary(installDir),
  );
}

// ---------------------------------------------------------------- Debian packages

function hasDpkg() {
  try {
    execFileSync('dpkg-query', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function isInstalled(pkg) {
  try {
    return execFileSync('dpkg-query', ['-W', '-f=${Status}', pkg], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).includes(
      'install ok installed',
    );
  } catch {
    return false;
  }
}

function canSudo() {
  try {
    execFileSync('sudo', ['-n', 'true'], { stdio: 'ignore', timeout: 10_000 });
    return true;
  } catch {
    return false;
  }
}

export async function ensureDebianPackages() {
  if (process.env.WALLET_CONSOLE_SKIP_APT === '1') {
    log('WALLET_CONSOLE_SKIP_APT=1: not checking Debian packages.');
    return;
  }
  if (!hasDpkg()) {
    log(`No dpkg here (not Debian/Ubuntu?): make sure these are installed yourself: ${DEBIAN_PACKAGES.join(' ')}`);
    return;
  }
  const missing = DEBIAN_PACKAGES.filter((pkg) => !isInstalled(pkg));
  if (missing.length === 0) {
    log(`Debian packages present: ${DEBIAN_PACKAGES.join(' ')}`);
    return;
  }
  const isRoot = process.getuid?.() === 0;
  const sudo = isRoot ? [] : canSudo() ? ['sudo', '-n'] : undefined;
  const installLine = `apt-get update && apt-get install -y --no-install-recommends ${missing.join(' ')}`;
  if (!sudo) {
    throw new HostError(
      `These Debian packages are missing: ${missing.join(' ')}\nRun this as root (or with sudo), then try again:\n  sudo sh -c '${installLine}'`,
    );
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const [command, ...prefix] = sudo.length ? sudo : ['apt-get'];
  // Wait for another apt (e.g. unattended upgrades on a fresh CI machine) instead of failing.
  const lock = ['-o', 'DPkg::Lock::Timeout=600'];
  const args = (rest) => (sudo.length ? [...prefix, 'apt-get', ...lock, ...rest] : [...lock, ...rest]);
  log(`Installing Debian packages: ${missing.join(' ')} (apt-get; about a minute)`);
  const updated = await run(command, args(['update']), { env, timeoutMs: APT_TIMEOUT_MS, label: 'apt-get update' });
  log(`  apt-get update done in ${describeMs(updated.ms)}`);
  const installed = await run(command, args(['install', '-y', '--no-install-recommends', ...missing]), {
    env,
    timeoutMs: APT_TIMEOUT_MS,
    label: `apt-get install ${missing.join(' ')}`,
  });
  log(`  installed in ${describeMs(installed.ms)}`);
  const still = missing.filter((pkg) => !isInstalled(pkg));
  if (still.length) throw new HostError(`apt-get finished but these are still not installed: ${still.join(' ')}`);
}

// ---------------------------------------------------------------- the VS Code server

/**
 * code-server 4.100.3 depends on @vscode/ripgrep 1.15.11, whose postinstall downloads `rg`
 * from api.github.com. Seed its download cache with Debian's rg so the install stays offline.
 */
function seedRipgrepCache(tmpDir) {
  const targets = { x64: 'x86_64-unknown-linux-musl', arm64: 'aarch64-unknown-linux-gnu' };
  const target = targets[process.arch];
  if (process.platform !== 'linux' || !target) return;
  const rg = ['/usr/bin/rg', '/usr/local/bin/rg'].find((file) => existsSync(file));
  if (!rg) {
    log('No rg on this machine; @vscode/ripgrep will try to download it from GitHub.');
    return;
  }
  const cacheDir = path.join(tmpDir, 'vscode-ripgrep-cache-1.15.11');
  const tarball = path.join(cacheDir, `ripgrep-v13.0.0-10-${target}.tar.gz`);
  if (existsSync(tarball) && statSync(tarball).size > 0) return;
  mkdirSync(cacheDir, { recursive: true });
  execFileSync('tar', ['czf', tarball, '-C', path.dirname(rg), path.basename(rg)]);
  log(`Seeded ripgrep download cache with ${rg}: ${tarball}`);
}

/** Removes half-finished installs left by runs that died (their process is gone). */
function removeStalePartials(installDir) {
  const parent = path.dirname(installDir);
  const prefix = `${path.basename(installDir)}.partial-`;
  if (!existsSync(parent)) return;
  for (const name of readdirSync(parent)) {
    if (!name.startsWith(prefix)) continue;
    const pid = Number(name.slice(prefix.length).split('-')[0]);
    let alive;
    try {
      process.kill(pid, 0);
      alive = pid !== process.pid;
    } catch {
      alive = false;
    }
    if (!alive) rmSync(path.join(parent, name), { recursive: true, force: true });
  }
}

/** node-gyp must build against this Node's headers; ~/.npmrc may point elsewhere. */
function nodedirFor() {
  const prefix = path.resolve(path.dirname(process.execPath), '..');
  return existsSync(path.join(prefix, 'include', 'node', 'node_version.h')) ? prefix : undefined;
}

export async function ensureVsCodeServer() {
  const installDir = hostCacheDir();
  if (isServerInstalled(installDir)) {
    log(`VS Code server ${VSCODE_VERSION} (code-server ${CODE_SERVER_VERSION}) already installed in ${installDir}`);
    return installDir;
  }
  const major = Number(process.versions.node.split('.')[0]);
  if (major !== 20) {
    throw new HostError(
      `code-server ${CODE_SERVER_VERSION} needs Node 20; this is Node ${process.versions.node}. Use Node 20 (see package.json engines).`,
    );
  }
  removeStalePartials(installDir);
  mkdirSync(path.dirname(installDir), { recursive: true });
  const partial = `${installDir}.partial-${process.pid}-${Date.now()}`;
  mkdirSync(partial, { recursive: true });
  // Interrupted (Ctrl-C, timeout, crash): never leave a half-finished install behind.
  const forgetPartial = onShutdown(() => rmSync(partial, { recursive: true, force: true }));
  // A throwaway project: allowScripts approves the install scripts npm 11 asks about.
  writeFileSync(
    path.join(partial, 'package.json'),
    JSON.stringify(
      {
        name: 'wallet-console-vscode-host',
        private: true,
        allowScripts: { 'code-server': true, 'node-pty': true, '@vscode/ripgrep': true, argon2: true, kerberos: true },
      },
      null,
      2,
    ),
  );
  const tmpDir = os.tmpdir();
  seedRipgrepCache(tmpDir);
  const logFile = path.join(path.dirname(installDir), `code-server-${CODE_SERVER_VERSION}-install.log`);
  const logStream = createWriteStream(logFile);
  const env = {
    ...process.env,
    TMPDIR: tmpDir,
    // node-pty's install runs `npx node-gyp`; a user `yes=false` would cancel it.
    npm_config_yes: 'true',
    // As root, 4.100.3's postinstall refuses to build without this.
    npm_config_unsafe_perm: 'true',
    npm_config_foreground_scripts: 'true',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_update_notifier: 'false',
    // npm 11 may block unreviewed install scripts in nested installs (code-server runs
    // `npm install` inside lib/vscode); this one-off install needs all of them.
    npm_config_dangerously_allow_all_scripts: 'true',
  };
  const nodedir = nodedirFor();
  if (nodedir) env.npm_config_nodedir = nodedir;
  log(
    `Installing VS Code server ${VSCODE_VERSION} (npm package code-server@${CODE_SERVER_VERSION}) into ${installDir} (about 2 minutes the first time; log: ${logFile})`,
  );
  const begun = Date.now();
  let result;
  try {
    result = await run(
      'npm',
      [
        'install',
        '--no-save',
        '--no-package-lock',
        '--unsafe-perm',
        '--foreground-scripts',
        '--loglevel=notice',
        `code-server@${CODE_SERVER_VERSION}`,
      ],
      {
        cwd: partial,
        env,
        timeoutMs: INSTALL_TIMEOUT_MS,
        label: `npm install code-server@${CODE_SERVER_VERSION}`,
        onOutput: (text) => logStream.write(text),
      },
    );
  } catch (error) {
    logStream.end();
    rmSync(partial, { recursive: true, force: true });
    if (error instanceof HostError) error.message += `\nFull log: ${logFile}`;
    throw error;
  }
  logStream.end();
  const problem = sanityCheck(partial);
  if (problem) {
    rmSync(partial, { recursive: true, force: true });
    throw Object.assign(new HostError(`The code-server install finished but ${problem}\nFull log: ${logFile}`), { output: result.output });
  }
  writeFileSync(
    path.join(partial, MARKER),
    JSON.stringify(
      {
        codeServer: CODE_SERVER_VERSION,
        vscode: VSCODE_VERSION,
        node: process.versions.node,
        nodeModules: process.versions.modules,
        installedAt: new Date().toISOString(),
      },
      null,
      2,
    ),
  );
  rmSync(installDir, { recursive: true, force: true });
  renameSync(partial, installDir);
  forgetPartial();
  log(`VS Code server installed in ${describeMs(Date.now() - begun)}.`);
  return installDir;
}

/** Why an install is unusable, or undefined when it looks complete. */
function sanityCheck(installDir) {
  if (!existsSync(serverMainPath(installDir))) return `${serverMainPath(installDir)} is missing.`;
  const pty = findPtyBinary(installDir);
  if (!pty) return 'node-pty was not compiled (no pty.node): its install script did not run. Check the log for node-gyp errors.';
  try {
    execFileSync(process.execPath, ['-e', 'require(process.argv[1])', pty], { stdio: 'pipe', timeout: 30_000 });
  } catch (error) {
    return `node-pty's binary does not load in this Node: ${String(error.stderr ?? error.message).trim()}`;
  }
  return undefined;
}

function ensureChromium() {
  const chromium = chromiumPath();
  if (!existsSync(chromium)) {
    throw new HostError(
      `Chromium not found at ${chromium}. Install the Debian package chromium, or set WALLET_CONSOLE_CHROMIUM to a Chromium binary.`,
    );
  }
  return chromium;
}

/** Everything the host needs; returns where it is. Safe to call every run (fast when cached). */
export async function setupHost() {
  const begun = Date.now();
  await ensureDebianPackages();
  const chromium = ensureChromium();
  const installDir = await ensureVsCodeServer();
  log(`Host ready in ${describeMs(Date.now() - begun)}.`);
  return { installDir, serverMain: serverMainPath(installDir), chromium, node: process.execPath };
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  setupHost()
    .then((host) => {
      log(`Setup done (${elapsed()}): server ${host.serverMain}, browser ${host.chromium}`);
    })
    .catch(failAndExit);
}
