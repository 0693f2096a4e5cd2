#!/usr/bin/env node
// `npm start`: packages the extension, installs it into a VS Code server (set up on first use)
// and prints the URL to open in a browser. Ctrl-C stops everything.
//
//   npm start                      port 4100, or the next free one
//   PORT=4200 npm start            another port
//   npm start -- --folder <dir>    open this folder (default: a scratch folder kept between runs)
//   npm start -- --fresh           forget the kept profile (settings, local state) first
//
// The profile (user data, installed extension, a scratch workspace) lives in
// ~/.cache/wallet-console/start-profile (env WALLET_CONSOLE_START_PROFILE), so local sandbox
// state survives restarts. Sign-ins are kept by the browser you open the URL in.
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { developmentPayload, startServer, workbenchUrl } from './server.mjs';
import { setupHost } from './setup.mjs';
import { elapsed, endRun, log, parseArgs, repoRoot, run } from './util.mjs';
import { packageVsix } from './vsix.mjs';

function onPath(command) {
  try {
    execFileSync('which', [command], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

async function main() {
  const options = parseArgs(process.argv.slice(2), { flags: ['fresh'] });
  const profileDir = path.resolve(
    process.env.WALLET_CONSOLE_START_PROFILE || path.join(os.homedir(), '.cache', 'wallet-console', 'start-profile'),
  );
  if (options.fresh) {
    log(`--fresh: removing ${profileDir}`);
    rmSync(profileDir, { recursive: true, force: true });
  }
  const folder = path.resolve(options.folder ?? path.join(profileDir, 'workspace'));
  mkdirSync(folder, { recursive: true });
  const port = Number(options.port ?? process.env.PORT ?? 4100);

  const host = await setupHost();
  let vsix;
  try {
    vsix = await packageVsix();
  } catch (error) {
    // Packaging is the closest to what users install; if it breaks, still start from source.
    log(`Packaging the extension failed (${error.message}); loading it from source instead.`);
    if (error.output) process.stderr.write(`${error.output.trimEnd()}\n`);
    await run('npm', ['run', 'build'], { cwd: repoRoot, label: 'npm run build', timeoutMs: 5 * 60_000 });
  }
  const server = await startServer({
    host,
    port,
    profileDir,
    vsix: vsix ? [vsix] : [],
    smokeTestDriver: false,
    // The browser runs on this machine: forwarding the local sandbox's port (4010) only adds a
    // "port 4010 is available · Open in Browser" toast after sign-up. A newcomer's first start
    // opens the Wallet Console walkthrough (once per profile).
    settings: { 'remote.autoForwardPorts': false, 'workbench.welcomePage.walkthroughs.openOnInstall': true },
  });
  const url = vsix
    ? workbenchUrl(server.port, { folder })
    : workbenchUrl(server.port, { folder, payload: developmentPayload(server.port, { extensionPath: repoRoot }) });

  const lines = [
    '',
    `Wallet Console is running in VS Code at ${url} — open it in your browser. Ctrl-C stops it.`,
    '',
    `(Started in ${elapsed()}. Settings and local state are kept in ${profileDir}; \`npm start -- --fresh\` starts over.)`,
  ];
  if (onPath('code'))
    lines.push(`A desktop VS Code is on PATH too: \`code --extensionDevelopmentPath=${repoRoot} ${folder}\` runs the extension there.`);
  process.stdout.write(`${lines.join('\n')}\n\n`);

  const { code, signal } = await server.exited;
  if (server.stopping()) return 0;
  log(`The VS Code server stopped (code ${code}, signal ${signal}).`);
  return 1;
}

endRun(main());
