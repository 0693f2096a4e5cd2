import type { Fault, SandboxChange, SandboxKnobs, ScenarioExport, TransactionRecord, TransactionType } from '../types';
import { findingLines, type Finding, type FindingsQuery } from '../findings/finding';
import { orNoneLater } from '../worlds/noneAnswers';
import { operate, type WorldPort } from './port';
import { Requests } from './requests';
import { Webhooks } from './webhooks';

// One world to test against, whichever side of a process boundary it is on: startSandbox's,
// a namespace's, or connectSandbox's over the admin API. Written once against a port (port.ts),
// each call an operation of the table (worlds/operations.ts), so every side takes and refuses the
// same input with the same SandboxError. Every call is async, reads included. The editor's views,
// commands and agent tools use this same face (client/shared.ts), so what they need is here too.

/** What `clock.advance` moved: the clock's time after it, and what happened within the span. */
export interface ClockAdvanced {
  /** This world's time after the advance. */
  now: Date;
  /** Bank transfers created or settled meanwhile. */
  transfers: SandboxChange['transfers'];
  /** Webhook events sent or attempted meanwhile, in their state after the advance. */
  events: SandboxChange['events'];
}

/** One world to test against: a sandbox's own, one of its namespaces, or either reached by connectSandbox. */
export class SandboxWorld {
  /** The virtual clock: settlements, webhook retries and token expiry follow it. */
  readonly clock: {
    /** This world's time now. */
    now(): Promise<Date>;
    /**
     * Moves the clock forward by `seconds`, running everything due within them in time order
     * (settlements, each webhook attempt, awaiting its answer); answers what that moved.
     */
    advance(seconds: number): Promise<ClockAdvanced>;
  };
  /** Every API request this world answered (method, path, query, headers and bodies as received, status, answer): list, waitFor, clear. */
  readonly requests: Requests;
  /** Webhook events sent to the apps' callbackURL, each with its delivery attempts (the newest 50): list, waitFor, redeliver. */
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

  /** @internal How this world is reached (in this process or over HTTP). */
  protected readonly operations: WorldPort;

  /** @internal Use startSandbox or connectSandbox. */
  constructor(operations: WorldPort) {
    this.operations = operations;
    this.clock = {
      now: async () => new Date((await operate(operations, 'clock')).now),
      advance: async (seconds) => {
        const { now, changed } = await operate(operations, 'advanceClock', { seconds });
        return { now: new Date(now), ...changed };
      },
    };
    this.requests = new Requests(operations);
    this.webhooks = new Webhooks(operations);
    this.faults = {
      // The sandbox gives the fault its id, whatever the copy carried.
      add: async ({ id, ...fault }) => (void id, (await operate(operations, 'addFault', { ...fault })).fault),
      remove: async (id) => (await operate(operations, 'removeFault', { id })).removed,
      clear: async () => (await operate(operations, 'clearFaults')).cleared,
      list: async () => (await this.knobs()).faults,
    };
  }

  /** The knobs as they are now: the faults in force, the latency and the access tokens' lifetime (GET /__sandbox/knobs). */
  async knobs(): Promise<SandboxKnobs> {
    return (await operate(this.operations, 'knobs')).knobs;
  }

  /** Delay added to every API request of this world, in milliseconds (0 for none, at most 600000). */
  async setLatency(ms: number): Promise<void> {
    await operate(this.operations, 'setKnobs', { latencyMs: ms });
  }

  /**
   * The wallet's balance in kobo. The mobile in any form a scenario takes (0803…, +234803…,
   * 234803…); rejects with SandboxError 404 (errorCode 10003) for a mobile no wallet has.
   */
  async balance(mobile: string): Promise<number> {
    return (await operate(this.operations, 'balance', { mobile })).user.balance;
  }

  /** Sets the wallet's balance, in kobo (a whole, non-negative number); a bad one rejects with SandboxError 400 (10000). */
  async setBalance(mobile: string, kobo: number): Promise<void> {
    await operate(this.operations, 'setBalance', { mobile, balance: kobo });
  }

  /** Ends the wallet's access tokens now (POST /__sandbox/expire): the app's next call with one is answered 401, as after a day. */
  async expireAccessTokens(mobile: string): Promise<void> {
    await operate(this.operations, 'expire', { mobile });
  }

  /** Revokes the wallet's refresh tokens (POST /__sandbox/revoke): a refresh is refused and the app must sign in again. */
  async revokeRefreshTokens(mobile: string): Promise<void> {
    await operate(this.operations, 'revoke', { mobile });
  }

