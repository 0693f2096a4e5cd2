import * as vscode from 'vscode';
import {
  emptyAccounts,
  secretKeys,
  SECRET_PREFIX,
  stateKey,
  type AppInfo,
  type AppSecrets,
  type DeveloperInfo,
  type DeveloperSecrets,
  type EnvironmentAccounts,
  type WalletInfo,
  type WalletSecrets,
  type WalletStatus,
} from './accountState';
import { Disposable } from '../common/lifecycle';
import { UserFacingError } from '../common/userFacingError';
import type { EnvironmentId } from './environments';

/**
 * Per-environment accounts: names and ids in global state, every token and key in
 * SecretStorage. Environments never share an entry, so switching cannot mix sessions.
 * Changes made in another window arrive through `secrets.onDidChange`.
 */
export class AccountStore extends Disposable {
  private readonly changed = this._register(new vscode.EventEmitter<EnvironmentId>());
  readonly onDidChange = this.changed.event;
  private readonly cache = new Map<string, unknown>();

  constructor(
    private readonly state: vscode.Memento,
    private readonly secrets: vscode.SecretStorage,
  ) {
    super();
    this._register(
      secrets.onDidChange((event) => {
        if (!event.key.startsWith(`${SECRET_PREFIX}.`)) return;
        this.cache.delete(event.key);
        const env = event.key.split('.')[1] as EnvironmentId;
        this.changed.fire(env);
      }),
    );
  }

  accounts(env: EnvironmentId): EnvironmentAccounts {
    return { ...emptyAccounts(), ...this.state.get<EnvironmentAccounts>(stateKey(env)) };
  }

  private async update(env: EnvironmentId, change: (accounts: EnvironmentAccounts) => void): Promise<void> {
    const accounts = this.accounts(env);
    change(accounts);
    await this.state.update(stateKey(env), accounts);
    this.changed.fire(env);
  }

  // Secrets -----------------------------------------------------------------------------

  private async readSecret<T>(key: string): Promise<T | undefined> {
    if (this.cache.has(key)) return this.cache.get(key) as T | undefined;
    const raw = await this.secrets.get(key);
    let value: T | undefined;
    try {
      value = raw ? (JSON.parse(raw) as T) : undefined;
    } catch {
      value = undefined; // A damaged entry is treated as absent; the user signs in again.
    }
    this.cache.set(key, value);
    return value;
  }

  private async writeSecret(key: string, value: unknown): Promise<void> {
    try {
      await this.secrets.store(key, JSON.stringify(value));
    } catch (error) {
      // Usually no OS keyring (Linux without gnome-keyring/KWallet): say so, not "store failed".
      const reason = error instanceof Error ? error.message : String(error);
      throw new UserFacingError(
        [
          vscode.l10n.t('VS Code could not save a secret to the system keyring ({0}).', reason),
          vscode.l10n.t('On Linux, install and unlock a keyring such as gnome-keyring, or start VS Code with --password-store=basic.'),
          vscode.l10n.t('Nothing was saved.'),
        ].join(' '),
      );
    }
    this.cache.set(key, value);
  }

  private async deleteSecret(key: string): Promise<void> {
    this.cache.delete(key);
    await this.secrets.delete(key);
  }

  // Developer ---------------------------------------------------------------------------

  developerSecrets(env: EnvironmentId): Promise<DeveloperSecrets | undefined> {
    return this.readSecret(secretKeys.developer(env));
  }

  async signIn(env: EnvironmentId, developer: DeveloperInfo, secrets: DeveloperSecrets): Promise<void> {
    await this.writeSecret(secretKeys.developer(env), secrets);
    await this.update(env, (accounts) => {
      accounts.developer = developer;
    });
  }

  async signOut(env: EnvironmentId): Promise<void> {
    await this.deleteSecret(secretKeys.developer(env));
    await this.update(env, (accounts) => {
      delete accounts.developer;
    });
  }

  // Apps --------------------------------------------------------------------------------

  appSecrets(env: EnvironmentId, appId: string): Promise<AppSecrets | undefined> {
    return this.readSecret(secretKeys.app(env, appId));
  }

  async saveApp(env: EnvironmentId, app: AppInfo, secrets: AppSecrets): Promise<void> {
    await this.writeSecret(secretKeys.app(env, app.id), secrets);
    await this.update(env, (accounts) => {
      accounts.apps = [...accounts.apps.filter((existing) => existing.id !== app.id), app];
      accounts.activeAppId = app.id;
    });
  }

  async selectApp(env: EnvironmentId, appId: string): Promise<void> {
    await this.update(env, (accounts) => {
      if (accounts.apps.some((app) => app.id === appId)) accounts.activeAppId = appId;
    });
  }

  // Wallets -----------------------------------------------------------------------------

  walletSecrets(env: EnvironmentId, mobile: string): Promise<WalletSecrets | undefined> {
    return this.readSecret(secretKeys.wallet(env, mobile));
  }

  async saveWalletTokens(env: EnvironmentId, mobile: string, secrets: WalletSecrets): Promise<void> {
    await this.writeSecret(secretKeys.wallet(env, mobile), secrets);
  }

  async connectWallet(env: EnvironmentId, wallet: Omit<WalletInfo, 'status'>, secrets: WalletSecrets): Promise<void> {
    await this.saveWalletTokens(env, wallet.mobile, secrets);
    await this.update(env, (accounts) => {
      accounts.wallets = [...accounts.wallets.filter((existing) => existing.mobile !== wallet.mobile), { ...wallet, status: 'connected' }];
      accounts.activeWalletMobile = wallet.mobile;
    });
  }

  // The list changes before a wallet's tokens go: a call starting in between then meets a wallet
  // disconnected or gone, not one listed as connected whose tokens are missing (which it would
  // report as a sign-in SecretStorage did not keep).

  async setWalletStatus(env: EnvironmentId, mobile: string, status: WalletStatus): Promise<void> {
    await this.update(env, (accounts) => {
      accounts.wallets = accounts.wallets.map((wallet) => (wallet.mobile === mobile ? { ...wallet, status } : wallet));
    });
    if (status === 'disconnected') await this.deleteSecret(secretKeys.wallet(env, mobile));
  }

  async selectWallet(env: EnvironmentId, mobile: string): Promise<void> {
    await this.update(env, (accounts) => {
      if (accounts.wallets.some((wallet) => wallet.mobile === mobile)) accounts.activeWalletMobile = mobile;
    });
  }

  async disconnectWallet(env: EnvironmentId, mobile: string): Promise<void> {
    await this.update(env, (accounts) => {
      accounts.wallets = accounts.wallets.filter((wallet) => wallet.mobile !== mobile);
      if (accounts.activeWalletMobile === mobile) accounts.activeWalletMobile = accounts.wallets[0]?.mobile;
    });
    await this.deleteSecret(secretKeys.wallet(env, mobile));
  }
}
