import { localClient } from '../sharing/localClient';
import { startSandbox as startWorld } from '../start';
import type { RequestJournal } from '../requests/journal';
import type { Fault, LoadedScenario, Sandbox, SandboxClient } from '../types';
import type { ScenarioFile } from '../scenario/scenarioFile';
import { Webhooks } from './webhooks';

// The `wallet-sandbox` package's Node API: a sandbox for an app's own test suite. Each
// startSandbox is a world of its own on a port of its own; close() leaves nothing running.

export { ScenarioError } from '../scenario/scenarioError';
export { SandboxTimeoutError, type WaitOptions } from '../wait';
export type { RequestJournal } from '../requests/journal';
export type { JournalEntry } from '../requests/entry';
export type { RequestFilter } from '../requests/filter';
export type { WebhookFilter } from './webhooks';
export type { ScenarioApp, ScenarioFault, ScenarioFile, ScenarioWallet } from '../scenario/scenarioFile';
export type { Fault, LoadedScenario, PublicWebhookEvent, WebhookAttempt, WebhookType } from '../types';

export interface StartOptions {
  /** The world to start in: a scenario file's path (`wallet-sandbox.json`) or a scenario object. */
  scenario?: string | ScenarioFile;
  /** The port; 0 (the default) picks a free one: read `url`. */
  port?: number;
  /** The address to bind (default 127.0.0.1; the sandbox speaks plain HTTP). */
  host?: string;
  /** The seed of generated data, when the scenario has none. */
  seed?: number;
  /** Keep the world in this file between runs (default: in memory only). */
  dataFile?: string;
  /** Where the sandbox's warnings go (a state file it cannot write, a failing webhook receiver). Default: stderr. */
  log?: (line: string) => void;
}

/** A running sandbox. Every method acts on this sandbox's world only. */
export class WalletSandbox {
  /** `http://127.0.0.1:<port>`: the base URL of both the wallet API and the developer API. */
  readonly url: string;
  readonly port: number;
  /** What the scenario made (its apps with their keys, its wallets), when started from one. */
  readonly scenario: LoadedScenario | undefined;
  /** The virtual clock: settlements, webhook retries and token expiry follow it. */
  readonly clock: {
    /** The sandbox's time now. */
    now(): Date;
    /** Moves the clock forward by `seconds` and runs everything that falls due. */
    advance(seconds: number): Promise<void>;
  };
  /** Every API request the sandbox answered (method, path, query, headers and bodies as received, status, answer): list, wait, clear. */
  readonly requests: RequestJournal;
  /** Webhook events sent to the apps' callbackURL, each with every delivery attempt. */
  readonly webhooks: Webhooks;
  /** Faults injected into the API: answers the app under test must cope with. */
  readonly faults: {
    /** Adds a fault (`{ path, method?, status?, drop?, times?, … }`); answers it with its id. */
    add(fault: Fault): Promise<Fault>;
    /** False when no fault has that id (cleared or used up). */
    remove(id: string): Promise<boolean>;
    /** Removes every fault; answers how many there were. */
    clear(): Promise<number>;
  };
  private readonly client: SandboxClient;
  private closing: Promise<void> | undefined;

  /** @internal Use startSandbox. */
  constructor(private readonly world: Sandbox) {
    this.url = world.url;
    this.port = world.port;
    this.scenario = world.scenario;
    this.client = localClient(world, 'program');
    this.clock = { now: () => new Date(world.now()), advance: (seconds) => world.advanceClock(seconds) };
    this.requests = world.requests;
    this.webhooks = new Webhooks(world);
    this.faults = {
      add: (fault) => this.client.addFault(fault),
      remove: (id) => this.client.removeFault(id),
      clear: () => this.client.clearFaults(),
    };
  }

  /**
   * Puts the sandbox back to the scenario it started from, in milliseconds (a fresh world of the
   * same seed when started without one): wallets, balances, transactions, webhook events, the
   * request journal, the scenario's faults and latency, the clock at the scenario's start. Tokens
   * and passcodes issued before stop working. Call it between tests (`beforeEach`).
   */
  reset(): Promise<void> {
    return this.client.reset();
  }

  /** Delay added to every API request, in milliseconds (0 for none). */
  setLatency(ms: number): Promise<void> {
    return this.client.setLatency(ms);
  }

  /** The wallet's balance in kobo. Throws for a mobile no wallet has. */
  balance(mobile: string): number {
    return this.world.balance(mobile);
  }

  /** Sets the wallet's balance, in kobo. */
  setBalance(mobile: string, kobo: number): void {
    this.world.setBalance(mobile, kobo);
  }

  /** The passcode last sent to the wallet (a sign-in in a test needs no SMS). */
  passcode(mobile: string): string | undefined {
    return this.world.lastPasscode(mobile);
  }

  /** Stops the sandbox: no timer, socket or handle is left, so a test runner exits by itself. */
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
    ...(options.seed === undefined ? {} : { seed: options.seed }),
    ...(options.dataFile === undefined ? {} : { dataFile: options.dataFile }),
    ...(options.scenario === undefined ? {} : { scenario: options.scenario }),
    log: options.log ?? ((line) => process.stderr.write(`${line}\n`)),
  });
  return new WalletSandbox(world);
}
