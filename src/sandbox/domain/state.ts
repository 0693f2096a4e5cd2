import { randomBytes, randomInt } from 'node:crypto';
import { AppRegistry } from './appRegistry';
import { WalletCredentials } from './credentials';
import { hashSeed, Random } from './random';
import { PersistedState, readPersisted } from './records';
import { StateChanges } from './stateChanges';
import { BankTransferRecord, WebhookEvent } from '../types';
import { WalletBook } from './walletBook';

// Everything a world remembers, and its state file's form (toJSON, hydrate). Its parts each do
// one job, and callers call the part: `wallets` (walletBook.ts), `apps`, the developers and their
// apps (appRegistry.ts), `credentials` (credentials.ts); the change tracking it is built on
// (stateChanges.ts) and the transfers, events and clock it keeps itself.

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
  /** The wallets, their accounts and the accounts a scenario declared. */
  readonly wallets: WalletBook;
  /** The developers and their apps, with the index an app key is looked up by. */
  readonly apps: AppRegistry;

  private constructor(
    readonly secret: string,
    rngState: number,
    private readonly seedBase: number,
  ) {
    super();
    this.rng = new Random(rngState);
    this.credentials = new WalletCredentials(this.rng, () => this.changed());
    this.wallets = new WalletBook(seedBase, this.rng, this.transfers, (mobile) => this.changed(mobile));
    this.apps = new AppRegistry(this.rng, this.wallets, () => this.changed());
  }

  static fresh(seed: number | undefined, nowMs: number): SandboxState {
    const base = seed ?? randomInt(0, 2 ** 32);
    const state = new SandboxState(randomBytes(32).toString('hex'), hashSeed('rng', base), base);
    state.wallets.ensureDemoWallets(nowMs);
    return state;
  }

  /** Throws when the data does not look like a saved state; the caller treats that as corrupt. */
  static hydrate(data: unknown, nowMs: number): SandboxState {
    const saved = readPersisted(data);
    const state = new SandboxState(saved.secret, Number(saved.rngState) >>> 0, Number(saved.seedBase) >>> 0);
    for (const wallet of saved.wallets) state.wallets.add(wallet);
    for (const developer of saved.developers) state.apps.addDeveloper(developer);
    for (const app of saved.apps) state.apps.addApp(app);
    state.credentials.restore(saved.refreshTokens);
    for (const transfer of saved.transfers ?? []) state.transfers.set(transfer.reference, transfer);
    for (const event of saved.events ?? []) state.events.set(event.id, event);
    state.wallets.restoreDeclared(saved.bankAccounts ?? []);
    state.clockOffsetMs = Number.isFinite(saved.clockOffsetMs) ? (saved.clockOffsetMs as number) : 0;
    state.clockFrozenAtMs = Number.isFinite(saved.clockFrozenAtMs) ? saved.clockFrozenAtMs : undefined;
    state.wallets.ensureDemoWallets(nowMs);
    return state;
  }

  toJSON(): PersistedState {
    const declared = this.wallets.declaredAccounts();
    return {
      version: 1,
      secret: this.secret,
      rngState: this.rng.seedState,
      seedBase: this.seedBase,
      developers: this.apps.allDevelopers(),
      apps: this.apps.records(),
      wallets: this.wallets.records(),
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
}
