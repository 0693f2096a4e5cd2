import * as vscode from 'vscode';
import { WalletApiError, type Bank, type DeveloperCredentials, type ListedApp, type WalletClient, type WalletCredentials } from '../api';
import { COMMANDS } from '../common/commandIds';
import { formatMobileForPeople } from '../common/formatMobile';
import { Disposable } from '../common/lifecycle';
import type { Logger } from '../common/logger';
import { UserFacingError } from '../common/userFacingError';
import type { UserInput } from '../common/userInput';
import type { AppInfo, DeveloperInfo, DeveloperSecrets, EnvironmentAccounts, WalletInfo } from './accountState';
import { AccountStore } from './accountStore';
import type { ClientProvider } from './clients';
import { ENVIRONMENTS, EnvironmentSettings, type EnvironmentId } from './environments';
import { MissingSecrets } from './missingSecrets';
import { WalletAccess, type WalletCallContext } from './walletAccess';
import { walletLogin, type WalletLogin } from './walletLogin';

/** How long the reachability check before a sign-in waits for any answer. */
const REACH_TIMEOUT_MS = 5_000;
/** How long Set Webhook URL waits for the app's current URL before it asks with an empty box. */
const WEBHOOK_URL_WAIT_MS = 3_000;

// Buttons offered with errors: built when used, so their titles follow the display language.
const CREATE_APP = () => ({ title: vscode.l10n.t('Create App'), command: COMMANDS.createApp });
const ADD_APP_KEY = () => ({ title: vscode.l10n.t('Add App Key'), command: COMMANDS.addAppKey });
const SIGN_IN = () => ({ title: vscode.l10n.t('Sign In'), command: COMMANDS.signIn });
const CONNECT_WALLET = () => ({ title: vscode.l10n.t('Connect Wallet'), command: COMMANDS.connectWallet });

function disconnectedError(mobile: string, alreadyShown: boolean): UserFacingError {
  return new UserFacingError(
    vscode.l10n.t('Wallet {0} is disconnected: its session ended. Connect it again to continue.', formatMobileForPeople(mobile)),
    [CONNECT_WALLET()],
    alreadyShown,
  );
}

/**
 * What commands and views ask of the signed-in state: the current environment, its
 * developer, app and wallet, and API calls made with the right credentials. Callers ask
 * here; the store, the settings and the clients behind it are its own business.
 */
export class AccountService extends Disposable {
  private readonly changed = this._register(new vscode.EventEmitter<void>());
  /** Fires when the environment or anything stored for it changes. */
  readonly onDidChange = this.changed.event;
  private readonly wallets: WalletAccess;
  /** Wallets offered Reconnect since they were last connected (`env:mobile`): one offer per disconnect. */
  private readonly reconnectOffered = new Set<string>();
  /** Get a New Sandbox Key under way: settles once the new key is stored (or the renewal failed). */
  private keyRenewal: Promise<unknown> | undefined;
  private readonly missing: MissingSecrets;

