// The package group of `npm run bench` (issue 27): the `wallet-sandbox` package as a test suite
// uses it, in-process. The tarball is built (`npm run package:sandbox`) and measured, then a fresh
// Node process (this file, run with `child`) loads the bundle the tarball ships and times
// startSandbox, reset() of a 20-wallet scenario, namespaces, and the heap of idle instances.
//
//   node --expose-gc scripts/bench/package.mjs child <bundle> <report.json>
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { measureConnect } from './connectFigures.mjs';

const here = fileURLToPath(import.meta.url);
const KB = 1024;
const MB = 1024 * 1024;

/** 20 wallets of 20 generated transactions, a developer with an app: the reset budget's world. */
const SCENARIO = {
  seed: 27,
  clock: { start: '2026-01-05T09:00:00Z' },
  developers: [{ email: 'bench@example.ng', password: 'bench-password', apps: [{ name: 'bench', sandboxKey: 'sk_test_bench_000001' }] }],
  wallets: Array.from({ length: 20 }, (_, i) => ({
    mobile: `2348030000${String(i).padStart(3, '0')}`,
    balance: 100_000 * (i + 1),
    transactions: 20,
  })),
  faults: [{ path: '/v1/queries/banks', status: 503, times: 1 }],
};

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

async function timed(times, work) {
  const samples = [];
  for (let i = 0; i < times; i++) {
    const begun = performance.now();
    await work(i);
    samples.push(performance.now() - begun);
  }
  return samples;
}

/** In the fresh process: every figure but the tarball's. */
async function measure(bundle, report) {
  const loadBegun = performance.now();
  const { startSandbox, connectSandbox } = createRequire(here)(path.resolve(bundle));
  const first = await startSandbox({ log: () => undefined });
  const firstStartMs = performance.now() - loadBegun;
  await first.close();

  // Ready: from the call to a sandbox that serves (listening, world built), then closed outside the timing.
  const startSamples = [];
  for (let i = 0; i < 31; i++) {
    const begun = performance.now();
    const sandbox = await startSandbox({ log: () => undefined });
    startSamples.push(performance.now() - begun);
    await sandbox.close();
  }
  const scenarioStartSamples = await timed(7, async () => (await startSandbox({ scenario: SCENARIO, log: () => undefined })).close());

  // Reset of the 20-wallet scenario after money moved (balances set, the fault used up, the clock advanced).
  const sandbox = await startSandbox({ scenario: SCENARIO, log: () => undefined });
  const mobile = SCENARIO.wallets[0].mobile;
  for (let i = 0; i < 10; i++) await sandbox.reset();
  const resetSamples = [];
  for (let i = 0; i < 51; i++) {
    await sandbox.setBalance(mobile, i);
    await sandbox.clock.advance(60);
    const begun = performance.now();
    await sandbox.reset();
    resetSamples.push(performance.now() - begun);
    if ((await sandbox.balance(mobile)) !== SCENARIO.wallets[0].balance) throw new Error('reset did not restore the balance');
  }
  const namespaceSamples = await timed(51, async () => {
    const namespace = await sandbox.namespaces.create();
    await namespace.delete();
  });
  await sandbox.close();

  // Heap per idle instance: 20 sandboxes of the 20-wallet scenario, after full collections.
  globalThis.gc();
  globalThis.gc();
  const before = process.memoryUsage().heapUsed;
  const idle = [];
  for (let i = 0; i < 20; i++) idle.push(await startSandbox({ scenario: SCENARIO, log: () => undefined }));
  globalThis.gc();
  globalThis.gc();
  const heapPerInstance = (process.memoryUsage().heapUsed - before) / idle.length;
  await Promise.all(idle.map((one) => one.close()));

  const scenarioFile = path.join(path.dirname(report), 'wallet-sandbox.json');
  writeFileSync(scenarioFile, JSON.stringify(SCENARIO));
  const connect = await measureConnect({ bundle, startSandbox, connectSandbox, scenario: SCENARIO, scenarioFile });

  return {
    ...connect,
    firstStartMs,
    startMs: median(startSamples),
    startSamples,
    scenarioStartMs: median(scenarioStartSamples),
    resetMs: median(resetSamples),
    resetSamples,
    namespaceMs: median(namespaceSamples),
    heapPerInstance,
    node: process.version,
  };
}

const TARBALL = /^wallet-sandbox-.*\.tgz$/;

