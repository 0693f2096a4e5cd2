// The sandbox under load: 1,000 requests at once from 100 clients (each its own keep-alive
// agent, so many sockets), mixing every wallet query. Every answer must be a 200 with the
// success envelope; the figures are printed.
import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import { type Sandbox } from '../../../src/sandbox';
import { startCheckedSandbox } from '../support/contract';
import { makeValidAccountNumber } from '../../../src/sandbox/domain/nuban';
import { connectWallet, newDeveloper, type ConnectedWallet } from '../sandbox/helpers';

function get(agent: http.Agent, url: string, headers: Record<string, string>): Promise<{ status: number; body: string; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent, headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body, ms: performance.now() - started }));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

describe('reliability: the sandbox serves 1,000 concurrent requests', function () {
  this.timeout(60_000);
  let sandbox: Sandbox;
  let wallets: ConnectedWallet[];

  before(async () => {
    sandbox = await startCheckedSandbox({ port: 0, log: () => undefined, seed: 3, journal: { maxEntries: 1000 } });
    wallets = [];
    for (let i = 0; i < 4; i++) {
      const developer = await newDeveloper(sandbox);
      wallets.push(await connectWallet(sandbox, developer.sandboxKey, developer.sandboxMobile));
    }
  });
  after(() => sandbox.close());

  it('answers every one of 1,000 requests from 100 keep-alive clients with a 200', async () => {
    const clients = Array.from({ length: 100 }, () => new http.Agent({ keepAlive: true, maxSockets: 4 }));
    const account = makeValidAccountNumber('000014', '000000000');
    const paths = [
      '/v1/users/balance',
      '/v1/users/accounts',
      '/v1/transactions?limit=20&pages=1',
      '/v1/queries/banks',
      `/v1/queries/verify?accountNumber=${account}&bankCode=000014`,
    ];
    sandbox.requests.clear();
    const started = performance.now();
    const results = await Promise.allSettled(
      Array.from({ length: 1000 }, (_, i) => {
        const wallet = wallets[i % wallets.length]!;
        return get(clients[i % clients.length]!, sandbox.url + paths[i % paths.length], wallet.headers);
      }),
    );
    const elapsed = performance.now() - started;
    clients.forEach((agent) => agent.destroy());

    const errors = results
      .filter((result) => result.status === 'rejected')
      .map((result) => String((result as PromiseRejectedResult).reason));
    assert.deepEqual(errors, [], 'no connection error');
    const answers = results.map((result) => (result as PromiseFulfilledResult<{ status: number; body: string; ms: number }>).value);
    const bad = answers.filter((answer) => answer.status !== 200 || (JSON.parse(answer.body) as { success?: unknown }).success !== true);
    assert.deepEqual(bad.slice(0, 3), [], `${bad.length} answers were not 200 + success`);
    assert.equal(sandbox.requests.size, 1000, 'the sandbox logged all of them');
    assert.ok(sandbox.requests.list().every((request) => request.status === 200));
    const latencies = answers.map((answer) => answer.ms).sort((a, b) => a - b);
    console.log(
      `\n    1,000 concurrent requests, 100 keep-alive clients × up to 4 sockets, 5 endpoints: 1000 × 200, 0 errors in ${Math.round(elapsed)} ms ` +
        `(${Math.round(1000 / (elapsed / 1000))} req/s); latency p50 ${Math.round(percentile(latencies, 50))} ms, p95 ${Math.round(percentile(latencies, 95))} ms, max ${Math.round(latencies.at(-1)!)} ms\n`,
    );
  });
});
