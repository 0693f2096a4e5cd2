// Issue 54: Check Webhook Handler's own traffic (its test transfers, its forged event, the
// deliveries of both) is the tool's, not the app's: the integration review leaves it alone, so a
// CI job with --fail-on-findings does not fail because of the check. Its calls say whose they are
// (CHECK_USER_AGENT), which the editor's Requests view shows.
import * as assert from 'node:assert/strict';
import { startSandbox, type Sandbox } from '../../../src/sandbox';
import { CHECK_USER_AGENT } from '../../../src/sandbox/reference';
import type { Finding } from '../../../src/sandbox/findings/finding';
import { checkWebhookHandler, type CheckCredentials } from '../../../src/sandbox';
import { newCheckApp } from '../../../src/sandbox/webhookCheck/walletCalls';
import { CAREFUL, localHandler, type HandlerBehaviour, type LocalHandler } from './handlers';

describe('webhook check: no findings of its own', function () {
  this.timeout(60_000);
  let sandbox: Sandbox;
  let credentials: CheckCredentials;
  let handler: LocalHandler | undefined;

  beforeEach(async () => {
    sandbox = await startSandbox({ port: 0, log: () => undefined });
    credentials = await newCheckApp(sandbox.url);
  });
  afterEach(async () => {
    await handler?.close();
    handler = undefined;
    await sandbox.close();
  });

  const check = async (behaviour: HandlerBehaviour) => {
    handler = await localHandler(
      behaviour,
      () => sandbox.url,
      () => credentials,
    );
    return checkWebhookHandler({ handlerUrl: handler.url, sandboxUrl: sandbox.url, credentials, acceptWithinMs: 1_000 });
  };
  /** What the run found, every waiting rule judged (its grace given): what the CLI's --fail-on-findings reads. */
  const runFindings = async () => ((await sandbox.runOperation('findings', { scope: 'run' })) as { findings: Finding[] }).findings;

  it('a handler that passes 6 of 6 leaves 0 findings, and every call of the check says it is the check’s', async () => {
    const report = await check(CAREFUL);
    assert.equal(report.passed, true, JSON.stringify(report, null, 2));
    assert.deepEqual(await runFindings(), []);
    const transfers = sandbox.requests.list({ method: 'POST' }).filter((entry) => entry.path.startsWith('/v1/users/transfers/'));
    assert.ok(transfers.length >= 3, 'the check made its transfers');
    assert.ok(
      transfers.every((entry) => entry.userAgent === CHECK_USER_AGENT),
      transfers.map((entry) => entry.userAgent).join(),
    );
  });

  it('a handler that fails every event case leaves none either: the check reports it, the review does not', async () => {
    const report = await check({ requery: 'never', malformedStatus: 200, eventStatus: 500 });
    assert.equal(report.passed, false);
    assert.deepEqual(await runFindings(), []);
  });

  it('the same transfer sent by the app itself is the app’s, and is reviewed', async () => {
    // The check's unverified bank transfer, sent as an app would: the rule the check's traffic is spared.
    const answer = await fetch(`${sandbox.url}/v1/users/transfers/bank`, {
      method: 'POST',
      headers: {
        'X-App-Key': credentials.appKey,
        'X-App-Wallet-Access-Token': credentials.accessToken,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ accountNumber: '1000000001', bankCode: '000014', accountName: 'SANDBOX INSTANT SUCCESS', amount: 100 }),
    });
    assert.equal(answer.status, 200);
    assert.deepEqual(
      (await runFindings()).map((finding) => finding.rule),
      ['unverified-recipient'],
    );
  });
});
