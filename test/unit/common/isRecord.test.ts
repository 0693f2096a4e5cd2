import * as assert from 'node:assert/strict';
import { isRecord } from '../../../src/common/isRecord';

describe('common/isRecord', () => {
  it('is true for plain objects only', () => {
    assert.equal(isRecord({}), true);
    assert.equal(isRecord({ type: 'ready' }), true);
    for (const value of [null, undefined, [], 'x', 1, true]) assert.equal(isRecord(value), false, JSON.stringify(value));
  });
});
