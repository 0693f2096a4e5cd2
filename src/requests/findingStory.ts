// What a finding's page says happened (issue 55): what this app did, from the records of the
// requests and webhook events the finding names (the call, the amount and the recipient it sent,
// what came back; an event's amount, reference, URL and attempts), not the rule's text again.
// Plain code (@vscode/l10n), shown as the Requests view and the Events view show these records
// (masked); the notes on a 5xx, no answer and 000002 are the product's one voice
// (src/common/moneyWords.ts).

import * as l10n from '@vscode/l10n';
import { formatNaira } from '../api';
import { formatMobileForPeople } from '../common/formatMobile';
import { formatClockSeconds } from '../common/formatTime';
import { formatKobo } from '../common/moneyText';
import { MONEY_WORDS } from '../common/moneyWords';
import { attemptOutcome, eventAmount, eventReference, eventTitle } from '../localSandbox/eventSummary';
import { maskText } from '../masking/masking';
import type { PublicWebhookEvent } from '../sandbox';
import { answerText, movesMoney, recordTarget, type RequestRecord } from './requestRecord';

/** One request or event the finding names; no text when its record is no longer held. */
export interface StoryLine {
  kind: 'request' | 'event';
  id: string;
  /** A request's method and path (shown as code). */
  call?: string;
  text?: string;
}

export interface FindingStory {
  lines: StoryLine[];
  /** The one voice's words for what the lines show: a money POST answered 5xx or not at all, a pending transfer. */
  notes: string[];
}

/** How many of an event's attempts are told (the newest). */
const ATTEMPTS_TOLD = 3;

type Fields = Record<string, unknown>;

/** A JSON object, or a form's fields; nothing for anything else. */
function fieldsOf(body: string): Fields {
  try {
    const parsed: unknown = JSON.parse(body);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Fields) : {};
  } catch {
    return body.includes('=') ? Object.fromEntries(new URLSearchParams(body)) : {};
  }
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** The amount (kobo, as a number or digits) and the recipient a request's body names. */
function sent(body: Fields): string | undefined {
  const amount = typeof body.amount === 'string' && /^\d+$/.test(body.amount) ? Number(body.amount) : body.amount;
  const money =
    typeof amount === 'number' && Number.isInteger(amount) ? l10n.t('{0} ({1})', formatNaira(amount), formatKobo(amount)) : undefined;
  const mobile = text(body.mobile);
  const account = text(body.accountNumber);
  const to = account
    ? l10n.t('to account {0}, bank {1}', account, text(body.bankCode) ?? '?')
    : mobile
      ? l10n.t('to {0}', formatMobileForPeople(mobile))
      : undefined;
  return [money, to].filter(Boolean).join(' ') || undefined;
}

/** The answer: its status, and what matters in its body (a transfer's statusCode, an error's code). */
function answered(record: RequestRecord, answer: Fields): string {
  if (record.status === 0) return l10n.t('no answer came');
  const data = answer.data as Fields | undefined;
  const statusCode = text((data?.transaction as Fields | undefined)?.statusCode);
  const errorCode = text(answer.errorCode) ?? (typeof answer.errorCode === 'number' ? String(answer.errorCode) : undefined);
  if (statusCode) return l10n.t('answered {0}, statusCode {1}', answerText(record), statusCode);
  if (errorCode) return l10n.t('answered {0}, errorCode {1}', answerText(record), errorCode);
  return l10n.t('answered {0}', answerText(record));
}

function requestLine(record: RequestRecord, locale: string | undefined): { call: string; text: string; statusCode?: string } {
  const answer = fieldsOf(record.responseBody);
  const parts = [formatClockSeconds(record.at, locale), sent(fieldsOf(record.requestBody)), answered(record, answer)];
  const statusCode = text(((answer.data as Fields | undefined)?.transaction as Fields | undefined)?.statusCode);
  return { call: maskText(`${record.method} ${recordTarget(record)}`), text: maskText(parts.filter(Boolean).join(' · ')), statusCode };
}

function eventLine(event: PublicWebhookEvent): string {
  const amount = eventAmount(event);
  const reference = eventReference(event);
  const attempts = event.attempts
    .slice(-ATTEMPTS_TOLD)
    .map((attempt) => l10n.t('attempt {0}: {1} after {2} ms', attempt.number, attemptOutcome(attempt), attempt.durationMs));
  const parts = [
    eventTitle(event),
    amount === undefined ? undefined : l10n.t('{0} ({1})', formatNaira(amount), formatKobo(amount)),
    reference && l10n.t('reference {0}', reference),
    l10n.t('sent to {0}', event.url),
    attempts.length > 0 ? attempts.join('; ') : l10n.t('no attempt yet'),
  ];
  return maskText(parts.filter(Boolean).join(' · '));
}

/**
 * The finding's requests (their records as the Requests view holds them, by id) and events, in
 * words, and the notes their answers call for. `records` and `events` answer undefined for one no
 * longer held.
 */
export function findingStory(
  ids: { requestIds: readonly number[]; eventIds: readonly string[] },
  records: (id: number) => RequestRecord | undefined,
  events: (id: string) => PublicWebhookEvent | undefined,
  locale?: string,
): FindingStory {
  const notes = new Set<string>();
  const lines: StoryLine[] = ids.requestIds.map((id) => {
    const record = records(id);
    if (!record) return { kind: 'request', id: String(id) };
    const line = requestLine(record, locale);
    if (movesMoney(record.method, record.path) && record.status === 0) notes.add(MONEY_WORDS.noAnswer);
    if (movesMoney(record.method, record.path) && record.status >= 500) notes.add(MONEY_WORDS.fiveXx);
    if (line.statusCode === '000002') notes.add(MONEY_WORDS.pending);
    return { kind: 'request', id: String(id), call: line.call, text: line.text };
  });
  for (const id of ids.eventIds) {
    const event = events(id);
    lines.push(event ? { kind: 'event', id, text: eventLine(event) } : { kind: 'event', id });
  }
  return { lines, notes: [...notes] };
}
