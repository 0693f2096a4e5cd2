import * as assert from 'node:assert/strict';
import type { EnvironmentId } from '../../../src/auth/environments';
import { BACK_LIMIT, BackStack, type BackPage } from '../../../src/webview/backStack';
import type { PanelState } from '../../../src/webview/protocol';

function page(state: PanelState, home: EnvironmentId | undefined): BackPage & { name: string } {
  return { name: JSON.stringify(state), state: () => state, home: () => home };
}

const transaction = (reference: string, env: EnvironmentId = 'local') => page({ view: 'transaction', reference, env }, env);
const event = page({ view: 'event', id: 'evt_0123456789abcdef01234567' }, 'local');
const request = page({ view: 'request', id: 7 }, undefined);
const verify = page({ view: 'verify' }, undefined);

describe('webview/backStack: the panel’s "back"', () => {
  it('returns to the page the user came from, newest first', () => {
    const back = new BackStack<ReturnType<typeof page>>();
    back.leave(transaction('a'), event);
    back.leave(event, verify);
    assert.equal(back.peek('local'), event, 'verify opened from an event goes back to the event, not the last transaction');
    assert.equal(back.pop('local'), event);
    assert.equal(back.pop('local')?.name, transaction('a').name);
    assert.equal(back.pop('local'), undefined);
  });

  it('never returns to a verification page, nor to the page the user did not leave', () => {
    const back = new BackStack<ReturnType<typeof page>>();
    back.leave(undefined, verify);
    back.leave(verify, event);
    back.leave(event, page({ view: 'event', id: 'evt_0123456789abcdef01234567' }, 'local'));
    assert.equal(back.peek('local'), undefined);
  });

  it('keeps a page once, at the place it was last left', () => {
    const back = new BackStack<ReturnType<typeof page>>();
    back.leave(request, event);
    back.leave(event, request);
    back.leave(request, verify);
    assert.equal(back.pop('local'), request);
    assert.equal(back.pop('local'), event);
    assert.equal(back.pop('local'), undefined);
  });

  it('goes back only to a page of the current environment (a request reads the same in any), never past it', () => {
    const back = new BackStack<ReturnType<typeof page>>();
    back.leave(request, transaction('b', 'staging'));
    back.leave(transaction('b', 'staging'), verify);
    assert.equal(back.peek('staging')?.name, transaction('b', 'staging').name);
    assert.equal(back.peek('local'), undefined, 'not the staging record, and not the older request past it');
    assert.equal(back.pop('local'), undefined);
    assert.equal(back.pop('staging')?.name, transaction('b', 'staging').name, 'offered again in its own environment');
    assert.equal(back.peek('local'), request, 'a request, from any environment');
    assert.equal(back.peek('production'), request);
  });

  it(`remembers the last ${BACK_LIMIT} pages, and forgets everything on clear`, () => {
    const back = new BackStack<ReturnType<typeof page>>();
    for (let index = 0; index < BACK_LIMIT + 5; index++) back.leave(transaction(`r${index}`), verify);
    let count = 0;
    while (back.pop('local')) count++;
    assert.equal(count, BACK_LIMIT);
    back.leave(event, verify);
    back.clear();
    assert.equal(back.peek('local'), undefined);
  });
});
