import * as vscode from 'vscode';
import type { AccountService } from '../auth/accountService';
import { Disposable } from '../common/lifecycle';
import type { Logger } from '../common/logger';
import type { LocalSandbox } from '../localSandbox/localSandbox';
import { SANDBOX_VARIABLES, sandboxVariables, type SandboxSecrets } from './sandboxVariables';

export const INCLUDE_APP_KEY_SETTING = 'terminal.includeAppKey';

/**
 * While the local sandbox is the environment (and listening), new integrated terminals get its
 * address as WALLET_BASE_URL and WALLET_DEVELOPER_URL (one origin serves both APIs), and the
 * active app's sandbox key as WALLET_APP_KEY and the active sandbox wallet's access and refresh
 * tokens as WALLET_ACCESS_TOKEN and WALLET_REFRESH_TOKEN only when
 * walletConsole.terminal.includeAppKey is on. The collection is
 * not persistent, so VS Code never writes it to disk; it is cleared when the environment changes
 * away from the local sandbox.
 */
export class SandboxTerminalEnvironment extends Disposable {
  /** The latest update: later ones wait for it, so a slow key read never overwrites a newer state. */
  private updating: Promise<void> = Promise.resolve();

  constructor(
    private readonly collection: vscode.GlobalEnvironmentVariableCollection,
    private readonly accounts: AccountService,
    private readonly sandbox: LocalSandbox,
    private readonly logger: Logger,
  ) {
    super();
    collection.persistent = false;
    this._register(sandbox.onDidStart(() => this.update()));
    // The environment, the settings and the active app all change through the account service.
    this._register(accounts.onDidChange(() => this.update()));
    this.update();
  }

  /** Resolves once every change seen so far is in the collection (the extension tests wait on it). */
  settled(): Promise<void> {
    return this.updating;
  }

  /** What new terminals get now. */
  variables(): Record<string, string> {
    const found: Record<string, string> = {};
    this.collection.forEach((name, mutator) => (found[name] = mutator.value));
    return found;
  }

  private update(): void {
    this.updating = this.updating.then(() => this.apply()).catch((error: unknown) => this.logger.error('Terminal environment', error));
  }

  private async apply(): Promise<void> {
    const url = this.accounts.env() === 'local' ? this.sandbox.listening?.url : undefined;
    if (!url) {
      this.collection.clear();
      return;
    }
    const variables = sandboxVariables(url, includeAppKey() ? await localSandboxSecrets(this.accounts) : {});
    // Read again: the environment may have changed while the secrets were read.
    if (this.accounts.env() !== 'local') {
      this.collection.clear();
      return;
    }
    this.collection.description = vscode.l10n.t('Wallet Console: the local sandbox’s address for your app');
    for (const name of SANDBOX_VARIABLES) {
      const value = variables[name];
      if (value) this.collection.replace(name, value);
      else this.collection.delete(name);
    }
  }
}

/**
 * The local sandbox's secrets an app may be given, as far as they exist: the active app's sandbox
 * key, and the active sandbox wallet's access token (refreshed when about to run out) and refresh
 * token, with which an app renews the access token itself (a generated webhook handler does).
 * Never staging's or production's. A secret that cannot be read is left out, not an error.
 */
export async function localSandboxSecrets(accounts: AccountService): Promise<SandboxSecrets> {
  const appKey = await accounts.requireAppKey('local').then(
    (found) => found.appKey,
    () => undefined,
  );
  if (!appKey) return {};
  const accessToken = await accounts.activeWalletToken('local').catch(() => undefined);
  const mobile = accounts.activeWallet('local')?.mobile;
  const stored = accessToken && mobile ? await accounts.store.walletSecrets('local', mobile).catch(() => undefined) : undefined;
  return { appKey, accessToken, refreshToken: stored?.refreshToken };
}

/** walletConsole.terminal.includeAppKey: off unless the user turns it on (the key is a secret). */
export function includeAppKey(): boolean {
  return vscode.workspace.getConfiguration('walletConsole').get<boolean>(INCLUDE_APP_KEY_SETTING, false) === true;
}
