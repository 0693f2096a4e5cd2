// Issue 53's proof: the generated Express handler (JavaScript, as written) receives three copies
// of one event at once from the sandbox (withheld, then copied) and does the work once; the same
// handler with its guard turned check-then-insert (an event counted as handled only after the work,
// as an app that looks up its table, credits, then inserts) does it three times. What the test app
// records: one "processed … <reference>" line per credit, in the handler process's own log.
// The API's requeries are slowed to 1.5 s (a GET fault) so that the race is not left to the machine's
// speed: every copy arrives while the first is still requerying.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { startSandbox, type Sandbox } from '../../../src/sandbox';
import type { CheckCredentials } from '../../../src/sandbox';
import { newCheckApp } from '../../../src/sandbox/webhookCheck/walletCalls';
import { FRAMEWORKS } from '../../../src/webhookHandlers/frameworks';
import { handlerSource } from '../../../src/webhookHandlers/templates';
import { call, expectOk } from '../sandbox/helpers';
import { when } from '../support/eventually';
import { startFrontServer, type FrontServer } from './frontServer';
import { REPO, tempProject } from './generated';

const COPIES = 3;

/**
 * The generated handler with its guard made check-then-insert: a copy is a duplicate only once an
 * earlier one's work is done (recorded after the work), so copies that come meanwhile all pass.
 */
function checkThenInsert(source: string): string {
  const claimedFirst = '  if (kept) {\n';
  assert.ok(
    source.includes(claimedFirst) && source.includes('inbox.set(key, entry);'),
    'the generated handler claims the key before the work',
  );
  return source.replace(claimedFirst, "  if (kept && kept.state === 'done') {\n");
}

describe('webhook handlers: copies of one event at once, against the generated Express handler', function () {
  this.timeout(90_000);
  let sandbox: Sandbox;
  let credentials: CheckCredentials;
  const servers: FrontServer[] = [];
  const dirs: string[] = [];

  before(async () => {
    sandbox = await startSandbox({ port: 0, log: () => undefined });
    credentials = await newCheckApp(sandbox.url);
    sandbox.addFault({ path: '/v1/transactions/*', method: 'GET', delayMs: 1_500 });
  });
  after(async () => {
    for (const server of servers) server.stop();
    await sandbox.close();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Runs the handler, sends it COPIES copies of a new phone transfer's event at once; answers its log lines for that reference. */
  async function copiesTo(source: string, name: string): Promise<{ processed: number; duplicates: number; log: string }> {
    const dir = tempProject(`copies-${name}`);
    dirs.push(dir);
    fs.writeFileSync(path.join(dir, 'walletWebhook.js'), source);
    const env = { WALLET_BASE_URL: sandbox.url, WALLET_APP_KEY: credentials.appKey, WALLET_ACCESS_TOKEN: credentials.accessToken };
    const server = await startFrontServer(dir, 0, env);
    servers.push(server);
    const path_ = FRAMEWORKS.find((framework) => framework.id === 'express-js')!.path;
    const app = { 'x-app-key': credentials.appKey };
    await expectOk(
      call(sandbox, 'PUT', '/v1/apps/settings', { headers: app, body: { callbackURL: `http://127.0.0.1:${server.port}${path_}` } }),
    );
    // The event is made and held back, then sent as copies: they are its first delivery.
    sandbox.runOperation('withholdEvents', { type: 'PHONE_TRANSFER' });
    const sent = await expectOk(
      call(sandbox, 'POST', '/v1/users/transfers/phone', {
        headers: { ...app, 'x-app-wallet-access-token': credentials.accessToken },
        body: { mobile: '2348000000000', amount: 100 },
      }),
    );
    const reference = sent.json['data'].transaction.reference as string;
    const event = sandbox.events().find((one) => one.payload.payload.data.transactionReference === reference)!;
    assert.equal(event.state, 'withheld');
    sandbox.runOperation('deliverCopies', { id: event.id, copies: COPIES });
    const lines = (word: string) =>
      server
        .output()
        .split('\n')
        .filter((line) => line.includes(`] ${word} `) && line.includes(reference));
    const count = () => ({ processed: lines('processed').length, duplicates: lines('duplicate').length });
    // Every copy leaves one line (a credit once its requery came back, or a duplicate at once), and the sandbox records every answer.
    await when(
      (listener) => {
        const stop = sandbox.onChange(listener);
        server.process.stdout?.on('data', listener);
        return () => {
          stop();
          server.process.stdout?.off('data', listener);
        };
      },
      () => (count().processed + count().duplicates >= COPIES && sandbox.event(event.id)!.attempts.length >= COPIES ? true : undefined),
      () => `a line per copy in the handler's log, and every copy answered: ${server.output()}`,
      30_000,
    );
    const attempts = sandbox.event(event.id)!.attempts;
    assert.deepEqual(
      attempts.map((attempt) => [attempt.status, attempt.copies]),
      Array.from({ length: COPIES }, () => [200, COPIES]),
      'every copy was acknowledged, all sent at once',
    );
    return { ...count(), log: server.output() };
  }

  it('the handler Create Webhook Handler writes credits once: the others are acknowledged duplicates', async () => {
    const generated = handlerSource(
      FRAMEWORKS.find((framework) => framework.id === 'express-js')!,
      REPO,
    );
    const { processed, duplicates, log } = await copiesTo(generated, 'generated');
    assert.deepEqual({ processed, duplicates }, { processed: 1, duplicates: COPIES - 1 }, log);
  });

  it('the same handler with a check-then-insert guard credits every copy: a double (here triple) credit', async () => {
    const racy = checkThenInsert(
      handlerSource(
        FRAMEWORKS.find((framework) => framework.id === 'express-js')!,
        REPO,
      ),
    );
    const { processed, duplicates, log } = await copiesTo(racy, 'check-then-insert');
    assert.deepEqual({ processed, duplicates }, { processed: COPIES, duplicates: 0 }, log);
  });
});
