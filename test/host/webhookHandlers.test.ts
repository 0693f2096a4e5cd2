// Create Webhook Handler in a real extension host: the command writes the chosen framework's
// handler where the user said (a file Uri argument stands in for the save dialog, as in the
// export tests), opens it, and its offer points the local sandbox's callbackURL at the user's
// server (a real local HTTP receiver here), checking the URL or port as it is typed. The
// Express handler it writes is compiled with tsc --strict and run as the user's server would
// be, and receives the webhook of a phone transfer sent with the extension.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { expressCompileOptions, startFrontServer, type FrontServer } from '../unit/webhookHandlers/frontServer';
import { compileStrictAsync, tempProject } from '../unit/webhookHandlers/generated';
import { connectFreshWallet, type ConnectedWallet } from './support/connectedWallet';
import { runScripted } from './support/extension';
import { CANCEL, ScriptedInput } from './support/scriptedInput';
import { WebhookReceiver } from './support/sandboxSurfaces';
import { waitFor } from './support/waitFor';
import { followRedraws } from './support/redraws';

describe('Create Webhook Handler', function () {
  this.timeout(120_000);
  let wallet: ConnectedWallet;
  const receiver = new WebhookReceiver();
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-webhook-host-'));
  let server: FrontServer | undefined;
  let project: string | undefined;

  before(async () => {
    wallet = await connectFreshWallet('webhook-handlers');
    await receiver.start();
  });

  after(async () => {
    // Leave the host as the other files expect it: no webhook URL to a closed receiver, no extra wallet.
    const redraws = followRedraws(wallet.api);
    await runScripted(wallet.api, 'walletConsole.setWebhookUrl', ['']);
    await wallet.api.accounts.store.disconnectWallet('local', wallet.mobile);
    await receiver.stop();
    server?.stop();
    if (project) fs.rmSync(project, { recursive: true, force: true });
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    fs.rmSync(folder, { recursive: true, force: true });
    // The views' last redraws finish before the host may close (a redraw cut off is logged as an error).
    await redraws.drawn();
  });

  /** Runs the command; its offer outlives it, so the script stays in place until `done` says the offer finished. */
  async function create(answers: ConstructorParameters<typeof ScriptedInput>, uri: vscode.Uri, done: (input: ScriptedInput) => boolean) {
    const input = new ScriptedInput(...answers);
    wallet.api.setUserInput!(input);
    try {
      await vscode.commands.executeCommand('walletConsole.createWebhookHandler', uri);
      await waitFor('the offer finished', () => done(input));
    } finally {
      wallet.api.setUserInput!(undefined);
    }
    input.assertDone();
    return input;
  }

  const port = () => new URL(receiver.url).port;

  it('writes the Next.js route handler (folders made), opens it, and the offer sets the sandbox callbackURL from a port typed after two refusals', async () => {
    const uri = vscode.Uri.file(path.join(folder, 'app', 'api', 'webhooks', 'wallet', 'route.ts'));
    const sandbox = await wallet.api.localSandbox();
    const app = wallet.api.accounts.activeApp('local')!;
    let offeredValue: string | undefined;
    const input = await create(
      [
        'Next.js route handler',
        'Point Sandbox Here',
        (options) => {
          offeredValue = options.value;
          return '99999';
        },
        'ftp://example.com/hook',
        port(),
      ],
      uri,
      (run) => run.asked.filter((entry) => entry.kind === 'confirm').length >= 2,
    );
    const text = fs.readFileSync(uri.fsPath, 'utf8');
    assert.match(text, /export async function POST\(request: Request\): Promise<Response>/);
    assert.match(text, /kobo/);
    assert.equal(vscode.window.activeTextEditor?.document.uri.fsPath, uri.fsPath, 'the handler is open');
    assert.equal(offeredValue, 'http://127.0.0.1:3000/api/webhooks/wallet', 'the URL box starts at the framework’s default');
    const asks = input.asked.filter((entry) => entry.kind === 'ask');
    assert.equal(asks.length, 3, 'two refusals, then the port');
    assert.match(asks[0]!.validation ?? '', /port is a number from 1 to 65535/);
    assert.match(asks[1]!.validation ?? '', /http\(s\) URL/);
    assert.equal(asks[2]!.validation, undefined);
    const expected = `http://127.0.0.1:${port()}/api/webhooks/wallet`;
    assert.ok(
      input.asked.some((entry) => entry.kind === 'confirm' && entry.title.includes(expected)),
      'the notice names the new URL',
    );
    // The sandbox now sends this app's events to the user's server.
    const before = receiver.received.length;
    const probe = sandbox.sendTestEvent('BANK_TRANSFER', app.id);
    assert.equal(probe.url, expected);
    await waitFor('the test event reached the server', () => receiver.received.length > before);
  });

  it('writes the Flask handler; dismissing the offer leaves the callbackURL as it was', async () => {
    const uri = vscode.Uri.file(path.join(folder, 'wallet_webhook.py'));
    const sandbox = await wallet.api.localSandbox();
    const app = wallet.api.accounts.activeApp('local')!;
    const was = sandbox.sendTestEvent('PHONE_TRANSFER', app.id).url;
    await create(['Flask', CANCEL], uri, (run) => run.asked.some((entry) => entry.kind === 'confirm'));
    assert.match(fs.readFileSync(uri.fsPath, 'utf8'), /from flask import Blueprint, Flask, jsonify, request/);
    // Bounded by the offer's answer, which create() waited for: dismissed, offerSandboxUrl returns
    // as soon as its confirm resolves (src/webhookHandlers/createWebhookHandler.ts), setting nothing.
    assert.equal(sandbox.sendTestEvent('PHONE_TRANSFER', app.id).url, was);
  });

  it('writes the Express handler; it compiles under tsc --strict and, run as its own server, gets a phone transfer’s webhook: 500 first (no work), the retry processed once, a redelivery acknowledged and not processed again', async () => {
    // A project whose node_modules is the repo's (express and its types resolve as in an app).
    project = tempProject('express-host');
    const uri = vscode.Uri.file(path.join(project, 'walletWebhook.ts'));
    const sandbox = await wallet.api.localSandbox();
    const app = wallet.api.accounts.activeApp('local')!;
    // The offer asks for the port while the file is compiled and the server started.
    let portTyped!: (port: string) => void;
    let serverFailed!: (error: unknown) => void;
    const portReady = new Promise<string>((resolve, reject) => {
      portTyped = resolve;
      serverFailed = reject;
    });
    const input = new ScriptedInput('Express', 'Point Sandbox Here', () => portReady);
    wallet.api.setUserInput!(input);
    try {
      await vscode.commands.executeCommand('walletConsole.createWebhookHandler', uri);
      assert.equal(vscode.window.activeTextEditor?.document.uri.fsPath, uri.fsPath, 'the handler is open');
      try {
        await compileStrictAsync(project, 'walletWebhook.ts', expressCompileOptions(project));
        // The handler requeries each event with the app's key and the wallet's token before its work.
        const keys = await wallet.api.accounts.store.appSecrets('local', app.id);
        const tokens = await wallet.api.accounts.store.walletSecrets('local', wallet.mobile);
        server = await startFrontServer(project, 1, {
          WALLET_BASE_URL: await wallet.api.sandboxUrl(),
          WALLET_APP_KEY: (keys!.sandboxKey ?? keys!.key)!,
          WALLET_ACCESS_TOKEN: tokens!.accessToken!,
        });
      } catch (error) {
        serverFailed(error);
        throw error;
      }
      portTyped(String(server.port));
      await waitFor('the offer finished', () => input.asked.filter((entry) => entry.kind === 'confirm').length >= 2);
    } finally {
      wallet.api.setUserInput!(undefined);
    }
    input.assertDone();
    const url = `http://127.0.0.1:${server.port}/webhooks/wallet`;
    assert.ok(
      input.asked.some((entry) => entry.kind === 'confirm' && entry.title.includes(url)),
      `the notice names the handler’s URL: ${JSON.stringify(input.asked)}`,
    );
    const output = server.output;

    // Money moves as a user moves it: Send to Phone, ₦25.00.
    sandbox.setBalance(wallet.mobile, 1_000_000);
    const sent = await runScripted(wallet.api, 'walletConsole.sendToPhone', ['0909 000 0000', '25', 'Send ₦25.00']);
    const done = sent.asked.map((entry) => /^Sent ₦25\.00 to 0909 000 0000\. Reference (\S+)\.$/.exec(entry.title)).find(Boolean);
    assert.ok(done, `the transfer was sent: ${JSON.stringify(sent.asked)}`);
    const reference = done[1]!;
    const event = () =>
      sandbox
        .events()
        .find(
          (candidate) =>
            candidate.type === 'PHONE_TRANSFER' &&
            candidate.appId === app.id &&
            candidate.payload.payload.data['transactionReference'] === reference,
        );
    await waitFor(
      () => `the first delivery got the 500: ${output()}`,
      () => event()?.state === 'retrying',
    );
    assert.equal(event()!.url, url, 'delivered where the offer pointed the sandbox');
    assert.deepEqual(
      event()!.attempts.map((attempt) => attempt.status),
      [500],
    );
    assert.match(output(), /\[test front\] 500/);
    assert.doesNotMatch(output(), /\] processed /, 'the handler did no work for the failed delivery');

    await sandbox.advanceClock(60);
    await waitFor('the retry was delivered', () => event()!.state === 'delivered');
    const processed = new RegExp(`processed PHONE_TRANSFER SUCCESS ${reference} \\(2500 kobo = NGN 25\\.00\\)`, 'g');
    await waitFor(
      () => `the handler processed the event: ${output()}`,
      () => (output().match(processed) ?? []).length === 1,
    );

    sandbox.redeliverEvent(event()!.id);
    await waitFor('the redelivery was acknowledged', () => event()!.attempts.length === 3 && event()!.state === 'delivered');
    assert.deepEqual(
      event()!.attempts.map((attempt) => attempt.status),
      [500, 200, 200],
    );
    await waitFor(
      () => `the handler saw the redelivery: ${output()}`,
      () => output().includes(`duplicate PHONE_TRANSFER ${reference}`),
    );
    assert.equal((output().match(processed) ?? []).length, 1, `processed once: ${output()}`);
    assert.equal((output().match(/\] processed /g) ?? []).length, 1, `nothing else processed: ${output()}`);
  });
});
