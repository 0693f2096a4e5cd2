import * as vscode from 'vscode';
import { validateAccountNumber, validateTransactionRef, type Transaction } from '../api';
import type { AccountService } from '../auth/accountService';
import { ENVIRONMENT_IDS, ENVIRONMENTS, type EnvironmentId } from '../auth/environments';
import type { Logger } from '../common/logger';
import { disposeAll } from '../common/lifecycle';
import { COMMANDS } from '../common/commandIds';
import { errorReason } from '../common/userFacingError';
import type { BankDirectory } from '../banks/bankDirectory';
import type { BankVerifier } from '../banks/bankVerifier';
import type { VerifyPrefill } from '../banks/verifyPrefill';
import { recordJson, type TransactionRecords } from '../documents/transactionJson';
import { renderDocument, createNonce, type Page } from './html/shell';
import { renderErrorPage, renderLoadingPage } from './html/statusPages';
import { describeTransaction } from './html/transactionDetail';
import { renderTransactionPage } from './html/transactionPage';
import { renderVerifyPage } from './html/verificationPage';
import { renderEventPage } from './html/eventPage';
import type { SandboxWatch } from '../sandboxControl/sandboxWatch';
import { renderRequestPage } from './html/requestPage';
import type { RequestHistory } from '../traffic/requestHistory';
import type { RequestReplayer } from '../traffic/replay';
import { senderText } from '../traffic/sender';
import { snippet } from '../traffic/snippets';
import type { PageContext } from './html/parts';
import type { PanelRecorder, PanelStatus } from './panelRecorder';
import { parsePanelState, parseWebviewMessage, PANEL_VIEW_TYPE, type HostMessage, type PanelState, type WebviewMessage } from './protocol';

/** How long a load may take before the panel says "Loading…". */
const LOADING_DELAY_MS = 200;

export interface DetailPanelDeps {
  accounts: AccountService;
  logger: Logger;
  banks: BankDirectory;
  verifier: BankVerifier;
  records: TransactionRecords;
  /** The local sandbox, for its webhook events. */
  watch: SandboxWatch;
  /** The Requests view's history and Replay (the request page). */
  requests: RequestHistory;
  replayer: RequestReplayer;
  extensionUri: vscode.Uri;
  /** Only while extension tests run: records what the panel does for them to read. */
  recorder?: PanelRecorder;
}

/**
 * The one Wallet Console panel: transaction detail or bank verification. Opening anything
 * reveals the existing panel; the page is rebuilt (fresh nonce) on each change of view, and
 * the webview asks for its data with 'ready'. Survives reloads through the serializer,
 * which hands the panel back to `restore` with the persisted {view, reference}.
 */
