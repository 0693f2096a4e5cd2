// The generated Express handlers (TypeScript compiled with tsc; JavaScript as written), each run
// as its own process on port 0 with the env it requeries with, receive
// real webhooks from the in-process sandbox: the first delivery gets a 500 (from a test front
// placed before the handler: the handler never sees it), the sandbox's retry gets 2xx and is
// processed, and the sandbox's redelivery of the same event is acknowledged 2xx and not processed again.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { startSandbox, type Sandbox } from '../../../src/sandbox';
import { FRAMEWORKS } from '../../../src/webhookHandlers/frameworks';
import { handlerSource } from '../../../src/webhookHandlers/templates';
import { call, connectWallet, expectOk, newDeveloper } from '../sandbox/helpers';
import { startFrontServer, expressCompileOptions, type FrontServer } from './frontServer';
import { compileStrict, REPO, tempProject } from './generated';
import { when } from '../support/eventually';

/**
 * Once `check` holds: checked at each change of the sandbox (an event's attempt, its state) and
 * each line the handler's process prints, not on a clock.
 */
function until(sandbox: Sandbox, handler: FrontServer, check: () => boolean, what: string | (() => string)): Promise<true> {
  const output = [handler.process.stdout, handler.process.stderr];
  const subscribe = (listener: () => void): (() => void) => {
    const stop = sandbox.onChange(listener);
    for (const stream of output) stream?.on('data', listener);
    return () => {
      stop();
      for (const stream of output) stream?.off('data', listener);
    };
  };
  return when(subscribe, () => (check() ? true : undefined), what, 30_000);
}

/** Writes the framework's handler as walletWebhook.js beside the test's front server (compiled first in TypeScript). */
function writeHandler(dir: string, id: 'express' | 'express-js'): void {
  const framework = FRAMEWORKS.find((candidate) => candidate.id === id)!;
  if (id === 'express-js') {
    fs.writeFileSync(path.join(dir, 'walletWebhook.js'), handlerSource(framework, REPO));
    return;
  }
  fs.writeFileSync(path.join(dir, 'walletWebhook.ts'), handlerSource(framework, REPO));
  compileStrict(dir, 'walletWebhook.ts', expressCompileOptions(dir));
}

for (const id of ['express', 'express-js'] as const) {
  describe(`webhook handlers: the generated Express handler (${id === 'express' ? 'TypeScript' : 'JavaScript'}) receives the sandbox’s webhooks`, function () {
    this.timeout(60_000);
    let sandbox: Sandbox | undefined;
    let handler: FrontServer | undefined;
    let dir: string | undefined;
    const output = () => handler?.output() ?? '';

    after(async () => {
      handler?.stop();
      await sandbox?.close();
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
    });

    it('500 first, then the retry is processed; a redelivery is acknowledged 2xx and processed once; malformed bodies get 400', async () => {
      dir = tempProject(`${id}-run`);
      const express = FRAMEWORKS.find((framework) => framework.id === id)!;
      writeHandler(dir, id);
      sandbox = await startSandbox({ log: () => undefined });
      const dev = await newDeveloper(sandbox);
      const wallet = await connectWallet(sandbox, dev.appKey, dev.sandboxMobile);
      // The handler requeries each event with the app's key and the wallet's token before its work.
      const env = { WALLET_BASE_URL: sandbox.url, WALLET_APP_KEY: dev.appKey, WALLET_ACCESS_TOKEN: wallet.accessToken };
      handler = await startFrontServer(dir, 1, env);
      const url = `http://127.0.0.1:${handler.port}${express.path}`;
      await expectOk(call(sandbox, 'PUT', '/v1/apps/settings', { body: { callbackURL: url }, headers: { 'x-app-key': dev.appKey } }));
      const sent = await expectOk(
        call(sandbox, 'POST', '/v1/users/transfers/phone', { body: { mobile: '2349090000000', amount: 2500 }, headers: wallet.headers }),
      );
      const reference = sent.json['data'].transaction.reference as string;
      const event = () => sandbox!.events().find((candidate) => candidate.type === 'PHONE_TRANSFER')!;
      await until(sandbox, handler, () => event()?.state === 'retrying', 'the first delivery got the 500');
      assert.doesNotMatch(output(), /\] processed /, 'the handler did no work for the failed delivery');

      await sandbox.advanceClock(60);
      await until(sandbox, handler, () => event().state === 'delivered', 'the retry was delivered');
      const processed = new RegExp(`processed PHONE_TRANSFER SUCCESS ${reference} \\(2500 kobo = NGN 25\\.00\\)`, 'g');
      await until(
        sandbox,
        handler,
        () => (output().match(processed) ?? []).length === 1,
        () => `the handler processed the event: ${output()}`,
      );

      sandbox.redeliverEvent(event().id);
      await until(
        sandbox,
        handler,
        () => event().attempts.length === 3 && event().state === 'delivered',
        'the redelivery was acknowledged',
      );
      assert.deepEqual(
        event().attempts.map((attempt) => attempt.status),
        [500, 200, 200],
      );
      await until(sandbox, handler, () => output().includes(`duplicate PHONE_TRANSFER ${reference}`), 'the handler saw the redelivery');
      assert.equal((output().match(processed) ?? []).length, 1, `processed once: ${output()}`);

      // A bank transfer's event (instant success account) goes through the same handler.
      await expectOk(
        call(sandbox, 'POST', '/v1/users/transfers/bank', {
          body: { accountNumber: '1000000001', bankCode: '000014', accountName: 'SANDBOX INSTANT SUCCESS', amount: 4000 },
          headers: wallet.headers,
        }),
      );
      await sandbox.advanceClock(60);
      await until(
        sandbox,
        handler,
        () => /processed BANK_TRANSFER SUCCESS \w+ \(4000 kobo = NGN 40\.00\)/.test(output()),
        () => `the bank transfer: ${output()}`,
      );

      // Malformed: 400, and nothing processed.
      const post = (body: string) => fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
      assert.equal((await post('not json')).status, 400);
      assert.equal(
        (await post(JSON.stringify({ payload: { message: 'SUCCESS', type: 'PHONE_TRANSFER', data: { amount: 2.5 } } }))).status,
        400,
      );
      assert.equal(
        (await post(JSON.stringify({ payload: { message: 'SUCCESS', type: 'CARD', data: { amount: 1, transactionReference: 'x' } } })))
          .status,
        400,
      );
      assert.equal((output().match(/\] processed /g) ?? []).length, 2, output());
    });
  });
}
