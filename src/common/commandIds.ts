// Every command id the extension contributes (package.json "contributes.commands"), named
// once: code that runs or offers a command refers to it here, never by a string literal.

export const COMMANDS = {
  signIn: 'walletConsole.signIn',
  signUp: 'walletConsole.signUp',
  signOut: 'walletConsole.signOut',
  createApp: 'walletConsole.createApp',
  addAppKey: 'walletConsole.addAppKey',
  selectApp: 'walletConsole.selectApp',
  copyAppKey: 'walletConsole.copyAppKey',
  connectWallet: 'walletConsole.connectWallet',
  selectWallet: 'walletConsole.selectWallet',
  disconnectWallet: 'walletConsole.disconnectWallet',
  switchEnvironment: 'walletConsole.switchEnvironment',
  refresh: 'walletConsole.refresh',
  refreshBalance: 'walletConsole.refreshBalance',
  loadMoreTransactions: 'walletConsole.loadMoreTransactions',
  filterTransactions: 'walletConsole.filterTransactions',
  copyReference: 'walletConsole.copyReference',
  exportTransactions: 'walletConsole.exportTransactions',
  showTransaction: 'walletConsole.showTransaction',
  openTransactionJson: 'walletConsole.openTransactionJson',
  verifyBankAccount: 'walletConsole.verifyBankAccount',
  verifyBankAccountQuick: 'walletConsole.verifyBankAccountQuick',
  showLog: 'walletConsole.showLog',
  openSettings: 'walletConsole.openSettings',
  addToGitignore: 'walletConsole.addToGitignore',
} as const;

export type CommandId = (typeof COMMANDS)[keyof typeof COMMANDS];
