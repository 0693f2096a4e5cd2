import * as assert from 'node:assert/strict';
import { validateMobile } from '../../../src/api';
import { formatMobileForPeople } from '../../../src/common/formatMobile';

describe('common: mobiles for people (issue 17 item 11: the prefilled mobile as the README shows it)', () => {
  it('writes the API form as 0803 123 4567', () => {
    assert.equal(formatMobileForPeople('2348031234567'), '0803 123 4567');
    assert.equal(formatMobileForPeople('+2349090000000'), '0909 000 0000');
    assert.equal(formatMobileForPeople('08031234567'), '0803 123 4567');
  });

  it('is read back by the mobile check as the same number', () => {
    const checked = validateMobile(formatMobileForPeople('2348031234567'));
    assert.deepEqual(checked, { ok: true, value: '2348031234567' });
  });

  it('leaves what is not a Nigerian mobile alone', () => {
    assert.equal(formatMobileForPeople('12345'), '12345');
    assert.equal(formatMobileForPeople(''), '');
  });
});
