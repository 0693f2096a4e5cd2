import { objectId, Random } from './random';
import { AppRecord, DeveloperRecord, IssuedApp, newAppKeys, secretHash } from './records';
import type { WalletBook } from './walletBook';

// The developers and their apps, with the index an app key is looked up by (only the keys'
// hashes are kept).

export class AppRegistry {
  private readonly developers = new Map<string, DeveloperRecord>();
  private readonly developersByEmail = new Map<string, DeveloperRecord>();
  private readonly apps = new Map<string, AppRecord>();
  private readonly appsByKey = new Map<string, AppRecord>();

  constructor(
    private readonly rng: Random,
    /** The wallets: a new developer gets one of its own. */
    private readonly wallets: WalletBook,
    private readonly changed: () => void,
  ) {}

  developerByEmail(email: string): DeveloperRecord | undefined {
    return this.developersByEmail.get(email);
  }

  developer(id: string): DeveloperRecord | undefined {
    return this.developers.get(id);
  }

  /** Every developer, oldest first (the state file's). */
  allDevelopers(): DeveloperRecord[] {
    return [...this.developers.values()];
  }

  /** Every app, oldest first, deleted ones too (the state file's). */
  records(): AppRecord[] {
    return [...this.apps.values()];
  }

  /** `sandboxMobile` (a scenario's) names the developer's own wallet, kept when it exists; by default one is picked from the e-mail. */
  createDeveloper(
    email: string,
    passwordHash: string,
    nowMs: number,
    sandboxMobile = this.wallets.freeSandboxMobile(email),
  ): DeveloperRecord {
    const iso = new Date(nowMs).toISOString();
    if (!this.wallets.has(sandboxMobile)) this.wallets.createWallet(sandboxMobile, nowMs);
    const developer: DeveloperRecord = {
      _id: objectId(this.rng, nowMs),
      deleted: false,
      lastLogin: iso,
      email,
      createdAt: iso,
      updatedAt: iso,
      __v: 0,
      sandboxMobile,
      passwordHash,
    };
    this.addDeveloper(developer);
    this.changed();
    return developer;
  }

  touchLogin(developer: DeveloperRecord, nowMs: number): void {
    developer.lastLogin = developer.updatedAt = new Date(nowMs).toISOString();
    this.changed();
  }

  /** Returns the new app with its keys; only their hashes are kept. */
  createApp(developer: DeveloperRecord, name: string, nowMs: number, keys = newAppKeys()): IssuedApp {
    const iso = new Date(nowMs).toISOString();
    const issued: IssuedApp = {
      _id: objectId(this.rng, nowMs),
      name,
      ...keys,
      developerID: developer._id,
      disabled: false,
      deleted: false,
      settings: { developerMode: 'test' },
      wallets: [],
      createdAt: iso,
      updatedAt: iso,
      __v: 0,
    };
    const { key, sandboxKey, ...rest } = issued;
    this.addApp({ ...rest, keyHash: secretHash(key), sandboxKeyHash: secretHash(sandboxKey) });
    this.changed();
    return issued;
  }

  /**
   * New keys for an app, the old ones stop working: the sandbox keeps only hashes, so this is how
   * a developer whose editor lost an app's keys gets working ones back. Undefined for no such app.
   */
  reissueAppKeys(appId: string, nowMs: number): Pick<IssuedApp, 'key' | 'sandboxKey'> | undefined {
    const app = this.apps.get(appId);
    if (!app || app.deleted) return undefined;
    this.appsByKey.delete(app.keyHash);
    this.appsByKey.delete(app.sandboxKeyHash);
    const keys = newAppKeys();
    app.keyHash = secretHash(keys.key);
    app.sandboxKeyHash = secretHash(keys.sandboxKey);
    app.updatedAt = new Date(nowMs).toISOString();
    this.addApp(app);
    this.changed();
    return keys;
  }

  appByKey(key: string): AppRecord | undefined {
    const app = this.appsByKey.get(secretHash(key));
    return app && !app.disabled && !app.deleted ? app : undefined;
  }

  app(id: string): AppRecord | undefined {
    return this.apps.get(id);
  }

  /** Every app, oldest first, without deleted ones. */
  allApps(): AppRecord[] {
    return [...this.apps.values()].filter((app) => !app.deleted);
  }

  /** The developer's apps, oldest first, without deleted ones. */
  appsOf(developerId: string): AppRecord[] {
    return [...this.apps.values()].filter((app) => app.developerID === developerId && !app.deleted);
  }

  /** The app whose callbackURL was set most recently, if any has one. */
  latestCallbackApp(): AppRecord | undefined {
    let latest: AppRecord | undefined;
    for (const app of this.apps.values()) {
      if (app.settings.callbackURL && (latest === undefined || (app.callbackSetAt ?? 0) >= (latest.callbackSetAt ?? 0))) {
        latest = app;
      }
    }
    return latest;
  }

  /** An empty URL clears the callback. */
  setCallbackUrl(app: AppRecord, url: string, nowMs: number): void {
    if (url === '') {
      delete app.settings.callbackURL;
    } else {
      app.settings.callbackURL = url;
    }
    app.callbackSetAt = nowMs;
    app.updatedAt = new Date(nowMs).toISOString();
    this.changed();
  }

  linkWallet(app: AppRecord, mobile: string): void {
    if (!app.wallets.includes(mobile)) {
      app.wallets.push(mobile);
      this.changed();
    }
  }

  /** Indexes a developer as is (one read back from the state file, or made here). */
  addDeveloper(developer: DeveloperRecord): void {
    this.developers.set(developer._id, developer);
    this.developersByEmail.set(developer.email, developer);
  }

  /** Indexes an app by id and by its keys' hashes (one read back from the state file, or made here). */
  addApp(app: AppRecord): void {
    this.apps.set(app._id, app);
    this.appsByKey.set(app.keyHash, app);
    this.appsByKey.set(app.sandboxKeyHash, app);
  }
}
