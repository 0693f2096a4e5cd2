import type { RequestJournal } from '../requests/journal';
import type { Fault, SandboxKnobs, WorldControls } from '../types';
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
    /** Adds a fault (`{ path, method?, status?, drop?, times?, … }`); answers it with its id. */
    add(fault: Fault): Promise<Fault>;
    /** False when no fault has that id (cleared, or used up). */
    remove(id: string): Promise<boolean>;
    /** Removes every fault; answers how many there were. */
    clear(): Promise<number>;
  };

  /** @internal */
  protected constructor(
    protected readonly controls: WorldControls,
    requests: RequestJournal,
    private readonly knobs: SandboxKnobs,
  ) {
    this.clock = { now: () => new Date(controls.now()), advance: (seconds) => controls.advanceClock(seconds) };
    this.requests = requests;
    this.webhooks = new Webhooks(controls);
    // Through the knobs: the sandbox gives a fault its id and reports the change.
    this.faults = {
      add: async (fault) => {
        const added = { ...fault };
        knobs.faults.push(added);
        return { ...added };
      },
      remove: async (id) => {
        const index = knobs.faults.findIndex((fault) => fault.id === id);
        if (index >= 0) knobs.faults.splice(index, 1);
        return index >= 0;
      },
      clear: async () => knobs.faults.splice(0).length,
    };
  }

  /** Delay added to every API request of this world, in milliseconds (0 for none). */
  async setLatency(ms: number): Promise<void> {
    if (!Number.isInteger(ms) || ms < 0 || ms > 600_000)
      throw new RangeError('latency must be a whole number of milliseconds from 0 to 600000');
    this.knobs.latencyMs = ms;
  }

  /** The wallet's balance in kobo. Throws for a mobile no wallet has (mobiles as `234…`, 13 digits). */
  balance(mobile: string): number {
    return this.controls.balance(mobile);
  }

  /** Sets the wallet's balance, in kobo (a whole, non-negative number). */
  setBalance(mobile: string, kobo: number): void {
    this.controls.setBalance(mobile, kobo);
  }

  /** The passcode last sent to the wallet (POST /v1/users/auth): a sign-in in a test needs no SMS. */
  passcode(mobile: string): string | undefined {
    return this.controls.lastPasscode(mobile);
  }
}
