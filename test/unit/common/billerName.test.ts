import * as assert from 'node:assert/strict';
import { formatBillerName } from '../../../src/common/billerName';

describe('common: biller names (issue 17 item 11: one spelling in the tree and the panel)', () => {
  it('spells known billers as the brands do, whatever case the API sent', () => {
    assert.equal(formatBillerName('ikedc'), 'IKEDC');
    assert.equal(formatBillerName('IKEDC'), 'IKEDC');
    assert.equal(formatBillerName('dstv'), 'DStv');
    assert.equal(formatBillerName('mtn'), 'MTN');
    assert.equal(formatBillerName(' startimes '), 'StarTimes');
  });

  it('capitalises an unknown short code and keeps a written name as sent', () => {
    assert.equal(formatBillerName('bedc'), 'BEDC');
    assert.equal(formatBillerName('Lagos Water Corporation'), 'Lagos Water Corporation');
  });
});
