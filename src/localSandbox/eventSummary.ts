// What the Events view and the event panel say about a webhook event: the words for its type,
// state and attempts, and the reference and amount read from its payload. Plain TypeScript
// (@vscode/l10n), so the tree, the panel page and the unit tests share it.

import * as l10n from '@vscode/l10n';
import { formatNaira } from '../api';
import type { PublicWebhookEvent, SandboxWorld, WebhookAttempt } from '../sandbox';

export type EventState = PublicWebhookEvent['state'];

/** The world's webhook events newest first, as the Events view, the pickers and the agent tools show them. */
export async function newestFirst(world: Pick<SandboxWorld, 'webhooks'>): Promise<PublicWebhookEvent[]> {
  return (await world.webhooks.list()).reverse();
}

export function eventTypeLabel(type: PublicWebhookEvent['type']): string {
  return type === 'BANK_TRANSFER' ? l10n.t('Bank transfer') : l10n.t('Phone transfer');
}

/** The row's title: the type, marked when the event is a made-up one (Trigger Test Event) or an older one sent out of order. */
export function eventTitle(event: Pick<PublicWebhookEvent, 'type' | 'test' | 'outOfOrderAfter'>): string {
  const type = eventTypeLabel(event.type);
  if (event.outOfOrderAfter !== undefined) {
    return event.test ? l10n.t('{0} (test event, older, sent out of order)', type) : l10n.t('{0} (older, sent out of order)', type);
  }
  return event.test ? l10n.t('{0} (test event)', type) : type;
}

export function eventStateLabel(state: EventState): string {
  switch (state) {
    case 'pending':
      return l10n.t('pending');
    case 'delivered':
      return l10n.t('delivered');
    case 'retrying':
      return l10n.t('retrying');
    case 'failed':
      return l10n.t('failed');
    case 'withheld':
      return l10n.t('withheld, never sent');
  }
}

/** What the event says happened (SUCCESS, FAILED, or the PENDING of an out-of-order one). */
export function eventMessage(event: PublicWebhookEvent): string {
  return event.payload.payload.message;
}

/** "one of 3 copies sent at once", for an attempt of a concurrent delivery. */
export function attemptCopies(attempt: WebhookAttempt): string | undefined {
  return attempt.copies === undefined ? undefined : l10n.t('one of {0} copies sent at once', attempt.copies);
}

/** The transfer's reference as the payload carries it. */
export function eventReference(event: PublicWebhookEvent): string | undefined {
  const reference = event.payload.payload.data['transactionReference'];
  return typeof reference === 'string' ? reference : undefined;
}

/** The amount in kobo, when the payload holds a whole number. */
export function eventAmount(event: PublicWebhookEvent): number | undefined {
  const amount = event.payload.payload.data['amount'];
  return Number.isInteger(amount) ? (amount as number) : undefined;
}

/** "ref · ₦100.00 · delivered", with the message when it is not SUCCESS ("ref · ₦100.00 · FAILED · delivered"): the row's description. */
export function eventDescription(event: PublicWebhookEvent): string {
  const amount = eventAmount(event);
  const message = eventMessage(event);
  return [
    eventReference(event),
    amount === undefined ? undefined : formatNaira(amount),
    message === 'SUCCESS' ? undefined : message,
    eventStateLabel(event.state),
  ]
    .filter((part) => part !== undefined)
    .join(' · ');
}

/** "500", "200 OK"-less: the status, or why no answer came. */
export function attemptOutcome(attempt: WebhookAttempt): string {
  if (attempt.status === 0) return l10n.t('no answer ({0})', attempt.error ?? l10n.t('connection failed'));
  return String(attempt.status);
}

export function attemptSucceeded(attempt: WebhookAttempt): boolean {
  return attempt.status >= 200 && attempt.status < 300;
}

/** Deliveries that gave up: the Events view's badge. */
export function failedDeliveries(events: readonly PublicWebhookEvent[]): number {
  return events.filter((event) => event.state === 'failed').length;
}

/** The body the receiver got, pretty-printed. */
export function eventPayloadJson(event: PublicWebhookEvent): string {
  return JSON.stringify(event.payload, null, 2);
}
