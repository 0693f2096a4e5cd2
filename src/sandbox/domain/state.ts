import { randomBytes, randomInt } from 'node:crypto';
import { Changes, MoneyChange, runUndo } from './changes';
import { addedTransaction, TransactionInput } from './addedTransaction';
import { checkBalance } from './balanceLimit';
import { WalletCredentials } from './credentials';
import { objectId } from './ids';
import { hashSeed, Random } from './random';
import { AppRecord, DeclaredAccount, DeveloperRecord, IssuedApp, newAppKeys, PersistedState, readPersisted, secretHash } from './records';
import { DEMO_WALLETS, seededWallet } from '../seed/seedWallets';
import { BankTransferRecord, SandboxChange, TransactionRecord, WebhookEvent } from '../types';
import { BankAccount, Wallet, WalletRecord } from './wallet';

// The records of the state file are in persistence/records.ts; callers keep importing them from here.
export type { AppRecord, DeclaredAccount, DeveloperRecord, IssuedApp, PersistedState } from './records';

/** Webhook events kept (oldest dropped first), so the state file stays small. */
export const MAX_EVENTS = 1_000;

/** Everything the sandbox remembers, with the indexes the routes need. */
export class SandboxState {
  private readonly developers = new Map<string, DeveloperRecord>();
  private readonly developersByEmail = new Map<string, DeveloperRecord>();
  private readonly apps = new Map<string, AppRecord>();
  private readonly appsByKey = new Map<string, AppRecord>();
  private readonly wallets = new Map<string, Wallet>();
  private readonly accounts = new Map<string, BankAccount>();
  /** Accounts a scenario declares (bankAccounts): the name verify answers and what a transfer does. */
  private readonly declared = new Map<string, DeclaredAccount>();
  /** Bank transfers by reference, pending or settled. */
  readonly transfers = new Map<string, BankTransferRecord>();
  /** Webhook events by id, oldest first. */
  readonly events = new Map<string, WebhookEvent>();
  /** The virtual clock's offset, kept so that tokens do not come back to life after a restart. */
  clockOffsetMs = 0;
  /** A frozen clock's time (epoch ms): it moves only when advanced. Undefined: it runs with real time. */
  clockFrozenAtMs: number | undefined;
  readonly rng: Random;
  /** Passcodes, refresh tokens and access-token expiry. */
  readonly credentials: WalletCredentials;

  /** Called after every change, so the store can schedule a write and watchers can look again. */
  onChange: (change: SandboxChange) => void = () => undefined;
  /** What changed since the store last took the changes; a fresh or loaded state needs a checkpoint. */
  private pending = new Changes(true);
  /** Set by the state file's writer: changes are saved (after-save steps wait for it). */
  persisted = false;
  /** Why the world could not be saved, until a save succeeds: money does not move meanwhile. */
  saveFailure: Error | undefined;

  private constructor(
    readonly secret: string,
    rngState: number,
    private readonly seedBase: number,
  ) {
    this.rng = new Random(rngState);
    this.credentials = new WalletCredentials(this.rng, () => this.changed());
  }

  static fresh(seed: number | undefined, nowMs: number): SandboxState {
    const base = seed ?? randomInt(0, 2 ** 32);
    const state = new SandboxState(randomBytes(32).toString('hex'), hashSeed('rng', base), base);
    state.ensureDemoWallets(nowMs);
    return state;
  }

  /** Throws when the data does not look like a saved state; the caller treats that as corrupt. */
  static hydrate(data: unknown, nowMs: number): SandboxState {
    const saved = readPersisted(data);
    const state = new SandboxState(saved.secret, Number(saved.rngState) >>> 0, Number(saved.seedBase) >>> 0);
    for (const wallet of saved.wallets) {
      state.addWallet(wallet);
    }
    for (const developer of saved.developers) {
      state.developers.set(developer._id, developer);
      state.developersByEmail.set(developer.email, developer);
    }
    for (const app of saved.apps) {
      state.indexApp(app);
    }
    state.credentials.restore(saved.refreshTokens);
    for (const transfer of saved.transfers ?? []) {
      state.transfers.set(transfer.reference, transfer);
    }
    for (const event of saved.events ?? []) {
      state.events.set(event.id, event);
    }
    for (const account of saved.bankAccounts ?? []) {
      state.declared.set(`${account.bankCode}:${account.accountNumber}`, account);
    }
    state.clockOffsetMs = Number.isFinite(saved.clockOffsetMs) ? (saved.clockOffsetMs as number) : 0;
    state.clockFrozenAtMs = Number.isFinite(saved.clockFrozenAtMs) ? saved.clockFrozenAtMs : undefined;
    state.ensureDemoWallets(nowMs);
    return state;
  }

