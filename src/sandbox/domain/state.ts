import { randomBytes, randomInt } from 'node:crypto';
import type { TransactionInput } from './addedTransaction';
import { AppRegistry } from './appRegistry';
import { WalletCredentials } from './credentials';
import { hashSeed, Random } from './random';
import { AppRecord, DeclaredAccount, DeveloperRecord, IssuedApp, PersistedState, readPersisted } from './records';
import { StateChanges } from './stateChanges';
import { BankTransferRecord, TransactionRecord, WebhookEvent } from '../types';
import { WalletBook } from './walletBook';
import type { BankAccount, Wallet, WalletRecord } from './wallet';

// Everything a world remembers, and its state file's form (toJSON, hydrate). Its parts each do
// one job: the wallets (walletBook.ts), the developers and apps (appRegistry.ts), the
// credentials (credentials.ts), the change tracking it is built on (stateChanges.ts); the
// methods below hand each call to its part, so callers reach the whole world through one object.

// The records of the state file are in records.ts; callers keep importing them from here.
export type { AppRecord, DeclaredAccount, DeveloperRecord, IssuedApp, PersistedState } from './records';

/** Webhook events kept (oldest dropped first), so the state file stays small. */
export const MAX_EVENTS = 1_000;

/** Everything the sandbox remembers, with the indexes the routes need. */
export class SandboxState extends StateChanges {
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
  private readonly walletBook: WalletBook;
  private readonly registry: AppRegistry;

  private constructor(
    readonly secret: string,
    rngState: number,
    private readonly seedBase: number,
  ) {
    super();
    this.rng = new Random(rngState);
    this.credentials = new WalletCredentials(this.rng, () => this.changed());
    this.walletBook = new WalletBook(seedBase, this.rng, this.transfers, (mobile) => this.changed(mobile));
    this.registry = new AppRegistry(this.rng, this.walletBook, () => this.changed());
  }

  static fresh(seed: number | undefined, nowMs: number): SandboxState {
    const base = seed ?? randomInt(0, 2 ** 32);
    const state = new SandboxState(randomBytes(32).toString('hex'), hashSeed('rng', base), base);
    state.walletBook.ensureDemoWallets(nowMs);
    return state;
  }

  /** Throws when the data does not look like a saved state; the caller treats that as corrupt. */
  static hydrate(data: unknown, nowMs: number): SandboxState {
    const saved = readPersisted(data);
    const state = new SandboxState(saved.secret, Number(saved.rngState) >>> 0, Number(saved.seedBase) >>> 0);
    for (const wallet of saved.wallets) state.walletBook.add(wallet);
    for (const developer of saved.developers) state.registry.addDeveloper(developer);
    for (const app of saved.apps) state.registry.addApp(app);
    state.credentials.restore(saved.refreshTokens);
    for (const transfer of saved.transfers ?? []) state.transfers.set(transfer.reference, transfer);
    for (const event of saved.events ?? []) state.events.set(event.id, event);
    state.walletBook.restoreDeclared(saved.bankAccounts ?? []);
    state.clockOffsetMs = Number.isFinite(saved.clockOffsetMs) ? (saved.clockOffsetMs as number) : 0;
    state.clockFrozenAtMs = Number.isFinite(saved.clockFrozenAtMs) ? saved.clockFrozenAtMs : undefined;
    state.walletBook.ensureDemoWallets(nowMs);
    return state;
  }

  toJSON(): PersistedState {
    const declared = this.walletBook.declaredAccounts();
    return {
      version: 1,
      secret: this.secret,
      rngState: this.rng.seedState,
      seedBase: this.seedBase,
      developers: this.registry.allDevelopers(),
      apps: this.registry.records(),
      wallets: this.walletBook.records(),
      refreshTokens: this.credentials.savedRefreshTokens(),
      transfers: [...this.transfers.values()],
      events: [...this.events.values()],
      clockOffsetMs: this.clockOffsetMs,
      ...(this.clockFrozenAtMs === undefined ? {} : { clockFrozenAtMs: this.clockFrozenAtMs }),
      ...(declared.length ? { bankAccounts: declared } : {}),
    };
  }

  /** The seed generated data follows (a reset without a scenario makes the same world from it). */
  get seed(): number {
    return this.seedBase;
  }

