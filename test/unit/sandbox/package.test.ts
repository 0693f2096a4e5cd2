import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { packageProject, ROOT, run } from '../support/packedSandbox';
import { readyLine } from '../support/cliReady';

// The sandbox package as a developer gets it: `npm run package:sandbox` writes the tarball, which
// is installed into an empty project (no other install step) and used there from an ES module,
// from CommonJS, from TypeScript with strict checks, and as `npx wallet-sandbox`.

const TSC = path.join(ROOT, 'node_modules/typescript/bin/tsc');
/** TypeScript 7 (the native compiler's preview, a devDependency). */
const TSGO = path.join(ROOT, 'node_modules/@typescript/native-preview/bin/tsgo');

const SCENARIO = {
  developers: [{ email: 'ci@example.ng', password: 'ci-password', apps: [{ name: 'shop', sandboxKey: 'sk_test_pkg_0000000001' }] }],
  wallets: [{ mobile: '08031112222', passcode: '123456', balance: 250000 }],
};

const ESM_TEST = `
import { startSandbox, ScenarioError } from 'wallet-sandbox';
const sandbox = await startSandbox({ scenario: 'wallet-sandbox.json' });
const headers = { 'x-app-key': 'sk_test_pkg_0000000001' };
const banks = await (await fetch(sandbox.url + '/v1/queries/banks', { headers })).json();
if (!banks.success) throw new Error('banks: ' + JSON.stringify(banks));
if ((await sandbox.balance('2348031112222')) !== 250000) throw new Error('balance');
const seen = await sandbox.requests.waitFor({ path: '/v1/queries/banks' }, { timeoutMs: 2000 });
if (seen.status !== 200 || (await sandbox.requests.list({ method: 'GET', path: '/v1/queries/banks' })).length !== 1) throw new Error('requests');
const before = (await sandbox.clock.now()).getTime();
await sandbox.clock.advance(3600);
if ((await sandbox.clock.now()).getTime() - before < 3600_000) throw new Error('clock');
await startSandbox({ scenario: { wallets: [{ mobile: '0803', balance: 1 }] } }).then(
  () => { throw new Error('a bad scenario started'); },
  (error) => { if (!(error instanceof ScenarioError) || error.path !== 'wallets[0].mobile') throw error; },
);
await sandbox.close();
console.log('esm ok ' + sandbox.scenario.apps[0].sandboxKey);
`;

const CJS_TEST = `
const { startSandbox, SandboxTimeoutError } = require('wallet-sandbox');
(async () => {
  const sandboxes = await Promise.all([1, 2, 3].map(() => startSandbox()));
  if (new Set(sandboxes.map((s) => s.port)).size !== 3) throw new Error('ports');
  await sandboxes[0].webhooks.waitFor({ type: 'BANK_TRANSFER' }, { timeoutMs: 50 }).then(
    () => { throw new Error('an event out of nowhere'); },
    (error) => { if (!(error instanceof SandboxTimeoutError)) throw error; },
  );
  await Promise.all(sandboxes.map((s) => s.close()));
  console.log('cjs ok');
})();
`;

const TS_TEST = `
import { connectSandbox, startSandbox, type SandboxWorld, type ScenarioFile, type WalletSandbox } from 'wallet-sandbox';
const scenario: ScenarioFile = { wallets: [{ mobile: '08031112222', balance: 100 }] };
export async function check(): Promise<number> {
  await using sandbox: WalletSandbox = await startSandbox({ scenario, port: 0 });
  // One interface in and out of process.
  const worlds: SandboxWorld[] = [sandbox, await connectSandbox(sandbox.url)];
  return (await Promise.all(worlds.map((world) => world.balance('2348031112222'))))[0]!;
}
`;

