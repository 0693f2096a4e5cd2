// The agents' sandbox_webhook_disorder tool, run as the extension and the MCP server run it
// (runTool) on a real sandbox: each disorder is set up through the operations' table, what does
// not apply is refused in the sandbox's words, and nothing runs outside the local sandbox.
import * as assert from 'node:assert/strict';
import type { ToolContext } from '../../../../src/agents/tools/context';
import { confirmation } from '../../../../src/agents/tools/confirmation';
import { runTool } from '../../../../src/agents/tools/run';
import { localClient, startSandbox, type Sandbox } from '../../../../src/sandbox';
import { newCheckApp } from '../../../../src/sandbox/webhookCheck/walletCalls';
import { webhookReceiver, type WebhookReceiver } from '../../support/webhookReceiver';
import { call, expectOk } from '../../sandbox/helpers';

const LOCAL = { label: 'Local sandbox', local: true, live: false };

describe('tools: sandbox_webhook_disorder', function () {
  this.timeout(30_000);
  let sandbox: Sandbox;
  let hook: WebhookReceiver;
  let ctx: ToolContext;
  let headers: Record<string, string>;

  before(async () => {
    hook = await webhookReceiver([200]);
    sandbox = await startSandbox({ port: 0, log: () => undefined, clock: { frozen: true } });
    const { appKey, accessToken } = await newCheckApp(sandbox.url);
    headers = { 'x-app-key': appKey, 'x-app-wallet-access-token': accessToken };
    await expectOk(call(sandbox, 'PUT', '/v1/apps/settings', { headers: { 'x-app-key': appKey }, body: { callbackURL: hook.url } }));
    const client = localClient(sandbox, 'window');
    ctx = { environment: () => LOCAL, sandbox: async () => client } as unknown as ToolContext;
  });
  after(async () => {
    await sandbox.close();
    await hook.close();
  });

  const tool = (input: Record<string, unknown>) => runTool('sandbox_webhook_disorder', input, ctx);

  it('withholds the next event, sends copies of it at once, and the PENDING of a bank transfer after its SUCCESS', async () => {
    const withheld = await tool({ disorder: 'withhold', eventType: 'PHONE_TRANSFER' });
    assert.equal(withheld.isError, false, withheld.text);
    const sent = await expectOk(
      call(sandbox, 'POST', '/v1/users/transfers/phone', { headers, body: { mobile: '2348000000000', amount: 100 } }),
    );
    const reference = sent.json['data'].transaction.reference as string;
    const event = sandbox.events().find((one) => one.payload.payload.data.transactionReference === reference)!;
    assert.equal(event.state, 'withheld');
    const copies = await tool({ disorder: 'copies', eventId: event.id, copies: 3 });
    assert.match(copies.text, new RegExp(`Sending 3 copies of ${event.id} at once`));
    await hook.delivered(3);
    assert.ok(hook.deliveries.every((delivery) => delivery.headers['x-sandbox-event-id'] === event.id));

    const refused = await tool({ disorder: 'older', eventId: event.id });
    assert.equal(refused.isError, true);
    assert.match(refused.text, /phone transfer completes at once/);
    assert.match((await tool({ disorder: 'copies' })).text, /copies needs eventId/);
  });

  it('holds the next answer for its webhook, and reverses a bank transfer days later', async () => {
    assert.equal((await tool({ disorder: 'beforeAnswer' })).isError, false);
    const body = { accountNumber: '1000000001', bankCode: '000014', accountName: 'SANDBOX INSTANT SUCCESS', amount: 300 };
    const before = hook.hits;
    const sent = await expectOk(call(sandbox, 'POST', '/v1/users/transfers/bank', { headers, body }));
    assert.equal(hook.hits, before + 1, 'the webhook came before the answer');
    const reference = sent.json['data'].transaction.transactionReference as string;
    const reversal = await tool({ disorder: 'reversal', reference, afterDays: 2 });
    assert.match(reversal.text, new RegExp(`Bank transfer ${reference} is reversed at .* on the sandbox clock`));
    await sandbox.advanceClock(2 * 86_400);
    assert.equal(hook.deliveries.at(-1)!.body.payload.message, 'FAILED');
    const message = confirmation('webhookDisorder', { disorder: 'reversal', reference, afterDays: 2 }, LOCAL)?.message;
    assert.equal(message, `Reverse bank transfer ${reference} 2 days later on the sandbox clock in Local sandbox.`);
  });

  it('is refused outside the local sandbox, and on a bad input, doing nothing', async () => {
    const staging = { ...ctx, environment: () => ({ label: 'Staging', local: false, live: false }) } as ToolContext;
    const away = await runTool('sandbox_webhook_disorder', { disorder: 'withhold' }, staging);
    assert.equal(away.isError, true);
    assert.match(away.text, /^Refused: sandbox_webhook_disorder changes the local sandbox only/);
    const bad = await tool({ disorder: 'copies', eventId: 'evt_x', copies: 11 });
    assert.match(bad.text, /^Invalid input for sandbox_webhook_disorder: copies: /);
  });
});
