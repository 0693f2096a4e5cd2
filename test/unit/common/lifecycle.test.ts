import * as assert from 'node:assert/strict';
import { Disposable, disposeAll, toDisposable } from '../../../src/common/lifecycle';

class Owner extends Disposable {
  own(name: string, order: string[]) {
    return this._register(toDisposable(() => order.push(name)));
  }
  get wasDisposed() {
    return this.isDisposed;
  }
}

describe('common: Disposable', () => {
  it('disposes what it registered, in order, once', () => {
    const order: string[] = [];
    const owner = new Owner();
    owner.own('emitter', order);
    owner.own('listener', order);
    owner.dispose();
    owner.dispose();
    assert.deepEqual(order, ['emitter', 'listener']);
    assert.equal(owner.wasDisposed, true);
  });

  it('disposes at once what is registered after it was disposed', () => {
    const order: string[] = [];
    const owner = new Owner();
    owner.dispose();
    owner.own('late', order);
    assert.deepEqual(order, ['late']);
  });

  it('disposeAll goes on past one that throws, then throws', () => {
    const order: string[] = [];
    const failing = toDisposable(() => {
      throw new Error('broken');
    });
    assert.throws(() => disposeAll([toDisposable(() => order.push('a')), failing, toDisposable(() => order.push('b'))]), /broken/);
    assert.deepEqual(order, ['a', 'b']);
    assert.throws(() => disposeAll([failing, failing]), AggregateError);
  });
});
