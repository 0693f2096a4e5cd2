// Public shapes of the sandbox. Kept apart from the implementation so callers can import them cheaply.

import type { ExchangeObserver } from './http/exchange';
import type { ScenarioFault, ScenarioFile } from './scenario/scenarioFile';
import type { JournalLimits, RequestJournal } from './requests/journal';
import type { JournalEntry } from './requests/entry';
import type { RequestFilter } from './requests/filter';
import type { Finding, FindingRule, FindingsQuery } from './findings/finding';

export { TRANSACTION_TYPES, type TransactionType } from './vocabulary/records';
import type {
  PublicWebhookEvent,
  TransactionRecord,
  TransactionType,
  TransferStatus,
  WebhookDataByType,
  WebhookEvent,
  WebhookType,
} from './vocabulary/records';

export type {
  BankRecipient,
  PhoneRecipient,
  MetadataRecipient,
  Recipient,
  TransactionRecord,
  TransferStatus,
  BankTransferRecord,
  WebhookType,
  BankTransferData,
  PhoneTransferData,
  WebhookDataByType,
  WebhookPayload,
  WebhookAttempt,
  WebhookEvent,
  PublicWebhookEvent,
} from './vocabulary/records';

/** What a state change touched, for watchers (the extension's views) to look again. */
export interface SandboxChange {
  /** Mobiles of wallets whose balance, history or accounts changed. */
  wallets: string[];
  /** Bank transfers created or settled. */
  transfers: { reference: string; mobile: string; status: TransferStatus }[];
  /** Webhook events created, attempted or redelivered. */
  events: { id: string; state: WebhookEvent['state'] }[];
  /** The knobs changed: a fault added, removed or used (its count went down or it was used up), the delay, the token lifetime. */
  knobs?: true;
  /** The virtual clock moved forward. */
  clock?: true;
  /** The whole world was put back to where it started (Sandbox.reset): read everything again. */
  reset?: true;
  /** New findings came (GET /__sandbox/findings; docs/integration-review.md). */
  findings?: true;
}

/**
 * What a scenario made, as a test or a CI script needs it: the keys to send and the wallets to use.
 * An app's `callbackURL` is shown as the admin API shows it, a user name and password in it as `***`.
 */
export interface LoadedScenario {
  developers: { email: string; sandboxMobile: string }[];
  apps: { id: string; name: string; developer: string; key: string; sandboxKey: string; callbackURL?: string; wallets: string[] }[];
  wallets: { mobile: string; name: string; balance: number; passcode?: string }[];
}

/** The world written as a scenario, as GET /__sandbox/scenario and snapshot() answer it. */
export interface ScenarioExport {
  scenario: ScenarioFile;
  /** Every app written, in order: where it is in the file, its id in this sandbox, and whether its sandboxKey is in the file. */
  apps: { path: string; id: string; name: string; developer: string; sandboxKey: boolean }[];
  /** Developers written with the password `wallet-sandbox` (their own is known only by its hash). */
  sandboxPasswords: string[];
  /** What the file cannot say as the sandbox has it, one plain sentence each. */
  notes: string[];
}

/** What serves a sandbox: a VS Code window's extension host, the MCP server, `npm run sandbox`, any other program. */
export type SandboxRole = 'window' | 'mcp' | 'cli' | 'program';

export interface SandboxOptions {
  /** The address to bind (default 127.0.0.1). One that is not loopback needs `allowRemote: true`. */
  host?: string;
  /** Lets `host` be an address other machines reach (the sandbox speaks plain HTTP); the CLI's --allow-remote. */
  allowRemote?: boolean;
  /**
   * With `allowRemote: true`, the token the root world's admin API (/__sandbox/*, but for health
   * and the OpenAPI document) asks for as `Authorization: Bearer <token>` (16 to 200 printable
   * characters); left out, one is generated (Sandbox.adminToken). Refused without allowRemote:
   * on loopback the admin API needs none. The CLI's --admin-token.
   */
  adminToken?: string;
  port?: number;
  /** When `port` is taken, the next ports are tried, this many in all, then any free one (default 1: only `port`). */
  portTries?: number;
  /**
   * The state file. One sandbox serves it: this one takes `<dataFile>.owner` beside it, and
   * startSandbox fails with StateFileInUse while another live process holds it (see
   * openSharedSandbox, which then uses that one).
   */
  dataFile?: string;
  /** What this process is, for the other users of the state file (default 'program'). */
  role?: SandboxRole;
  /**
   * How much of its request journal (Sandbox.requests) the sandbox keeps: by default the last 500
   * requests of each world, within 16 MB for the whole sandbox (its journal and every namespace's
   * share `maxBytes`; the oldest entry of any goes first); `maxEntries: 0` records nothing.
   */
  journal?: Partial<JournalLimits>;
  /** How many namespaces it holds at once (default 100; 0 to 10000): one more is a 409 `90008`. */
  maxNamespaces?: number;
  tokenLifetimeSeconds?: number;
  seed?: number;
  /**
   * The world to start in (docs/scenarios.md): a scenario object, or the path of a scenario file
   * (`wallet-sandbox.json`). With a state file, it makes the world only when the file is new; the
   * scenario's passcodes and knobs apply either way. Overrides `seed` only where `seed` is unset.
   */
  scenario?: ScenarioFile | string;
  /**
   * `frozen: true`: the virtual clock moves only when advanced, never with real time (overrides the
   * scenario's `clock.frozen`). Unsaid by both, a state file's clock stays as it was saved.
   */
  clock?: { frozen?: boolean };
  /** Clock in epoch milliseconds; lets tests move time instead of sleeping. Defaults to Date.now. */
  now?: () => number;
  /** Where warnings go (corrupt state file, failed writes). Defaults to console.warn. */
  log?: (line: string) => void;
  /** Called with every answer once it is sent (tests check each against the OpenAPI document); must not throw. */
  onExchange?: ExchangeObserver;
  /**
   * The integration review (docs/integration-review.md): `ignore` names rules not to report, in
   * every world of the sandbox (over the scenario's `findings.ignore`).
   */
  findings?: { ignore?: FindingRule[] };
}

