// Create Webhook Handler in a real extension host: the command writes the chosen framework's
// handler where the user said (a file Uri argument stands in for the save dialog, as in the
// export tests), opens it, and its offer points the local sandbox's callbackURL at the user's
// server (a real local HTTP receiver here), checking the URL or port as it is typed.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { connectFreshWallet, type ConnectedWallet } from './support/connectedWallet';
import { runScripted } from './support/extension';
import { CANCEL, ScriptedInput } from './support/scriptedInput';
import { until, WebhookReceiver } from './support/sandboxSurfaces';

describe('Create Webhook Handler', function () {
  this.timeout(120_000);
  let wallet: ConnectedWallet;
  const receiver = new WebhookReceiver();
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-webhook-host-'));

  before(async () => {
    wallet = await connectFreshWallet('webhook-handlers');
    await receiver.start();
  });

  after(async () => {
    // Leave the host as the other files expect it: no webhook URL to a closed receiver, no extra wallet.
    await runScripted(wallet.api, 'walletConsole.setWebhookUrl', ['']);
    await wallet.api.accounts.store.disconnectWallet('local', wallet.mobile);
    await receiver.stop();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    fs.rmSync(folder, { recursive: true, force: true });
    await new Promise((resolve) => setTimeout(resolve, 500));
  });

  /** Runs the command; its offer outlives it, so the script stays in place until `done` says the offer finished. */
  async function create(answers: ConstructorParameters<typeof ScriptedInput>, uri: vscode.Uri, done: (input: ScriptedInput) => boolean) {
    const input = new ScriptedInput(...answers);
    wallet.api.setUserInput!(input);
    try {
      await vscode.commands.executeCommand('walletConsole.createWebhookHandler', uri);
      await until(() => done(input), 'the offer finished');
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
    await until(() => receiver.received.length > before, 'the test event reached the server');
  });

  it('writes the Flask handler; dismissing the offer leaves the callbackURL as it was', async () => {
    const uri = vscode.Uri.file(path.join(folder, 'wallet_webhook.py'));
    const sandbox = await wallet.api.localSandbox();
    const app = wallet.api.accounts.activeApp('local')!;
    const was = sandbox.sendTestEvent('PHONE_TRANSFER', app.id).url;
    await create(['Flask', CANCEL], uri, (run) => run.asked.some((entry) => entry.kind === 'confirm'));
    assert.match(fs.readFileSync(uri.fsPath, 'utf8'), /from flask import Blueprint, Flask, jsonify, request/);
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.equal(sandbox.sendTestEvent('PHONE_TRANSFER', app.id).url, was);
  });
});