  /**
   * Adds a transaction to the wallet's history, as its newest (POST /__sandbox/transactions); the
   * balance is not changed (set it with setBalance). Amount in kobo. Answers the transaction.
   */
  async addTransaction(
    mobile: string,
    tx: Partial<TransactionRecord> & { type: TransactionType; amount: number },
  ): Promise<TransactionRecord> {
    return (await operate(this.operations, 'addTransaction', { ...tx, mobile })).transaction;
  }

  /**
   * Adds `count` generated transactions (up to 10,000 a call) over the last year (POST
   * /__sandbox/generate); other clients are answered meanwhile. Answers the history's new size.
   */
  async generateTransactions(mobile: string, count: number): Promise<number> {
    return (await operate(this.operations, 'generateTransactions', { mobile, count })).total;
  }

  /**
   * Reverses a bank transfer that succeeded, `afterSeconds` of the virtual clock from now (default
   * three days; POST /__sandbox/transfers/:reference/reversal): then its money comes back to the
   * wallet, a requery says failed (000000) and a FAILED event is sent. Answers when it falls due.
   */
  async reverseTransfer(reference: string, options: { afterSeconds?: number } = {}): Promise<Date> {
    const { transfer } = await operate(this.operations, 'reverseTransfer', { id: reference, afterSeconds: options.afterSeconds });
    return new Date(transfer.reverseAt);
  }

  /** Puts one wallet back as the world started it (POST /__sandbox/reset?mobile=): balance, history, tokens. */
  async resetWallet(mobile: string): Promise<void> {
    await operate(this.operations, 'resetWallet', { mobile });
  }

  /** The passcode last sent to the wallet (POST /v1/users/auth), undefined when none is waiting: a sign-in in a test needs no SMS. */
  async passcode(mobile: string): Promise<string | undefined> {
    return (await orNoneLater('passcode', () => operate(this.operations, 'passcode', { mobile })))?.passcode;
  }

  /**
   * Puts this world back to where it started, in about a millisecond: wallets, balances,
   * transactions, webhook events, the request journal, faults and latency, the clock. Tokens and
   * passcodes issued before stop working; a sandbox's namespaces are left as they are. Call it
   * between tests (`beforeEach`).
   */
  async reset(): Promise<void> {
    await operate(this.operations, 'reset');
  }

  /**
   * What the app under test did wrong, oldest first (docs/integration-review.md): this world's
   * since its last reset, or with `{ scope: 'run' }` every one since the sandbox started (across
   * resets and deleted namespaces; a namespace's: its own). `severity` keeps those at least that
   * severe. A rule that waits (a requery after a webhook, after an unheard transfer) is judged
   * here, after a short grace for the app's work still on its way.
   */
  async findings(query: FindingsQuery = {}): Promise<Finding[]> {
    return (await operate(this.operations, 'findings', { ...query })).findings;
  }

  /** Forgets this world's findings (the run's record forgets them too: seen and dealt with); answers how many there were. */
  async clearFindings(): Promise<number> {
    return (await operate(this.operations, 'clearFindings')).cleared;
  }

  /**
   * Rejects with a readable report (one line per finding: its severity, rule, title and the
   * requests or events involved) when this world has findings at least as severe as `severity`
   * (default `warning`: errors and warnings; `info` counts every finding). End a test with it;
   * `{ scope: 'run' }` in an `after` hook covers every test of the run.
   */
  async expectNoFindings(options: FindingsQuery = {}): Promise<void> {
    const { severity = 'warning', scope } = options;
    const findings = await this.findings({ severity, ...(scope === undefined ? {} : { scope }) });
    if (findings.length === 0) return;
    const lines = findingLines(findings).map((line) => `  ${line}`);
    const error = new Error(
      `The app did ${findings.length} thing${findings.length === 1 ? '' : 's'} the integration review flags ` +
        `(docs/integration-review.md):\n${lines.join('\n')}`,
    );
    throw Object.assign(error, { name: 'SandboxFindingsError', findings });
  }

  /**
   * The world as it is now, written as a scenario (apps with their keys, wallets with their
   * balances, bank accounts, callback URLs): pass `scenario` to `startSandbox({ scenario })` to
   * start another sandbox in the same world, or write it out as `wallet-sandbox.json`. `notes`
   * says what a scenario cannot hold as the sandbox has it; `apps` lists every app written (where
   * in the file, its id here, whether its sandboxKey is in the file); `sandboxPasswords` names the
   * developers written with the password `wallet-sandbox` (their own is known only by its hash).
   */
  async snapshot(): Promise<ScenarioExport> {
    return operate(this.operations, 'exportScenario');
  }
}
