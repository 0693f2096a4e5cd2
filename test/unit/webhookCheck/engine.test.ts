// The check's engine against real handlers on loopback and a real sandbox: the careful handler
// passes every case; each careless one fails exactly the cases its fault should fail.
import * as assert from 'node:assert/strict';
import { checkWebhookHandler, startSandbox, type CheckCredentials, type Sandbox, type WebhookCheckReport } from '../../../src/sandbox';
import { newCheckApp } from '../../../src/sandbox/webhookCheck/walletCalls';
import { CAREFUL, localHandler, type HandlerBehaviour, type LocalHandler } from './handlers';

const failed = (report: WebhookCheckReport) => report.cases.filter((row) => !row.passed).map((row) => row.name);

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
      ['bank-transfer', 'phone-transfer', 'redelivery', 'malformed', 'forgery', 'slow-acceptance'],
    );
    const row = (name: string) => report.cases.find((one) => one.name === name)!;
    assert.equal(row('forgery').requeried, true);
    assert.equal(row('bank-transfer').requeried, true);
    assert.equal(row('malformed').status, 400);
    assert.equal(report.passed, true);
    assert.equal(report.handlerUrl, handler!.url);
    // Work ran once per known transfer: the redelivery did none again, the forgery (unknown to the API) none at all.
    assert.ok(handler!.processed.length >= 2, handler!.processed.join());
    assert.equal(new Set(handler!.processed).size, handler!.processed.length);
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

  it('fails the forgery of a handler that never requeries, and says why', async () => {
    const report = await check({ ...CAREFUL, requery: 'never' });
    assert.deepEqual(failed(report), ['forgery']);
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
    assert.deepEqual(failed(report), ['bank-transfer', 'phone-transfer', 'redelivery', 'forgery', 'slow-acceptance']);
    assert.equal(report.cases[0]!.status, 500);
  });

  it('ends its events with it: after a check of a handler that answers 500, none is retried at it, however far the clock moves', async () => {
    const before = new Set(sandbox.events().map((event) => event.id));
    await check({ ...CAREFUL, eventStatus: 500 });
    const checks = () => sandbox.events().filter((event) => !before.has(event.id));
    assert.equal(checks().length, 4, 'a bank, a phone (also redelivered), a forged and a slow event');
    assert.deepEqual(
      checks().map((event) => [event.state, event.nextAttemptAt]),
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
