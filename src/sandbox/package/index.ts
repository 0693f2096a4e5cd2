import { startSandbox as startWorld } from '../owner/start';
import type { LoadedScenario, Sandbox } from '../types';
import type { ScenarioFile } from '../scenario/scenarioFile';
import type { FindingRule } from '../findings/finding';
import { ApiError } from '../vocabulary/errors';
import { AdminHttp, httpNamespaces, httpPort } from '../client/httpPort';
import { WalletNamespaces } from './namespaces';
import { STARTER_SCENARIO } from './starter';
import { localNamespaces, localPort } from '../client/port';
import { SandboxWorld } from '../client/sandboxWorld';

// The `wallet-sandbox` package's Node API: a sandbox for an app's own test suite. Each
// startSandbox is a world of its own on a port of its own; close() leaves nothing running.

export { ScenarioError } from '../vocabulary/errors';
/** What a refused call throws: `status` and `errorCode` are those the admin API answers the same input with. */
export { ApiError as SandboxError, SandboxExpectationError, SandboxInputError, SandboxLimitError } from '../vocabulary/errors';
/** The port asked for is taken: `port` and `host` say which (pick another, or port 0 for a free one). */
export { SandboxPortInUseError } from '../vocabulary/errors';
export type { NearMiss, SandboxErrorCode } from '../vocabulary/errors';
/** `startSandbox({ dataFile })` while another live process serves that file: `owner` says which and where. */
export { StateFileInUse as StateFileInUseError } from '../sharing/ownerLock';
export { SandboxTimeoutError, type WaitOptions } from '../vocabulary/wait';
export type { Requests } from '../client/requests';
export type { JournalEntry } from '../requests/entry';
export type { RequestFilter } from '../requests/filter';
export type { WebhookFilter, Webhooks } from '../client/webhooks';
export { WalletNamespace, WalletNamespaces } from './namespaces';
export { SandboxWorld, type ClockAdvanced } from '../client/sandboxWorld';
export type { ScenarioApp, ScenarioFault, ScenarioFile, ScenarioWallet } from '../scenario/scenarioFile';
export type { Fault, LoadedScenario, NamespaceSummary, PublicWebhookEvent, WebhookAttempt, WebhookType } from '../types';
export type { SandboxChange, SandboxKnobs, ScenarioExport, TransferStatus, WebhookEvent } from '../types';
export type { Finding, FindingRule, FindingSeverity, FindingsQuery, LandedTransfer } from '../findings/finding';
export type { BankTransferData, PhoneTransferData, WebhookDataByType, WebhookPayload } from '../types';

export interface StartOptions {
  /**
   * The world to start in: a scenario file's path (`wallet-sandbox.json`) or a scenario object.
   * Without one: a demo app (X-App-Key `sk_test_wallet_sandbox_demo`) and the demo wallets
   * 2348000000000 (passcode 123456) and 2349090000000 (passcode 111111); `sandbox.scenario` lists them.
   */
  scenario?: string | ScenarioFile;
  /** The port; 0 (the default) picks a free one: read `url`. */
  port?: number;
  /**
   * The address to bind (default 127.0.0.1; the sandbox speaks plain HTTP). One that other
   * machines reach (0.0.0.0, a LAN address) is refused unless `allowRemote` is true.
   */
  host?: string;
  /** Lets `host` be an address other machines reach: what the CLI's --allow-remote does. */
  allowRemote?: boolean;
  /** With allowRemote: the admin token (16+ characters) the admin API asks for; left out, one is made (`adminToken`). */
  adminToken?: string;
  /** The seed of generated data, when the scenario has none. */
  seed?: number;
  /** Keep the world in this file between runs (default: in memory only). */
  dataFile?: string;
  /** `{ frozen: true }`: the clock moves only by `clock.advance`, never with real time (overrides the scenario's `clock.frozen`). */
  clock?: { frozen?: boolean };
  /** Where the sandbox's warnings go (a state file it cannot write, a failing webhook receiver). Default: stderr. */
  log?: (line: string) => void;
  /** The integration review (docs/integration-review.md): `ignore` names rules not to report (over the scenario's `findings.ignore`). */
  findings?: { ignore?: FindingRule[] };
  /**
   * How much of its request journal the sandbox keeps: by default the last 500 requests of each
   * world (`maxEntries`, 0 records nothing), within 16 MB for the whole sandbox (`maxBytes`).
   */
  journal?: { maxEntries?: number; maxBytes?: number };
  /** How many namespaces it holds at once (default 100; 0 to 10000): one more is refused with SandboxLimitError. */
  maxNamespaces?: number;
  /** How long a wallet access token lives, in seconds (default 86400; the scenario's `tokenLifetimeSeconds` otherwise). */
  tokenLifetimeSeconds?: number;
}

