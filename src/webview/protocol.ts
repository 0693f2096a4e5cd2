// The messages the Wallet Console panel and its webview script exchange, defined once for
// both sides. Plain TypeScript: no 'vscode', no DOM, so the host, the webview bundle and
// the unit tests all import it. Nothing here ever carries a key or a token: the webview only
// sees what it shows (account numbers in full only for the one the user is verifying, see
// masking/masking.ts).

import * as l10n from '@vscode/l10n';
import type { RecentVerification, VerificationOutcome } from '../banks/bankVerifier';
import { isRecord } from '../common/isRecord';
import type { DetailField } from './html/transactionDetail';

/** The panel's viewType; also the serializer's (`onWebviewPanel:walletConsole.detail`). */
export const PANEL_VIEW_TYPE = 'walletConsole.detail';

/**
 * What the panel shows; persisted by the webview (setState) so a reload restores it. A
 * transaction keeps the environment it belongs to, so a window reloaded in another one says
 * where the record is instead of looking it up in the wrong place.
 */
export type PanelState =
  | { view: 'transaction'; reference: string; env?: string }
  | { view: 'verify' }
  | { view: 'event'; id: string }
  | { view: 'request'; id: number }
  /** The report of Check Webhook Handler (kept in memory only: after a reload the page asks to run it again). */
  | { view: 'webhookCheck' }
  /** A finding of the local sandbox's integration review (docs/integration-review.md). */
  | { view: 'finding'; id: string };

/** The pages 'navigate' may ask for (the others are opened from the views; 'back' returns to them). */
export type PanelView = 'verify';

/** A sandbox webhook event's id, as the sandbox makes them. */
export const EVENT_ID = /^evt_[0-9a-f]{24}$/;

/** A finding's id, as the sandbox makes them (fnd_1, fnd_2…). */
export const FINDING_ID = /^fnd_[1-9]\d{0,11}$/;

// The verifier owns what a verification is; the panel carries it as it is.
export type { RecentVerification, VerificationOutcome };

/** One delivery attempt of a webhook event, as the event page shows it (words already translated). */
export interface AttemptView {
  number: number;
  /** "Attempt 2". */
  heading: string;
  fields: DetailField[];
  /** The start of the receiver's answer; '' when it had no body. */
  excerpt: string;
  excerptLabel: string;
  noBody: string;
  /** Said once to a screen reader when the attempt comes in: "Attempt 2: 200". */
  announcement: string;
}

/** What changes on an event page while it is on show: redrawn in place, never by a reload. */
export interface EventLive {
  stateLabel: string;
  /** A codicon name (one of the panel's, see html/iconNames.ts). */
  stateIcon: string;
  summary: DetailField[];
  /** "Attempts, newest first (3)". */
  attemptsHeading: string;
  /** Newest first, as in the Events view. */
  attempts: AttemptView[];
}

// ------------------------------------------------------------------ host -> webview

export type HostMessage =
  /**
   * The answer to 'ready': what to persist and the data the page fills in itself.
   * `reportRendered`: post 'rendered' after each update (only while extension tests run).
   */
  | { type: 'init'; state: PanelState; recent: RecentVerification[]; reportRendered: boolean }
  | { type: 'verifying'; bankName: string; accountNumber: string }
  | { type: 'verifyResult'; outcome: VerificationOutcome; recent: RecentVerification[] }
  /** A short line in the page's status area (copied, failed to copy). */
  | { type: 'notice'; text: string; level: 'info' | 'error' }
  /** The event on show changed (a new attempt, a new state): the page redraws those parts only. */
  | { type: 'eventLive'; live: EventLive }
  /** Extension tests only: scroll the page as a person would (ignored unless 'init' asked for reports). */
  | { type: 'testScroll'; y: number };

// ------------------------------------------------------------------ webview -> host

export type CopyTarget = 'reference' | 'json';

/** The request page's snippets (src/requests/snippets.ts builds them). */
export type SnippetTarget = 'curl' | 'fetch' | 'python';

export type WebviewMessage =
  | { type: 'ready' }
  | { type: 'copy'; what: CopyTarget }
  | { type: 'openJson' }
  | { type: 'retry' }
  | { type: 'navigate'; view: PanelView }
  /** Back to the page the user came from (the host knows which). */
  | { type: 'back' }
  /** The verification page, filled in with the shown bank transfer's recipient (the host reads it from the record). */
  | { type: 'verifyRecipient' }
  | { type: 'verify'; bankCode: string; accountNumber: string }
  /** The webhook event on show, sent again (the host knows which). */
  | { type: 'redeliver' }
  /** The request page: copy it as a snippet, or send it again. */
  | { type: 'copySnippet'; format: SnippetTarget }
  | { type: 'replay' }
  /** The finding page: open a request or a webhook event it names, as the Requests and Events views' rows do. */
  | { type: 'openRequest'; id: number }
  | { type: 'openEvent'; id: string }
  /**
   * The page's visible text after it drew something, when 'init' asked for it: tests read what
   * a person sees, where the page is scrolled to, and which document drew it (an id the
   * script makes once per document: a reload makes a new one).
   */
  | { type: 'rendered'; text: string; scrollY?: number; document?: string };