/** Builds the tarball afresh (an old one left in the repository would be measured otherwise); resolves with its file name. */
async function packTarball({ repoRoot, run }) {
  for (const old of readdirSync(repoRoot).filter((file) => TARBALL.test(file))) rmSync(path.join(repoRoot, old));
  await run(process.execPath, [path.join(repoRoot, 'scripts/sandbox/package.mjs')], { cwd: repoRoot, label: 'package:sandbox' });
  const tarball = readdirSync(repoRoot).find((file) => TARBALL.test(file));
  if (!tarball) throw new Error('npm run package:sandbox wrote no wallet-sandbox-<version>.tgz');
  return tarball;
}

/** Runs measure() in a fresh Node process (this file with `child`, gc exposed); resolves with its report. */
async function measureInChild({ repoRoot, run }, dir) {
  const report = path.join(dir, 'report.json');
  const bundle = path.join(repoRoot, 'out/wallet-sandbox/dist/index.cjs');
  await run(process.execPath, ['--expose-gc', here, 'child', bundle, report], { label: 'package bench', timeoutMs: 5 * 60_000 });
  return JSON.parse(readFileSync(report, 'utf8'));
}

/** The in-process figures: starting the sandbox, reset() and namespaces. */
function addStartAndResetFigures(figures, result) {
  figures.add({
    group: 'package',
    name: 'startSandbox() in-process until it serves (median of 31)',
    value: result.startMs,
    unit: 'ms',
    budget: { op: '<=', limit: 50 },
    detail: { samplesMs: result.startSamples },
  });
  figures.add({
    group: 'package',
    name: 'First startSandbox() in a fresh process, loading the bundle included',
    value: result.firstStartMs,
    unit: 'ms',
  });
  figures.add({
    group: 'package',
    name: 'startSandbox() of a 20-wallet scenario with a developer (median of 7; scrypt included)',
    value: result.scenarioStartMs,
    unit: 'ms',
  });
  figures.add({
    group: 'package',
    name: 'reset() of a 20-wallet scenario (median of 51)',
    value: result.resetMs,
    unit: 'ms',
    budget: { op: '<=', limit: 5 },
    detail: { samplesMs: result.resetSamples },
  });
  figures.add({
    group: 'package',
    name: 'namespaces.create() + delete() of that scenario (median of 51)',
    value: result.namespaceMs,
    unit: 'ms',
  });
}

/** A test suite's view: controls over connectSandbox, a 100-test suite both ways, and the heap of idle instances. */
function addSuiteAndHeapFigures(figures, result) {
  figures.add({
    group: 'package',
    name: 'A control over connectSandbox: setBalance to the CLI in another process (median of 201, loopback)',
    value: result.controlMs,
    unit: 'ms',
    budget: { op: '<=', limit: 2 }, // issue 37
    detail: { samplesMs: result.controlSamples },
  });
  for (const [where, ms] of [
    ['in process', result.localSuiteMs],
    ['over connectSandbox to the CLI', result.remoteSuiteMs],
  ]) {
    figures.add({
      group: 'package',
      name: `A 100-test suite that resets before each test: time in the sandbox's calls, ${where} (20-wallet scenario; reset, passcode, wait, advance, balances)`,
      value: ms,
      unit: 'ms',
      budget: { op: '<=', limit: 1000 }, // issue 37
    });
  }
  figures.add({
    group: 'package',
    name: 'Heap per idle instance (20 of the 20-wallet scenario)',
    value: result.heapPerInstance,
    unit: 'bytes',
    budget: { op: '<=', limit: 10 * MB },
  });
}

/** The figures, for scripts/bench/run.mjs: builds the tarball, then measures in a fresh process. */
export async function packageFigures(figures) {
  const util = await import('../host/util.mjs');
  const { log } = await import('./log.mjs');
  log('Packing the sandbox (npm run package:sandbox).');
  const tarball = await packTarball(util);
  const bytes = statSync(path.join(util.repoRoot, tarball)).size;
  figures.add({ group: 'package', name: `Tarball ${tarball}`, value: bytes, unit: 'bytes', budget: { op: '<=', limit: 300 * KB } });

  log('Measuring the package in a fresh process.');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wallet-sandbox-bench-'));
  try {
    const result = await measureInChild(util, dir);
    addStartAndResetFigures(figures, result);
    addSuiteAndHeapFigures(figures, result);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === 'child') {
  const [, , , bundle, report] = process.argv;
  writeFileSync(report, JSON.stringify(await measure(bundle, report)));
}
