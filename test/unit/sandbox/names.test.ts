import * as assert from 'node:assert/strict';
import { connectWallet, expectOk, call, newDeveloper, withSandbox } from './helpers';

interface BankRecipient {
  accountNumber: string;
  accountName: string;
  bankCode: string;
}

// Issue 17 item 2: an account carries one name everywhere in the sandbox.
describe('Sandbox names: same account, same name, everywhere', function () {
  this.timeout(20_000);

  it('every bank recipient in a wallet history verifies as the name the history shows', () =>
    withSandbox({ seed: 17 }, async (sandbox) => {
      const developer = await newDeveloper(sandbox);
      const wallet = await connectWallet(sandbox, developer.appKey, developer.sandboxMobile);
      const list = await expectOk(call(sandbox, 'GET', '/v1/transactions?limit=100&type=bank', { headers: wallet.headers }));
      const recipients = (list.json['data'].transactions as { recipient: BankRecipient }[]).map((tx) => tx.recipient);
      assert.ok(recipients.length > 0, 'the seeded history has bank transfers');
      for (const recipient of recipients) {
        const query = `accountNumber=${recipient.accountNumber}&bankCode=${recipient.bankCode}`;
        const verified = await expectOk(call(sandbox, 'GET', `/v1/queries/verify?${query}`, { headers: wallet.headers }));
        assert.equal(verified.json['data'].accountName, recipient.accountName, `${recipient.bankCode}/${recipient.accountNumber}`);
      }
    }));

  it('a recipient added with a name of its own (even one failing the check digit) verifies as that name', () =>
    withSandbox({}, async (sandbox) => {
      const developer = await newDeveloper(sandbox);
      const wallet = await connectWallet(sandbox, developer.appKey, developer.sandboxMobile);
      const recipient = {
        accountNumber: '2891740466',
        accountName: 'OGUNLEYE BLESSING',
        bankCode: '100004',
        bankName: 'OPAY DIGITAL SERVICES',
      };
      await expectOk(
        call(sandbox, 'POST', `/__sandbox/transactions?mobile=${wallet.mobile}`, { body: { type: 'bank', amount: 150_000, recipient } }),
      );
      const verified = await expectOk(
        call(sandbox, 'GET', `/v1/queries/verify?accountNumber=2891740466&bankCode=100004`, { headers: wallet.headers }),
      );
      assert.equal(verified.json['data'].accountName, 'OGUNLEYE BLESSING');
    }));
});
