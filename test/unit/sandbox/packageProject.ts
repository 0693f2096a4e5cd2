import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';

// The sandbox package as a developer gets it, made once per test run: `npm run package:sandbox`
// writes the tarball, which is installed into an empty project (no other install step). The
// package's own tests and the tests of docs/examples/testing share it; each writes its files
// where they do not meet (the examples go into a folder of their own).

export const run = promisify(execFile);
export const ROOT = path.resolve(__dirname, '../../../..');

export interface PackageProject {
  /** The temporary project: package.json and node_modules/wallet-sandbox, nothing else installed. */
  readonly project: string;
  /** wallet-sandbox-<version>.tgz at the repository root. */
  readonly tarball: string;
}

let made: Promise<PackageProject> | undefined;

/** The tarball installed into a temporary project; built on the first call of a run, then shared. */
export function packageProject(): Promise<PackageProject> {
  made ??= make();
  return made;
}

async function make(): Promise<PackageProject> {
  await run(process.execPath, [path.join(ROOT, 'scripts/sandbox/package.mjs')], { cwd: ROOT });
  const name = readdirSync(ROOT).find((file) => /^wallet-sandbox-.*\.tgz$/.test(file));
  assert.ok(name, 'npm run package:sandbox wrote wallet-sandbox-<version>.tgz at the root');
  const project = mkdtempSync(path.join(tmpdir(), 'wallet-sandbox-user-'));
  process.on('exit', () => rmSync(project, { recursive: true, force: true }));
  writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'my-app', private: true }));
  await run('npm', ['install', '--offline', '--no-audit', '--no-fund', path.join(ROOT, name)], { cwd: project });
  return { project, tarball: path.join(ROOT, name) };
}
