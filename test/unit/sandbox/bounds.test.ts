import * as assert from 'node:assert/strict';
import { Sandbox, startSandbox } from '../../../src/sandbox';
import { MAX_GENERATED_HISTORY, MAX_GENERATED_PER_CALL, MAX_SANDBOX_HISTORY } from '../../../src/sandbox/domain/bulkHistory';
import { MAX_FAULTS } from '../../../src/sandbox/scenario/format';
import { SandboxLimitError } from '../../../src/sandbox/vocabulary/errors';
import { parseArgs, UsageError } from '../../../src/sandbox/cli/cli';
import { parseScenario } from '../../../src/sandbox/scenario/parse';
import { call, errorOf, expectOk } from './helpers';

// Issue 35: everything a client can grow has a documented limit and a clear 4xx past it that
// says which limit and how to raise it or make room. Each is driven up to its cap (which works)
// and one past it (which is refused, and changes nothing).

const DEMO = '2348000000000';

function refused(answer: { status: number; json: Record<string, unknown> }, status: number, words: RegExp): void {
  assert.equal(answer.status, status, JSON.stringify(answer.json));
  assert.equal((answer.json as { errorCode?: string }).errorCode, '90008');
  assert.match((answer.json as { error: string }).error, words);
}

describe('sandbox: bounds', function () {
  this.timeout(120_000);
  let sandbox: Sandbox;
  afterEach(() => sandbox?.close());

  it('namespaces: 100 by default, the 101st is a 409 naming --max-namespaces; deleting one makes room', async () => {
    sandbox = await startSandbox({ log: () => undefined });
    const rssBefore = process.memoryUsage().rss;
    const ids: string[] = [];
    for (let i = 0; i < 100; i++) ids.push((await expectOk(call(sandbox, 'POST', '/__sandbox/namespaces'))).json['data'].namespace.id);
    refused(await call(sandbox, 'POST', '/__sandbox/namespaces'), 409, /100 namespaces.*--max-namespaces <n>.*maxNamespaces/);
    assert.throws(() => sandbox.namespaces.create(), /its limit/);
    assert.equal(sandbox.namespaces.size, 100);
    // A hundred namespaces of the demo world stay far from the 300 MB the sandbox keeps under.
    assert.ok(process.memoryUsage().rss - rssBefore < 150 * 1024 * 1024, 'RSS grew by less than 150 MB');
    await expectOk(call(sandbox, 'GET', '/__sandbox/health'));
    await expectOk(call(sandbox, 'DELETE', `/__sandbox/namespaces/${ids[0]}`));
    await expectOk(call(sandbox, 'POST', '/__sandbox/namespaces'));
  });

  it('namespaces: startSandbox({ maxNamespaces }) and --max-namespaces raise or lower it; bad values are refused', async () => {
    sandbox = await startSandbox({ maxNamespaces: 2, log: () => undefined });
    sandbox.namespaces.create();
    sandbox.namespaces.create();
    refused(await call(sandbox, 'POST', '/__sandbox/namespaces'), 409, /2 namespaces/);
    await assert.rejects(startSandbox({ maxNamespaces: -1 }), /maxNamespaces must be a whole number from 0 to 10000/);
    const parsed = parseArgs(['--max-namespaces', '250']);
    assert.equal(parsed !== 'help' && parsed.options.maxNamespaces, 250);
    assert.throws(() => parseArgs(['--max-namespaces', '10001']), UsageError);
  });

  it(`namespaces: each copies the start's transactions, every world's together at most ${MAX_SANDBOX_HISTORY}; past it a 409`, async () => {
    // A probe made 22 namespaces of a 100,000-transaction scenario (1 GB); the count cap let 100.
    // Five wallets of 9,900: the sandbox's own world and three namespaces stay within the budget.
    const wallets = Array.from({ length: 5 }, (_, i) => ({ mobile: `234803111000${i}`, transactions: 9_900 }));
    sandbox = await startSandbox({ scenario: { seed: 52, wallets }, log: () => undefined });
    const held = () => (sandbox.namespaces as unknown as { historySize(): number }).historySize();
    const ids: string[] = [];
    let answer = await call(sandbox, 'POST', '/__sandbox/namespaces');
    while (answer.status === 200 && ids.length < 10) {
      ids.push(answer.json['data'].namespace.id);
      answer = await call(sandbox, 'POST', '/__sandbox/namespaces');
    }
    assert.equal(ids.length, 3, 'three namespaces, then the budget is reached');
    refused(
      answer,
      409,
      /^A new namespace would hold up to \d+ transactions .* may hold 200000 in all .*DELETE \/__sandbox\/namespaces\/\{id\}/,
    );
    const [adds, holds] = (/up to (\d+) transactions.* hold (\d+),/.exec(answer.json['error']) ?? []).slice(1).map(Number);
    assert.ok(adds! >= 5 * 9_900 && holds === held(), `adds ${adds}, holds ${holds} (${held()})`);
    assert.ok(holds! <= MAX_SANDBOX_HISTORY && holds! + adds! > MAX_SANDBOX_HISTORY, 'refused only past the budget');
    assert.throws(
      () => sandbox.namespaces.create(),
      (error: unknown) =>
        error instanceof SandboxLimitError && error.status === 409 && error.errorCode === '90008' && /up to/.test(error.message),
    );
    assert.equal(sandbox.namespaces.size, 3, 'nothing was made');
    await expectOk(call(sandbox, 'DELETE', `/__sandbox/namespaces/${ids[0]}`));
    await expectOk(call(sandbox, 'POST', '/__sandbox/namespaces'));
    assert.equal(sandbox.namespaces.size, 3);
  });

  it('the journal: one byte budget for the whole sandbox; the oldest entry of any world goes first', async () => {
    const maxBytes = 64 * 1024;
    sandbox = await startSandbox({ journal: { maxBytes }, log: () => undefined });
    const [one, two] = [sandbox.namespaces.create(), sandbox.namespaces.create()];
    const journals = [sandbox.requests, one.requests, two.requests];
    const pad = 'x'.repeat(2_000);
    for (let round = 0; round < 30; round++) {
      for (const key of [undefined, one.appKey, two.appKey]) {
        await call(sandbox, 'POST', '/v1/users/auth/validate', {
          headers: key ? { 'x-app-key': key } : {},
          body: { mobile: DEMO, pad },
        });
      }
    }
    const total = journals.reduce((sum, journal) => sum + journal.bytes, 0);
    assert.ok(total <= maxBytes, `${total} bytes kept by all journals together, at most ${maxBytes}`);
    assert.ok(journals.every((journal) => journal.size > 0 && journal.limits.maxBytes === maxBytes));
    // The oldest went first: every world kept about the same newest stretch (they were written in turns).
    const sizes = journals.map((journal) => journal.size);
    assert.ok(Math.max(...sizes) - Math.min(...sizes) <= 1, `kept ${sizes.join(', ')}`);
    // A deleted namespace's entries count no more.
    await expectOk(call(sandbox, 'DELETE', `/__sandbox/namespaces/${one.id}`));
    assert.equal(sandbox.requests.budget.bytes, sandbox.requests.bytes + two.requests.bytes);
  });

  it(`generate: ${MAX_GENERATED_PER_CALL} a call, ${MAX_GENERATED_HISTORY} in a wallet, ${MAX_SANDBOX_HISTORY} in the sandbox; past each a clear refusal`, async () => {
    sandbox = await startSandbox({ log: () => undefined });
    const generate = (count: number | string) => call(sandbox, 'POST', `/__sandbox/generate?mobile=${DEMO}&count=${count}`);
    refused(await generate(MAX_GENERATED_PER_CALL + 1), 400, /at most 10000 per call.*call again/);
    refused(await generate(1_000_000), 400, /at most 10000 per call/);
    assert.equal(errorOf(await generate('ten')).errorCode, '10000');
    let total = (await expectOk(generate(0))).json['data'].total as number;
    while (total < MAX_GENERATED_HISTORY) {
      total = (await expectOk(generate(Math.min(MAX_GENERATED_PER_CALL, MAX_GENERATED_HISTORY - total)))).json['data'].total as number;
    }
    assert.equal(total, MAX_GENERATED_HISTORY);
    refused(await generate(1), 409, /100000 transactions.*reset the wallet/);
    await assert.rejects(sandbox.generateTransactions(DEMO, 1), /100000 transactions/);
    assert.equal((await expectOk(generate(0))).json['data'].total, MAX_GENERATED_HISTORY, 'nothing was added');
    // The whole sandbox: every world's wallets together, a namespace's included.
    const ns = sandbox.namespaces.create();
    const inNamespace = () =>
      call(sandbox, 'POST', `/__sandbox/generate?mobile=${DEMO}&count=${MAX_GENERATED_PER_CALL}`, { headers: { 'x-app-key': ns.appKey } });
    let answer = await inNamespace();
    while (answer.status === 200) answer = await inNamespace();
    refused(answer, 409, /generating may take them to 200000 in all.*delete namespaces/);
    const held = (sandbox.namespaces as unknown as { historySize(): number }).historySize();
    assert.ok(held <= MAX_SANDBOX_HISTORY && held > MAX_SANDBOX_HISTORY - MAX_GENERATED_PER_CALL, `refused only when full (${held})`);
    await assert.rejects(ns.generateTransactions(DEMO, MAX_GENERATED_PER_CALL), /200000 in all/);
  });

  /**
   * Health calls, one after another, until `generating` settles: how many were answered before
   * it. Counted, not timed: a generate that held the sandbox until it was done lets at most the
   * one already on its way through first; one that yields between its chunks of 250 lets
   * through one or more per chunk (40 chunks for 10,000).
   */
  async function healthAnsweredDuring(generating: Promise<unknown>): Promise<number> {
    let settled = false;
    const done = generating.then(
      () => (settled = true),
      () => (settled = true),
    );
    let answered = 0;
    while (!settled) {
      await expectOk(call(sandbox, 'GET', '/__sandbox/health'));
      if (!settled) answered++;
    }
    await done;
    return answered;
  }

  it('generate gives the event loop back between chunks, over HTTP and from Node: others are answered meanwhile', async () => {
    sandbox = await startSandbox({ log: () => undefined });
    const overHttp = call(sandbox, 'POST', `/__sandbox/generate?mobile=${DEMO}&count=${MAX_GENERATED_PER_CALL}`);
    const duringHttp = await healthAnsweredDuring(overHttp);
    assert.equal((await expectOk(overHttp)).json['data'].total > MAX_GENERATED_PER_CALL, true);
    assert.ok(duringHttp >= 3, `${duringHttp} health answers while POST /__sandbox/generate made 10,000`);

    const fromNode = sandbox.generateTransactions('2349090000000', MAX_GENERATED_PER_CALL);
    const duringNode = await healthAnsweredDuring(fromNode);
    assert.ok(duringNode >= 3, `${duringNode} health answers while generateTransactions made 10,000`);
    const total = await expectOk(call(sandbox, 'POST', '/__sandbox/generate?mobile=2349090000000&count=0'));
    assert.equal(total.json['data'].total > MAX_GENERATED_PER_CALL, true, 'the Node call added its 10,000');
  });

  it(`faults: ${MAX_FAULTS} a world, over HTTP and from Node; one more is a 409 that says how to make room`, async () => {
    sandbox = await startSandbox({ log: () => undefined });
    for (let i = 0; i < MAX_FAULTS; i++)
      await expectOk(call(sandbox, 'POST', '/__sandbox/faults', { body: { path: `/v1/x${i}`, status: 503 } }));
    refused(
      await call(sandbox, 'POST', '/__sandbox/faults', { body: { path: '/v1/y', status: 503 } }),
      409,
      /100 faults.*DELETE \/__sandbox\/faults/,
    );
    assert.throws(() => sandbox.addFault({ path: '/v1/z', status: 500 }), /100 faults/);
    assert.equal(sandbox.knobs.faults.length, MAX_FAULTS);
    await expectOk(call(sandbox, 'DELETE', '/__sandbox/faults'));
    sandbox.addFault({ path: '/v1/z', status: 500 });
    const faults = (n: number) => Array.from({ length: n }, (_, i) => ({ path: `/v1/x${i}`, status: 503 }));
    assert.equal(parseScenario({ faults: faults(MAX_FAULTS) }).faults?.length, MAX_FAULTS);
    assert.throws(() => parseScenario({ faults: faults(MAX_FAULTS + 1) }), /faults: must be at most 100 faults/);
  });

  it('the clock: at most 10 years ahead of real time; past it a 400 that says how to bring it back', async () => {
    sandbox = await startSandbox({ log: () => undefined });
    const advance = (seconds: number) => call(sandbox, 'POST', '/__sandbox/clock/advance', { body: { seconds } });
    await expectOk(advance(9 * 365 * 86_400));
    const offset = (await expectOk(call(sandbox, 'GET', '/__sandbox/clock'))).json['data'].offsetMs as number;
    refused(await advance(2 * 365 * 86_400), 400, /at most 10 years ahead.*POST \/__sandbox\/reset/);
    await assert.rejects(sandbox.advanceClock(2 * 365 * 86_400), /at most 10 years ahead/);
    assert.equal((await expectOk(call(sandbox, 'GET', '/__sandbox/clock'))).json['data'].offsetMs, offset, 'the clock did not move');
    await expectOk(advance(364 * 86_400));
  });
});
