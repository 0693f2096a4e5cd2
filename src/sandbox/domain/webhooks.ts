import { randomBytes } from 'node:crypto';
import { Scheduler } from './scheduler';
import { AppRecord, SandboxState } from './state';
import { PublicWebhookEvent, WebhookAttempt, WebhookDataByType, WebhookEvent, WebhookPayload, WebhookType } from '../types';
import { postJson } from './webhookPost';
import { withoutUserInfo } from './webhookTarget';

// Webhook events: one per completed transfer, POSTed to the app's callbackURL at least once.
// A non-2xx answer, a timeout or a refused connection is retried on RETRY_DELAYS_MS (virtual
// clock, counted from the failed attempt's time), then the event is marked failed. The event
// records its newest MAX_KEPT_ATTEMPTS attempts, each numbered among all it had. An advance of
// the clock awaits each attempt's real answer before the next task runs (scheduler.ts).
// Production's disorder on request (worlds/webhookOperations.ts): copies of an event at once, an
// older event after a newer one, events withheld, and money answers held until their event was sent.

/** Wait before attempt 2, 3, 4, 5, 6 of a delivery run; after attempt 6 fails the event has failed. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3600_000, 8 * 3600_000];
/**
 * The attempts an event keeps, the newest: redeliveries add a run each, without end
 * (docs/sandbox.md#limits). An attempt's `number` counts every attempt, kept or not.
 */
export const MAX_KEPT_ATTEMPTS = 50;
/** Real time one attempt may take. */
export const ATTEMPT_TIMEOUT_MS = 5_000;

/** The next events of a type (any, when none given) that are never sent: the event that never comes. */
export interface Withholding {
  times: number;
  type?: WebhookType;
}

export const EVENT_ID_HEADER = 'X-Sandbox-Event-Id';
export const ATTEMPT_HEADER = 'X-Sandbox-Delivery-Attempt';
/** On a namespace's deliveries: its id, so one receiver shared by parallel tests can tell them apart. */
export const NAMESPACE_HEADER = 'X-Sandbox-Namespace';

const iso = (ms: number): string => new Date(ms).toISOString();

/** The event as the admin API shows it: without the internal run marker, its URL without user name and password. */
export function publicEvent(event: WebhookEvent): PublicWebhookEvent {
  const { runStart, ...shown } = event;
  void runStart;
  return { ...shown, url: withoutUserInfo(event.url) };
}

export class Webhooks {
  /** Events with an attempt on its way now; and of those, the ones stopped meanwhile (their answer schedules nothing). */
  private readonly inFlight = new Set<string>();
  private readonly stopping = new Set<string>();

  /** Kept in memory only (a restart forgets them), as the faults of a test are set again by the test. */
  private withholding: Withholding = { times: 0 };
  /** How many money answers still wait for their event's first attempt (holdAnswers). */
  private answerHolds = 0;
  /** What waits for an event's next attempt to end, by event id. */
  private readonly attemptWaiters = new Map<string, (() => void)[]>();

  constructor(
    private readonly state: SandboxState,
    private readonly scheduler: Scheduler,
    private readonly now: () => number,
    /** The namespace whose world this is; undefined for the sandbox's own. */
    private readonly namespace?: string,
  ) {}

  /** Creates the event and starts delivering it; nothing when the app has no callbackURL. `test` marks a made-up one. */
  emit<T extends WebhookType>(
    app: AppRecord,
    type: T,
    message: string,
    data: WebhookDataByType[T],
    test = false,
  ): WebhookEvent | undefined {
    const url = app.settings.callbackURL;
    if (!url) {
      return undefined;
    }
    const now = this.now();
    const event: WebhookEvent = {
      id: `evt_${randomBytes(12).toString('hex')}`,
      type,
      appId: app._id,
      url,
      createdAt: iso(now),
      state: 'pending',
      payload: { payload: { message, type, data } } as WebhookPayload,
      nextAttemptAt: iso(now),
      attempts: [],
      runStart: 0,
      ...(test ? { test: true as const } : {}),
    };
    if (this.withholds(type)) {
      event.state = 'withheld';
      event.nextAttemptAt = null;
      this.state.addEvent(event);
      return event;
    }
    this.state.addEvent(event);
    this.schedule(event, now);
    return event;
  }

