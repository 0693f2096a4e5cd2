import { randomBytes } from 'node:crypto';
import { Scheduler } from './scheduler';
import { AppRecord, SandboxState } from './state';
import { PublicWebhookEvent, WebhookDataByType, WebhookEvent, WebhookPayload, WebhookType } from '../types';
import { postJson } from './webhookPost';
import { withoutUserInfo } from './webhookTarget';

// Webhook events: one per completed transfer, POSTed to the app's callbackURL at least once.
// A non-2xx answer, a timeout or a refused connection is retried on RETRY_DELAYS_MS (virtual
// clock, counted from the failed attempt's time), then the event is marked failed. The event
// records its newest MAX_KEPT_ATTEMPTS attempts, each numbered among all it had. An advance of
// the clock awaits each attempt's real answer before the next task runs (scheduler.ts).

/** Wait before attempt 2, 3, 4, 5, 6 of a delivery run; after attempt 6 fails the event has failed. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3600_000, 8 * 3600_000];
/**
 * The attempts an event keeps, the newest: redeliveries add a run each, without end
 * (docs/sandbox.md#limits). An attempt's `number` counts every attempt, kept or not.
 */
export const MAX_KEPT_ATTEMPTS = 50;
/** Real time one attempt may take. */
export const ATTEMPT_TIMEOUT_MS = 5_000;

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
    this.state.addEvent(event);
    this.schedule(event, now);
    return event;
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

  private schedule(event: WebhookEvent, at: number): void {
    event.nextAttemptAt = iso(at);
    this.scheduler.at(`webhook:${event.id}`, at, () => this.attempt(event));
  }

  private async attempt(event: WebhookEvent): Promise<void> {
    const number = (event.attempts.at(-1)?.number ?? 0) + 1;
    // The attempt's own time: the next one counts from it (during an advance, the time it was due).
    const startedAt = this.now();
    const at = iso(startedAt);
    const started = performance.now();
    const headers: Record<string, string> = {
      [EVENT_ID_HEADER]: event.id,
      [ATTEMPT_HEADER]: String(number),
      'User-Agent': 'wallet-sandbox-webhooks',
    };
    if (this.namespace !== undefined) headers[NAMESPACE_HEADER] = this.namespace;
    this.inFlight.add(event.id);
    const result = await postJson(event.url, JSON.stringify(event.payload), headers, ATTEMPT_TIMEOUT_MS).finally(() =>
      this.inFlight.delete(event.id),
    );
    event.attempts.push({
      number,
      at,
      status: result.status,
      durationMs: Math.round(performance.now() - started),
      ...(result.error === undefined ? {} : { error: result.error }),
      excerpt: result.excerpt,
    });
    keepNewest(event);
    const inRun = event.attempts.length - event.runStart;
    if (this.stopping.delete(event.id)) {
      event.state = 'failed';
      event.nextAttemptAt = null;
    } else if (result.status >= 200 && result.status < 300) {
      event.state = 'delivered';
      event.nextAttemptAt = null;
    } else if (inRun <= RETRY_DELAYS_MS.length) {
      event.state = 'retrying';
      this.schedule(event, startedAt + (RETRY_DELAYS_MS[inRun - 1] as number));
    } else {
      event.state = 'failed';
      event.nextAttemptAt = null;
    }
    this.state.changedMoney({ events: [event] });
  }
}

/** Drops the oldest attempts past MAX_KEPT_ATTEMPTS; the run's start moves with them (a run is 6 attempts at most). */
function keepNewest(event: WebhookEvent): void {
  const over = event.attempts.length - MAX_KEPT_ATTEMPTS;
  if (over <= 0) return;
  event.attempts.splice(0, over);
  event.runStart = Math.max(0, event.runStart - over);
}
