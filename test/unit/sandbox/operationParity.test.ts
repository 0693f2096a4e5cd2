import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { openSharedSandbox, Sandbox, SandboxClient, SharedSandbox } from '../../../src/sandbox';
import { checkAgainstContract } from '../support/contract';
import { webhookReceiver, WebhookReceiver } from '../support/webhookReceiver';
import { call } from './helpers';
import { CASES, Input, MOBILE, OperationCase } from './operationCases';

// Issue 35: one world was reached through several shapes that each restated the rules, so Node
// took what HTTP refused (a fault of status 999) and threw where HTTP answered (a mobile written
// 0803…). Every operation, with a good input and bad ones, through the Node API, the admin HTTP
// API and another process's client: the same answer or the same error (status, code, message),
// and the same world afterwards.

type Outcome = { ok: unknown } | { status: number; errorCode: string | undefined; error: string };

const SCENARIO = (callbackURL: string) => ({
  seed: 35,
  clock: { start: '2026-01-05T09:00:00Z' },
  faults: [{ path: '/v1/never/called', status: 500 }],
  developers: [
    {
      email: 'parity@example.ng',
      password: 'parity-password',
      apps: [{ name: 'Parity', sandboxKey: 'sk_test_parity_000001', callbackURL, wallets: [MOBILE] }],
    },
  ],
  wallets: [{ mobile: MOBILE, name: 'Ada Parity', balance: 100_00, passcode: '123456', transactions: 3 }],
});

function refusal(error: unknown): Outcome {
  const { status, errorCode, message } = error as { status?: number; errorCode?: string; message: string };
  if (typeof status !== 'number') throw error; // not a refusal: a defect, shown as it is
  return { status, errorCode, error: message };
}

async function viaNode(sandbox: Sandbox, c: OperationCase, input: Input): Promise<Outcome> {
  try {
    return { ok: await c.node(sandbox, input) };
  } catch (error) {
    return refusal(error);
  }
}

async function viaHttp(sandbox: Sandbox, c: OperationCase, input: Input): Promise<Outcome> {
  const { method, path: target, body, rawBody } = c.http(input);
  const options = rawBody !== undefined ? { rawBody, headers: { 'content-type': 'application/json' } } : body === undefined ? {} : { body };
  const answer = await call(sandbox, method, target, options);
  if (answer.json['success'] === true) return { ok: c.fromHttp(answer.json['data']) };
  if (c.absentCode && answer.json['errorCode'] === c.absentCode) return { ok: undefined };
  return { status: answer.status, errorCode: answer.json['errorCode'], error: answer.json['error'] };
}

async function viaRemote(client: SandboxClient, c: OperationCase, input: Input): Promise<Outcome> {
  try {
    return { ok: await c.remote!(client, input) };
  } catch (error) {
    const { status, errorCode, message } = error as { status: number; errorCode?: string; message: string };
    return { status, errorCode, error: message };
  }
}

/** The world, without what the real clock moves: wallets, faults, latency, events, and time moved. */
async function worldOf(sandbox: Sandbox, startedAt: number) {
  const { scenario } = await sandbox.exportScenario(); // also proves the world still exports
  return {
    wallets: scenario.wallets?.map((w) => ({
      mobile: w.mobile,
      balance: w.balance,
      // Not the references: a seeded one starts with the second it was made in.
      transactions: Array.isArray(w.transactions) ? w.transactions.map((t) => [t.type, t.amount]) : w.transactions,
    })),
    faults: sandbox.knobs.faults.map(({ id, ...fault }) => (void id, fault)),
    latencyMs: sandbox.knobs.latencyMs,
    events: sandbox.events().map((event) => event.type),
    minutesMoved: Math.round((sandbox.now() - startedAt) / 60_000),
  };
}

describe('sandbox: one surface, Node and HTTP agree', function () {
  this.timeout(60_000);
  let dir: string;
  let receiver: WebhookReceiver;
  const opened: SharedSandbox[] = [];
  let sandbox: Sandbox;
  let remote: SandboxClient;

  before(async () => {
    receiver = await webhookReceiver();
    const callbackURL = receiver.url;
    dir = mkdtempSync(path.join(tmpdir(), 'wallet-sandbox-parity-'));
    const options = { dataFile: path.join(dir, 'state.json'), port: 0, scenario: SCENARIO(callbackURL), log: () => undefined };
    opened.push(await openSharedSandbox({ ...options, role: 'window', onExchange: checkAgainstContract }));
    opened.push(await openSharedSandbox({ ...options, role: 'mcp' }));
    sandbox = opened[0]!.inProcess!;
    remote = opened[1]!.client;
    assert.equal(remote.server.here, false, 'the second is a client of the first');
  });
  after(async () => {
    for (const shared of opened.reverse()) await shared.close();
    await receiver.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Runs the input one way from the start world; answers the outcome and the world after it. */
  async function fromStart(run: () => Promise<Outcome>) {
    await sandbox.reset();
    const startedAt = sandbox.now();
    const outcome = await run();
    return { outcome, world: await worldOf(sandbox, startedAt) };
  }

  for (const c of CASES) {
    it(`${c.name}: the same answers and refusals, the same world after`, async () => {
      for (const [index, input] of c.inputs.entries()) {
        const node = await fromStart(() => viaNode(sandbox, c, input));
        const http = await fromStart(() => viaHttp(sandbox, c, input));
        const what = `${c.name} input ${index} (${Object.keys(input).join(', ')})`;
        assert.deepEqual(http, node, `HTTP and Node differ on ${what}`);
        if (c.remote) assert.deepEqual(await fromStart(() => viaRemote(remote, c, input)), node, `the remote client differs on ${what}`);
        // The good inputs are taken; the others are refused as bad input or a missing wallet or event.
        if (index < (c.good ?? 1)) assert.ok('ok' in node.outcome, `${what}: ${JSON.stringify(node.outcome)}`);
        else
          assert.ok(
            'status' in node.outcome && [400, 404].includes(node.outcome.status),
            `${what} is refused: ${JSON.stringify(node.outcome)}`,
          );
      }
    });
  }
});