  constructor(
    private readonly settings: EnvironmentSettings,
    /** Read by the extension tests' hooks; the extension itself asks the service. */
    readonly store: AccountStore,
    private readonly clients: ClientProvider,
    logger: Logger,
    private readonly ui: () => UserInput,
  ) {
    super();
    this.missing = new MissingSecrets(ui);
    this.wallets = new WalletAccess({
      clients,
      store,
      logger,
      appKeyNow: async (env) => (await this.requireAppKey(env)).appKey,
      onDisconnected: (env, mobile, why) => void this.offerReconnect(env, mobile, why),
      disconnectedError,
    });
    this._register(
      store.onDidChange((env) => {
        this.forgetReconnectOffers(env);
        if (env === this.env()) this.changed.fire();
      }),
    );
    this._register(
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration('walletConsole')) this.changed.fire();
      }),
    );
  }

  // Environment -------------------------------------------------------------------------

  env(): EnvironmentId {
    return this.settings.current();
  }

  async switchEnvironment(env: EnvironmentId): Promise<void> {
    await this.settings.switchTo(env);
  }

  accounts(env = this.env()): EnvironmentAccounts {
    return this.store.accounts(env);
  }

  private client(env: EnvironmentId): Promise<WalletClient> {
    return this.clients.client(env);
  }

  // Developer ---------------------------------------------------------------------------

  /**
   * Before asking for a password on a remote environment: does its host answer at all? A
   * wrong address or a host that is down is then said at once (with Switch Environment and
   * Open Settings), not after the user typed their credentials. The local sandbox is ours.
   */
  async checkReachable(env: EnvironmentId): Promise<void> {
    if (env === 'local') return;
    await (await this.client(env)).reach(REACH_TIMEOUT_MS);
  }

  async signUp(env: EnvironmentId, credentials: DeveloperCredentials): Promise<void> {
    await (await this.client(env)).signUp(credentials);
  }

  /** Developer login plus resource auth: the two tokens the contract hands out. */
  async signIn(env: EnvironmentId, credentials: DeveloperCredentials): Promise<DeveloperInfo> {
    const client = await this.client(env);
    const login = await client.logIn(credentials);
    const resource = await client.authenticateResource(credentials);
    const user = resource.user;
    const developer = { id: user._id, email: user.email, sandboxMobile: user.sandboxMobile ?? undefined };
    await this.store.signIn(env, developer, { loginToken: login.token, resourceToken: resource.token });
    return developer;
  }

  /** Forgets the developer's tokens; apps and wallets stay. Answers with who was signed in. */
  async signOut(env: EnvironmentId): Promise<DeveloperInfo | undefined> {
    const developer = this.accounts(env).developer;
    await this.store.signOut(env);
    return developer;
  }

  /** The signed-in developer and their tokens, or undefined. */
  async signedInDeveloper(env = this.env()): Promise<{ developer: DeveloperInfo; secrets: DeveloperSecrets } | undefined> {
    const developer = this.accounts(env).developer;
    const secrets = await this.store.developerSecrets(env);
    return developer && secrets ? { developer, secrets } : undefined;
  }

  async requireDeveloper(env = this.env()): Promise<{ developer: DeveloperInfo; secrets: DeveloperSecrets }> {
    const signedIn = await this.signedInDeveloper(env);
    if (!signedIn)
      throw new UserFacingError(vscode.l10n.t('You are not signed in to {0}. Sign in first.', ENVIRONMENTS[env].label), [SIGN_IN()]);
    return signedIn;
  }

  // Apps --------------------------------------------------------------------------------

  /**
   * The signed-in developer's apps as the server lists them (GET /v1/apps), or 'unsupported'
   * where the server has no such call (404 or 405): Add App Key is the way there.
   */
  async listApps(env: EnvironmentId): Promise<ListedApp[] | 'unsupported'> {
    const { secrets } = await this.requireDeveloper(env);
    try {
      return await (await this.client(env)).listApps(secrets.loginToken);
    } catch (error) {
      if (error instanceof WalletApiError && (error.status === 404 || error.status === 405)) return 'unsupported';
      throw error;
    }
  }

  /** Creates an app with the developer's resource token; it becomes the active app. */
  async createApp(env: EnvironmentId, name: string): Promise<AppInfo> {
    const { secrets } = await this.requireDeveloper(env);
    const created = await (await this.client(env)).createApp(secrets.resourceToken, name);
    const app: AppInfo = { id: created._id, name: created.name, origin: 'created' };
    await this.store.saveApp(env, app, { key: created.key, sandboxKey: created.sandboxKey });
    return app;
  }

  /** Remembers the key of an app made elsewhere (the production key in production, else the sandbox key). */
  async addAppKey(env: EnvironmentId, name: string, key: string, id?: string): Promise<AppInfo> {
    // The id of an app the server lists, so the list shows it once; else one of its own.
    const app: AppInfo = { id: id ?? `added-${Date.now().toString(36)}`, name, origin: 'added' };
    await this.store.saveApp(env, app, env === 'production' ? { key } : { sandboxKey: key });
    return app;
  }

  async selectApp(env: EnvironmentId, appId: string): Promise<void> {
    await this.store.selectApp(env, appId);
  }

  activeApp(env = this.env()): AppInfo | undefined {
    const accounts = this.accounts(env);
    return accounts.apps.find((app) => app.id === accounts.activeAppId);
  }

  /** The X-App-Key of the active app: `key` in production, `sandboxKey` elsewhere (the new one, while it is renewed). */
  async requireAppKey(env = this.env()): Promise<{ app: AppInfo; appKey: string }> {
    if (env === 'local') await this.keyRenewal;
    const app = this.activeApp(env);
    if (!app)
      throw new UserFacingError(
        vscode.l10n.t('No app is selected in {0}. Create an app or add the key of one you already have.', ENVIRONMENTS[env].label),
        [CREATE_APP(), ADD_APP_KEY()],
      );
    const secrets = await this.store.appSecrets(env, app.id);
    const appKey = env === 'production' ? secrets?.key : (secrets?.sandboxKey ?? secrets?.key);
    if (!appKey) throw this.missing.appKey(env, app);
    return { app, appKey };
  }

  /** New keys from the local sandbox for the active app (made there), stored as Create App stores them. */
  async renewSandboxKey(): Promise<AppInfo> {
    const env = this.env();
    const app = this.activeApp(env);
    if (env !== 'local' || app?.origin !== 'created')
      throw new UserFacingError(
        vscode.l10n.t('Only an app made in the local sandbox can get a new key from it. Add the key of this app instead.'),
        [ADD_APP_KEY()],
      );
    const renewal = this.renewAndStore(app);
    // The old key stops working as the sandbox answers: calls that need the key wait for the new one.
    const gate = renewal.catch(() => undefined);
    this.keyRenewal = gate;
    try {
      return await renewal;
    } finally {
      if (this.keyRenewal === gate) this.keyRenewal = undefined;
    }
  }

  private async renewAndStore(app: AppInfo): Promise<AppInfo> {
    const keys = await this.clients.renewSandboxKeys(app.id);
    if ('refused' in keys)
      throw new UserFacingError(
        vscode.l10n.t(
          'The local sandbox gave no new key for {0} ({1}): it may no longer have this app. Create the app again.',
          app.name,
          keys.refused,
        ),
        [CREATE_APP()],
      );
    await this.store.saveApp('local', app, keys);
    this.missing.forget('local', app.id);
    return app;
  }

  /** The sandbox key this editor holds for an app of the local sandbox (Save Sandbox as Scenario writes it), if any. */
  async localSandboxKey(appId: string): Promise<string | undefined> {
    return (await this.store.appSecrets('local', appId))?.sandboxKey;
  }

  /**
   * Where the environment POSTs the active app's webhook events now, as the server lists the app
   * (GET /v1/apps, the local sandbox's among them): undefined when it has none, does not list
   * apps, or does not answer within a few seconds (Set Webhook URL then starts empty).
   */
  async webhookUrl(env: EnvironmentId): Promise<string | undefined> {
    const app = this.activeApp(env);
    const secrets = await this.store.developerSecrets(env);
    if (!app || !secrets) return undefined;
    try {
      const listed = await (await this.client(env)).listApps(secrets.loginToken, { signal: AbortSignal.timeout(WEBHOOK_URL_WAIT_MS) });
      return listed.find((candidate) => candidate._id === app.id)?.settings?.callbackURL;
    } catch {
      return undefined;
    }
  }

  /** Sets where the environment POSTs the active app's webhook events ('' clears it); answers with the app. */
  async setWebhookUrl(env: EnvironmentId, callbackURL: string): Promise<AppInfo> {
    const { app, appKey } = await this.requireAppKey(env);
    await (await this.client(env)).updateAppSettings(appKey, { callbackURL });
    return app;
  }

  /** The bank list, as the active app may see it. */
  async listBanks(env = this.env()): Promise<Bank[]> {
    const { appKey } = await this.requireAppKey(env);
    return (await this.client(env)).listBanks(appKey);
  }

  // Wallets -----------------------------------------------------------------------------

  /** Starts the wallet login through the active app (fails first if there is none, or the environment cannot be reached). */
  async walletLogin(env = this.env()): Promise<WalletLogin> {
    const { app, appKey } = await this.requireAppKey(env);
    return walletLogin(env, await this.client(env), this.store, app, appKey);
  }

  async selectWallet(env: EnvironmentId, mobile: string): Promise<void> {
    await this.store.selectWallet(env, mobile);
  }

  /** Deletes the wallet's tokens and forgets it. */
  async disconnectWallet(env: EnvironmentId, mobile: string): Promise<void> {
    await this.store.disconnectWallet(env, mobile);
  }

  activeWallet(env = this.env()): WalletInfo | undefined {
    const accounts = this.accounts(env);
    return accounts.wallets.find((wallet) => wallet.mobile === accounts.activeWalletMobile);
  }

  /**
   * A fresh access token of the environment's active wallet (refreshed first when about to run
   * out), for the local sandbox's terminals and Copy Sandbox Settings; undefined when none is connected.
   */
  async activeWalletToken(env: EnvironmentId): Promise<string | undefined> {
    const wallet = this.activeWallet(env);
    if (!wallet || wallet.status === 'disconnected') return undefined;
    return this.wallets.call(await this.walletContext(env), (_client, credentials) => Promise.resolve(credentials.accessToken));
  }

  async walletContext(env = this.env(), mobile?: string): Promise<WalletCallContext> {
    const wallet = mobile ? this.accounts(env).wallets.find((candidate) => candidate.mobile === mobile) : this.activeWallet(env);
    if (!wallet) throw new UserFacingError(vscode.l10n.t('No wallet is connected. Connect a wallet first.'), [CONNECT_WALLET()]);
    if (wallet.status === 'disconnected')
      throw new UserFacingError(
        vscode.l10n.t('Wallet {0} is disconnected. Connect it again to continue.', formatMobileForPeople(wallet.mobile)),
        [CONNECT_WALLET()],
      );
    const { appKey } = await this.requireAppKey(env);
    return { env, mobile: wallet.mobile, appKey };
  }

  /** Runs a wallet call for the active (or given) wallet with fresh tokens. */
  async withWallet<T>(work: (client: WalletClient, credentials: WalletCredentials) => Promise<T>, mobile?: string): Promise<T> {
    return this.wallets.call(await this.walletContext(this.env(), mobile), work);
  }

  /**
   * One prompt per disconnect, however many calls failed with it: calls still in flight when the
   * user answered, or a view refreshing just after, ask nothing more until the wallet is connected again.
   */
  private async offerReconnect(env: EnvironmentId, mobile: string, why: 'refused' | 'missing'): Promise<void> {
    const key = `${env}:${mobile}`;
    if (this.reconnectOffered.has(key)) return;
    this.reconnectOffered.add(key);
    const reconnect = vscode.l10n.t('Reconnect');
    const choice = await this.ui().confirm(
      why === 'missing'
        ? this.missing.walletSession(mobile)
        : vscode.l10n.t('Wallet {0} was disconnected: its session could not be renewed.', formatMobileForPeople(mobile)),
      { level: 'warning' },
      reconnect,
    );
    if (choice === reconnect) await vscode.commands.executeCommand(COMMANDS.connectWallet, mobile);
  }

  /** A wallet connected again (or gone) may be offered Reconnect at its next disconnect. */
  private forgetReconnectOffers(env: EnvironmentId): void {
    const { wallets } = this.accounts(env);
    for (const key of this.reconnectOffered) {
      const [keyEnv, mobile] = key.split(':');
      if (keyEnv === env && wallets.find((wallet) => wallet.mobile === mobile)?.status !== 'disconnected')
        this.reconnectOffered.delete(key);
    }
  }
}
