// The package group of `npm run bench` (issues 27, 37): the `wallet-sandbox` package as a test
// suite uses it. The package is built (`npm run package:sandbox`, once per run: spawn.mjs starts its
// CLI too), then a fresh Node process (this file, run with `child`) loads the bundle it ships and
// times startSandbox(), reset() of a 20-wallet scenario, and a 100-test suite in process and over
// connectSandbox.
//
//   node scripts/bench/package.mjs child <bundle> <report.json>
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { measureSuites } from './connectFigures.mjs';

const here = fileURLToPath(import.meta.url);

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

/** In the fresh process: every figure of the group. */
async function measure(bundle, report) {
  const { startSandbox, connectSandbox } = createRequire(here)(path.resolve(bundle));
  await (await startSandbox({ log: () => undefined })).close();

  // Ready: from the call to a sandbox that serves (listening, world built), then closed outside the timing.
  const startSamples = [];
  for (let i = 0; i < 31; i++) {
    const begun = performance.now();
    const sandbox = await startSandbox({ log: () => undefined });
    startSamples.push(performance.now() - begun);
    await sandbox.close();
  }

  // Reset of the 20-wallet scenario after money moved (a balance set, the fault used up, the clock advanced).
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
  await sandbox.close();

  const scenarioFile = path.join(path.dirname(report), 'wallet-sandbox.json');
  writeFileSync(scenarioFile, JSON.stringify(SCENARIO));
  const suites = await measureSuites({ bundle, startSandbox, connectSandbox, scenario: SCENARIO, scenarioFile });
  return { ...suites, startMs: median(startSamples), startSamples, resetMs: median(resetSamples), resetSamples };
}

let packed;

/** Builds the package once per run (`npm run package:sandbox`): out/wallet-sandbox, its bundle and CLI. */
export function packSandbox() {
  packed ??= import('../host/util.mjs').then(({ repoRoot, run }) =>
    run(process.execPath, [path.join(repoRoot, 'scripts', 'sandbox', 'package.mjs')], {
      cwd: repoRoot,
      timeoutMs: 2 * 60_000,
      label: 'npm run package:sandbox',
    }),
  );
  return packed;
}

/** Runs measure() in a fresh Node process (this file with `child`, gc exposed); resolves with its report. */
async function measureInChild({ repoRoot, run }, dir) {
  const report = path.join(dir, 'report.json');
  const bundle = path.join(repoRoot, 'out/wallet-sandbox/dist/index.cjs');
  await run(process.execPath, [here, 'child', bundle, report], { label: 'package bench', timeoutMs: 5 * 60_000 });
  return JSON.parse(readFileSync(report, 'utf8'));
}

/** The figures, for scripts/bench/run.mjs: builds the package, then measures in a fresh process. */
export async function packageFigures(figures) {
  const util = await import('../host/util.mjs');
  const { log } = await import('./log.mjs');
  log('Packing the sandbox (npm run package:sandbox).');
  await packSandbox();
  log('Measuring the package in a fresh process.');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wallet-sandbox-bench-'));
  let result;
  try {
    result = await measureInChild(util, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  log(
    `Suite over connectSandbox by call (ms): ${JSON.stringify(result.remoteSuite.byCallMs)}; a health round trip ${result.healthRoundTripMs.toFixed(2)} ms.`,
  );
  const add = (name, value, limit, detail) =>
    figures.add({ group: 'package', name, value, unit: 'ms', budget: { op: '<=', limit }, detail });
  add('startSandbox() in-process until it serves (median of 31)', result.startMs, 50, { samplesMs: result.startSamples });
  add('reset() of a 20-wallet scenario (median of 51)', result.resetMs, 5, { samplesMs: result.resetSamples });
  const suite = "A 100-test suite resetting before each test: time in the sandbox's calls";
  add(`${suite}, in process`, result.localSuite.ms, 1000, result.localSuite);
  add(`${suite}, over connectSandbox to the CLI`, result.remoteSuite.ms, 1000, {
    ...result.remoteSuite,
    healthRoundTripMs: result.healthRoundTripMs,
  });
}

if (process.argv[2] === 'child') {
  const [, , , bundle, report] = process.argv;
  writeFileSync(report, JSON.stringify(await measure(bundle, report)));
}
