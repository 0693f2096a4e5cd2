import { ATTEMPT_HEADER, ATTEMPT_TIMEOUT_MS, EVENT_ID_HEADER } from '../domain/webhooks';
import type { JournalEntry } from '../requests/entry';
import { AdminHttp, journalPages, operationCall } from '../client/adminHttp';
import { CHECK_USER_AGENT } from '../findings/finding';
import type { PublicWebhookEvent, WebhookAttempt } from '../types';

// What the check reads and asks of the sandbox, over its admin API: the events it delivered with
// each attempt, its request journal (did the handler requery?), a test event, a redelivery, a fault.

const POLL_MS = 25;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The headers a delivery carries (webhooks.ts), for the one body the check sends itself. */
export const deliveryHeaders = (eventId: string): Record<string, string> => ({
  [EVENT_ID_HEADER]: eventId,
  [ATTEMPT_HEADER]: '1',
  'User-Agent': 'wallet-sandbox-webhooks',
});

/** What the check's admin calls carry: the X-App-Key that picks their world (a namespace's key, its namespace) and an admin token. */
export interface CheckAdmin {
  /** Sent as X-App-Key (the check's own app key unless told): a namespace's key reaches that namespace. */
  appKey?: string;
  /** A sandbox started with --allow-remote: its admin token, sent as Authorization: Bearer. */
  adminToken?: string;
}

export class SandboxSide {
  readonly admin: AdminHttp;

  constructor(
    readonly url: string,
    private readonly credentials: CheckAdmin = {},
  ) {
    this.admin = new AdminHttp(url, credentials.appKey, undefined, credentials.adminToken);
  }

  /** The event the sandbox made for this transaction, once it exists. */
  async eventFor(reference: string): Promise<PublicWebhookEvent> {
    const { events } = await this.admin.call<{ events: PublicWebhookEvent[] }>(
      'GET',
      `/__sandbox/events?reference=${encodeURIComponent(reference)}&waitMs=${ATTEMPT_TIMEOUT_MS}`,
    );
    const event = events[0];
    if (!event) throw new Error(`The sandbox made no webhook event for ${reference}: does the app have a callbackURL?`);
    return event;
  }

  /** The attempt after the first `before` ones, once the sandbox has its answer (or gave up: status 0 after 5 s). */
  async attemptAfter(eventId: string, before: number): Promise<WebhookAttempt> {
    const deadline = Date.now() + ATTEMPT_TIMEOUT_MS * 2;
    while (Date.now() < deadline) {
      const { event } = await operationCall(this.admin, 'event', { id: eventId });
      const attempt = event.attempts[before];
      if (attempt) return attempt;
      await sleep(POLL_MS);
    }
    throw new Error(`The sandbox did not deliver event ${eventId} within ${(ATTEMPT_TIMEOUT_MS * 2) / 1000} s`);
  }

  async redeliver(eventId: string): Promise<void> {
    await operationCall(this.admin, 'redeliverEvent', { id: eventId });
  }

  /**
   * A made-up event for a reference the sandbox never made, sent as it sends every event to the
   * app whose callbackURL was set last (the check's). Sent as the check's (CHECK_USER_AGENT), so
   * the integration review leaves its delivery alone: the check judges the handler's answer itself.
   */
  async forgedEvent(reference: string): Promise<PublicWebhookEvent> {
    const { appKey, adminToken } = this.credentials;
    const response = await fetch(`${this.url}/__sandbox/events/test`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'User-Agent': CHECK_USER_AGENT,
        ...(appKey === undefined ? {} : { 'X-App-Key': appKey }),
        ...(adminToken === undefined ? {} : { Authorization: `Bearer ${adminToken}` }),
      },
      body: JSON.stringify({ type: 'BANK_TRANSFER', data: { transactionReference: reference } }),
    });
    const answer = (await response.json().catch(() => ({}))) as { success?: boolean; data?: { event: PublicWebhookEvent }; error?: string };
    if (!response.ok || answer.success !== true || !answer.data) {
      throw new Error(`The sandbox refused the forged event (${response.status}): ${answer.error ?? 'no error text'}`);
    }
    return answer.data.event;
  }

  /** The newest journal entry's id (0 when none): the check's requests come after it. */
  async journalMark(): Promise<number> {
    const { requests } = await this.admin.call<{ requests: JournalEntry[] }>('GET', '/__sandbox/requests?limit=1');
    return requests[0]?.id ?? 0;
  }

  /** The references among `references` the app fetched by GET (by reference, or a bank requery) after the mark. */
  async requeried(references: readonly string[], after: number): Promise<Set<string>> {
    const requests = await journalPages(this.admin, new URLSearchParams({ method: 'GET', after: String(after) }));
    const found = new Set<string>();
    for (const entry of requests) {
      const reference = /^\/v1\/(?:transactions|users\/transfers\/requery\/bank)\/([^/?]+)\/?$/.exec(entry.path)?.[1];
      if (reference !== undefined && references.includes(reference)) found.add(reference);
    }
    return found;
  }

  /** Waits up to `ms` for the app to requery every reference; answers those it did. */
  async waitForRequeries(references: readonly string[], after: number, ms: number): Promise<Set<string>> {
    const deadline = Date.now() + ms;
    let found = await this.requeried(references, after);
    while (found.size < references.length && Date.now() < deadline) {
      await sleep(POLL_MS * 4);
      found = await this.requeried(references, after);
    }
    return found;
  }

  /** Makes every requery answer after `ms`: the API is slow, the handler must still accept at once. Answers the faults' ids. */
  async slowRequeries(ms: number): Promise<string[]> {
    const ids: string[] = [];
    for (const path of ['/v1/transactions/*', '/v1/users/transfers/requery/bank/*']) {
      const { fault } = await operationCall(this.admin, 'addFault', { path, method: 'GET', delayMs: ms });
      ids.push(fault.id as string);
    }
    return ids;
  }

  async removeFaults(ids: readonly string[]): Promise<void> {
    for (const id of ids) await operationCall(this.admin, 'removeFault', { id });
  }
}
