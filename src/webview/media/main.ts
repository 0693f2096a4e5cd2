// The Wallet Console panel's script, bundled by esbuild into media/dist/webview.js and loaded
// by nonce. It draws nothing from HTML strings: the host renders the page (escaped), and
// whatever this script adds later is set as text. It posts 'ready', then works from the
// host's messages.

import * as l10n from '@vscode/l10n';
import { validateAccountNumber } from '../../api/validation';
import { formatClockTime } from '../../common/formatTime';
import { applyEventLive } from './eventLive';
import { countText } from '../../common/plural';
import {
  isHostMessage,
  MAX_RENDERED_TEXT,
  recentVerificationText,
  type HostMessage,
  type RecentVerification,
  type VerificationOutcome,
  type WebviewMessage,
} from '../protocol';

interface VsCodeApi {
  postMessage(message: unknown): void;
  getState(): unknown;
  setState(state: unknown): void;
}

declare function acquireVsCodeApi(): VsCodeApi;

const vscode = acquireVsCodeApi();

/**
 * The host puts VS Code's translations (`vscode.l10n.bundle`) into data-l10n; without them,
 * or if they do not parse, the page's own words stay in English.
 */
function configureL10n(): void {
  const bundle = document.body.dataset.l10n;
  if (!bundle) return;
  try {
    l10n.config({ contents: bundle });
  } catch {
    // English it is.
  }
}

configureL10n();

function post(message: WebviewMessage): void {
  vscode.postMessage(message);
}

function byId<T extends HTMLElement>(id: string): T | undefined {
  return (document.getElementById(id) as T | null) ?? undefined;
}

/** Set by the host's 'init' while extension tests run; the page reports nothing otherwise. */
let reportsRendered = false;
/** Names this document in those reports: a reload of the page makes a new one. */
const documentId = Math.random().toString(36).slice(2);
let renderTimer: ReturnType<typeof setTimeout> | undefined;

/** Tells the host what a person would read now (tests use it). Batched per tick. */
function reportRendered(): void {
  if (!reportsRendered) return;
  if (renderTimer !== undefined) clearTimeout(renderTimer);
  renderTimer = setTimeout(() => {
    renderTimer = undefined;
    post({
      type: 'rendered',
      text: document.body.innerText.slice(0, MAX_RENDERED_TEXT),
      scrollY: Math.round(window.scrollY),
      document: documentId,
    });
  }, 0);
}

// ---------------------------------------------------------------- buttons

const ACTIONS: Record<string, WebviewMessage> = {
  'copy-reference': { type: 'copy', what: 'reference' },
  'copy-json': { type: 'copy', what: 'json' },
  'open-json': { type: 'openJson' },
  retry: { type: 'retry' },
  'navigate-verify': { type: 'navigate', view: 'verify' },
  'verify-recipient': { type: 'verifyRecipient' },
  back: { type: 'back' },
  redeliver: { type: 'redeliver' },
  'copy-curl': { type: 'copySnippet', format: 'curl' },
  'copy-fetch': { type: 'copySnippet', format: 'fetch' },
  'copy-python': { type: 'copySnippet', format: 'python' },
  replay: { type: 'replay' },
};

/** The finding page's links to a request or an event it names (the host checks the id again). */
function openMessage(action: string, id: string | undefined): WebviewMessage | undefined {
  if (id === undefined) return undefined;
  if (action === 'open-request') return { type: 'openRequest', id: Number(id) };
  if (action === 'open-event') return { type: 'openEvent', id };
  return undefined;
}

document.addEventListener('click', (event) => {
  const button = event.target instanceof Element ? event.target.closest<HTMLButtonElement>('button[data-action]') : null;
  const action = button?.dataset.action;
  const message = action ? (ACTIONS[action] ?? openMessage(action, button?.dataset.id)) : undefined;
  if (message) post(message);
});

function showStatus(text: string, level: 'info' | 'error'): void {
  const status = byId('status') ?? byId('result');
  if (!status) return;
  status.hidden = false;
  status.textContent = text;
  status.classList.toggle('failed', level === 'error');
}

// ---------------------------------------------------------------- verification page

const form = byId<HTMLFormElement>('verify-form');
const filter = byId<HTMLInputElement>('bank-filter');
const bankSelect = byId<HTMLSelectElement>('bank');
const bankCount = byId('bank-count');
const account = byId<HTMLInputElement>('account');
const accountError = byId('account-error');
const verifyButton = byId<HTMLButtonElement>('verify-button');
const result = byId('result');
let busy = false;

function accountCheck() {
  return validateAccountNumber(account?.value ?? '');
}

