import * as assert from 'node:assert/strict';
import { invocationKey } from '../../../src/common/invocationKey';

// Issue 17 item 12: the command wrapper joins duplicate runs by command AND argument.
describe('invocationKey: what makes two command runs the same', () => {
  it('the same command on two different wallets is two runs', () => {
    const first = invocationKey('walletConsole.disconnectWallet', [{ kind: 'otherWallet', mobile: '2348000000000' }]);
    const second = invocationKey('walletConsole.disconnectWallet', [{ kind: 'otherWallet', mobile: '2349090000000' }]);
    assert.notEqual(first, second);
  });

  it('the same click twice is one run; a run with no argument keys on the command alone', () => {
    assert.equal(
      invocationKey('walletConsole.selectWallet', ['2348000000000']),
      invocationKey('walletConsole.selectWallet', ['2348000000000']),
    );
    assert.equal(invocationKey('walletConsole.refresh', []), 'walletConsole.refresh');
    assert.equal(invocationKey('walletConsole.refresh', [undefined]), 'walletConsole.refresh');
  });

  it('different commands with the same argument never share a key', () => {
    assert.notEqual(invocationKey('walletConsole.selectWallet', ['1']), invocationKey('walletConsole.disconnectWallet', ['1']));
  });

  it('an argument that cannot be written out (a cycle) falls back to the command', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic['self'] = cyclic;
    assert.equal(invocationKey('walletConsole.refresh', [cyclic]), 'walletConsole.refresh');
  });
});
