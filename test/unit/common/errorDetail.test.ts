import * as assert from 'node:assert/strict';
import { errorDetail } from '../../../src/common/errorDetail';

describe('common: what the log says about an error (issue 17 item 11: no minified stack positions)', () => {
  it('without stacks (the shipped VSIX): the message and its causes, no file positions', () => {
    const error = new Error('Loading failed', { cause: new TypeError('fetch failed', { cause: new Error('ECONNREFUSED') }) });
    const text = errorDetail(error, false);
    assert.equal(text, 'Loading failed\nCaused by: fetch failed\nCaused by: ECONNREFUSED');
    assert.doesNotMatch(text, /:\d+:\d+/);
    assert.equal(errorDetail(new RangeError('bad'), false), 'RangeError: bad');
  });

  it('with stacks (development and tests): the frames too', () => {
    const text = errorDetail(new Error('boom'), true);
    assert.match(text, /^Error: boom\n\s+at /);
    assert.match(text, /errorDetail\.test\.(js|ts):\d+:\d+/);
  });

  it('something thrown that is not an Error is written as text', () => {
    assert.equal(errorDetail('plain', false), 'plain');
    assert.equal(errorDetail(undefined, true), '');
  });
});
