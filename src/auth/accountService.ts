import * as vscode from 'vscode';
import type { WalletClient, WalletCredentials } from '../api';
import { UserFacingError } from '../common/commandRunner';
import type { Logger } from '../common/logger';
import type { UserInput } from '../common/userInput';
import type { AppInfo, DeveloperInfo, DeveloperSecrets, EnvironmentAccounts, WalletInfo } from './accountState';
import { AccountStore } from './accountStore';
import type { ClientProvider } from './clients';
import { ENVIRONMENTS, EnvironmentSettings, type EnvironmentId } from './environments';
import { WalletAccess, type WalletCallContext } from './walletAccess';

// Buttons offered with errors: built when used, so their titles follow the display language.
const CREATE_APP = () => ({ title: vscode.l10n.t('Create App'), command: 'walletConsole.createApp' });
const ADD_APP_KEY = () => ({ title: vscode.l10n.t('Add App Key'), command: 'walletConsole.addAppKey' });
const SIGN_IN = () => ({ title: vscode.l10n.t('Sign In'), command: 'walletConsole.signIn' });
const CONNECT_WALLET = () => ({ title: vscode.l10n.t('Connect Wallet'), command: 'walletConsole.connectWallet' });

/**
 * What commands and views ask of the signed-in state: the current environment, its
 * developer, app and wallet, and API calls made with the right credentials.
 */
export class AccountService implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  /** Fires when the environment or anything stored for it changes. */
  readonly onDidChange = this.changed.event;
  readonly wallets: WalletAccess;
  private readonly disposables: vscode.Disposable[] = [];
  private readonly reconnectPrompts = new Set<string>();

  constructor(
    readonly settings: EnvironmentSettings,
    readonly store: AccountStore,
    readonly clients: ClientProvider,
    logger: Logger,
    private readonly ui: () => UserInput,
  ) {
    this.wallets = new WalletAccess(clients, store, logger, (env, mobile) => void this.offerReconnect(env, mobile));
    this.disposables.push(
      this.changed,
      store.onDidChange((env) => {
        if (env === this.env()) this.changed.fire();
      }),
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration('walletConsole')) this.changed.fire();
      }),
    );
  }

  env(): EnvironmentId {
    return this.settings.current();
  }

  accounts(env = this.env()): EnvironmentAccounts {
    return this.store.accounts(env);
  }

  client(env = this.env()): Promise<WalletClient> {
    return this.clients.client(env);
  }

  async requireDeveloper(env = this.env()): Promise<{ developer: DeveloperInfo; secrets: DeveloperSecrets }> {
    const developer = this.accounts(env).developer;
    const secrets = await this.store.developerSecrets(env);
    if (!developer || !secrets)
      throw new UserFacingError(vscode.l10n.t('You are not signed in to {0}. Sign in first.', ENVIRONMENTS[env].label), [SIGN_IN()]);
    return { developer, secrets };
  }

  activeApp(env = this.env()): AppInfo | undefined {
    const accounts = this.accounts(env);
    return accounts.apps.find((app) => app.id === accounts.activeAppId);
  }

  /** The X-App-Key of the active app: `key` in production, `sandboxKey` elsewhere. */
  async requireAppKey(env = this.env()): Promise<{ app: AppInfo; appKey: string }> {
    const app = this.activeApp(env);
    if (!app)
      throw new UserFacingError(
        vscode.l10n.t('No app is selected in {0}. Create an app or add the key of one you already have.', ENVIRONMENTS[env].label),
        [CREATE_APP(), ADD_APP_KEY()],
      );
    const secrets = await this.store.appSecrets(env, app.id);
    const appKey = env === 'production' ? secrets?.key : (secrets?.sandboxKey ?? secrets?.key);
    if (!appKey) {
      const message =
        env === 'production'
          ? vscode.l10n.t('The app "{0}" has no production key stored. Add its key again.', app.name)
          : vscode.l10n.t('The app "{0}" has no sandbox key stored. Add its key again.', app.name);
      throw new UserFacingError(message, [ADD_APP_KEY()]);
    }
    return { app, appKey };
  }

  activeWallet(env = this.env()): WalletInfo | undefined {
    const accounts = this.accounts(env);
    return accounts.wallets.find((wallet) => wallet.mobile === accounts.activeWalletMobile);
  }

  async walletContext(env = this.env(), mobile?: string): Promise<WalletCallContext> {
    const wallet = mobile ? this.accounts(env).wallets.find((candidate) => candidate.mobile === mobile) : this.activeWallet(env);
    if (!wallet) throw new UserFacingError(vscode.l10n.t('No wallet is connected. Connect a wallet first.'), [CONNECT_WALLET()]);
    if (wallet.status === 'disconnected')
      throw new UserFacingError(vscode.l10n.t('Wallet {0} is disconnected. Connect it again to continue.', wallet.mobile), [
        CONNECT_WALLET(),
      ]);
    const { appKey } = await this.requireAppKey(env);
    return { env, mobile: wallet.mobile, appKey };
  }

  /** Runs a wallet call for the active (or given) wallet with fresh tokens. */
  async withWallet<T>(work: (client: WalletClient, credentials: WalletCredentials) => Promise<T>, mobile?: string): Promise<T> {
    return this.wallets.call(await this.walletContext(this.env(), mobile), work);
  }

  /** One prompt per disconnect, however many calls failed with it. */
  private async offerReconnect(env: EnvironmentId, mobile: string): Promise<void> {
    const key = `${env}:${mobile}`;
    if (this.reconnectPrompts.has(key)) return;
    this.reconnectPrompts.add(key);
    try {
      const reconnect = vscode.l10n.t('Reconnect');
      const choice = await this.ui().confirm(
        vscode.l10n.t('Wallet {0} was disconnected: its session could not be renewed.', mobile),
        { level: 'warning' },
        reconnect,
      );
      if (choice === reconnect) await vscode.commands.executeCommand('walletConsole.connectWallet', mobile);
    } finally {
      this.reconnectPrompts.delete(key);
    }
  }

  dispose(): void {
    this.disposables.forEach((disposable) => disposable.dispose());
  }
}
