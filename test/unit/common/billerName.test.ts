import * as assert from 'node:assert/strict';
import { AIRTIME_PROVIDERS } from '../../../src/api';
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

  it('names each airtime network once, 9mobile for the API’s etisalat (issue 25: "MTN mtn", "Etisalat" vs "9mobile")', () => {
    assert.deepEqual(AIRTIME_PROVIDERS.map(formatBillerName), ['MTN', 'Glo', 'Airtel', '9mobile']);
    assert.equal(formatBillerName('etisalat'), formatBillerName('9mobile'), 'the seeded history says 9mobile, a purchase etisalat');
    assert.equal(formatBillerName('ETISALAT'), '9mobile');
  });
});
