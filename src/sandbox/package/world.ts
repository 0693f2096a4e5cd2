import type { RequestJournal } from '../requests/journal';
import type { Fault, WorldControls } from '../types';
import { Webhooks } from './webhooks';

// What a WalletSandbox and a WalletNamespace have alike: one world's clock, journal, webhooks,
// faults, latency and wallets.

/** One world to test against: a sandbox's own, or one of its namespaces. */
export abstract class SandboxWorld {
  /** The virtual clock: settlements, webhook retries and token expiry follow it. */
  readonly clock: {
    /** This world's time now. */
    now(): Date;
    /** Moves the clock forward by `seconds`, running everything due within them in time order (settlements, each webhook attempt, awaiting its answer). */
    advance(seconds: number): Promise<void>;
  };
  /** Every API request this world answered (method, path, query, headers and bodies as received, status, answer): list, waitFor, clear. */
  readonly requests: RequestJournal;
  /** Webhook events sent to the apps' callbackURL, each with every delivery attempt: list, waitFor, redeliver. */
  readonly webhooks: Webhooks;
  /** Faults injected into this world's API answers: what the app under test must cope with. */
  readonly faults: {
    /** Adds a fault (`{ path, method?, status?, drop?, times?, … }`, checked as POST /__sandbox/faults checks it); answers it with its id. */
    add(fault: Fault): Promise<Fault>;
    /** False when no fault has that id (cleared, or used up). */
    remove(id: string): Promise<boolean>;
    /** Removes every fault; answers how many there were. */
    clear(): Promise<number>;
    /** The faults in force, in the order they apply, each with its id (and `times` left, if counted). */
    list(): Promise<Fault[]>;
  };

  /** @internal What the world's methods call (a field of its own, so the public declarations leave it out). */
  protected readonly controls: WorldControls;

  /** @internal */
  protected constructor(controls: WorldControls, requests: RequestJournal) {
    this.controls = controls;
    this.clock = { now: () => new Date(controls.now()), advance: (seconds) => controls.advanceClock(seconds) };
    this.requests = requests;
    this.webhooks = new Webhooks(controls);
    // The same operations as the admin API's (worlds/operations.ts): the same checks, the same errors.
    this.faults = {
      add: async (fault) => controls.addFault(fault),
      remove: async (id) => controls.removeFault(id),
      clear: async () => controls.clearFaults(),
      list: async () => controls.listFaults(),
    };
  }

  /** Delay added to every API request of this world, in milliseconds (0 for none, at most 600000). */
  async setLatency(ms: number): Promise<void> {
    this.controls.setLatency(ms);
  }

  /**
   * The wallet's balance in kobo. The mobile in any form a scenario takes (0803…, +234803…,
   * 234803…); throws SandboxError 404 (errorCode 10003) for a mobile no wallet has.
   */
  balance(mobile: string): number {
    return this.controls.balance(mobile);
  }

  /** Sets the wallet's balance, in kobo (a whole, non-negative number); a bad one throws SandboxError 400 (10000). */
  setBalance(mobile: string, kobo: number): void {
    this.controls.setBalance(mobile, kobo);
  }

  /** The passcode last sent to the wallet (POST /v1/users/auth): a sign-in in a test needs no SMS. */
  passcode(mobile: string): string | undefined {
    return this.controls.lastPasscode(mobile);
  }
}
