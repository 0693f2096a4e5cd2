import * as assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { execFile } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';

// The sandbox package as a developer gets it: `npm run package:sandbox` writes the tarball, which
// is installed into an empty project (no other install step). Packing takes a while (esbuild and
// the rolled-up .d.ts), so the tarball is kept in a temporary folder named by a hash of what it is
// built from: made once for a build, then reused by later runs until a source changes. The project
// is made afresh once per run, and shared by the package's tests and the docs' examples; each
// writes its files where they do not meet (a folder of its own).

export const run = promisify(execFile);
export const ROOT = path.resolve(__dirname, '../../../..');

/** What the tarball is built from: a change to any of these is a new build. */
const INPUTS = ['src', 'scripts/sandbox', 'package.json', 'package-lock.json', 'LICENSE'];

export interface PackageProject {
  /** The temporary project: package.json and node_modules/wallet-sandbox, nothing else installed. */
  readonly project: string;
  /** wallet-sandbox-<version>.tgz, in the temporary folder of its build. */
  readonly tarball: string;
}

let made: Promise<PackageProject> | undefined;

/** The tarball installed into a temporary project; made on the first call of a run, then shared. */
export function packageProject(): Promise<PackageProject> {
  made ??= make();
  return made;
}

/** The files under `input` (a file or a folder), relative to the root, in a stable order. */
function filesOf(input: string): string[] {
  const full = path.join(ROOT, input);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [input];
  return readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)))
    .sort();
}

/** A hash of every file the package is built from, path and content. */
function buildKey(): string {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap(filesOf)) hash.update(`${file}\0`).update(readFileSync(path.join(ROOT, file)));
  return hash.digest('hex').slice(0, 16);
}

/**
 * The tarball of this build: packed (`npm run package:sandbox`) and copied into the build's
 * temporary folder the first time, found there afterwards. The copy is renamed into place, so
 * a run that stopped half-way, or another worktree packing the same build, leaves no torn file.
 */
async function packedTarball(): Promise<string> {
  const { version } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };
  const name = `wallet-sandbox-${version}.tgz`;
  const folder = path.join(tmpdir(), `wallet-sandbox-pack-${buildKey()}`);
  const cached = path.join(folder, name);
  if (existsSync(cached)) return cached;
  await run(process.execPath, [path.join(ROOT, 'scripts/sandbox/package.mjs')], { cwd: ROOT });
  assert.ok(existsSync(path.join(ROOT, name)), `npm run package:sandbox wrote ${name} at the root`);
  mkdirSync(folder, { recursive: true });
  const partial = `${cached}.${process.pid}`;
  copyFileSync(path.join(ROOT, name), partial);
  renameSync(partial, cached);
  return cached;
}

async function make(): Promise<PackageProject> {
  const tarball = await packedTarball();
  const project = mkdtempSync(path.join(tmpdir(), 'wallet-sandbox-user-'));
  process.on('exit', () => rmSync(project, { recursive: true, force: true }));
  writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'my-app', private: true }));
  await run('npm', ['install', '--offline', '--no-audit', '--no-fund', tarball], { cwd: project });
  return { project, tarball };
}
