// Entry point VS Code loads in the extension host (extensionTestsPath) for `npm run bench`:
// the host side of the benchmark. No Mocha and no assertions: it measures, writes the numbers
// as JSON and leaves the budgets to scripts/bench/run.mjs.
//
// Env: WALLET_CONSOLE_BENCH_OUT     file to write the HostReport to (required)
//      WALLET_CONSOLE_BENCH_PHASES  comma-separated: activation, requests, transfer
//      WALLET_CONSOLE_TEST_TAG      prefix for console lines, so the launcher can show them
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import type { WalletConsoleApi } from '../../src/extensionApi';
import { EXTENSION_ID } from '../host/support/extension';
import { connectFreshWallet, type ConnectedWallet } from '../host/support/connectedWallet';
import { measureActivation } from './activation';
import { measureFirstUse } from './firstUse';
import type { HostReport, Phase } from './report';
import { measureRequests } from './requests';
import { measureTransfer } from './transfer';
import { log } from './support';

function describe(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

export async function run(): Promise<void> {
  const out = process.env.WALLET_CONSOLE_BENCH_OUT;
  if (!out) throw new Error('WALLET_CONSOLE_BENCH_OUT is not set: run this through `npm run bench`.');
  const phases = new Set((process.env.WALLET_CONSOLE_BENCH_PHASES || 'activation').split(',').map((phase) => phase.trim() as Phase));
  const report: HostReport = { errors: {} };

  // First, before anything else touches the extension: this is the cold activation.
  try {
    report.activation = await measureActivation();
    log(
      `activate() took ${report.activation.activationMs.toFixed(2)} ms (${report.activation.activateCallMs.toFixed(1)} ms with loading the bundle).`,
    );
  } catch (error) {
    report.errors.activation = describe(error);
  }
  // Then, still before anything else, the first use of each feature (issue 38).
  if (report.activation) {
    try {
      report.firstUse = await measureFirstUse(vscode.extensions.getExtension<WalletConsoleApi>(EXTENSION_ID)!.exports);
      for (const [name, ms] of Object.entries(report.firstUse.ms)) log(`First use of ${name}: ${ms.toFixed(1)} ms.`);
    } catch (error) {
      report.errors.firstUse = describe(error);
    }
  }

  let wallet: ConnectedWallet | undefined;
  if (phases.has('requests') || phases.has('transfer')) {
    try {
      wallet = await connectFreshWallet('bench');
      log(`Connected the sandbox wallet ${wallet.mobile}.`);
    } catch (error) {
      report.errors.wallet = describe(error);
    }
  }
  if (wallet && phases.has('requests')) {
    try {
      report.requests = await measureRequests(wallet);
    } catch (error) {
      report.errors.requests = describe(error);
    }
  }
  if (wallet && phases.has('transfer')) {
    try {
      report.transfer = await measureTransfer(wallet);
    } catch (error) {
      report.errors.transfer = describe(error);
    }
  }

  fs.writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
  for (const [phase, error] of Object.entries(report.errors)) log(`${phase} failed: ${error}`);
}