  toJSON(): PersistedState {
    return {
      version: 1,
      secret: this.secret,
      rngState: this.rng.seedState,
      seedBase: this.seedBase,
      developers: [...this.developers.values()],
      apps: [...this.apps.values()],
      wallets: [...this.wallets.values()].map((wallet) => wallet.record),
      refreshTokens: this.credentials.savedRefreshTokens(),
      transfers: [...this.transfers.values()],
      events: [...this.events.values()],
      clockOffsetMs: this.clockOffsetMs,
      ...(this.clockFrozenAtMs === undefined ? {} : { clockFrozenAtMs: this.clockFrozenAtMs }),
      ...(this.declared.size ? { bankAccounts: [...this.declared.values()] } : {}),
    };
  }

  /** A change only a checkpoint of the whole state saves; `mobile` names the wallet it touched. */
  changed(mobile?: string): void {
    this.pending.checkpoint = true;
    this.onChange({ wallets: mobile === undefined ? [] : [mobile], transfers: [], events: [] });
  }

  /** The virtual clock moved forward: kept in the checkpoint, and reported so the views show the new time. */
  clockMoved(offsetMs: number, frozenAtMs: number | undefined): void {
    this.clockOffsetMs = offsetMs;
    this.clockFrozenAtMs = frozenAtMs;
    this.pending.checkpoint = true;
    this.onChange({ wallets: [], transfers: [], events: [], clock: true });
  }

  /**
   * A money change: the append log can save it with one short line. `undo` takes it back if it
   * cannot be saved (undoUnsaved), so memory never holds money the file does not.
   */
  changedMoney(change: MoneyChange, undo?: () => void): void {
    // Without a state file nothing takes them (a writer that adopts this state writes a checkpoint first).
    if (this.persisted) {
      if (undo) this.pending.undo.push(undo);
      for (const wallet of change.wallets ?? []) this.pending.wallets.add(wallet);
      for (const [wallet, record] of change.transactions ?? []) this.pending.transactions.set(record, wallet);
      for (const transfer of change.transfers ?? []) this.pending.transfers.add(transfer);
      for (const event of change.events ?? []) this.pending.events.add(event);
    }
    this.onChange({
      wallets: [...new Set([...(change.wallets ?? []), ...(change.transactions ?? []).map(([wallet]) => wallet)])].map(
        (wallet) => wallet.record.mobile,
      ),
      transfers: (change.transfers ?? []).map(({ reference, mobile, status }) => ({ reference, mobile, status })),
      events: (change.events ?? []).map(({ id, state }) => ({ id, state })),
    });
  }

  /** The next write must be a checkpoint (a write failed), without asking for one now. */
  checkpointNeeded(): void {
    this.pending.checkpoint = true;
  }

  /** Runs `step` once the changes made so far are saved (at once without a state file); never if they are undone. */
  afterSaved(step: () => void): void {
    if (this.persisted) this.pending.afterSave.push(step);
    else step();
  }

  /**
   * A save of `taken` failed: undoes its money changes and those made since (they may build on
   * them), newest first, so balances are the file's again. Other changes stay for the next save.
   */
  undoUnsaved(taken: Changes, log: (error: unknown) => void): void {
    const undo = [...taken.undo, ...this.pending.undo];
    this.pending.undo.length = 0;
    this.pending.afterSave.length = 0;
    this.pending.checkpoint = true;
    runUndo(undo, log);
  }

  /** Hands the changes so far to the store, which writes them. */
  takeChanges(): Changes {
    const taken = this.pending;
    this.pending = new Changes();
    return taken;
  }

  // --- wallets -------------------------------------------------------------------------------

  wallet(mobile: string): Wallet | undefined {
    return this.wallets.get(mobile);
  }

  /** Every wallet's mobile, in the order they were made. */
  mobiles(): string[] {
    return [...this.wallets.keys()];
  }

  /** The seed generated data follows (a reset without a scenario makes the same world from it). */
  get seed(): number {
    return this.seedBase;
  }

  /** The wallet for an admin or test call; unknown numbers are a caller mistake. */
  requireWallet(mobile: string): Wallet {
    const wallet = this.wallets.get(mobile);
    if (!wallet) {
      throw new Error(
        `No sandbox wallet has mobile ${mobile}. Use a developer's sandboxMobile or a demo wallet (${DEMO_WALLETS.map((w) => w.mobile).join(', ')}).`,
      );
    }
    return wallet;
  }

  /** Resolves an account held by any sandbox wallet, whatever its number looks like. */
  knownAccount(bankCode: string, accountNumber: string): BankAccount | undefined {
    return this.accounts.get(`${bankCode}:${accountNumber}`);
  }

  /** An account a scenario declared, if this is one. */
  declaredAccount(bankCode: string, accountNumber: string): DeclaredAccount | undefined {
    return this.declared.get(`${bankCode}:${accountNumber}`);
  }

  declareAccount(account: DeclaredAccount): void {
    this.declared.set(`${account.bankCode}:${account.accountNumber}`, account);
    this.changed();
  }

