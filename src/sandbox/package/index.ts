import { startSandbox as startWorld } from '../start';
import type { LoadedScenario, Sandbox } from '../types';
import type { ScenarioFile } from '../scenario/scenarioFile';
import { WalletNamespaces } from './namespaces';
import { STARTER_SCENARIO } from './starter';
import { SandboxWorld } from './world';

// The `wallet-sandbox` package's Node API: a sandbox for an app's own test suite. Each
// startSandbox is a world of its own on a port of its own; close() leaves nothing running.

export { ScenarioError } from '../scenario/scenarioError';
/** What a refused call throws: `status` and `errorCode` are those the admin API answers the same input with. */
export { ApiError as SandboxError } from '../errors';
export { SandboxTimeoutError, type WaitOptions } from '../wait';
export type { RequestJournal } from '../requests/journal';
export type { JournalEntry } from '../requests/entry';
export type { RequestFilter } from '../requests/filter';
export type { WebhookFilter, Webhooks } from './webhooks';
export { WalletNamespace, WalletNamespaces } from './namespaces';
export { SandboxWorld } from './world';
export type { ScenarioApp, ScenarioFault, ScenarioFile, ScenarioWallet } from '../scenario/scenarioFile';
export type { Fault, LoadedScenario, NamespaceSummary, PublicWebhookEvent, WebhookAttempt, WebhookType } from '../types';

export interface StartOptions {
  /**
   * The world to start in: a scenario file's path (`wallet-sandbox.json`) or a scenario object.
   * Without one: a demo app (X-App-Key `sk_test_wallet_sandbox_demo`) and the demo wallets
   * 2348000000000 (passcode 123456) and 2349090000000 (passcode 654321); `sandbox.scenario` lists them.
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
  /** The seed of generated data, when the scenario has none. */
  seed?: number;
  /** Keep the world in this file between runs (default: in memory only). */
  dataFile?: string;
  /** `{ frozen: true }`: the clock moves only by `clock.advance`, never with real time (overrides the scenario's `clock.frozen`). */
  clock?: { frozen?: boolean };
  /** Where the sandbox's warnings go (a state file it cannot write, a failing webhook receiver). Default: stderr. */
  log?: (line: string) => void;
}

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
  /** Private copies of the start world, each reached by an app key of its own: for test workers in parallel. */
  readonly namespaces: WalletNamespaces;
  private closing: Promise<void> | undefined;

  /** @internal Use startSandbox. */
  constructor(private readonly world: Sandbox) {
    super(world, world.requests);
    this.url = world.url;
    this.port = world.port;
    this.scenario = world.scenario;
    this.namespaces = new WalletNamespaces(world.namespaces, world.url);
  }

  /**
   * Puts the sandbox back to the scenario it started from, in milliseconds (a fresh world of the
   * same seed when started without one): wallets, balances, transactions, webhook events, the
   * request journal, the scenario's faults and latency, the clock at the scenario's start. Tokens
   * and passcodes issued before stop working; namespaces are left as they are. Call it between
   * tests (`beforeEach`).
   */
  reset(): Promise<void> {
    return this.world.reset();
  }

  /**
   * The world as it is now, written as a scenario (apps with their keys, wallets with their
   * balances, bank accounts, callback URLs): pass it to `startSandbox({ scenario })` to start
   * another sandbox in the same world, or write it out as `wallet-sandbox.json`. `notes` says
   * what a scenario cannot hold as the sandbox has it (e.g. developers given the password
   * `wallet-sandbox`, whose own is known only by its hash).
   */
  async snapshot(): Promise<{ scenario: ScenarioFile; notes: string[] }> {
    const { scenario, notes } = await this.world.exportScenario();
    return { scenario, notes };
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
  const world = await startWorld({
    port: options.port ?? 0,
    ...(options.host === undefined ? {} : { host: options.host }),
    ...(options.allowRemote === undefined ? {} : { allowRemote: options.allowRemote }),
    ...(options.seed === undefined ? {} : { seed: options.seed }),
    ...(options.dataFile === undefined ? {} : { dataFile: options.dataFile }),
    // No scenario: the starter world, whose demo app key and passcodes the README's quick start uses.
    scenario: options.scenario ?? STARTER_SCENARIO,
    ...(options.clock === undefined ? {} : { clock: options.clock }),
    log: options.log ?? ((line) => process.stderr.write(`${line}\n`)),
  });
  return new WalletSandbox(world);
}
