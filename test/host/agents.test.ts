// The agent tools in a real extension host: every tool invoked through vscode.lm.invokeTool
// against the local sandbox, actions refused outside it, an action's confirmation text, the
// secret audit over every answer, and the MCP server definition (VS Code 1.101+).
import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as vscode from 'vscode';
import { makeValidAccountNumber } from '../../src/sandbox/domain/nuban';
import { connectFreshWallet, storedSecrets, type ConnectedWallet } from './support/connectedWallet';
import { setSetting, setVsCodeAiFeatures } from './support/extension';
import { waitFor } from './support/waitFor';

/** Every answer a tool gave in this file, for the secret audit at the end. */
const answers: string[] = [];

async function invoke(name: string, input: object): Promise<string> {
  const result = await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined });
  const text = result.content.map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : '')).join('');
  answers.push(text);
  return text;
}

const koboIn = (text: string) => Number(/balance ₦[\d,.]+ \((\d+) kobo\)/.exec(text)?.[1]);

/** A real local webhook receiver: counts the events POSTed to it. */
async function webhookReceiver(): Promise<{ url: string; bodies: string[]; close: () => Promise<void> }> {
  const bodies: string[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      bodies.push(body);
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hooks`, bodies, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe('Agent tools (language model tools and MCP)', function () {
  this.timeout(120_000);
  let wallet: ConnectedWallet;
  let receiver: Awaited<ReturnType<typeof webhookReceiver>>;
  let airtimeReference = '';

  // The host's settings turn VS Code's AI features off (scripts/host/server.mjs); agents need them.
  let vsCodeHasAiSwitch = false;

  before(async () => {
    vsCodeHasAiSwitch = await setVsCodeAiFeatures(true);
    wallet = await connectFreshWallet('agents');
    receiver = await webhookReceiver();
    await wallet.api.accounts.withWallet((client, credentials) =>
      client.updateAppSettings(credentials.appKey, { callbackURL: receiver.url }),
    );
  });

  after(async () => {
    await setVsCodeAiFeatures(false);
    await setSetting('environment', 'local');
    await wallet?.admin.clearFaults();
    await receiver?.close();
    // Wallets are listed per environment across developers: leave the list as it was found.
    if (wallet) await wallet.api.accounts.store.disconnectWallet('local', wallet.mobile);
  });

  it('contributes every tool of the shared definition', () => {
    const ours = vscode.lm.tools.filter((tool) => tool.tags.includes('walletConsole')).map((tool) => tool.name);
    assert.deepEqual(ours.sort(), [...wallet.api.agents.tools.keys()].sort());
    assert.equal(ours.length, 17);
  });

  it('reads: balance, transactions by type and page, one transaction, banks, verification, requests', async () => {
    const balance = await invoke('wallet_balance', {});
    assert.match(balance, /^Environment: Local sandbox\.$/m);
    const actual = await wallet.api.accounts.withWallet((client, credentials) => client.getBalance(credentials));
    assert.equal(koboIn(balance), actual.balance);
    assert.match(balance, new RegExp(`Wallet ${wallet.mobile}: balance`));

    const page1 = await invoke('wallet_transactions', { type: 'bank', pageSize: 2 });
    const page2 = await invoke('wallet_transactions', { type: 'bank', pageSize: 2, page: 2 });
    const rows = (text: string) => text.split('\n').filter((line) => / \| bank transfer \| /.test(line));
    assert.equal(rows(page1).length, 2, page1);
    assert.equal(rows(page2).length, 2, page2);
    assert.match(page1, /^Page 2 may have more\.$/m);
    assert.notDeepEqual(rows(page1), rows(page2));

    const [first] = await wallet.api.accounts.withWallet((client, credentials) => client.listTransactions(credentials, { limit: 1 }));
    const one = await invoke('wallet_transaction', { reference: first!.reference });
    assert.match(one, new RegExp(`^Reference: ${first!.reference}$`, 'm'));
    assert.match(one, new RegExp(`^Amount: ₦[\\d,.]+ \\(${first!.amount} kobo\\)$`, 'm'));

    const all = await invoke('wallet_banks', {});
    assert.match(all, /^\d{2,3} banks \(first 15; narrow the search for the rest\): code name$/m);
    assert.equal(all.split('\n').length, 2 + 15);
    const access = await invoke('wallet_banks', { search: 'access' });
    assert.match(access, /^000014 ACCESS BANK$/m);

    const accountNumber = makeValidAccountNumber('000014', '123456789');
    const verified = await invoke('wallet_verify_bank_account', { bankCode: '000014', accountNumber });
    assert.match(verified, new RegExp(`^Account \\*{6}${accountNumber.slice(-4)} at ACCESS BANK \\(000014\\) is named "[A-Z ]+"\\.$`, 'm'));

    const requests = await invoke('wallet_recent_requests', { limit: 3 });
    assert.match(requests, /^The last 3 requests, newest first/m);
    assert.match(
      requests,
      /\| GET \/v1\/queries\/verify \| 200 \| \d+ ms \| this extension$/m,
      'the verification just made, from the Requests history: without its query, with its time and sender',
    );
  });

  it('acts: transfers, airtime, the clock, webhooks and their redelivery', async () => {
    const before = koboIn(await invoke('wallet_balance', {}));
    const phone = await invoke('sandbox_phone_transfer', { mobile: '2349090000000', amountKobo: 5_000 });
    assert.match(phone, /^Phone transfer of ₦50\.00 \(5000 kobo\) to 234\*+0000: done, reference [0-9a-f]{24}\.$/m);
    const airtime = await invoke('sandbox_buy_airtime', { mobile: '08031234567', amountKobo: 10_000, provider: 'mtn' });
    assert.match(airtime, /^Airtime of ₦100\.00 \(10000 kobo\) \(MTN\) for (?:234)?\*+4567: done/m);
    airtimeReference = /reference ([0-9a-f]{24})\./.exec(airtime)![1]!;
    assert.equal(koboIn(await invoke('wallet_balance', {})), before - 15_000);

    const accountNumber = makeValidAccountNumber('000014', '223456789');
    const bank = await invoke('sandbox_bank_transfer', { bankCode: '000014', accountNumber, amountKobo: 20_000 });
    const reference = /pending, reference ([0-9a-f]{24})\./.exec(bank)?.[1];
    assert.ok(reference, bank);
    const advanced = await invoke('sandbox_advance_clock', { seconds: 86_400 });
    assert.match(advanced, new RegExp(`^Settled: .*${reference} success`, 'm'));
    const bankEvents = () => receiver.bodies.filter((body) => body.includes(reference!));
    await waitFor('the webhook', () => bankEvents().length === 1);

    const events = await invoke('wallet_webhook_events', { limit: 5 });
    const eventId = /^(\S+) \| BANK_TRANSFER \| delivered/m.exec(events)?.[1];
    assert.ok(eventId, events);
    const redelivered = await invoke('sandbox_redeliver_event', { eventId });
    assert.match(redelivered, new RegExp(`^Redelivery of ${eventId} started`, 'm'));
    await waitFor('the redelivery', () => bankEvents().length === 2);
    assert.equal(bankEvents()[1], bankEvents()[0], 'the same event again');
  });

  it('acts: a fault injected and cleared, a wallet reset', async () => {
    const injected = await invoke('sandbox_inject_fault', { path: '/v1/users/balance', status: 503 });
    assert.match(injected, /^Fault added: any method \/v1\/users\/balance: answer HTTP 503, until cleared\. 1 fault active/m);
    const failed = await invoke('wallet_balance', {});
    assert.match(failed, /^Failed: /m);
    assert.match(await invoke('sandbox_clear_faults', {}), /^Cleared 1 fault;/m);
    assert.deepEqual((await wallet.admin.knobs()).faults, []);
    assert.ok(koboIn(await invoke('wallet_balance', {})) > 0);

    const reset = await invoke('sandbox_reset_wallet', {});
    assert.match(reset, new RegExp(`^Wallet ${wallet.mobile} has its seeded balance`, 'm'));
    assert.ok(airtimeReference);
    const gone = await invoke('wallet_transaction', { reference: airtimeReference });
    assert.match(gone, /^Failed: /m, 'the airtime bought above is gone');
  });

  it('asks before an action, saying what and where; a read asks nothing', async () => {
    const tool = wallet.api.agents.tools.get('sandbox_phone_transfer')!;
    const token = new vscode.CancellationTokenSource().token;
    const prepared = await tool.prepareInvocation!({ input: { mobile: '2349090000000', amountKobo: 5_000 } }, token);
    // Mobiles as the views write them (issue 25): 2348031234567 reads 0803 123 4567.
    const sender = `0${wallet.mobile.slice(3, 6)} ${wallet.mobile.slice(6, 9)} ${wallet.mobile.slice(9)}`;
    assert.equal(prepared?.confirmationMessages?.title, 'Send a test phone transfer');
    assert.equal(
      prepared?.confirmationMessages?.message,
      `Send ₦50.00 from wallet ${sender} to 0909 000 0000 in Local sandbox. Sent once, never retried.`,
    );
    const read = await wallet.api.agents.tools.get('wallet_balance')!.prepareInvocation!({ input: {} }, token);
    assert.equal(read?.confirmationMessages, undefined);
  });

  it('refuses actions outside the local sandbox, saying why; reads say which environment answered', async () => {
    await setSetting('environment', 'staging');
    try {
      // POSTs after the newest entry now (a count would miss one when the journal lets the oldest go).
      const mark = (await wallet.admin.requests()).at(-1)?.id ?? 0;
      const posts = async () => (await wallet.admin.requests()).filter((request) => request.id > mark && request.method === 'POST').length;
      const before = await posts();
      const refused = await invoke('sandbox_advance_clock', { seconds: 60 });
      assert.equal(
        refused,
        'Refused: sandbox_advance_clock changes the local sandbox only, and Wallet Console is on Staging, ' +
          "which is the provider's shared test service. Switch to the local sandbox (Wallet Console: Switch Environment) to use it.",
      );
      const transfer = await invoke('sandbox_phone_transfer', { mobile: '2349090000000', amountKobo: 100 });
      assert.match(transfer, /^Refused: /);
      const prepared = await wallet.api.agents.tools.get('sandbox_phone_transfer')!.prepareInvocation!(
        { input: { mobile: '2349090000000', amountKobo: 100 } },
        new vscode.CancellationTokenSource().token,
      );
      assert.equal(prepared?.confirmationMessages, undefined, 'nothing to confirm: it will not run');
      const read = await invoke('wallet_balance', {});
      assert.match(read, /^Environment: Staging\.$/m);
      assert.equal(await posts(), before, 'nothing was sent to the local sandbox');
    } finally {
      await setSetting('environment', 'local');
    }
  });

  it('registers the MCP server definition where VS Code has the API (1.101+), and skips it without error on older ones', async () => {
    // Stable API from 1.101; 1.100 has a proposal of the same name that must not be called.
    const [major, minor] = vscode.version.split('.').map(Number);
    const hasApi = major! > 1 || minor! >= 101;
    assert.equal(wallet.api.agents.mcpServerRegistered, hasApi, `VS Code ${vscode.version}`);
    const definitions = await wallet.api.agents.mcpDefinitions.provideMcpServerDefinitions(new vscode.CancellationTokenSource().token);
    if (!hasApi) {
      assert.deepEqual(definitions, []);
      return;
    }
    assert.equal(definitions.length, 1);
    const [definition] = definitions;
    // The extension's own state file and port: the server uses the sandbox this window serves.
    const sandboxUrl = await wallet.api.sandboxUrl();
    const port = vscode.workspace.getConfiguration('walletConsole').get<number>('sandbox.port', 4010);
    assert.match(
      definition!.args.join(' '),
      new RegExp(`dist[\\\\/]sandbox\\.js --mcp --port ${port} --data .*[\\\\/]sandbox-state\\.json$`),
    );
    // Start it as VS Code would and speak MCP to it with the SDK's client.
    const { Client } = await import('@modelcontextprotocol/sdk/client/index.js');
    const { StdioClientTransport } = await import('@modelcontextprotocol/sdk/client/stdio.js');
    const env = Object.fromEntries(
      Object.entries({ ...process.env, ...definition!.env }).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
    const client = new Client({ name: 'host-test', version: '1.0.0' });
    await client.connect(new StdioClientTransport({ command: definition!.command, args: definition!.args, env, stderr: 'ignore' }));
    try {
      const { tools } = await client.listTools();
      assert.deepEqual(
        tools.map((tool) => tool.name),
        [...wallet.api.agents.tools.keys()],
      );
      // One world: the balance the agent reads over MCP is the one this window's sandbox holds.
      const balance = async () => {
        const result = (await client.callTool({ name: 'wallet_balance', arguments: {} })) as { content: { text: string }[] };
        answers.push(result.content[0]!.text);
        return result.content[0]!.text;
      };
      const before = koboIn(await balance());
      const sandbox = await wallet.api.localSandbox();
      sandbox.setBalance('2348000000000', 4_242_00);
      try {
        const text = await balance();
        assert.match(text, /Wallet 2348000000000: balance ₦4,242\.00 \(424200 kobo\)/);
        assert.ok(text.includes(`the sandbox at ${sandboxUrl} that a VS Code window`), text);
      } finally {
        sandbox.setBalance('2348000000000', before);
      }
    } finally {
      await client.close();
    }
  });

  it("one switch: with walletConsole.agents.enabled off, or VS Code's AI features off, no tool and no MCP server", async () => {
    const registered = wallet.api.agents.tools.size;
    const mcp = wallet.api.agents.mcpServerRegistered;
    const token = new vscode.CancellationTokenSource().token;
    // What an agent gets: an answer, or VS Code's refusal of a tool nobody implements.
    const invoke = () => vscode.lm.invokeTool('wallet_balance', { input: {}, toolInvocationToken: undefined }, token);
    assert.ok(registered > 0);
    try {
      await setSetting('agents.enabled', false);
      assert.equal(wallet.api.agents.tools.size, 0);
      assert.equal(wallet.api.agents.mcpServerRegistered, false);
      await assert.rejects(Promise.resolve(invoke()), /wallet_balance/);
      await setSetting('agents.enabled', undefined);
      assert.equal(wallet.api.agents.tools.size, registered);
      assert.equal(wallet.api.agents.mcpServerRegistered, mcp);
      assert.ok((await invoke()).content.length > 0);
      // chat.disableAIFeatures is VS Code's own switch where it has one (not 1.100).
      if (!vsCodeHasAiSwitch) return;
      await setVsCodeAiFeatures(false);
      try {
        assert.equal(wallet.api.agents.tools.size, 0);
        assert.equal(wallet.api.agents.mcpServerRegistered, false);
      } finally {
        await setVsCodeAiFeatures(true);
      }
      assert.equal(wallet.api.agents.tools.size, registered);
    } finally {
      await setSetting('agents.enabled', undefined);
    }
  });

  it('secret audit: no password, token, app key, passcode or full account number in any answer', async () => {
    const secrets = [...(await storedSecrets(wallet)), ['passcode', wallet.passcode]];
    assert.ok(answers.length >= 25, `${answers.length} answers audited`);
    const all = answers.join('\n');
    for (const [name, value] of secrets) {
      // A 6-digit passcode counts as itself, not as digits inside an amount or a reference.
      const found = name === 'passcode' ? new RegExp(`(?<![\\w.,])${value}(?![\\w.,])`).test(all) : all.includes(value!);
      assert.ok(!found, `no ${name} in a tool answer`);
    }
    assert.doesNotMatch(all, /eyJ[\w-]{5,}\.[\w-]{5,}/, 'no JWT');
    assert.doesNotMatch(all, /\b(pk|sk)_(live|test)_/, 'no app key');
    assert.doesNotMatch(all, /(?<![\w*])\d{10}(?![\da-f])/i, 'no full 10-digit account number');
    console.log(
      `    Secret audit: ${secrets.length} secrets against ${answers.length} tool answers (${all.length} characters): none found.`,
    );
  });
});