  /** Adds a wallet made elsewhere (a scenario's), or replaces the one with its mobile. */
  putWallet(record: WalletRecord): Wallet {
    for (const account of this.wallets.get(record.mobile)?.record.accounts ?? []) {
      this.accounts.delete(`${account.bankCode}:${account.accountNumber}`);
    }
    const wallet = this.addWallet(record);
    this.changed(record.mobile);
    return wallet;
  }

  /** A new seeded wallet (seed/seedWallets.ts). */
  createWallet(mobile: string, nowMs: number, fixed: { id?: string; balance?: number } = {}): Wallet {
    const wallet = this.addWallet(seededWallet(this.seedBase, mobile, nowMs, fixed));
    this.changed(mobile);
    return wallet;
  }

  /**
   * Gives the wallet back the history, accounts and balance it was created with (same seed), as
   * of now; tokens, passcodes, pending transfers and events are left alone.
   */
  resetWallet(mobile: string, nowMs: number): Wallet {
    const old = this.requireWallet(mobile);
    for (const account of old.record.accounts) {
      this.accounts.delete(`${account.bankCode}:${account.accountNumber}`);
    }
    this.wallets.delete(mobile);
    const demo = DEMO_WALLETS.find((w) => w.mobile === mobile);
    return this.createWallet(mobile, nowMs, { id: old.record.id, ...(demo ? { balance: demo.balance } : {}) });
  }

  setBalance(mobile: string, kobo: number): Wallet {
    const wallet = this.requireWallet(mobile);
    checkBalance(this.transfers, wallet, kobo);
    wallet.record.balance = kobo;
    this.changed(mobile);
    return wallet;
  }

  addTransaction(mobile: string, input: TransactionInput, nowMs: number): TransactionRecord {
    const wallet = this.requireWallet(mobile);
    const tx = addedTransaction(wallet, input, nowMs, this.rng);
    wallet.insert(tx);
    this.changed(mobile);
    return tx;
  }

  // --- developers and apps ---------------------------------------------------------------------

  developerByEmail(email: string): DeveloperRecord | undefined {
    return this.developersByEmail.get(email);
  }

  developer(id: string): DeveloperRecord | undefined {
    return this.developers.get(id);
  }

  /** `sandboxMobile` (a scenario's) names the developer's own wallet, kept when it exists; by default one is picked from the e-mail. */
  createDeveloper(email: string, passwordHash: string, nowMs: number, sandboxMobile = this.freeSandboxMobile(email)): DeveloperRecord {
    const iso = new Date(nowMs).toISOString();
    if (!this.wallets.has(sandboxMobile)) this.createWallet(sandboxMobile, nowMs);
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
    this.developers.set(developer._id, developer);
    this.developersByEmail.set(email, developer);
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
    this.indexApp({ ...rest, keyHash: secretHash(key), sandboxKeyHash: secretHash(sandboxKey) });
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
    this.indexApp(app);
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

  addEvent(event: WebhookEvent): void {
    this.putEvent(event);
    this.changedMoney({ events: [event] });
  }

  /** Adds or replaces an event, dropping the oldest beyond MAX_EVENTS. */
  putEvent(event: WebhookEvent): void {
    this.events.set(event.id, event);
    if (this.events.size > MAX_EVENTS) {
      const oldest = this.events.keys().next().value as string;
      this.events.delete(oldest);
    }
  }

  linkWallet(app: AppRecord, mobile: string): void {
    if (!app.wallets.includes(mobile)) {
      app.wallets.push(mobile);
      this.changed();
    }
  }

  // --- internals ------------------------------------------------------------------------------

  private addWallet(record: WalletRecord): Wallet {
    const wallet = new Wallet(record);
    this.wallets.set(record.mobile, wallet);
    for (const account of record.accounts) {
      this.accounts.set(`${account.bankCode}:${account.accountNumber}`, account);
    }
    return wallet;
  }

  private indexApp(app: AppRecord): void {
    this.apps.set(app._id, app);
    this.appsByKey.set(app.keyHash, app);
    this.appsByKey.set(app.sandboxKeyHash, app);
  }

  private ensureDemoWallets(nowMs: number): void {
    for (const demo of DEMO_WALLETS) {
      if (!this.wallets.has(demo.mobile)) {
        this.createWallet(demo.mobile, nowMs, demo);
      }
    }
  }

  /** 23490 + 8 digits derived from the e-mail, moved along if another wallet already has it. */
  private freeSandboxMobile(email: string): string {
    let n = hashSeed('sandbox-mobile', email) % 100_000_000;
    for (;;) {
      const mobile = `23490${String(n).padStart(8, '0')}`;
      if (!this.wallets.has(mobile)) {
        return mobile;
      }
      n = (n + 1) % 100_000_000;
    }
  }
}