/** A fault as the admin API and scenario files take it (ScenarioFault), with the id the sandbox gives it. */
export interface Fault extends Omit<ScenarioFault, 'method'> {
  /** Given by the sandbox when the fault is added (`flt_1`, …): what removes that one fault. */
  id?: string;
  method?: string;
}

export interface SandboxKnobs {
  tokenLifetimeSeconds: number;
  latencyMs: number;
  faults: Fault[];
}

export interface Sandbox {
  readonly url: string;
  readonly port: number;
  /** What the scenario made (its apps with their keys, its wallets), when this start made the world from one. */
  readonly scenario?: LoadedScenario;
  /** With allowRemote: the admin token (given, or generated) the root world's admin API asks for. */
  readonly adminToken?: string;
  /** The knobs as they are now: a frozen copy (change them with addFault, removeFault, clearFaults, setLatency, setTokenLifetime). */
  readonly knobs: Readonly<SandboxKnobs>;
  /** Every API request it answered, within the journal's limits (docs/requests.md): list, filter, wait, clear. */
  readonly requests: RequestJournal;
  close(): Promise<void>;
  /**
   * Puts the world back to the scenario it started from (a fresh world of the same seed when it
   * started without one): wallets, balances, transactions, transfers, webhook events, the
   * request journal, the scenario's faults, latency and token lifetime, the clock at the
   * scenario's start. Access tokens and passcodes issued before stop working; the refresh tokens of
   * wallets the reset world has go on working (an app renews its token with one). With a state
   * file, the reset world is written before this resolves.
   */
  reset(): Promise<void>;
  /** Private copies of the start world on this same sandbox, each reached by an app key of its own (docs/sandbox.md). */
  readonly namespaces: SandboxNamespaces;
  /** The virtual clock (epoch ms): real time plus every advance (a frozen clock: only its advances). */
  now(): number;
  /** Moves the virtual clock forward, running everything due within the span in time order (settlements, each webhook attempt, awaiting its answer). */
  advanceClock(seconds: number): Promise<void>;
  lastPasscode(mobile: string): string | undefined;
  revokeRefreshTokens(mobile: string): void;
  /** Makes every access token the wallet holds read as expired, as if its lifetime had run out. */
  expireAccessTokens(mobile: string): void;
  /** The wallet's balance in kobo; throws for a mobile no wallet has. */
  balance(mobile: string): number;
  setBalance(mobile: string, kobo: number): void;
  addTransaction(mobile: string, tx: Partial<TransactionRecord> & { type: TransactionType; amount: number }): TransactionRecord;
  /** Adds `count` (at most 10,000 a call) generated transactions, in chunks: other clients are answered meanwhile. */
  generateTransactions(mobile: string, count: number): Promise<void>;
  /** Gives the wallet back its seeded history, accounts and balance (tokens and events stay). */
  resetWallet(mobile: string): void;
  /** Webhook events, newest first (copies). */
  events(): PublicWebhookEvent[];
  event(id: string): PublicWebhookEvent | undefined;
  /** Starts a new delivery run of the event; throws when no event has that id. */
  redeliverEvent(id: string): PublicWebhookEvent;
  /**
   * A made-up event to the app's callbackURL (by default the app whose URL was set last); throws when none has one.
   * `data` replaces made-up fields of the payload (amount in kobo, mobiles in any form).
   */
  sendTestEvent<T extends WebhookType>(type: T, appId?: string, data?: Partial<WebhookDataByType[T]>): PublicWebhookEvent;
  /** How many entries of the request journal the filter takes (GET /__sandbox/requests/count). */
  countRequests(filter: RequestFilter): number;
  /** The entries the filter takes when there are exactly `count`; else SandboxExpectationError listing what came (GET /__sandbox/requests/expect). */
  expectRequests(filter: RequestFilter, count: number): JournalEntry[];
  /** Adds a fault (checked as POST /__sandbox/faults checks it); answers a copy with its id. */
  addFault(fault: Fault): Fault;
  /** False when no fault has that id (cleared, or used up meanwhile). */
  removeFault(id: string): boolean;
  /** Removes every fault; answers how many there were. */
  clearFaults(): number;
  /** The faults in force, in the order they apply (copies; GET /__sandbox/knobs lists the same). */
  listFaults(): Fault[];
  /** Delay added to every API request, in milliseconds (0 to 600000). */
  setLatency(ms: number): void;
  /** How long an access token lasts, in seconds (1 to 10 years); tokens issued before keep their expiry. */
  setTokenLifetime(seconds: number): void;
  /** Calls `listener` after every state change (synchronously: keep it cheap); returns the unsubscribe. */
  onChange(listener: (change: SandboxChange) => void): () => void;
  /**
   * Runs an operation of the table (worlds/operations.ts) by name on this world, as the admin API
   * does: what the package's worlds are made from, in this process and over HTTP alike.
   */
  runOperation(name: string, raw?: Record<string, unknown>): unknown;
  /** The world as it is now, written as a scenario that loads back to it (docs/scenarios.md, "Saving the sandbox"). */
  exportScenario(): Promise<ScenarioExport>;
  /**
   * What the app under test did wrong, oldest first (GET /__sandbox/findings;
   * docs/integration-review.md): this world's, or with `{ scope: 'run' }` every one since the
   * sandbox started. Read as they are now: a rule that waits (a requery after a webhook) is
   * judged once its grace has passed; the async reads (HTTP, the package) wait out that grace.
   */
  findings(query?: FindingsQuery): Finding[];
  /** Forgets the findings (DELETE /__sandbox/findings); answers how many there were. */
  clearFindings(): number;
}

