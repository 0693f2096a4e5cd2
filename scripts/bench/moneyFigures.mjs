// The money group of `npm run bench`: durable bank transfers per second and webhook latency,
// each against a sandbox in its own process with its own state file.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { onShutdown } from '../host/util.mjs';
import { fundWallet, measureDurableTransfers, measureWebhookLatency } from './money.mjs';
import { connectWallet, startServerProcess } from './servers.mjs';

/** A sandbox process keeping its state in `file`, with a funded, connected wallet. */
async function durableSandbox(file, label) {
  const sandbox = await startServerProcess('sandbox', undefined, [file]);
  const wallet = await connectWallet(sandbox.url, label);
  await fundWallet(sandbox.url, wallet.mobile);
  return { sandbox, wallet };
}

export async function moneyFigures(figures) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wallet-console-bench-money-'));
  const unregister = onShutdown(() => rmSync(dir, { recursive: true, force: true }));
  try {
    // Webhooks first, on a quiet disk: the transfer run leaves megabytes being written back.
    const hooks = await durableSandbox(path.join(dir, 'webhooks.json'), 'bench-webhooks');
    try {
      const latency = await measureWebhookLatency(hooks.sandbox.url, hooks.wallet);
      figures.add({
        group: 'money',
        name: `Webhook latency, settlement → local receiver (p95 of ${latency.events}; p50 ${latency.p50.toFixed(1)} ms)`,
        value: latency.p95,
        unit: 'ms',
        budget: { op: '<=', limit: 20 },
        detail: latency,
      });
    } catch (error) {
      figures.error('money', error);
    } finally {
      hooks.sandbox.stop();
    }
    const bank = await durableSandbox(path.join(dir, 'transfers.json'), 'bench-transfers');
    try {
      const transfers = await measureDurableTransfers(bank.sandbox.url, bank.wallet);
      figures.add({
        group: 'money',
        name: `Bank transfers with durable answers (fsynced before the answer), ${transfers.connections} clients`,
        value: transfers.rps,
        unit: 'rps',
        budget: { op: '>=', limit: 2_000 },
        detail: transfers,
      });
    } finally {
      bank.sandbox.stop();
    }
  } finally {
    unregister();
    rmSync(dir, { recursive: true, force: true });
  }
}
