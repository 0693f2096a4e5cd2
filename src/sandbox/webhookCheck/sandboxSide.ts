import { ATTEMPT_HEADER, ATTEMPT_TIMEOUT_MS, EVENT_ID_HEADER } from '../domain/webhooks';
import type { JournalEntry } from '../requests/entry';
import { AdminHttp, journalPages, operationCall } from '../client/httpPort';
import { CHECK_USER_AGENT } from '../findings/finding';
import type { PublicWebhookEvent, WebhookAttempt, WebhookType } from '../types';

// What the check reads and asks of the sandbox, over its admin API: the events it delivered with
// each attempt, its request journal (did the handler requery?), a test event, a redelivery, a
// fault, and production's disorder (copies at once, an older event, a withheld one, a reversal).

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

/** A path segment as sent, decoded where it decodes (a malformed escape stays as it came). */
function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** A requery the app made: its journal entry's id and the reference it asked about. */
export interface Requery {
  id: number;
  reference: string;
}

export class SandboxSide {
  readonly admin: AdminHttp;

  constructor(
    readonly url: string,
    private readonly credentials: CheckAdmin = {},
  ) {
    this.admin = new AdminHttp(url, { appKey: credentials.appKey, adminToken: credentials.adminToken });
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

  /** Ends the delivery of these events: a check's events do not go on retrying at the handler after it. */
  async stopEvents(eventIds: readonly string[]): Promise<void> {
    for (const id of eventIds) await operationCall(this.admin, 'stopEvent', { id });
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

  /** The app's requeries after the mark (GET by reference, or a bank requery), oldest first: each its journal id and reference. */
  async requeries(after: number): Promise<Requery[]> {
    const requests = await journalPages(this.admin, new URLSearchParams({ method: 'GET', after: String(after) }));
    return requests.flatMap((entry) => {
      const reference = /^\/v1\/(?:transactions|users\/transfers\/requery\/bank)\/([^/?]+)\/?$/.exec(entry.path)?.[1];
      return reference === undefined ? [] : [{ id: entry.id, reference: decoded(reference) }];
    });
  }

  /** Waits up to `ms` for the app to requery every one of `wanted` (a reference after a journal mark); answers the requeries after `after`. */
  async waitForRequeries(wanted: readonly { reference: string; mark: number }[], after: number, ms: number): Promise<Requery[]> {
    const deadline = Date.now() + ms;
    const all = (found: Requery[]) =>
      wanted.every(({ reference, mark }) => found.some((one) => one.reference === reference && one.id > mark));
    let found = await this.requeries(after);
    while (!all(found) && Date.now() < deadline) {
      await sleep(POLL_MS * 4);
      found = await this.requeries(after);
    }
    return found;
  }

  /** The first `count` attempts after the first `before` ones, once the sandbox has all their answers. */
  async attemptsAfter(eventId: string, before: number, count: number): Promise<WebhookAttempt[]> {
    const deadline = Date.now() + ATTEMPT_TIMEOUT_MS * 2;
    while (Date.now() < deadline) {
      const { event } = await operationCall(this.admin, 'event', { id: eventId });
      if (event.attempts.length >= before + count && event.state !== 'pending') return event.attempts.slice(before, before + count);
      await sleep(POLL_MS);
    }
    throw new Error(`The sandbox did not deliver event ${eventId} within ${(ATTEMPT_TIMEOUT_MS * 2) / 1000} s`);
  }

  /** The newest event of the transaction whose payload says `message`, once there is one. */
  async eventSaying(reference: string, message: string): Promise<PublicWebhookEvent> {
    const deadline = Date.now() + ATTEMPT_TIMEOUT_MS * 2;
    while (Date.now() < deadline) {
      const { events } = await operationCall(this.admin, 'events', { reference });
      const event = events.find((one) => one.payload.payload.message === message);
      if (event) return event;
      await sleep(POLL_MS);
    }
    throw new Error(`The sandbox made no ${message} event for ${reference} within ${(ATTEMPT_TIMEOUT_MS * 2) / 1000} s`);
  }

  /** The next `times` events of `type` (of any type without one) are made but never sent (0: none). */
  async withhold(times: number, type?: WebhookType): Promise<void> {
    await operationCall(this.admin, 'withholdEvents', { times, type });
  }

  /** The next `times` money answers with an event wait until it was answered (0: none). */
  async eventsBeforeAnswers(times: number): Promise<void> {
    await operationCall(this.admin, 'eventsBeforeAnswers', { times });
  }

  async deliverCopies(eventId: string, copies: number): Promise<void> {
    await operationCall(this.admin, 'deliverCopies', { id: eventId, copies });
  }

  /** The older PENDING event of the bank transfer of `eventId`, sent now. */
  async sendOlder(eventId: string): Promise<PublicWebhookEvent> {
    return (await operationCall(this.admin, 'sendOlderEvent', { id: eventId })).event;
  }

  async reverse(reference: string, afterSeconds: number): Promise<void> {
    await operationCall(this.admin, 'reverseTransfer', { id: reference, afterSeconds });
  }

  async advanceClock(seconds: number): Promise<void> {
    await operationCall(this.admin, 'advanceClock', { seconds });
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