/**
 * What a caller in this process does to one world: the sandbox's own, or a namespace's. Every
 * method runs the operation the admin API runs (worlds/operations.ts): a refusal is the same
 * ApiError (status and errorCode) the admin API answers with.
 */
export type WorldControls = Pick<
  Sandbox,
  | 'now'
  | 'advanceClock'
  | 'lastPasscode'
  | 'revokeRefreshTokens'
  | 'expireAccessTokens'
  | 'balance'
  | 'setBalance'
  | 'addTransaction'
  | 'generateTransactions'
  | 'resetWallet'
  | 'events'
  | 'event'
  | 'redeliverEvent'
  | 'sendTestEvent'
  | 'countRequests'
  | 'expectRequests'
  | 'addFault'
  | 'removeFault'
  | 'clearFaults'
  | 'listFaults'
  | 'setLatency'
  | 'setTokenLifetime'
  | 'onChange'
  | 'runOperation'
  | 'findings'
  | 'clearFindings'
>;

/** A namespace as POST /__sandbox/namespaces answers it: what a test needs to use it, keys included. */
export interface CreatedNamespace {
  /** Random (`ns_` and 24 hex digits): what DELETE /__sandbox/namespaces/{id} takes. Not a way in: only its keys reach it. */
  id: string;
  createdAt: string;
  /** The X-App-Key to send: the first app's sandbox key. Every call with it lands in this namespace. */
  appKey: string;
  /** The start world's apps, each with a new sandbox key of this namespace's (or one app made for it when the world had none). */
  apps: { id: string; name: string; sandboxKey: string; wallets: string[] }[];
  /** The wallets, as the namespace starts (with the scenario's fixed passcodes). */
  wallets: { mobile: string; name: string; balance: number; passcode?: string }[];
}

/** A namespace as GET /__sandbox/namespaces lists it: no keys (the sandbox keeps only their hashes). */
export interface NamespaceSummary {
  id: string;
  createdAt: string;
  apps: { id: string; name: string }[];
  wallets: string[];
  /** Entries in its request journal, and its webhook events. */
  requests: number;
  events: number;
  /** Its virtual clock. */
  now: string;
}

/** One namespace, for a caller in this process: its world's controls, journal and knobs. */
export interface SandboxNamespace extends CreatedNamespace, WorldControls {
  readonly requests: RequestJournal;
  /** Its knobs as they are now: a frozen copy (change them with its controls). */
  readonly knobs: Readonly<SandboxKnobs>;
}

export interface SandboxNamespaces {
  readonly size: number;
  create(): SandboxNamespace;
  get(id: string): SandboxNamespace | undefined;
  list(): NamespaceSummary[];
  /** Puts the namespace back to its start (wallets, ledger, events, journal, clock, knobs), keeping its keys; false when no namespace has that id. */
  reset(id: string): Promise<boolean>;
  /** False when no namespace has that id. */
  delete(id: string): boolean;
}

/** The process that serves a sandbox, as its users see it. */
export interface SandboxServer {
  /** This process. */
  here: boolean;
  pid: number;
  role: SandboxRole;
}