  /** The next `times` events of `type` (of any type without one) are made but never sent; 0 stops withholding. */
  withhold(rule: Withholding): Withholding {
    this.withholding = { ...rule };
    return { ...this.withholding };
  }

  /** The withholding still in force (times 0: none). */
  get withheld(): Withholding {
    return { ...this.withholding };
  }

  private withholds(type: WebhookType): boolean {
    const { times, type: only } = this.withholding;
    if (times <= 0 || (only !== undefined && only !== type)) return false;
    this.withholding.times = times - 1;
    return true;
  }

  /** The next `times` money answers that come with an event wait until its first attempt was answered; 0 stops it. */
  holdAnswers(times: number): number {
    this.answerHolds = times;
    return times;
  }

  get heldAnswers(): number {
    return this.answerHolds;
  }

  /**
   * When an answer hold is armed and the transfer `reference` has an event on its way: waits until
   * its first attempt ended (the receiver answered, or the attempt timed out), so the app hears of
   * the transfer from its webhook before the API's answer. At most twice an attempt's time.
   */
  async answerAfterEvent(reference: string, closing: AbortSignal): Promise<void> {
    if (this.answerHolds <= 0) return;
    const event = [...this.state.events.values()]
      .reverse()
      .find((one) => one.payload.payload.data.transactionReference === reference && one.state === 'pending' && one.attempts.length === 0);
    if (!event) return;
    this.answerHolds -= 1;
    await new Promise<void>((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        closing.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ATTEMPT_TIMEOUT_MS * 2);
      timer.unref();
      closing.addEventListener('abort', done);
      this.attemptWaiters.set(event.id, [...(this.attemptWaiters.get(event.id) ?? []), done]);
    });
  }

  /**
   * An older event of the newer one's transfer (`message` and `data` as it was then), sent now:
   * what a receiver sees when the sender's queue delivers out of order. Marked `outOfOrderAfter`.
   */
  emitOlder<T extends WebhookType>(
    newer: WebhookEvent & { type: T },
    message: string,
    data: WebhookDataByType[T],
    createdAtMs: number,
  ): WebhookEvent {
    const now = this.now();
    const event: WebhookEvent = {
      id: `evt_${randomBytes(12).toString('hex')}`,
      type: newer.type,
      appId: newer.appId,
      url: newer.url,
      createdAt: iso(Math.min(createdAtMs, Date.parse(newer.createdAt))),
      state: 'pending',
      payload: { payload: { message, type: newer.type, data } } as WebhookPayload,
      nextAttemptAt: iso(now),
      attempts: [],
      runStart: 0,
      ...(newer.test ? { test: true as const } : {}),
      outOfOrderAfter: newer.id,
    };
    this.state.addEvent(event);
    this.schedule(event, now);
    return event;
  }

  /** A new delivery run whose first round is `copies` requests of the same event, all open at once. */
  deliverCopies(event: WebhookEvent, copies: number): void {
    this.stopping.delete(event.id);
    event.state = 'pending';
    event.runStart = event.attempts.length;
    this.schedule(event, this.now(), copies);
    this.state.changedMoney({ events: [event] });
  }

  /** A new delivery run of the same event (same id, same payload), starting now. */
  redeliver(event: WebhookEvent): void {
    this.stopping.delete(event.id);
    event.state = 'pending';
    event.runStart = event.attempts.length;
    this.schedule(event, this.now());
    this.state.changedMoney({ events: [event] });
  }

  /**
   * Ends the event's delivery run: no more attempts (one on its way ends it when its answer
   * comes). An event still pending or retrying is marked failed; a finished one stays as it is.
   */
  stop(event: WebhookEvent): void {
    if (event.state !== 'pending' && event.state !== 'retrying') return;
    this.scheduler.cancel(`webhook:${event.id}`);
    if (this.inFlight.has(event.id)) this.stopping.add(event.id);
    event.state = 'failed';
    event.nextAttemptAt = null;
    this.state.changedMoney({ events: [event] });
  }

  /** After a restart: picks up the deliveries that were still under way (an older state file's events keep their newest attempts). */
  restore(): void {
    for (const event of this.state.events.values()) {
      keepNewest(event);
      if ((event.state === 'pending' || event.state === 'retrying') && event.nextAttemptAt) {
        this.schedule(event, Date.parse(event.nextAttemptAt));
      }
    }
  }

  private schedule(event: WebhookEvent, at: number, copies = 1): void {
    event.nextAttemptAt = iso(at);
    this.scheduler.at(`webhook:${event.id}`, at, () => this.attempt(event, copies));
  }

  /** One round: one attempt, or `copies` of them at once (one delivered is enough); the next round by the retry schedule. */
  private async attempt(event: WebhookEvent, copies = 1): Promise<void> {
    const first = (event.attempts.at(-1)?.number ?? 0) + 1;
    // The round's own time: the next one counts from it (during an advance, the time it was due).
    const startedAt = this.now();
    // Every copy's request is opened before any answer is awaited: they reach the receiver together.
    const numbers = Array.from({ length: copies }, (_, index) => first + index);
    this.inFlight.add(event.id);
    const attempts = await Promise.all(numbers.map((number) => this.post(event, number, startedAt, copies))).finally(() =>
      this.inFlight.delete(event.id),
    );
    event.attempts.push(...attempts);
    keepNewest(event);
    const rounds = roundsInRun(event);
    if (this.stopping.delete(event.id)) {
      event.state = 'failed';
      event.nextAttemptAt = null;
    } else if (attempts.some((attempt) => attempt.status >= 200 && attempt.status < 300)) {
      event.state = 'delivered';
      event.nextAttemptAt = null;
    } else if (rounds <= RETRY_DELAYS_MS.length) {
      event.state = 'retrying';
      this.schedule(event, startedAt + (RETRY_DELAYS_MS[rounds - 1] as number));
    } else {
      event.state = 'failed';
      event.nextAttemptAt = null;
    }
    this.state.changedMoney({ events: [event] });
    for (const wake of this.attemptWaiters.get(event.id) ?? []) wake();
    this.attemptWaiters.delete(event.id);
  }

  private async post(event: WebhookEvent, number: number, startedAt: number, copies: number): Promise<WebhookAttempt> {
    const started = performance.now();
    const headers: Record<string, string> = {
      [EVENT_ID_HEADER]: event.id,
      [ATTEMPT_HEADER]: String(number),
      'User-Agent': 'wallet-sandbox-webhooks',
    };
    if (this.namespace !== undefined) headers[NAMESPACE_HEADER] = this.namespace;
    const result = await postJson(event.url, JSON.stringify(event.payload), headers, ATTEMPT_TIMEOUT_MS);
    return {
      number,
      at: iso(startedAt),
      status: result.status,
      durationMs: Math.round(performance.now() - started),
      ...(result.error === undefined ? {} : { error: result.error }),
      excerpt: result.excerpt,
      ...(copies > 1 ? { copies } : {}),
    };
  }
}

/** The rounds of the current delivery run: the copies sent at once at its start count as one. */
function roundsInRun(event: WebhookEvent): number {
  const run = event.attempts.slice(event.runStart);
  return run.length - ((run[0]?.copies ?? 1) - 1);
}

/** Drops the oldest attempts past MAX_KEPT_ATTEMPTS; the run's start moves with them (a run is 6 rounds, 15 attempts, at most). */
function keepNewest(event: WebhookEvent): void {
  const over = event.attempts.length - MAX_KEPT_ATTEMPTS;
  if (over <= 0) return;
  event.attempts.splice(0, over);
  event.runStart = Math.max(0, event.runStart - over);
}