/** Upper bound for any string the webview sends; anything longer is refused. */
export const MAX_FIELD_LENGTH = 64;
export const MAX_RENDERED_TEXT = 200_000;

function shortString(value: unknown, max = MAX_FIELD_LENGTH): value is string {
  return typeof value === 'string' && value.length <= max;
}

const VIEWS: readonly string[] = ['verify'] satisfies PanelView[];
const COPY_TARGETS: readonly string[] = ['reference', 'json'] satisfies CopyTarget[];
const SNIPPET_TARGETS: readonly string[] = ['curl', 'fetch', 'python'] satisfies SnippetTarget[];

/**
 * The host's guard for everything the webview posts: a well-formed message, rebuilt with
 * only its known fields, or undefined for anything else (unknown type, wrong field types,
 * oversized strings). The webview is not trusted: values are checked again where used.
 */
export function parseWebviewMessage(value: unknown): WebviewMessage | undefined {
  if (!isRecord(value) || typeof value.type !== 'string') return undefined;
  switch (value.type) {
    case 'ready':
    case 'openJson':
    case 'retry':
    case 'verifyRecipient':
    case 'redeliver':
    case 'replay':
    case 'back':
      return { type: value.type };
    case 'copySnippet':
      return typeof value.format === 'string' && SNIPPET_TARGETS.includes(value.format)
        ? { type: 'copySnippet', format: value.format as SnippetTarget }
        : undefined;
    case 'copy':
      return typeof value.what === 'string' && COPY_TARGETS.includes(value.what)
        ? { type: 'copy', what: value.what as CopyTarget }
        : undefined;
    case 'navigate':
      return typeof value.view === 'string' && VIEWS.includes(value.view) ? { type: 'navigate', view: value.view as PanelView } : undefined;
    case 'verify':
      return shortString(value.bankCode) && shortString(value.accountNumber)
        ? { type: 'verify', bankCode: value.bankCode, accountNumber: value.accountNumber }
        : undefined;
    case 'openRequest':
      return Number.isSafeInteger(value.id) && (value.id as number) > 0 ? { type: 'openRequest', id: value.id as number } : undefined;
    case 'openEvent':
      return typeof value.id === 'string' && EVENT_ID.test(value.id) ? { type: 'openEvent', id: value.id } : undefined;
    case 'rendered':
      return shortString(value.text, MAX_RENDERED_TEXT) ? renderedMessage(value.text, value.scrollY, value.document) : undefined;
    default:
      return undefined;
  }
}

/** 'rendered' with its optional parts kept only when well-formed. */
function renderedMessage(text: string, scrollY: unknown, document: unknown): WebviewMessage {
  return {
    type: 'rendered',
    text,
    ...(typeof scrollY === 'number' && Number.isFinite(scrollY) && scrollY >= 0 ? { scrollY } : {}),
    ...(shortString(document) ? { document } : {}),
  };
}

/** A persisted state as the serializer reads it back; anything malformed gives undefined. */
export function parsePanelState(value: unknown, isReference: (text: string) => boolean): PanelState | undefined {
  if (!isRecord(value)) return undefined;
  if (value.view === 'verify') return { view: 'verify' };
  if (value.view === 'webhookCheck') return { view: 'webhookCheck' };
  if (value.view === 'event' && typeof value.id === 'string' && EVENT_ID.test(value.id)) return { view: 'event', id: value.id };
  if (value.view === 'finding' && typeof value.id === 'string' && FINDING_ID.test(value.id)) return { view: 'finding', id: value.id };
  if (value.view === 'request' && Number.isSafeInteger(value.id) && (value.id as number) > 0)
    return { view: 'request', id: value.id as number };
  if (value.view === 'transaction' && shortString(value.reference, 128) && isReference(value.reference)) {
    return shortString(value.env, 32)
      ? { view: 'transaction', reference: value.reference, env: value.env }
      : { view: 'transaction', reference: value.reference };
  }
  return undefined;
}

/** The webview's guard for what the host posts (cheap: the host is trusted, but typos are not). */
export function isHostMessage(value: unknown): value is HostMessage {
  if (!isRecord(value)) return false;
  return (
    value.type === 'init' ||
    value.type === 'verifying' ||
    value.type === 'verifyResult' ||
    value.type === 'notice' ||
    value.type === 'eventLive' ||
    value.type === 'testScroll'
  );
}

// ------------------------------------------------------------------ text both sides draw

/** One recent verification as a line of text (the host renders it first, the page redraws it). */
export function recentVerificationText(item: RecentVerification): string {
  const account = `${item.bankName} ${item.maskedAccount}`;
  return item.accountName !== undefined
    ? `${account}: ${item.accountName}`
    : l10n.t('{0}: not verified ({1})', account, item.error ?? l10n.t('no answer'));
}
