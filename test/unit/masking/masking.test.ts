import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { maskAccountNumber, maskMobile, maskNumbersInText, maskText, templateText } from '../../../src/masking/masking';

describe('masking/masking', () => {
  it('masks a mobile to its country code and last four digits', () => {
    assert.equal(maskMobile('2348031234567'), '234******4567');
    assert.equal(maskMobile('08031234567'), '*******4567');
    assert.equal(maskMobile(''), '');
  });

  it('masks mobiles and account numbers in a log line, and nothing else', () => {
    assert.equal(
      maskNumbersInText('[local] Connected wallet 2348031234567 through app "Demo".'),
      '[local] Connected wallet 234******4567 through app "Demo".',
    );
    assert.equal(maskNumbersInText('Verified account 2079151995 at ACCESS BANK.'), 'Verified account ******1995 at ACCESS BANK.');
    assert.equal(maskNumbersInText('the phone transfer to 08031234567 failed'), 'the phone transfer to *******4567 failed');
    for (const untouched of [
      '[local] GET /v1/transactions?limit=25 → 200 in 12 ms',
      'Transaction 5f1a2b3c4d5e6f7a8b9c0d1e failed',
      'amount 150050 kobo, ₦1,500.50, at 1614853230000',
      'id 20791519951 is eleven digits, 2079151995.5 is a decimal',
    ]) {
      assert.equal(maskNumbersInText(untouched), untouched);
    }
  });

  it('leaves no NUBAN or mobile readable in any text around it', () => {
    const nuban = fc.stringMatching(/^\d{10}$/);
    const mobile = fc.stringMatching(/^234[789]\d{9}$/);
    const around = fc.string({ maxLength: 30 }).map((text) => text.replace(/[\w.,]+$/, '').replace(/^[\w.,]+/, ''));
    fc.assert(
      fc.property(around, fc.oneof(nuban, mobile), around, (before, number, after) => {
        const out = maskNumbersInText(`${before} ${number} ${after}`);
        assert.equal(out.includes(number), false, `left in: ${out}`);
        assert.ok(out.includes(number.slice(-4)), 'the last four digits stay, to tell numbers apart');
      }),
      { numRuns: 500 },
    );
  });

  it('is the same account-number mask the API layer has', () => {
    assert.equal(maskAccountNumber('2079151995'), '******1995');
  });

  it('masks a secret field by its name as parsed: JSON escapes, percent-encoding, any case, spaces as + or %20', () => {
    const passcode = '918273';
    for (const json of [
      '{"pass\\u0063ode":"918273"}',
      '{"mobile":"2349090000000","\\u0070\\u0061\\u0073\\u0073\\u0063\\u006f\\u0064\\u0065": "918273"}',
      '{"PassCode":918273}',
      '{"a":[":","x"],"passcode":"918273"}',
      '{"nested":{"access_token":"918273"}}',
    ]) {
      const masked = maskText(json);
      assert.ok(!masked.includes(passcode), `${json} -> ${masked}`);
      assert.match(masked, /\[masked\]/, json);
      assert.doesNotThrow(() => JSON.parse(masked), `still JSON: ${masked}`);
      const used = new Set<string>();
      assert.ok(!templateText(json, used).includes(passcode), `template of ${json}`);
      assert.ok(used.size === 1, `a placeholder for ${json}`);
    }
    for (const form of [
      'pass%63ode=918273',
      'mobile=2349090000000&pass%63ode=918273',
      'PASS%43ODE=918273',
      'PassCode=918273',
      'pass+code=918273',
      'pass%20code=918273',
      'app%5Fkey=918273',
    ]) {
      const masked = maskText(form);
      assert.ok(!masked.includes(passcode), `${form} -> ${masked}`);
      assert.ok(masked.endsWith('=%5Bmasked%5D'), `${form} -> ${masked}`);
      assert.ok(!templateText(form, new Set()).includes(passcode), `template of ${form}`);
    }
    // What is shown keeps the names as they were sent; only the values change.
    assert.equal(maskText('{"pass\\u0063ode":"918273"}'), '{"pass\\u0063ode":"[masked]"}');
    assert.equal(maskText('mobile=2349090000000&pass%63ode=918273'), 'mobile=2349090000000&pass%63ode=%5Bmasked%5D');
    assert.equal(templateText('pass%63ode=918273', new Set()), 'pass%63ode=$WALLET_PASSCODE');
    // The ordinary cases as before, and names that only look alike are left alone.
    assert.equal(maskText('{"password": "hunter2", "amount": 100}'), '{"password": "[masked]", "amount": 100}');
    assert.equal(maskText('email=a%40b.ng&password=hunter2'), 'email=a%40b.ng&password=%5Bmasked%5D');
    assert.equal(maskText('{"passcodes":"x","keyId":"k1"}'), '{"passcodes":"x","keyId":"k1"}');
    assert.equal(maskText('passcodes=x&keyId=k1'), 'passcodes=x&keyId=k1');
  });
});
