import { Agent, request } from 'node:http';
import * as vscode from 'vscode';
import type { ConnectedWallet } from '../host/support/connectedWallet';
import type { TrafficReport } from './report';
import { heapUsed, log, sleep, waitFor } from './support';

export const TRAFFIC_REQUESTS = 10_000;
const IN_FLIGHT = 20;
const REFRESHES = 20;

function get(agent: Agent, url: string, headers: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, headers });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve());
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * 10,000 requests from an app stand-in to the in-process sandbox with the Requests view open:
 * how much the extension host's heap grew once they are recorded, and how long a refresh of the
 * view takes (its children and every row's item, as VS Code asks when it redraws).
 */
export async function measureTraffic(wallet: ConnectedWallet): Promise<TrafficReport> {
  const { api, mobile } = wallet;
  const url = await api.sandboxUrl();
  const app = api.accounts.activeApp('local')!;
  const keys = (await api.accounts.store.appSecrets('local', app.id))!;
  const tokens = (await api.accounts.store.walletSecrets('local', mobile))!;
  const headers = { 'x-app-key': keys.sandboxKey!, 'x-app-wallet-access-token': tokens.accessToken, 'user-agent': 'bench-app/1.0' };
  const { history, tree } = { history: api.requests.history, tree: api.requests.view.tree };
  await vscode.commands.executeCommand('walletConsole.requests.focus');
  history.clear();
  await sleep(1500);
  const before = await heapUsed();

  const agent = new Agent({ keepAlive: true, maxSockets: IN_FLIGHT });
  const targets = ['/v1/users/balance', '/v1/transactions?limit=20', '/v1/users/accounts'];
  const started = performance.now();
  for (let sent = 0; sent < TRAFFIC_REQUESTS; sent += IN_FLIGHT) {
    await Promise.all(
      Array.from({ length: Math.min(IN_FLIGHT, TRAFFIC_REQUESTS - sent) }, (_, index) =>
        get(agent, `${url}${targets[(sent + index) % targets.length]}`, headers),
      ),
    );
  }
  const sendMs = performance.now() - started;
  agent.destroy();
  await waitFor(() => history.size > 0, 5_000);
  await sleep(1500);
  const after = await heapUsed();

  const refreshMs: number[] = [];
  let rows = 0;
  for (let i = 0; i < REFRESHES; i++) {
    const start = performance.now();
    const children = tree.getChildren();
    for (const child of children) tree.getTreeItem(child);
    refreshMs.push(performance.now() - start);
    rows = children.length;
  }
  log(
    `Sent ${TRAFFIC_REQUESTS} requests in ${Math.round(sendMs)} ms; ${rows} rows; heap ${before.bytes} -> ${after.bytes} (${after.method}).`,
  );
  return {
    requests: TRAFFIC_REQUESTS,
    rows,
    sendMs,
    refreshMs,
    heapBeforeBytes: before.bytes,
    heapAfterBytes: after.bytes,
    heapMethod: after.method,
  };
}
