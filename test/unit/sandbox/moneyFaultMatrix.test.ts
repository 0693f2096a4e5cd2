import * as assert from 'node:assert/strict';
import type { Fault, JournalEntry, Sandbox } from '../../../src/sandbox';
import { when, within } from '../support/eventually';
import { webhookReceiver, type WebhookReceiver } from '../support/webhookReceiver';
import { connectWallet, expectOk, call, newDeveloper, type ConnectedWallet, type Developer } from './helpers';
import { startCheckedSandbox } from '../support/contract';

// Issue 53: faults before and after the work. Every money route × {before, after} × {drop, 5xx,
// hold}: the money moves exactly when the phase says (never before the work, always after it), its
// webhook is sent exactly when the money moved, and the journal keeps the body, the arrival order
// and the outcome (what the API did, what the app heard, whether it heard anything). A client that
// gives up during a hold does not cancel the work. Holds are released with the virtual clock.

const FROM = '2348000000000';
const HOLD_MS = 30_000;

interface MoneyRoute {
  path: string;
  body: Record<string, unknown>;
  /** Whether a webhook follows (airtime has none). */
  webhook: boolean;
}

const ROUTES: readonly MoneyRoute[] = [
  { path: '/v1/users/transfers/phone', body: { mobile: '2349090000000', amount: 2_500 }, webhook: true },
  // The magic account that settles at once: its webhook is sent with the answer, as a phone transfer's.
  {
    path: '/v1/users/transfers/bank',
    body: { accountName: 'SANDBOX INSTANT SUCCESS', accountNumber: '1000000001', bankCode: '000014', amount: 4_000 },
    webhook: true,
  },
  { path: '/v1/users/payments/bills/vtu', body: { mobile: '2348030000000', amount: 1_000, provider: 'mtn' }, webhook: false },
];

type Effect = 'drop' | '5xx' | 'hold';
const EFFECTS: Record<Effect, Omit<Fault, 'path'>> = { drop: { drop: true }, '5xx': { status: 503 }, hold: { delayMs: HOLD_MS } };

describe('sandbox: faults before and after the work, on every money route (issue 53)', function () {
  this.timeout(60_000);
  let sandbox: Sandbox;
  let receiver: WebhookReceiver;
  let dev: Developer;
  let wallet: ConnectedWallet;

  before(async () => {
    receiver = await webhookReceiver([200]);
    sandbox = await startCheckedSandbox({ seed: 53, log: () => undefined, tokenLifetimeSeconds: 10 * 365 * 86_400 });
    dev = await newDeveloper(sandbox);
    wallet = await connectWallet(sandbox, dev.appKey, FROM);
    await expectOk(
      call(sandbox, 'PUT', '/v1/apps/settings', { body: { callbackURL: receiver.url }, headers: { 'x-app-key': dev.appKey } }),
    );
  });
  after(async () => {
    await sandbox.close();
    await receiver.close();
  });

  /** Sends the route's body, as an app would; `signal` is the app's timeout. */
  function pay(route: MoneyRoute, signal?: AbortSignal): Promise<Response> {
    return fetch(sandbox.url + route.path, {
      method: 'POST',
      headers: { ...wallet.headers, 'content-type': 'application/json' },
      body: JSON.stringify(route.body),
      signal,
    });
  }

  /** Resolves once the journal has numbered the request (it arrived whole): lastId reaches `id`. */
  async function arrived(id: number): Promise<void> {
    while (sandbox.requests.lastId < id) await new Promise((resolve) => setImmediate(resolve));
  }

  /**
   * One round trip after the app hung up: the sandbox reads its sockets in order, so by the time it
   * answers this it has seen the other connection close.
   */
  async function serverHeardTheHangUp(): Promise<void> {
    await (await fetch(`${sandbox.url}/__sandbox/health`)).text();
  }

  /** The journal's entry for request `id`, once answered. */
  const entryOf = (id: number): Promise<JournalEntry> =>
    within(sandbox.requests.waitFor({ after: id - 1 }, { timeoutMs: 20_000 }), `entry ${id}`);

  /** Delivers what is due (webhooks to the receiver) and answers the events of `reference`. */
  async function eventsOf(reference: string | undefined): Promise<number> {
    await sandbox.advanceClock(1);
    return sandbox.events().filter((event) => event.payload.payload.data.transactionReference === reference).length;
  }

  for (const route of ROUTES) {
    for (const phase of ['before', 'after'] as const) {
      for (const effect of Object.keys(EFFECTS) as Effect[]) {
        it(`${route.path} × ${phase} × ${effect}`, async () => {
          const balance = sandbox.balance(FROM);
          const events = sandbox.events().length;
          const id = sandbox.requests.lastId + 1;
          sandbox.addFault({ path: route.path, phase, times: 1, ...EFFECTS[effect] });
          const app = new AbortController();
          const heard = pay(route, app.signal).then(
            async (answer) => ({ status: answer.status, text: await answer.text() }),
            () => ({ status: 0, text: '' }),
          );
          await arrived(id);
          if (effect === 'hold') {
            if (phase === 'after') {
              // The work is done before the hold: the money moved while the app still waits.
              await when(
                (listener) => sandbox.onChange(listener),
                () => (sandbox.balance(FROM) !== balance ? true : undefined),
                'the money moved during the hold',
              );
            } else {
              assert.equal(sandbox.balance(FROM), balance, 'nothing moved while the request waits before the work');
            }
            app.abort(); // the app's timeout: it gives up
            assert.equal((await heard).status, 0);
            await serverHeardTheHangUp();
            if (phase === 'before') await sandbox.advanceClock(HOLD_MS / 1000); // the hold ends: the work goes on
          }
          const answer = await heard;
          const entry = await entryOf(id);
          const moved = phase === 'after' || effect === 'hold';
          const amount = route.body['amount'] as number;
          assert.equal(balance - sandbox.balance(FROM), moved ? amount : 0, 'the money moved exactly when the phase says');
          // The journal: the body as sent, in its place, with what the API did and what the app heard.
          assert.equal(entry.id, id);
          assert.equal(entry.requestBody, JSON.stringify(route.body));
          const apiSaid = entry.apiAnswer?.body ?? entry.responseBody;
          const reference = /"(?:reference|transactionReference)":"([0-9a-f]{24})"/.exec(apiSaid)?.[1];
          if (effect === 'drop') {
            assert.deepEqual([answer.status, entry.status, entry.unheard], [0, 0, true]);
          } else if (effect === '5xx') {
            assert.deepEqual([answer.status, entry.status, entry.unheard], [503, 503, undefined]);
          } else {
            assert.deepEqual([entry.status, entry.unheard], [200, true], 'the API answered 200; the app had gone');
          }
          assert.equal(
            entry.apiAnswer?.status,
            phase === 'after' && effect !== 'hold' ? 200 : undefined,
            'the API answer a fault replaced',
          );
          assert.equal(reference !== undefined, moved, `a reference exactly when money moved: ${apiSaid}`);
          // The webhook: scheduled when the money moved, and only then.
          const sent = await eventsOf(reference);
          assert.equal(sent, moved && route.webhook ? 1 : 0, 'one webhook for the money that moved');
          assert.equal(sandbox.events().length - events, moved && route.webhook ? 1 : 0);
          assert.deepEqual(sandbox.listFaults(), []);
        });
      }
    }
  }
});
