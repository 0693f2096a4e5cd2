import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { pathToFileURL } from 'node:url';
import { FINDING_RULES } from '../../../src/sandbox/findings/finding';
import { startSandbox, type WalletSandbox } from '../../../src/sandbox/package';
import { EXAMPLES, loadShop } from '../support/exampleShop';

// Issue 39, "Proof": docs/examples/careless-shop trips every traffic rule of the integration
// review and docs/examples/careful-shop trips none. Each runs as written against a real sandbox
// (the package's startSandbox) over loopback, with its own real webhook endpoint; the day passes
// on the frozen virtual clock, and drop faults make the answers that never come.

describe('docs/examples: the careless shop and the careful shop', function () {
  this.timeout(30_000);
  let sandbox: WalletSandbox;

  beforeEach(async () => {
    sandbox = await startSandbox({ clock: { frozen: true }, log: () => undefined });
    // The network on a bad day, as runShopByHand.mjs plays it: the first transfer of each kind gets no answer.
    await sandbox.faults.add({ method: 'POST', path: '/v1/users/transfers/bank', drop: true, times: 1 });
    await sandbox.faults.add({ method: 'POST', path: '/v1/users/transfers/phone', drop: true, times: 1 });
  });
  afterEach(() => sandbox.close());

  /** Runs the shop with the demo app and wallet (a no-scenario sandbox's, as `npx wallet-sandbox` starts). */
  async function run(name: 'careless-shop' | 'careful-shop'): Promise<string[]> {
    const { sandboxKey } = sandbox.scenario!.apps[0]!;
    const wallet = sandbox.scenario!.wallets.find((each) => each.mobile === '2348000000000')!;
    const { runShop } = await loadShop(name);
    return runShop({
      baseUrl: sandbox.url,
      appKey: sandboxKey,
      mobile: wallet.mobile,
      // The passcode just sent, as the person reads it from the SMS (no fixed one to know in advance).
      askPasscode: async (mobile) => (await sandbox.passcode(mobile))!,
      letTimePass: (seconds) => sandbox.clock.advance(seconds),
    });
  }

  it('the careless shop trips every traffic rule (a new rule fails here until the shop trips it too)', async () => {
    const told = await run('careless-shop');
    assert.ok(told.includes('refund of ₦1000 failed'), `it took no answer for a failure: ${told.join('; ')}`);
    const rules = new Set((await sandbox.findings()).map((finding) => finding.rule));
    assert.deepEqual([...rules].sort(), [...FINDING_RULES].sort());
    await assert.rejects(sandbox.expectNoFindings(), /retried-money-post/);
  });

  it('the careful shop trips none, and settles each unanswered transfer by a requery', async () => {
    const told = await run('careful-shop');
    await sandbox.expectNoFindings();
    assert.match(told[1]!, /^supplier not paid: no answer came, and the requery shows no such transfer/);
    assert.match(told[2]!, /^refund not made: no answer came/);
    assert.ok(told.some((line) => /^supplier paid ₦2500 /.test(line)) && told.some((line) => /^customer refunded ₦1000 /.test(line)));
    assert.equal(
      (await sandbox.requests.list({ method: 'POST', path: '/v1/users/transfers/bank' })).length,
      2,
      'sent once, again after the requery',
    );
    const start = sandbox.scenario!.wallets.find((each) => each.mobile === '2348000000000')!.balance;
    assert.equal(
      await sandbox.balance('2348000000000'),
      start - 250_000 - 100_000 - 150_000 - 3_500,
      'each payment made once, and the BVN checked (N35) once',
    );
  });

  // As a developer runs them by hand, one after the other on one sandbox: the careful shop's
  // requery must not take the careless shop's earlier transfer of the same amount for its own.
  it('the careful shop, run after the careless one on the same sandbox, still finds its own transfers only', async () => {
    await run('careless-shop');
    await sandbox.clearFindings();
    await sandbox.faults.add({ method: 'POST', path: '/v1/users/transfers/bank', drop: true, times: 1 });
    const told = await run('careful-shop');
    assert.match(told[1]!, /^supplier not paid: no answer came/);
    await sandbox.expectNoFindings();
  });

  it('careful-shop/README.md: the test example runs as written and passes expectNoFindings', async () => {
    const readme = readFileSync(path.join(EXAMPLES, 'careful-shop/README.md'), 'utf8');
    const code = /## From a test[\s\S]*?```js\n([\s\S]*?)```/.exec(readme)?.[1];
    assert.ok(code?.includes('await sandbox.expectNoFindings();'), 'the example ends with expectNoFindings');
    const entry = pathToFileURL(path.resolve(__dirname, '../../../src/sandbox/package/index.js')).href;
    const shopFile = pathToFileURL(path.join(EXAMPLES, 'careful-shop/shop.mjs')).href;
    const dir = mkdtempSync(path.join(tmpdir(), 'wallet-careful-shop-'));
    try {
      const file = path.join(dir, 'example.mjs');
      writeFileSync(
        file,
        code!
          .replace("from 'wallet-sandbox'", `from ${JSON.stringify(entry)}`)
          .replace("'./docs/examples/careful-shop/shop.mjs'", JSON.stringify(shopFile)),
      );
      await promisify(execFile)(process.execPath, [file], { cwd: dir, timeout: 30_000 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