/** The options startSandbox passes on as they are. */
const PASSED_ON = [
  'host',
  'allowRemote',
  'adminToken',
  'seed',
  'dataFile',
  'clock',
  'findings',
  'journal',
  'maxNamespaces',
  'tokenLifetimeSeconds',
] as const satisfies readonly (keyof StartOptions)[];

/**
 * A running sandbox: a world of its own on a port of its own. Its methods act on its own world;
 * `namespaces` makes private copies of it on the same port.
 */
export class WalletSandbox extends SandboxWorld {
  /** `http://127.0.0.1:<port>`: the base URL of both the wallet API and the developer API. */
  readonly url: string;
  /** The port it listens on (the one given, or the free one picked for port 0). */
  readonly port: number;
  /** What the scenario made (its apps with their keys, its wallets with their passcodes); without one, the starter world's. */
  readonly scenario: LoadedScenario | undefined;
  /** With allowRemote: what the admin API asks for, as `Authorization: Bearer <adminToken>`. */
  readonly adminToken: string | undefined;
  /** Private copies of the start world, each reached by an app key of its own: for test workers in parallel. */
  readonly namespaces: WalletNamespaces;
  private closing: Promise<void> | undefined;

  /** @internal Use startSandbox. */
  constructor(private readonly world: Sandbox) {
    super(localPort(world, world.requests));
    this.url = world.url;
    this.port = world.port;
    this.scenario = world.scenario;
    this.adminToken = world.adminToken;
    this.namespaces = new WalletNamespaces(localNamespaces(world.namespaces), world.url);
  }

  /** Stops the sandbox and its namespaces: no timer, socket or handle is left, so a test runner exits by itself. */
  close(): Promise<void> {
    this.closing ??= this.world.close();
    return this.closing;
  }

  /** `await using sandbox = await startSandbox()` closes it at the end of the block. */
  [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }
}

/**
 * Starts a sandbox and resolves once it serves. A bad scenario rejects with ScenarioError,
 * naming the JSON path at fault.
 */
export async function startSandbox(options: StartOptions = {}): Promise<WalletSandbox> {
  const given = Object.fromEntries(PASSED_ON.filter((name) => options[name] !== undefined).map((name) => [name, options[name]]));
  const world = await startWorld({
    ...given,
    port: options.port ?? 0,
    // No scenario: the starter world, whose demo app key and passcodes the README's quick start uses.
    scenario: options.scenario ?? STARTER_SCENARIO,
    log: options.log ?? ((line) => process.stderr.write(`${line}\n`)),
  });
  return new WalletSandbox(world);
}

export interface ConnectOptions {
  /** A namespace's key (its `appKey`): the world reached is that namespace. Default: the sandbox's own world. */
  appKey?: string;
  /** A sandbox started with allowRemote (`--allow-remote`): the admin token its ready line printed. */
  adminToken?: string;
}

/**
 * A sandbox another process runs (the CLI, a globalSetup, another worker), reached over its admin
 * API: the same SandboxWorld as startSandbox's, call for call, refusals included.
 */
export class ConnectedSandbox extends SandboxWorld {
  /** The sandbox's base URL, as given. */
  readonly url: string;
  /** The key this connection sends as X-App-Key, when it reaches a namespace. */
  readonly appKey: string | undefined;
  /** Namespaces of the sandbox, made over this connection (each reached with its own key). */
  readonly namespaces: WalletNamespaces;

  private readonly clients: AdminHttp[];

  /** @internal Use connectSandbox. */
  constructor(url: string, appKey: string | undefined, adminToken?: string) {
    const world = new AdminHttp(url, { appKey, adminToken });
    const registry = new AdminHttp(url, { adminToken });
    super(httpPort(world));
    this.clients = [world, registry];
    this.url = url;
    this.appKey = appKey;
    this.namespaces = new WalletNamespaces(httpNamespaces(registry), url);
  }

  /**
   * Ends this connection: later calls reject, saying so. The sandbox goes on serving (stop it where
   * it was started); a namespace made over this connection stays until deleted.
   */
  async close(): Promise<void> {
    for (const client of this.clients) client.close();
  }

  /** `await using sandbox = await connectSandbox(url)` closes the connection at the end of the block. */
  [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }
}

/**
 * Connects to a running sandbox (`url` as its ready line prints it) and resolves once it answered
 * as one; with `appKey` a namespace's key, the world is that namespace. Rejects when nothing
 * answers there, or with SandboxError 401 for a key that names no app and no namespace.
 */
export async function connectSandbox(url: string, options: ConnectOptions = {}): Promise<ConnectedSandbox> {
  const base = new URL(url);
  if (base.protocol !== 'http:' && base.protocol !== 'https:') throw new TypeError(`connectSandbox takes an http:// URL, got ${url}`);
  const connected = new ConnectedSandbox(base.origin, options.appKey, options.adminToken);
  try {
    await connected.clock.now();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new Error(`${(error as Error).message}; is it running? npx wallet-sandbox starts one`, { cause: error });
  }
  return connected;
}