describe('sandbox package: the tarball in an empty project', function () {
  this.timeout(180_000);
  let project: string;
  let tarball: string;

  before(async () => {
    ({ project, tarball } = await packageProject());
    writeFileSync(path.join(project, 'wallet-sandbox.json'), JSON.stringify(SCENARIO));
  });

  it('is small and has no runtime dependencies', () => {
    assert.ok(statSync(tarball).size <= 300 * 1024, `${statSync(tarball).size} bytes`);
    assert.deepEqual(
      readdirSync(path.join(project, 'node_modules')).filter((dir) => !dir.startsWith('.')),
      ['wallet-sandbox'],
    );
  });

  it('names where its source, home page and issue tracker are (npm shows them)', () => {
    const manifest = JSON.parse(readFileSync(path.join(project, 'node_modules/wallet-sandbox/package.json'), 'utf8')) as Record<
      string,
      { url?: string } | string
    >;
    assert.match(String((manifest['repository'] as { url?: string }).url), /^git\+https:\/\/github\.com\//);
    assert.match(String(manifest['homepage']), /^https:\/\//);
    assert.match(String((manifest['bugs'] as { url?: string }).url), /^https:\/\/.*\/issues$/);
  });

  it('works from an ES module', async () => {
    writeFileSync(path.join(project, 'esm.test.mjs'), ESM_TEST);
    const { stdout } = await run(process.execPath, ['esm.test.mjs'], { cwd: project });
    assert.equal(stdout.trim(), 'esm ok sk_test_pkg_0000000001');
  });

  it('works from CommonJS, many instances in one process, and the process exits by itself', async () => {
    writeFileSync(path.join(project, 'cjs.test.cjs'), CJS_TEST);
    const { stdout } = await run(process.execPath, ['cjs.test.cjs'], { cwd: project, timeout: 20_000 });
    assert.equal(stdout.trim(), 'cjs ok');
  });

  it('has one rolled-up index.d.ts of the public API, importing nothing', () => {
    const installed = path.join(project, 'node_modules/wallet-sandbox');
    const declarations = readdirSync(installed, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.d.ts'));
    assert.deepEqual(declarations, [path.join('types', 'index.d.ts')]);
    const text = readFileSync(path.join(installed, 'types/index.d.ts'), 'utf8');
    assert.doesNotMatch(text, /^\s*import\b|\bimport\(|require\(|\/\/\/ <reference (path|types)=/m, 'it imports nothing');
    // Only a lib of TypeScript's own, for `await using` on an older target (checked below).
    assert.deepEqual(text.match(/^\/\/\/ <reference .*$/gm), ['/// <reference lib="esnext.disposable" />']);
    // The journal's writers and the sandbox's insides are not the user's.
    const journal = /^export declare class Requests [\s\S]*?^\}/m.exec(text)?.[0] ?? assert.fail('no Requests');
    for (const writer of ['add', 'adopt', 'setLimits', 'detach']) assert.doesNotMatch(journal, new RegExp(`\\b${writer}\\(`));
    for (const internal of [
      /interface Sandbox\b/,
      /\bWorldControls\b/,
      /\bJournalBudget\b/,
      /\bRequestJournal\b/,
      /\bWorldPort\b/,
      /\bcontrols[:;]/,
    ]) {
      assert.doesNotMatch(text, internal);
    }
    assert.match(text, /export declare function startSandbox\(/);
  });

  // The declarations as shipped, with no lib or types added for them: TypeScript 7 includes no
  // @types unless told, and a target before ES2025 has no disposable lib.
  for (const [label, types, lib] of [
    ['with no @types at all (lib dom)', [], ['es2022', 'dom']],
    ["with a Node project's @types/node", ['node'], ['es2022']],
    ['with no @types and its target’s lib', [], undefined],
  ] as const) {
    for (const [compiler, bin] of [
      ['TypeScript 6', TSC],
      ['TypeScript 7', TSGO],
    ] as const) {
      it(`type-checks from ${compiler} under --strict, ${label}`, async () => {
        writeFileSync(path.join(project, 'check.ts'), TS_TEST);
        // A Node project has @types/node: this repository's stands in for it.
        const compilerOptions = {
          noEmit: true,
          strict: true,
          module: 'nodenext',
          moduleResolution: 'nodenext',
          target: 'es2022',
          types,
          lib,
        };
        const config = {
          compilerOptions: { ...compilerOptions, typeRoots: [path.join(ROOT, 'node_modules/@types')] },
          files: ['check.ts'],
        };
        writeFileSync(path.join(project, 'tsconfig.check.json'), JSON.stringify(config));
        await run(process.execPath, [bin, '-p', 'tsconfig.check.json'], { cwd: project });
      });
    }
  }

  it('ships every document its README, SKILL.md, --help, openapi.json, schema and types name, or names it by a full URL', async () => {
    const installed = path.join(project, 'node_modules/wallet-sandbox');
    const { stdout: help } = await run('npx', ['--no-install', 'wallet-sandbox', '--help'], { cwd: project });
    const texts: [string, string][] = [
      ...['README.md', 'SKILL.md', 'openapi.json', 'scenario.schema.json', 'types/index.d.ts'].map((file): [string, string] => [
        file,
        readFileSync(path.join(installed, file), 'utf8'),
      ]),
      ['--help', help],
    ];
    // Files a user makes (a scenario, a state file, a findings baseline) are not documents the package points to.
    const theirs =
      /^(\.\/)?([\w.-]*wallet-sandbox\.json|wallet-sandbox-findings[\w.-]*\.json|sandbox\.json|file\.json|state\.json|x\.json)$/;
    let checked = 0;
    for (const [where, text] of texts) {
      // A full URL is fine; an HTML comment is no link (the README's test markers).
      const withoutUrls = text
        .replace(/\[[^\]]*\]\(https?:[^)]*\)/g, '')
        .replace(/https?:\/\/[^\s)"'<>`]+/g, '')
        .replace(/<!--[\s\S]*?-->/g, '');
      for (const [, reference = ''] of withoutUrls.matchAll(
        /(?<![\w/.-])((?:\.{0,2}\/)?[\w.-]+(?:\/[\w.-]+)*\.(?:md|ts|json|ya?ml))(?![\w(]|\.\w)/g,
      )) {
        if (theirs.test(reference) || reference.endsWith('.d.ts') || reference.startsWith('/__sandbox/')) continue;
        // `wallet-sandbox/package.json` (a require of the package's own file) is a file of the package too.
        const inPackage = reference.replace(/^(\.\/)?(node_modules\/)?(wallet-sandbox\/)?/, '');
        assert.ok(existsSync(path.join(installed, inPackage)), `${where} names ${reference}, which the package does not ship`);
        checked++;
      }
    }
    assert.ok(checked >= 8, `${checked} references checked`);
  });

  it('runs as npx wallet-sandbox --json: one ready line on stdout, then a clean stop', async () => {
    const child = spawn('npx', ['--no-install', 'wallet-sandbox', '--port', '0', '--json', '--scenario', 'wallet-sandbox.json'], {
      cwd: project,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let pid: number | undefined;
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      const ready = await readyLine(child);
      pid = ready.pid;
      assert.deepEqual(
        ready.apps.map((app) => app.sandboxKey),
        ['sk_test_pkg_0000000001'],
      );
      assert.equal((await fetch(`${ready.url}/__sandbox/health`)).status, 200);
      // The sandbox's own process: npx runs it as a child and does not pass signals on.
      process.kill(ready.pid, 'SIGTERM');
      assert.equal(await exited, 0);
      assert.equal(out.trim().split('\n').length, 1, 'nothing on stdout but the ready line');
    } finally {
      child.kill('SIGKILL');
      try {
        if (pid !== undefined) process.kill(pid, 'SIGKILL');
      } catch {
        // Stopped already, as it should be.
      }
    }
  });
});
