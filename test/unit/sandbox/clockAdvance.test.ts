import * as assert from 'node:assert/strict';
import { Sandbox } from '../../../src/sandbox';
import { VirtualClock } from '../../../src/sandbox/domain/clock';
import { MAX_TASKS_PER_ADVANCE, Scheduler } from '../../../src/sandbox/domain/scheduler';
import { RETRY_DELAYS_MS } from '../../../src/sandbox/domain/webhooks';
import { ApiError } from '../../../src/sandbox/vocabulary/errors';
import { startCheckedSandbox } from '../support/contract';
import { call, connectWallet, expectOk, newDeveloper } from './helpers';
import { webhookReceiver, WebhookReceiver } from '../support/webhookReceiver';

// Issue 35 item 5: one advance runs everything due within its span, in time order, before it
// resolves; a webhook retry is a task like any other, so one day's advance reaches the third
// attempt of a receiver that fails twice. Timestamps are the virtual clock's: no wall-clock bounds.

const START = Date.parse('2026-03-02T09:00:00.000Z');
const MINUTE = 60_000;

/** A scheduler on a frozen clock, without a real timer: only advances run tasks. */
function frozenWorld(): { clock: VirtualClock; scheduler: Scheduler; errors: unknown[] } {
  const clock = new VirtualClock(Date.now, 0, START);
  const errors: unknown[] = [];
  const scheduler = new Scheduler(
    () => clock.now(),
    (error) => errors.push(error),
    false,
  );
  return { clock, scheduler, errors };
}

type Attempt = { number: number; at: string; status: number };

async function eventAttempts(sandbox: Sandbox, id: string): Promise<{ state: string; attempts: Attempt[] }> {
  return (await expectOk(call(sandbox, 'GET', `/__sandbox/events/${id}`))).json['data'].event;
}

describe('sandbox: one clock advance runs everything due within it, in time order', () => {
  it('runs tasks in time order, each seeing its own due time, with what they schedule inside the span', async () => {
    const { clock, scheduler, errors } = frozenWorld();
    const seen: [string, number][] = [];
    const note = (name: string) => () => void seen.push([name, clock.now() - START]);
    scheduler.at('c', START + 3 * MINUTE, note('c'));
    scheduler.at('a', START + MINUTE, () => {
      note('a')();
      scheduler.at('a2', clock.now() + 30_000, note('a2'));
      scheduler.at('late', clock.now() + 10 * MINUTE, note('late'));
    });
    scheduler.at('b', START + 2 * MINUTE, async () => {
      await new Promise((resolve) => setImmediate(resolve));
      note('b')();
    });
    await scheduler.travel(5 * MINUTE, clock);
    assert.deepEqual(seen, [
      ['a', MINUTE],
      ['a2', MINUTE + 30_000],
      ['b', 2 * MINUTE],
      ['c', 3 * MINUTE],
    ]);
    assert.equal(clock.now(), START + 5 * MINUTE, 'the clock ends at the end of the span');
    await scheduler.travel(6 * MINUTE, clock);
    assert.deepEqual(seen.at(-1), ['late', 11 * MINUTE]);
    assert.deepEqual(errors, []);
  });

  it('queues an advance behind one under way', async () => {
    const { clock, scheduler } = frozenWorld();
    const seen: number[] = [];
    scheduler.at('slow', START + MINUTE, () => new Promise((resolve) => setTimeout(resolve, 20)).then(() => void seen.push(clock.now())));
    scheduler.at('next', START + 3 * MINUTE, () => void seen.push(clock.now()));
    await Promise.all([scheduler.travel(2 * MINUTE, clock), scheduler.travel(2 * MINUTE, clock)]);
    assert.deepEqual(
      seen.map((at) => at - START),
      [MINUTE, 3 * MINUTE],
    );
    assert.equal(clock.now(), START + 4 * MINUTE);
  });

  it('stops an endless chain of tasks with a clear error, the clock where it got to', async () => {
    const { clock, scheduler } = frozenWorld();
    const again = (): void => scheduler.at('loop', clock.now() + 1, again);
    scheduler.at('loop', START + 1, again);
    const error = await scheduler.travel(3600_000, clock).then(
      () => assert.fail('the advance ended'),
      (failure: unknown) => failure,
    );
    assert.ok(error instanceof ApiError);
    assert.equal(error.status, 409);
    assert.equal(error.errorCode, '90009');
    assert.match(error.message, new RegExp(`at most ${MAX_TASKS_PER_ADVANCE} scheduled tasks`));
    assert.match(error.message, /the clock stopped at 2026-03-02T09:01:40\.000Z\. Advance again/);
    assert.equal(clock.now(), START + MAX_TASKS_PER_ADVANCE, 'the clock stands at the last task run');
  });

  describe('webhook retries on a real receiver', () => {
    let sandbox: Sandbox;
    let hook: WebhookReceiver;
    afterEach(async () => {
      await sandbox.close();
      await hook.close();
    });

    it('delivers to a receiver that fails twice with ONE advance(86400): three attempts at their scheduled times', async () => {
      hook = await webhookReceiver([500, 500, 200]);
      sandbox = await startCheckedSandbox({ log: () => undefined });
      const dev = await newDeveloper(sandbox);
      const wallet = await connectWallet(sandbox, dev.appKey, dev.sandboxMobile);
      await expectOk(call(sandbox, 'PUT', '/v1/apps/settings', { body: { callbackURL: hook.url }, headers: { 'x-app-key': dev.appKey } }));
      await expectOk(
        call(sandbox, 'POST', '/v1/users/transfers/phone', { body: { mobile: '2349090000000', amount: 2500 }, headers: wallet.headers }),
      );
      const [event] = sandbox.events();
      assert.ok(event);

      await sandbox.advanceClock(86_400);
      assert.equal(hook.hits, 3, 'every attempt happened before the advance resolved');
      const shown = await eventAttempts(sandbox, event.id);
      assert.equal(shown.state, 'delivered');
      assert.deepEqual(
        shown.attempts.map((a) => [a.number, a.status]),
        [
          [1, 500],
          [2, 500],
          [3, 200],
        ],
      );
      const times = shown.attempts.map((a) => Date.parse(a.at));
      assert.deepEqual(
        [(times[1] as number) - (times[0] as number), (times[2] as number) - (times[1] as number)],
        RETRY_DELAYS_MS.slice(0, 2),
      );
    });
  });
});
