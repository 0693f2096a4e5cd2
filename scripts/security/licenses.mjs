#!/usr/bin/env node
// Lists the licenses of the production dependencies that esbuild bundles into dist/ (each
// build of esbuild.js, asked for its inputs), read from node_modules, and writes them with their
// license texts to THIRD_PARTY_NOTICES.md. A dependency's dependencies that no bundle holds (the
// MCP SDK's HTTP servers, for one) are not shipped and not listed.
//
//   node scripts/security/licenses.mjs           write THIRD_PARTY_NOTICES.md
//   node scripts/security/licenses.mjs --check   exit 1 if the file is out of date or a
//                                                license is not permissive; writes nothing
//   node scripts/security/licenses.mjs --json    print the list as JSON
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const NOTICES = path.join(root, 'THIRD_PARTY_NOTICES.md');
/** Permissive licenses that only ask for the notice to travel with the code. */
export const PERMISSIVE = new Set(['MIT', 'ISC', 'BSD-2-Clause', 'BSD-3-Clause', 'Apache-2.0', '0BSD']);

function readJson(file) {
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** Finds a package the way Node does: node_modules beside the requirer, then up the tree. */
function resolvePackage(name, fromDir) {
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (dir === root || dir === path.dirname(dir)) return undefined;
  }
}

function licenseOf(manifest) {
  if (typeof manifest.license === 'string') return manifest.license;
  if (manifest.license?.type) return manifest.license.type;
  if (Array.isArray(manifest.licenses)) return manifest.licenses.map((entry) => entry.type ?? entry).join(' OR ');
  return 'UNKNOWN';
}

function licenseText(dir) {
  const file = readdirSync(dir).find((name) => /^(licen[cs]e|copying)(\.(md|txt))?$/i.test(name));
  return file ? readFileSync(path.join(dir, file), 'utf8').replace(/\r\n/g, '\n').trim() : undefined;
}

function repositoryOf(manifest) {
  const repo = typeof manifest.repository === 'string' ? manifest.repository : manifest.repository?.url;
  if (!repo) return '';
  return repo
    .replace(/^git\+/, '')
    .replace(/\.git$/, '')
    .replace(/^github:/, 'https://github.com/');
}

/** Every package reachable from package.json's `dependencies` (not devDependencies). */
export function productionPackages() {
  const top = readJson(path.join(root, 'package.json'));
  const seen = new Map();
  const queue = Object.keys(top.dependencies ?? {}).map((name) => ({ name, from: root }));
  while (queue.length > 0) {
    const { name, from } = queue.shift();
    const dir = resolvePackage(name, from);
    if (!dir) throw new Error(`${name} is a production dependency but is not installed (run npm ci)`);
    const manifest = readJson(path.join(dir, 'package.json'));
    const key = `${manifest.name}@${manifest.version}`;
    if (seen.has(key)) continue;
    seen.set(key, {
      name: manifest.name,
      version: manifest.version,
      license: licenseOf(manifest),
      repository: repositoryOf(manifest),
      text: licenseText(dir),
    });
    for (const dependency of Object.keys({ ...manifest.dependencies, ...manifest.optionalDependencies })) {
      if (resolvePackage(dependency, dir)) queue.push({ name: dependency, from: dir });
    }
  }
  return [...seen.values()].sort((a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version));
}

/** Names of the packages whose code some bundle of esbuild.js holds. */
export async function bundledPackageNames() {
  const require = createRequire(import.meta.url);
  const esbuild = require('esbuild');
  const { builds } = require(path.join(root, 'esbuild.js'));
  const names = new Set();
  for (const options of builds) {
    const result = await esbuild.build({
      ...options,
      absWorkingDir: root,
      write: false,
      metafile: true,
      sourcemap: false,
      logLevel: 'silent',
    });
    for (const input of Object.keys(result.metafile.inputs)) {
      const match = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input);
      if (match) names.add(match[1]);
    }
  }
  return names;
}

/** True when every alternative of an SPDX expression like `(MIT OR Apache-2.0)` is permissive, or any for OR. */
export function isPermissive(expression) {
  const text = expression.replace(/[()]/g, ' ').trim();
  if (/\bOR\b/.test(text)) return text.split(/\s+OR\s+/).some((part) => isPermissive(part));
  return text.split(/\s+AND\s+/).every((part) => PERMISSIVE.has(part.trim()));
}

export function renderNotices(packages) {
  const lines = [
    '# Third-party notices',
    '',
    'Wallet Console bundles the following production dependencies into `dist/` (the extension, the',
    'agent tools, the sandbox CLI and its MCP server). Generated by `node scripts/security/licenses.mjs` from `node_modules`; do not edit by hand.',
    '',
    '| Package | Version | License | Repository |',
    '|---|---|---|---|',
    ...packages.map((pkg) => `| ${pkg.name} | ${pkg.version} | ${pkg.license} | ${pkg.repository} |`),
    '',
  ];
  for (const pkg of packages) {
    lines.push(
      `## ${pkg.name} ${pkg.version} (${pkg.license})`,
      '',
      '```text',
      pkg.text ?? `No license file is shipped in the package; its package.json says ${pkg.license}.`,
      '```',
      '',
    );
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

async function main() {
  const args = process.argv.slice(2);
  const bundled = await bundledPackageNames();
  const packages = productionPackages().filter((pkg) => bundled.has(pkg.name));
  if (args.includes('--json')) {
    process.stdout.write(
      `${JSON.stringify(
        packages.map((pkg) => ({ name: pkg.name, version: pkg.version, license: pkg.license, repository: pkg.repository })),
        null,
        2,
      )}\n`,
    );
    return 0;
  }
  const notPermissive = packages.filter((pkg) => !isPermissive(pkg.license));
  for (const pkg of packages)
    process.stdout.write(`${pkg.name}@${pkg.version}  ${pkg.license}${isPermissive(pkg.license) ? '' : '  <- NOT PERMISSIVE'}\n`);
  const expected = renderNotices(packages);
  if (args.includes('--check')) {
    const current = existsSync(NOTICES) ? readFileSync(NOTICES, 'utf8') : '';
    let failed = false;
    if (current !== expected) {
      process.stderr.write('THIRD_PARTY_NOTICES.md is out of date: run `node scripts/security/licenses.mjs`.\n');
      failed = true;
    }
    if (notPermissive.length > 0) {
      process.stderr.write(
        `Not on the permissive list (${[...PERMISSIVE].join(', ')}): ${notPermissive.map((pkg) => `${pkg.name} (${pkg.license})`).join(', ')}\n`,
      );
      failed = true;
    }
    if (!failed) process.stdout.write(`${packages.length} production packages, all permissive; THIRD_PARTY_NOTICES.md is current.\n`);
    return failed ? 1 : 0;
  }
  writeFileSync(NOTICES, expected);
  process.stdout.write(`Wrote ${path.relative(root, NOTICES)} (${packages.length} packages).\n`);
  return notPermissive.length > 0 ? 1 : 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exit(await main());