export class DetailPanel implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private panelListeners: vscode.Disposable[] = [];
  private state: PanelState | undefined;
  /** The transaction on show (or last shown), for copy, Open as JSON and "back". */
  private shown: { env: EnvironmentId; transaction: Transaction } | undefined;
  /** The transaction last asked for, and the environment it belongs to (for "back"). */
  private lastTransaction: { env: EnvironmentId; reference: string } | undefined;
  /** The environment the current page's data came from. */
  private pageEnv: EnvironmentId | undefined;
  /** Bumped on every navigation, so a slow load never overwrites a newer page. */
  private generation = 0;
  private readonly pending = new Set<Promise<unknown>>();
  private page: Page | undefined;

  constructor(private readonly deps: DetailPanelDeps) {}

  /** Shows a transaction by reference (already validated by the caller). */
  showTransaction(reference: string): Promise<void> {
    return this.track(this.loadTransaction(reference));
  }

  /** The verification page; `prefill` (checked by the caller, see verifyPrefill) fills in the form. */
  showVerify(prefill?: VerifyPrefill): Promise<void> {
    return this.track(this.loadVerify(prefill));
  }

  /** A webhook event of the local sandbox: its payload and every attempt's answer. */
  showEvent(id: string): Promise<void> {
    return this.track(this.loadEvent(id));
  }

  /** The sandbox's events changed: an event on show is redrawn with its new attempts. */
  eventsChanged(): void {
    if (this.panel && this.state?.view === 'event') void this.track(this.loadEvent(this.state.id));
  }

  /** Shows a recorded request of the Requests view by its id. */
  showRequest(id: number): Promise<void> {
    return this.track(Promise.resolve(this.loadRequest(id)));
  }

  /** The serializer's entry: adopt the restored panel and redraw what its state says. */
  restore(panel: vscode.WebviewPanel, rawState: unknown): Promise<void> {
    const state = parsePanelState(rawState, (text) => validateTransactionRef(text).ok);
    if (this.panel && this.panel !== panel) {
      // Only ever one: a second restored panel (should not happen) is closed.
      panel.dispose();
      return Promise.resolve();
    }
    this.adopt(panel);
    if (state?.view === 'event') return this.showEvent(state.id);
    if (state?.view === 'request') return this.showRequest(state.id);
    if (state?.view !== 'transaction') return this.showVerify();
    const savedIn = ENVIRONMENT_IDS.find((id) => id === state.env);
    if (savedIn && savedIn !== this.deps.accounts.env()) {
      // Saved in another environment: say where it is (and show it on a switch back).
      this.lastTransaction = { env: savedIn, reference: state.reference };
      return this.track(this.loadTransaction(state.reference, true));
    }
    return this.showTransaction(state.reference);
  }

  /**
   * Called when the account state changes: after a switch of environment the page's data
   * (bank list, recent list, the transaction) belongs elsewhere. The verification page is
   * reloaded for the new environment (without a "back" to a record of the old one); a
   * transaction of the old environment is not looked up in the new one (it is not there, and
   * "Try again" could not work): the panel says where it is, and shows it again on a switch back.
   */
  environmentMaybeChanged(): void {
    if (!this.panel || !this.state || this.pageEnv === this.deps.accounts.env()) return;
    const state = this.state;
    void this.track(
      state.view === 'transaction'
        ? this.loadTransaction(state.reference, true)
        : state.view === 'event'
          ? this.loadEvent(state.id)
          : this.loadVerify(),
    );
    // A recorded request says which environment it went to: it stays as it is.
    if (state.view === 'request') return;
    void this.track(state.view === 'transaction' ? this.loadTransaction(state.reference, true) : this.loadVerify());
  }

  /** The environment a transaction reference was opened in, when it is not the current one. */
  private otherEnvironmentOf(reference: string, env: EnvironmentId): EnvironmentId | undefined {
    const last = this.lastTransaction;
    return last && last.reference === reference && last.env !== env ? last.env : undefined;
  }

  /** The reference on show, if the panel shows a transaction. */
  currentReference(): string | undefined {
    return this.state?.view === 'transaction' ? this.state.reference : undefined;
  }

  /** Resolves once every load and message in progress has finished (tests wait on it). */
  async whenIdle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  /** Handles one message as if the webview posted it (tests drive the page through this). */
  receive(message: unknown): Promise<void> {
    return this.track(this.onMessage(message));
  }

  /** What the panel shows now (the test snapshot reads it). */
  status(): PanelStatus {
    return { open: this.panel !== undefined, visible: this.panel?.visible ?? false, title: this.panel?.title, state: this.state };
  }

  dispose(): void {
    // The panel itself is left alone: closing it here would stop VS Code restoring it
    // after a window reload. Only our listeners go.
    disposeAll(this.panelListeners);
    this.panelListeners = [];
    this.panel = undefined;
  }

  // ---------------------------------------------------------------- navigation

  /**
   * `sameRecord`: the panel is redrawing the transaction it already shows (environment change,
   * retry, back): one of another environment is then not looked up here.
   */
  private async loadTransaction(reference: string, sameRecord = false): Promise<void> {
    const generation = ++this.generation;
    const env = this.deps.accounts.env();
    this.pageEnv = env;
    const elsewhere = sameRecord ? this.otherEnvironmentOf(reference, env) : undefined;
    this.state = { view: 'transaction', reference, env: elsewhere ?? env };
    this.deps.recorder?.detailShown(undefined);
    this.ensurePanel();
    if (elsewhere) {
      this.shown = undefined;
      this.setPage(
        renderErrorPage(
          vscode.l10n.t('Transaction {0}', reference),
          vscode.l10n.t('Transaction {0} is in {1}', reference, ENVIRONMENTS[elsewhere].label),
          vscode.l10n.t(
            'The panel follows the current environment, {0}. Switch back to {1} to see this transaction again.',
            ENVIRONMENTS[env].label,
            ENVIRONMENTS[elsewhere].label,
          ),
          this.context(env),
          false,
        ),
      );
      return;
    }
    this.lastTransaction = { env, reference };
    const loading = this.showLoadingSoon(
      generation,
      renderLoadingPage(
        vscode.l10n.t('Transaction {0}', reference),
        vscode.l10n.t('Loading transaction {0}…', reference),
        this.context(env),
      ),
    );
    try {
      const transaction = await this.deps.accounts.withWallet((client, credentials) => client.getTransaction(credentials, reference));
      if (generation !== this.generation) return;
      this.deps.records.remember(env, transaction);
      this.shown = { env, transaction };
      const detail = describeTransaction(transaction, vscode.env.language);
      this.deps.recorder?.detailShown(detail);
      this.setPage(renderTransactionPage(detail, this.context(env)));
    } catch (error) {
      this.deps.logger.error(`Show Transaction ${reference} failed`, error);
      if (generation !== this.generation) return;
      this.shown = undefined;
      this.setPage(
        renderErrorPage(
          vscode.l10n.t('Transaction {0}', reference),
          vscode.l10n.t('Could not load transaction {0}', reference),
          errorReason(error),
          this.context(env),
        ),
      );
    } finally {
      clearTimeout(loading);
    }
  }

  private async loadEvent(id: string): Promise<void> {
    const generation = ++this.generation;
    const env = this.deps.accounts.env();
    this.pageEnv = env;
    this.state = { view: 'event', id };
    this.deps.recorder?.detailShown(undefined);
    this.ensurePanel();
    const title = vscode.l10n.t('Event {0}', id);
    try {
      const event = env === 'local' ? (await this.deps.watch.instance()).event(id) : undefined;
      if (generation !== this.generation) return;
      if (event) {
        this.setPage(renderEventPage(event, this.context(env), vscode.env.language));
        return;
      }
      const reason =
        env === 'local'
          ? vscode.l10n.t('The local sandbox has no webhook event with this id (it keeps the latest 1,000).')
          : vscode.l10n.t('Webhook events come from the local sandbox only. Switch back to it to see this event again.');
      this.setPage(renderErrorPage(title, vscode.l10n.t('Event {0} is not available', id), reason, this.context(env), env === 'local'));
    } catch (error) {
      this.deps.logger.error(`Show Event ${id} failed`, error);
      if (generation !== this.generation) return;
      this.setPage(renderErrorPage(title, vscode.l10n.t('Could not load event {0}', id), errorReason(error), this.context(env)));
    }
  }

  private loadRequest(id: number): void {
    ++this.generation;
    const env = this.deps.accounts.env();
    this.pageEnv = env;
    this.state = { view: 'request', id };
    this.deps.recorder?.detailShown(undefined);
    this.ensurePanel();
    const record = this.deps.requests.get(id);
    if (!record) {
      this.setPage(
        renderErrorPage(
          vscode.l10n.t('Request'),
          vscode.l10n.t('This request is no longer in the history'),
          vscode.l10n.t('The Requests view keeps the last requests of this session only (walletConsole.requests.historySize).'),
          this.context(env),
          false,
        ),
      );
      return;
    }
    const environment = ENVIRONMENTS[record.environment];
    this.setPage(
      renderRequestPage(
        {
          record,
          sender: senderText(record),
          replayOff: record.environment === 'production' ? vscode.l10n.t('Replay works in the local sandbox and staging only.') : undefined,
          locale: vscode.env.language,
        },
        { environment: environment.live ? vscode.l10n.t('{0} (live)', environment.label) : environment.label },
      ),
    );
  }

  private async loadVerify(prefill?: VerifyPrefill): Promise<void> {
    const generation = ++this.generation;
    const env = this.deps.accounts.env();
    this.pageEnv = env;
    this.state = { view: 'verify' };
    this.deps.recorder?.detailShown(undefined);
    this.ensurePanel();
    // "Back" only to a transaction of this environment: one of another is not here.
    const backReference = this.lastTransaction?.env === env ? this.lastTransaction.reference : undefined;
    const loading = this.showLoadingSoon(
      generation,
      renderLoadingPage(vscode.l10n.t('Verify Bank Account'), vscode.l10n.t('Loading the bank list…'), this.context(env)),
    );
    let page: Page;
    try {
      const banks = await this.deps.banks.banks(env);
      page = renderVerifyPage(
        { banks, recent: this.deps.verifier.recentFor(env), backReference, prefill, locale: vscode.env.language },
        this.context(env),
      );
    } catch (error) {
      this.deps.logger.error('Loading the bank list failed', error);
      page = renderVerifyPage(
        { banks: [], recent: this.deps.verifier.recentFor(env), bankError: errorReason(error), backReference },
        this.context(env),
      );
    } finally {
      clearTimeout(loading);
    }
    if (generation === this.generation) this.setPage(page);
  }

  /**
   * Shows the loading page only if the answer takes a moment: a quick answer replaces the
   * page once instead of flashing "Loading…" (and the webview is not reloaded twice).
   */
  private showLoadingSoon(generation: number, page: Page): ReturnType<typeof setTimeout> {
    const show = () => {
      if (generation === this.generation) this.setPage(page);
    };
    if (this.page === undefined) {
      show();
      return setTimeout(() => undefined, 0);
    }
    return setTimeout(show, LOADING_DELAY_MS);
  }

  // ---------------------------------------------------------------- the webview panel

  private ensurePanel(): vscode.WebviewPanel {
    if (this.panel) {
      this.panel.reveal(undefined, false);
      return this.panel;
    }
    const panel = vscode.window.createWebviewPanel(
      PANEL_VIEW_TYPE,
      'Wallet Console',
      { viewColumn: vscode.ViewColumn.Active, preserveFocus: false },
      {
        ...this.webviewOptions(),
        enableFindWidget: true,
      },
    );
    this.adopt(panel);
    return panel;
  }

  private webviewOptions(): vscode.WebviewOptions {
    return {
      enableScripts: true,
      enableCommandUris: false,
      localResourceRoots: [vscode.Uri.joinPath(this.deps.extensionUri, 'media')],
    };
  }

  private adopt(panel: vscode.WebviewPanel): void {
    disposeAll(this.panelListeners);
    this.panel = panel;
    this.deps.recorder?.panelAdopted();
    panel.webview.options = this.webviewOptions();
    panel.iconPath = vscode.Uri.joinPath(this.deps.extensionUri, 'media', 'wallet.svg');
    this.panelListeners = [
      panel.webview.onDidReceiveMessage((message: unknown) => void this.receive(message)),
      panel.onDidDispose(() => {
        if (this.panel !== panel) return;
        disposeAll(this.panelListeners);
        this.panelListeners = [];
        this.panel = undefined;
        this.state = undefined;
        this.page = undefined;
        this.deps.recorder?.panelClosed();
        this.generation++;
      }),
    ];
  }

  private setPage(page: Page): void {
    const panel = this.panel;
    if (!panel) return;
    const webview = panel.webview;
    const media = (...parts: string[]) => webview.asWebviewUri(vscode.Uri.joinPath(this.deps.extensionUri, 'media', ...parts)).toString();
    const document = renderDocument(
      {
        cspSource: webview.cspSource,
        nonce: createNonce(),
        scriptUri: media('dist', 'webview.js'),
        styleUri: media('webview.css'),
        codiconsUri: media('dist', 'codicon.css'),
      },
      page,
      vscode.l10n.bundle,
    );
    this.page = page;
    this.deps.recorder?.pageSet(page, document);
    panel.title = page.title;
    webview.html = document;
  }

  private context(env: EnvironmentId): PageContext {
    const environment = ENVIRONMENTS[env];
    return {
      environment: environment.live ? vscode.l10n.t('{0} (live)', environment.label) : environment.label,
      wallet: this.deps.accounts.activeWallet(env)?.mobile,
    };
  }

  private post(message: HostMessage): void {
    this.deps.recorder?.posted(message);
    void this.panel?.webview.postMessage(message);
  }

  private notice(text: string, level: 'info' | 'error' = 'info'): void {
    this.post({ type: 'notice', text, level });
  }

  // ---------------------------------------------------------------- messages from the webview

  private async onMessage(raw: unknown): Promise<void> {
    const message = parseWebviewMessage(raw);
    if (!message) {
      this.deps.logger.warn('Ignored a message from the Wallet Console panel that is not one it sends.');
      return;
    }
    await this.handle(message);
  }

  private async handle(message: WebviewMessage): Promise<void> {
    switch (message.type) {
      case 'ready':
        this.deps.recorder?.pageReady();
        if (this.state) {
          const recent = this.deps.verifier.recentFor();
          this.post({ type: 'init', state: this.state, recent, reportRendered: this.deps.recorder !== undefined });
        }
        return;
      case 'rendered':
        this.deps.recorder?.pageRendered(message.text);
        return;
      case 'retry':
        if (this.state?.view === 'transaction') await this.loadTransaction(this.state.reference, true);
        else if (this.state?.view === 'event') await this.loadEvent(this.state.id);
        if (this.state?.view === 'request') this.loadRequest(this.state.id);
        else if (this.state?.view === 'transaction') await this.loadTransaction(this.state.reference, true);
        else await this.loadVerify();
        return;
      case 'verifyRecipient':
        if (this.shown && this.state?.view === 'transaction') {
          await this.loadVerify(describeTransaction(this.shown.transaction).verifyRecipient);
        }
        return;
      case 'navigate':
        if (message.view === 'verify') await this.loadVerify();
        else if (this.lastTransaction) await this.loadTransaction(this.lastTransaction.reference, true);
        return;
      case 'copy':
        return this.copy(message.what);
      case 'openJson':
        if (this.shown) await vscode.commands.executeCommand(COMMANDS.openTransactionJson, this.shown.transaction.reference);
        return;
      case 'verify':
        return this.verify(message.bankCode, message.accountNumber);
      case 'redeliver':
        return this.redeliver();
      case 'copySnippet':
        return this.copySnippet(message.format);
      case 'replay':
        return this.replay();
    }
  }

  /** The event on show, sent again; the page redraws as its attempts come in (eventsChanged). */
  private async redeliver(): Promise<void> {
    if (this.state?.view !== 'event') return;
    try {
      await (await this.deps.watch.instance()).redeliverEvent(this.state.id);
      this.notice(vscode.l10n.t('Redelivering the event…'));
    } catch (error) {
      this.deps.logger.error('Redelivering from the panel failed', error);
      this.notice(errorReason(error), 'error');
    }
  }

  /** The record on show, or undefined (with a notice) when the page shows none. */
  private shownRequest() {
    const record = this.state?.view === 'request' ? this.deps.requests.get(this.state.id) : undefined;
    if (!record) this.notice(vscode.l10n.t('This request is no longer in the history.'), 'error');
    return record;
  }

  private async copySnippet(format: 'curl' | 'fetch' | 'python'): Promise<void> {
    const record = this.shownRequest();
    if (!record) return;
    try {
      await vscode.env.clipboard.writeText(snippet(record.template, format));
      this.notice(vscode.l10n.t('Copied. Set the $WALLET_… variables it reads before you run it.'));
    } catch (error) {
      this.deps.logger.error('Copying a snippet failed', error);
      this.notice(vscode.l10n.t('Could not copy to the clipboard.'), 'error');
    }
  }

  private async replay(): Promise<void> {
    const record = this.shownRequest();
    if (!record) return;
    try {
      const outcome = await this.deps.replayer.replay(record);
      if (outcome)
        this.notice(
          vscode.l10n.t(
            'Replayed: {0} in {1} ms. The new request is at the top of the Requests view.',
            outcome.status,
            Math.round(outcome.durationMs),
          ),
        );
      else this.notice(vscode.l10n.t('Not replayed.'));
    } catch (error) {
      this.deps.logger.error(`Replay of ${record.method} ${record.path} failed`, error);
      this.notice(vscode.l10n.t('Replay failed: {0}', errorReason(error)), 'error');
    }
  }

  private async copy(what: 'reference' | 'json'): Promise<void> {
    const shown = this.shown;
    if (!shown || this.state?.view !== 'transaction') {
      this.notice(vscode.l10n.t('There is no transaction on show to copy.'), 'error');
      return;
    }
    try {
      await vscode.env.clipboard.writeText(what === 'reference' ? shown.transaction.reference : recordJson(shown.transaction));
      this.notice(what === 'reference' ? vscode.l10n.t('Reference copied.') : vscode.l10n.t('JSON copied.'));
    } catch (error) {
      this.deps.logger.error('Copying from the panel failed', error);
      this.notice(vscode.l10n.t('Could not copy to the clipboard.'), 'error');
    }
  }

  private async verify(bankCode: string, accountNumber: string): Promise<void> {
    let bankName = bankCode;
    try {
      bankName = (await this.deps.banks.find(bankCode))?.bankName ?? bankCode;
    } catch {
      // The verifier reports a missing bank list in its own words below.
    }
    const number = validateAccountNumber(accountNumber);
    const typed = number.ok ? number.value : accountNumber;
    this.post({ type: 'verifying', bankName, accountNumber: typed });
    try {
      const outcome = await this.deps.verifier.verify(bankCode, accountNumber);
      this.post({ type: 'verifyResult', outcome, recent: this.deps.verifier.recentFor() });
    } catch (error) {
      this.deps.logger.error('Verify Bank Account failed', error);
      this.post({
        type: 'verifyResult',
        outcome: { ok: false, message: errorReason(error), bankName, accountNumber: typed },
        recent: this.deps.verifier.recentFor(),
      });
    }
  }

  private track<T>(work: Promise<T>): Promise<T> {
    this.pending.add(work);
    void work.finally(() => this.pending.delete(work)).catch(() => undefined);
    return work;
  }
}