  /** The virtual clock moved forward: kept in the checkpoint, and reported so the views show the new time. */
  clockMoved(offsetMs: number, frozenAtMs: number | undefined): void {
    this.clockOffsetMs = offsetMs;
    this.clockFrozenAtMs = frozenAtMs;
    this.checkpointNeeded();
    this.onChange({ wallets: [], transfers: [], events: [], clock: true });
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

  // --- wallets (walletBook.ts) -----------------------------------------------------------------

  wallet(mobile: string): Wallet | undefined {
    return this.walletBook.wallet(mobile);
  }
  /** Every wallet's mobile, in the order they were made. */
  mobiles(): string[] {
    return this.walletBook.mobiles();
  }
  /** The wallet for an admin or test call; unknown numbers are a caller mistake. */
  requireWallet(mobile: string): Wallet {
    return this.walletBook.requireWallet(mobile);
  }
  /** Resolves an account held by any sandbox wallet, whatever its number looks like. */
  knownAccount(bankCode: string, accountNumber: string): BankAccount | undefined {
    return this.walletBook.knownAccount(bankCode, accountNumber);
  }
  /** An account a scenario declared, if this is one. */
  declaredAccount(bankCode: string, accountNumber: string): DeclaredAccount | undefined {
    return this.walletBook.declaredAccount(bankCode, accountNumber);
  }
  declareAccount(account: DeclaredAccount): void {
    this.walletBook.declareAccount(account);
  }
  /** Adds a wallet made elsewhere (a scenario's), or replaces the one with its mobile. */
  putWallet(record: WalletRecord): Wallet {
    return this.walletBook.putWallet(record);
  }
  /** A new seeded wallet (seed/seedWallets.ts). */
  createWallet(mobile: string, nowMs: number, fixed: { id?: string; balance?: number } = {}): Wallet {
    return this.walletBook.createWallet(mobile, nowMs, fixed);
  }
  /** Gives the wallet back the history, accounts and balance it was created with, as of now (walletBook.ts). */
  resetWallet(mobile: string, nowMs: number): Wallet {
    return this.walletBook.resetWallet(mobile, nowMs);
  }
  setBalance(mobile: string, kobo: number): Wallet {
    return this.walletBook.setBalance(mobile, kobo);
  }
  addTransaction(mobile: string, input: TransactionInput, nowMs: number): TransactionRecord {
    return this.walletBook.addTransaction(mobile, input, nowMs);
  }

  // --- developers and apps (appRegistry.ts) ----------------------------------------------------

  developerByEmail(email: string): DeveloperRecord | undefined {
    return this.registry.developerByEmail(email);
  }
  developer(id: string): DeveloperRecord | undefined {
    return this.registry.developer(id);
  }
  /** `sandboxMobile` (a scenario's) names the developer's own wallet, kept when it exists; by default one is picked from the e-mail. */
  createDeveloper(email: string, passwordHash: string, nowMs: number, sandboxMobile?: string): DeveloperRecord {
    return this.registry.createDeveloper(email, passwordHash, nowMs, sandboxMobile);
  }
  touchLogin(developer: DeveloperRecord, nowMs: number): void {
    this.registry.touchLogin(developer, nowMs);
  }
  /** Returns the new app with its keys; only their hashes are kept. */
  createApp(developer: DeveloperRecord, name: string, nowMs: number, keys?: Pick<IssuedApp, 'key' | 'sandboxKey'>): IssuedApp {
    return this.registry.createApp(developer, name, nowMs, keys);
  }
  /** New keys for an app, the old ones stop working; undefined for no such app (appRegistry.ts). */
  reissueAppKeys(appId: string, nowMs: number): Pick<IssuedApp, 'key' | 'sandboxKey'> | undefined {
    return this.registry.reissueAppKeys(appId, nowMs);
  }
  appByKey(key: string): AppRecord | undefined {
    return this.registry.appByKey(key);
  }
  app(id: string): AppRecord | undefined {
    return this.registry.app(id);
  }
  /** Every app, oldest first, without deleted ones. */
  allApps(): AppRecord[] {
    return this.registry.allApps();
  }
  /** The developer's apps, oldest first, without deleted ones. */
  appsOf(developerId: string): AppRecord[] {
    return this.registry.appsOf(developerId);
  }
  /** The app whose callbackURL was set most recently, if any has one. */
  latestCallbackApp(): AppRecord | undefined {
    return this.registry.latestCallbackApp();
  }
  /** An empty URL clears the callback. */
  setCallbackUrl(app: AppRecord, url: string, nowMs: number): void {
    this.registry.setCallbackUrl(app, url, nowMs);
  }
  linkWallet(app: AppRecord, mobile: string): void {
    this.registry.linkWallet(app, mobile);
  }
}