/** Enables Verify only for a chosen bank and a valid number; shows the number's problem as you type. */
function updateForm(): void {
  if (!account || !verifyButton || !bankSelect || !accountError) return;
  const check = accountCheck();
  const typed = account.value.trim() !== '';
  const problem = typed && !check.ok ? check.message : '';
  accountError.textContent = problem;
  accountError.hidden = problem === '';
  account.setAttribute('aria-invalid', problem === '' ? 'false' : 'true');
  verifyButton.disabled = busy || !check.ok || bankSelect.value === '';
}

function applyFilter(): void {
  if (!filter || !bankSelect || !bankCount) return;
  const query = filter.value.trim().toLowerCase();
  const options = Array.from(bankSelect.options);
  let shown = 0;
  let only: HTMLOptionElement | undefined;
  for (const option of options) {
    const match = query === '' || option.text.toLowerCase().includes(query);
    option.hidden = !match;
    if (match) {
      shown++;
      only = option;
    }
  }
  if (shown === 1 && only) only.selected = true;
  if (bankSelect.selectedOptions[0]?.hidden) bankSelect.selectedIndex = -1;
  bankCount.textContent =
    query === ''
      ? countText(options.length, l10n.t('{0} bank', options.length), l10n.t('{0} banks', options.length))
      : shown === 0
        ? l10n.t('No bank matches.')
        : l10n.t('Banks matching: {0} of {1}.', shown, options.length);
  updateForm();
}

function renderOutcome(outcome: VerificationOutcome): void {
  if (!result) return;
  const title = document.createElement('p');
  title.className = 'result-title';
  title.textContent = outcome.ok ? outcome.accountName : l10n.t('Not verified');
  const detail = document.createElement('p');
  detail.textContent = outcome.ok
    ? `${outcome.bankName} · ${outcome.accountNumber}`
    : `${outcome.bankName} · ${outcome.accountNumber}: ${outcome.message}`;
  result.replaceChildren(title, detail);
  result.classList.toggle('failed', !outcome.ok);
  result.hidden = false;
}

function renderRecent(items: RecentVerification[]): void {
  const list = byId('recent');
  const empty = byId('recent-empty');
  if (!list || !empty) return;
  list.replaceChildren(
    ...items.map((item) => {
      const entry = document.createElement('li');
      entry.className = item.accountName !== undefined ? 'ok' : 'failed';
      const when = document.createElement('span');
      when.className = 'when';
      when.textContent = formatClockTime(item.at);
      const what = document.createElement('span');
      what.className = 'what';
      what.textContent = recentVerificationText(item);
      entry.append(when, ' ', what);
      return entry;
    }),
  );
  empty.hidden = items.length > 0;
}

if (form && filter && bankSelect && account) {
  filter.addEventListener('input', applyFilter);
  filter.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      bankSelect.focus();
    }
  });
  bankSelect.addEventListener('change', updateForm);
  account.addEventListener('input', updateForm);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const check = accountCheck();
    if (busy || !check.ok || bankSelect.value === '') {
      updateForm();
      return;
    }
    post({ type: 'verify', bankCode: bankSelect.value, accountNumber: check.value });
  });
  applyFilter();
}

// ---------------------------------------------------------------- messages from the host

function onHostMessage(message: HostMessage): void {
  switch (message.type) {
    case 'init':
      // VS Code keeps the scroll position when the panel's document is replaced: right for the
      // same page drawn again (Refresh), wrong for another page, which starts at its top.
      if (JSON.stringify(vscode.getState()) !== JSON.stringify(message.state)) window.scrollTo(0, 0);
      // Only the view and the reference: what a reload needs, nothing secret.
      vscode.setState(message.state);
      reportsRendered = message.reportRendered;
      renderRecent(message.recent);
      break;
    case 'verifying':
      busy = true;
      updateForm();
      if (result) {
        result.classList.remove('failed');
        result.hidden = false;
        result.textContent = l10n.t('Verifying {0} at {1}…', message.accountNumber, message.bankName);
      }
      break;
    case 'verifyResult':
      busy = false;
      updateForm();
      renderOutcome(message.outcome);
      renderRecent(message.recent);
      break;
    case 'notice':
      showStatus(message.text, message.level);
      break;
    case 'eventLive': {
      const announcement = applyEventLive(message.live);
      if (announcement) showStatus(announcement, 'info');
      break;
    }
    case 'testScroll':
      if (reportsRendered) window.scrollTo(0, message.y);
      break;
  }
  reportRendered();
}

window.addEventListener('message', (event: MessageEvent<unknown>) => {
  if (isHostMessage(event.data)) onHostMessage(event.data);
});

post({ type: 'ready' });
