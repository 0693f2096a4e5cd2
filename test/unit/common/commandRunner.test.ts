import * as assert from 'node:assert/strict';
import { CommandRunner, type FailureHandler, type FailureKind } from '../../../src/common/commandRunner';

class Cancelled extends Error {}
class AlreadyShown extends Error {}

/** A logger and a failure handler that record what the runner asked of them. */
function harness() {
  const log: string[] = [];
  const reported: [string, unknown][] = [];
  const failures: FailureHandler = {
    kind: (error): FailureKind => (error instanceof Cancelled ? 'cancelled' : error instanceof AlreadyShown ? 'alreadyShown' : 'failed'),
    report: async (title, error) => void reported.push([title, error]),
  };
  const runner = new CommandRunner({ info: (line) => log.push(`info ${line}`), error: (line) => log.push(`error ${line}`) }, failures);
  return { runner, log, reported };
}

describe('common: CommandRunner', () => {
  it('answers with what the work returns, and reports nothing', async () => {
    const { runner, log, reported } = harness();
    assert.equal(await runner.run('a', 'Do A', () => 7), 7);
    assert.equal(await runner.run('a', 'Do A', async () => 'async'), 'async');
    assert.deepEqual(reported, []);
    assert.deepEqual(log, []);
  });

  it('does not start a command twice while it runs: the second caller shares the first run', async () => {
    const { runner, log } = harness();
    let release!: (value: string) => void;
    let starts = 0;
    const work = () => {
      starts++;
      return new Promise<string>((resolve) => (release = resolve));
    };
    const first = runner.run('a', 'Do A', work);
    const second = runner.run('a', 'Do A', work);
    assert.equal(first, second);
    release('done');
    assert.deepEqual(await Promise.all([first, second]), ['done', 'done']);
    assert.equal(starts, 1);
    assert.deepEqual(log, ['info Do A is already running; not starting it twice.']);
  });

  it('runs different commands side by side, and the same one again once it ended', async () => {
    const { runner } = harness();
    let starts = 0;
    const work = async () => ++starts;
    assert.deepEqual(await Promise.all([runner.run('a', 'A', work), runner.run('b', 'B', work)]), [1, 2]);
    assert.equal(await runner.run('a', 'A', work), 3);
    await runner.run('a', 'A', () => {
      throw new Error('boom');
    });
    assert.equal(await runner.run('a', 'A', work), 4, 'a failure frees the id too');
  });

  it('reports a failure once, after logging it, and resolves to undefined', async () => {
    const { runner, log, reported } = harness();
    const failure = new Error('server down');
    assert.equal(
      await runner.run('a', 'Do A', () => {
        throw failure;
      }),
      undefined,
    );
    assert.deepEqual(reported, [['Do A', failure]]);
    assert.deepEqual(log, ['error Do A failed']);
  });

  it('ends silently when the user cancelled', async () => {
    const { runner, log, reported } = harness();
    assert.equal(
      await runner.run('a', 'Do A', async () => {
        throw new Cancelled('closed the box');
      }),
      undefined,
    );
    assert.deepEqual(reported, []);
    assert.deepEqual(log, []);
  });

  it('only logs a failure the user was already told about', async () => {
    const { runner, log, reported } = harness();
    await runner.run('a', 'Do A', async () => {
      throw new AlreadyShown('Wallet 0803 is disconnected.');
    });
    assert.deepEqual(reported, []);
    assert.deepEqual(log, ['info Do A stopped: Wallet 0803 is disconnected.']);
  });

  it('tells its listeners of every invocation by command id (a shared one too, and one that fails) until they unsubscribe', async () => {
    const { runner } = harness();
    const ran: string[] = [];
    const stop = runner.onDidRun((command) => ran.push(command));
    let release!: () => void;
    const first = runner.run('a:node-1', 'Do A', () => new Promise<void>((resolve) => (release = resolve)), 'a');
    const shared = runner.run('a:node-1', 'Do A', () => undefined, 'a');
    await runner.run('b', 'Do B', () => {
      throw new Cancelled();
    });
    release();
    await Promise.all([first, shared]);
    assert.deepEqual(ran, ['a', 'a', 'b']);
    stop();
    await runner.run('c', 'Do C', () => 1);
    assert.deepEqual(ran, ['a', 'a', 'b']);
  });

  it('runs the command when a listener throws, and logs the listener’s failure', async () => {
    const { runner, log, reported } = harness();
    runner.onDidRun(() => {
      throw new Error('listener broke');
    });
    assert.equal(await runner.run('a', 'Do A', () => 7), 7);
    assert.deepEqual(log, ['error A listener of a failed']);
    assert.deepEqual(reported, []);
  });
});
