// The mobiles and bank accounts the README and docs/money.md name work as written against the
// local sandbox (issue 25): a newcomer who types one gets the outcome the text promises, not a
// 404 after the amount and the confirmation.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { validateMobile } from '../../../src/api';
import type { Sandbox } from '../../../src/sandbox';
import { bankByCode, BANKS } from '../../../src/sandbox/domain/banks';
import { MAGIC_ACCOUNTS, MAGIC_AIRTIME_MOBILES } from '../../../src/sandbox/domain/magic';
import { call, connectWallet, newDeveloper, withSandbox } from '../sandbox/helpers';

const ROOT = path.resolve(__dirname, '../../../..');
const DOCS = ['README.md', 'docs/money.md'].map((file) => ({ file, text: readFileSync(path.join(ROOT, file), 'utf8') }));

/** Every `code` span that is a Nigerian mobile as a whole, in any of the forms people write. */
function mobilesIn(text: string): string[] {
  return [...text.matchAll(/`([^`]+)`/g)].flatMap(([, span]) => {
    const mobile = validateMobile(span!);
    return /^[+\d][\d ]+$/.test(span!) && mobile.ok ? [mobile.value] : [];
  });
}

/** Every 10-digit account number named with its bank ("1000000001 at ACCESS BANK"), and every one in a code span. */
function accountsIn(text: string): { accountNumber: string; bankCode: string }[] {
  const withBank = [...text.matchAll(/\b(\d{10})`? at ([A-Z][A-Z ()]+[A-Z)])/g)].map(([, accountNumber, name]) => {
    const bank = BANKS.find((candidate) => candidate.bankName === name!.trim());
    assert.ok(bank, `"${name}" is a bank of the sandbox's list`);
    return { accountNumber: accountNumber!, bankCode: bank.bankCode };
  });
  const spans = [...text.matchAll(/`(\d{10})`/g)].map(([, accountNumber]) => ({ accountNumber: accountNumber!, bankCode: '000014' }));
  return [...withBank, ...spans];
}

describe('the examples in README.md and docs/money.md work in the local sandbox', () => {
  it('finds examples to check (the patterns still match the docs)', () => {
    assert.ok(DOCS.flatMap(({ text }) => mobilesIn(text)).length >= 3);
    assert.ok(DOCS.flatMap(({ text }) => accountsIn(text)).length >= 3);
    assert.ok(bankByCode('000014'));
  });

  it('every mobile is a wallet (validate answers 200) or a magic airtime line', async () => {
    await withSandbox({ port: 0 }, async (sandbox: Sandbox) => {
      const developer = await newDeveloper(sandbox);
      for (const { file, text } of DOCS) {
        for (const mobile of mobilesIn(text)) {
          if (Object.hasOwn(MAGIC_AIRTIME_MOBILES, mobile)) continue;
          const answer = await call(sandbox, 'POST', '/v1/users/auth/validate', {
            body: { mobile },
            headers: { 'x-app-key': developer.appKey },
          });
          assert.equal(answer.status, 200, `${file}: ${mobile} is a sandbox wallet (${answer.text})`);
        }
      }
    });
  });

  it('every account verifies at its bank, unless the docs name it as one that does not', async () => {
    await withSandbox({ port: 0 }, async (sandbox: Sandbox) => {
      const developer = await newDeveloper(sandbox);
      const wallet = await connectWallet(sandbox, developer.appKey, developer.sandboxMobile);
      for (const { file, text } of DOCS) {
        for (const { accountNumber, bankCode } of accountsIn(text)) {
          if (MAGIC_ACCOUNTS[accountNumber]?.plan === 'unresolved') continue;
          const answer = await call(sandbox, 'GET', `/v1/queries/verify?accountNumber=${accountNumber}&bankCode=${bankCode}`, {
            headers: wallet.headers,
          });
          assert.equal(answer.status, 200, `${file}: ${accountNumber} at ${bankCode} verifies (${answer.text})`);
        }
      }
    });
  });
});
