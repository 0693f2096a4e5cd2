// The check's engine against real handlers on loopback and a real sandbox: the careful handler
// passes every case; each careless one fails exactly the cases its fault should fail, production's
// disorder (copies at once, an older event late, the webhook first, a reversal) included.
import * as assert from 'node:assert/strict';
import { checkWebhookHandler, startSandbox, type CheckCredentials, type Sandbox, type WebhookCheckReport } from '../../../src/sandbox';
import { newCheckApp } from '../../../src/sandbox/webhookCheck/walletCalls';
import { CAREFUL, localHandler, type HandlerBehaviour, type LocalHandler } from './handlers';

/** The cases counted as failed (an advisory one that did not pass is a note, not a failure). */
const failed = (report: WebhookCheckReport) => report.cases.filter((row) => !row.passed && !row.advisory).map((row) => row.name);

describe('webhook check: the engine against real handlers', function () {
  this.timeout(60_000);
  let sandbox: Sandbox;
  let credentials: CheckCredentials;
  let handler: LocalHandler | undefined;

  before(async () => {
    sandbox = await startSandbox({ port: 0, log: () => undefined });
    credentials = await newCheckApp(sandbox.url);
  });
  afterEach(async () => {
    await handler?.close();
    handler = undefined;
  });
  after(() => sandbox.close());

  // The API's answers are slowed past 1 s in the slow case; the handler must answer within 1 s.
  const check = async (behaviour: HandlerBehaviour) => {
    handler = await localHandler(
      behaviour,
      () => sandbox.url,
      () => credentials,
    );
    return checkWebhookHandler({ handlerUrl: handler.url, sandboxUrl: sandbox.url, credentials, acceptWithinMs: 1_000 });
  };

  it('passes a careful handler on every case, and reports its requeries', async () => {
    const report = await check(CAREFUL);
    assert.deepEqual(failed(report), [], JSON.stringify(report, null, 2));
    assert.deepEqual(
      report.cases.map((row) => row.name),
      [
        'bank-transfer',
        'phone-transfer',
        'redelivery',
        'malformed',
        'forgery',
        'slow-acceptance',
        'concurrent',
        'out-of-order',
        'before-answer',
        'reversal',
        'never-sent',
      ],
    );
    const row = (name: string) => report.cases.find((one) => one.name === name)!;
    assert.equal(row('forgery').requeried, true);
    assert.equal(row('bank-transfer').requeried, true);
    assert.equal(row('malformed').status, 400);
    assert.equal(report.passed, true);
    assert.equal(report.handlerUrl, handler!.url);
    // Production's disorder: three copies at once (this handler requeries each before its guard:
    // the why says every copy went on to the work), the older PENDING acknowledged, the reversal requeried.
    assert.deepEqual([row('concurrent').deliveries, row('concurrent').status], [3, 200]);
    assert.match(row('concurrent').why, /requeried 3 times: every copy went on to the work/);
    assert.deepEqual([row('out-of-order').passed, row('before-answer').requeried, row('reversal').requeried], [true, true, true]);
    // Nothing was sent for the withheld event, and nothing requeried it: a note for the app, not a failure.
    assert.deepEqual(
      [row('never-sent').deliveries, row('never-sent').advisory, row('never-sent').passed, row('never-sent').requeried],
      [0, true, false, false],
    );
    // Work ran once per known transfer: the redelivery did none again, the forgery (unknown to the API) none at all.
    assert.ok(handler!.processed.length >= 2, handler!.processed.join());
    assert.equal(new Set(handler!.processed).size, handler!.processed.length);
  });

  it('lifts a withholding left from the app’s own tests, so the handler gets every event of the check', async () => {
    sandbox.runOperation('withholdEvents', { times: 50 });
    const report = await check(CAREFUL);
    assert.deepEqual(failed(report), [], JSON.stringify(report, null, 2));
    assert.deepEqual(sandbox.runOperation('withholdEvents', { times: 0 }), { withholding: { times: 0 } });
  });

  it('never shows back a user name and password of the handler’s URL', async () => {
    handler = await localHandler(
      CAREFUL,
      () => sandbox.url,
      () => credentials,
    );
    const withPassword = handler.url.replace('http://', 'http://hook:s3cret-pass@');
    const report = await checkWebhookHandler({ handlerUrl: withPassword, sandboxUrl: sandbox.url, credentials, acceptWithinMs: 1_000 });
    assert.equal(report.passed, true, JSON.stringify(report));
    assert.ok(!JSON.stringify(report).includes('s3cret-pass'), report.handlerUrl);
    assert.equal(report.handlerUrl, handler.url.replace('http://', 'http://***@'));
  });

  it('fails the forgery, the event before the answer and the reversal of a handler that never requeries, and says why', async () => {
    const report = await check({ ...CAREFUL, requery: 'never' });
    assert.deepEqual(failed(report), ['forgery', 'before-answer', 'reversal']);
    assert.match(report.cases.find((row) => row.name === 'before-answer')!.why, /only a requery proves it real/);
    assert.match(report.cases.find((row) => row.name === 'forgery')!.why, /requery/);
    assert.equal(report.passed, false);
  });

  it('fails the malformed case of a handler that accepts garbage (2xx) or crashes on it (5xx)', async () => {
    assert.deepEqual(failed(await check({ ...CAREFUL, malformedStatus: 200 })), ['malformed']);
    await handler?.close();
    assert.deepEqual(failed(await check({ ...CAREFUL, malformedStatus: 500 })), ['malformed']);
  });

  it('fails the slow case of a handler that requeries before it answers', async () => {
    const report = await check({ ...CAREFUL, requery: 'before' });
    assert.deepEqual(failed(report), ['slow-acceptance']);
    assert.match(report.cases.find((row) => row.name === 'slow-acceptance')!.why, /answer first/);
  });

  it('fails every well-formed event of a handler that answers 500', async () => {
    const report = await check({ ...CAREFUL, eventStatus: 500 });
    assert.deepEqual(failed(report), [
      'bank-transfer',
      'phone-transfer',
      'redelivery',
      'forgery',
      'slow-acceptance',
      'concurrent',
      'out-of-order',
      'before-answer',
      'reversal',
    ]);
    assert.equal(report.cases[0]!.status, 500);
  });

  it('fails the reversal of a handler whose guard is keyed on the reference alone: the FAILED is taken for a duplicate', async () => {
    const report = await check({ ...CAREFUL, dedupe: 'reference' });
    assert.deepEqual(failed(report), ['reversal']);
    assert.match(report.cases.find((row) => row.name === 'reversal')!.why, /Key the guard on the reference and the status/);
    // Claimed before its requery, so one of the three copies went on to the work.
    assert.match(report.cases.find((row) => row.name === 'concurrent')!.why, /requeried once: one copy went on to the work/);
  });

  it('fails the out-of-order case of a handler that refuses an older PENDING (the sender would retry it for hours)', async () => {
    const report = await check({ ...CAREFUL, pendingStatus: 422 });
    assert.deepEqual(failed(report), ['out-of-order']);
    assert.equal(report.cases.find((row) => row.name === 'out-of-order')!.status, 422);
  });

  it('counts the withheld event as requeried when the app requeries transfers it heard nothing of', async () => {
    handler = await localHandler(
      CAREFUL,
      () => sandbox.url,
      () => credentials,
    );
    // The app's own reconciliation, standing in: it requeries every transfer whose event was withheld (in this check).
    const reconciled = new Set(sandbox.events().map((event) => event.id));
    const stop = sandbox.onChange(() => {
      for (const event of sandbox.events().filter((one) => one.state === 'withheld' && !reconciled.has(one.id))) {
        reconciled.add(event.id);
        const reference = event.payload.payload.data.transactionReference;
        void fetch(`${sandbox.url}/v1/users/transfers/requery/bank/${reference}`, {
          headers: { 'X-App-Key': credentials.appKey, 'X-App-Wallet-Access-Token': credentials.accessToken },
        }).then((answer) => answer.body?.cancel());
      }
    });
    try {
      const report = await checkWebhookHandler({ handlerUrl: handler.url, sandboxUrl: sandbox.url, credentials, acceptWithinMs: 1_000 });
      const row = report.cases.find((one) => one.name === 'never-sent')!;
      assert.deepEqual([row.passed, row.requeried, row.advisory], [true, true, true], row.why);
      assert.match(row.why, /your app requeried it/);
    } finally {
      stop();
    }
  });

  it('ends its events with it: after a check of a handler that answers 500, none is retried at it, however far the clock moves', async () => {
    const before = new Set(sandbox.events().map((event) => event.id));
    await check({ ...CAREFUL, eventStatus: 500 });
    const checks = () => sandbox.events().filter((event) => !before.has(event.id));
    // A bank, a phone (also redelivered), a forged and a slow event, and production's disorder (a withheld one stays withheld).
    assert.ok(checks().length >= 4);
    assert.deepEqual(
      checks().map((event) => [event.state === 'withheld' ? 'failed' : event.state, event.nextAttemptAt]),
      checks().map(() => ['failed', null]),
    );
    const attempts = () => checks().map((event) => event.attempts.length);
    const made = attempts();
    const findings = sandbox.findings().length;
    await sandbox.advanceClock(24 * 3600);
    assert.deepEqual(attempts(), made, 'no attempt after the check');
    assert.equal(sandbox.findings().length, findings, 'so no webhook-not-acknowledged after it either');
  });
});
