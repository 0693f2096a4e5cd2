import * as vscode from 'vscode';
import { validateTransactionRef } from '../api';
import { ENVIRONMENT_IDS, ENVIRONMENTS, type EnvironmentId } from '../auth/environments';
import { disposeAll } from '../common/lifecycle';
import type { VerifyPrefill } from '../banks/verifyPrefill';
import { BackStack } from './backStack';
import { renderDocument, createNonce, type Page } from './html/shell';
import type { PageContext } from './html/parts';
import { EventController } from './pages/eventController';
import { FindingController } from './pages/findingController';
import type { DetailPanelDeps, PageController, PageHost, PageTicket } from './pages/page';
import { RequestController } from './pages/requestController';
import { TransactionController } from './pages/transactionController';
import { VerifyController } from './pages/verifyController';
import { WebhookCheckController } from './pages/webhookCheckController';
import type { WebhookCheckReport } from '../sandbox';
import type { PanelStatus } from './panelRecorder';
import { parsePanelState, parseWebviewMessage, PANEL_VIEW_TYPE, type HostMessage, type PanelState, type WebviewMessage } from './protocol';

export type { DetailPanelDeps } from './pages/page';

/** What the commands ask of the panel. */
export type DetailPanelApi = Pick<
  DetailPanel,
  'showTransaction' | 'showVerify' | 'showEvent' | 'showRequest' | 'showWebhookCheck' | 'showFinding' | 'currentReference'
>;

/** How long a load may take before the panel says "Loading…". */
const LOADING_DELAY_MS = 200;

/**
 * The one Wallet Console panel, a thin host around one page controller at a time (transaction,
 * verify, event, request: see pages/). The host owns the webview panel, which page is on show,
 * "back", and the generation guard that keeps a slow load from drawing over a newer page; each
 * controller owns its data, "Try again", a switch of environment and its page's messages.
 * Opening a page from a command brings the panel forward; nothing else does (a background
 * update never reveals it or takes focus). Survives reloads through the serializer, which hands
 * the panel back to `restore` with the persisted state.
 */
export class DetailPanel implements vscode.Disposable, PageHost {
  private panel: vscode.WebviewPanel | undefined;
  private panelListeners: vscode.Disposable[] = [];
  /** The page on show (or being loaded). */
  private page: PageController | undefined;
  private readonly back = new BackStack<PageController>();
  /** The environment the page on show was last drawn for. */
  private pageEnv: EnvironmentId | undefined;
  /** Bumped on every load, navigation and close, so a slow load never draws over a newer page. */
  private generation = 0;
  /** Whether the panel has a document yet (a first load shows "Loading…" at once). */
  private hasDocument = false;
  private readonly pending = new Set<Promise<unknown>>();

  constructor(readonly deps: DetailPanelDeps) {}

  /** Shows a transaction by reference (already validated by the caller). */
  showTransaction(reference: string): Promise<void> {
    return this.open(new TransactionController(this, reference, this.deps.accounts.env()));
  }

  /** The verification page; `prefill` (checked by the caller, see verifyPrefill) fills in the form. */
  showVerify(prefill?: VerifyPrefill): Promise<void> {
    return this.open(new VerifyController(this, prefill));
  }

  /** A webhook event of the local sandbox: its payload and every attempt's answer. */
  showEvent(id: string): Promise<void> {
    return this.open(new EventController(this, id));
  }

  /** Shows a recorded request of the Requests view by its id. */
  showRequest(id: number): Promise<void> {
    return this.open(new RequestController(this, id));
  }

  /** The report of Check Webhook Handler, a row per case. */
  showWebhookCheck(report: WebhookCheckReport): Promise<void> {
    return this.open(new WebhookCheckController(this, report));
  }

  /** A finding of the local sandbox's integration review: its rule's why and fix, and what it involved. */
  showFinding(id: string): Promise<void> {
    return this.open(new FindingController(this, id));
  }

  /** The sandbox's events changed: an event on show gets its new attempts, in place. */
  eventsChanged(): void {
    if (this.panel && this.page instanceof EventController) void this.track(this.page.refresh());
  }

  /** The serializer's entry: adopt the restored panel and redraw what its state says (where VS Code put it). */
  restore(panel: vscode.WebviewPanel, rawState: unknown): Promise<void> {
    const state = parsePanelState(rawState, (text) => validateTransactionRef(text).ok);
    if (this.panel && this.panel !== panel) {
      // Only ever one: a second restored panel (should not happen) is closed.
      panel.dispose();
      return Promise.resolve();
    }
    this.adopt(panel);
    return this.track(this.go(this.restoredPage(state)));
  }

  /**
   * Called when the account state changes: after a switch of environment the page on show
   * decides what its data becomes (see each controller's environmentChanged).
   */
  environmentMaybeChanged(): void {
    const env = this.deps.accounts.env();
    if (!this.panel || !this.page || this.pageEnv === env) return;
    this.pageEnv = env;
    void this.track(this.page.environmentChanged());
  }

  /** The reference on show, if the panel shows a transaction. */
  currentReference(): string | undefined {
    return this.page instanceof TransactionController ? this.page.reference : undefined;
  }

  /** Resolves once every load and message in progress has finished (tests wait on it). */
  async whenIdle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  /** Handles one message as if the webview posted it (tests drive the page through this). */
  receive(message: unknown): Promise<void> {
    return this.track(this.onMessage(message));
  }

  /** Posts to the page as the host does (tests scroll the page with it). */
  postToPage(message: HostMessage): void {
    this.post(message);
  }

  /** What the panel shows now (the test snapshot reads it). */
  status(): PanelStatus {
    return {
      open: this.panel !== undefined,
      visible: this.panel?.visible ?? false,
      active: this.panel?.active ?? false,
      title: this.panel?.title,
      state: this.page?.state(),
    };
  }

  dispose(): void {
    // The panel itself is left alone: closing it here would stop VS Code restoring it
    // after a window reload. Only our listeners go.
    disposeAll(this.panelListeners);
    this.panelListeners = [];
    this.panel = undefined;
  }

  // ---------------------------------------------------------------- PageHost: what controllers use

  begin(controller: PageController): PageTicket {
    const env = this.deps.accounts.env();
    if (controller !== this.page) return this.ticket(controller, -1, env);
    this.pageEnv = env;
    this.deps.recorder?.detailShown(undefined);
    return this.ticket(controller, ++this.generation, env);
  }

  continue(controller: PageController): PageTicket {
    return this.ticket(controller, this.generation, this.pageEnv ?? this.deps.accounts.env());
  }

  context(env: EnvironmentId): PageContext {
    const environment = ENVIRONMENTS[env];
    return {
      environment: environment.live ? vscode.l10n.t('{0} (live)', environment.label) : environment.label,
      wallet: this.deps.accounts.activeWallet(env)?.mobile,
    };
  }

  notice(text: string, level: 'info' | 'error' = 'info'): void {
    this.post({ type: 'notice', text, level });
  }

  /** From the page on show: it is in view already, so the panel is not revealed. */
  navigate(next: PageController): Promise<void> {
    this.back.leave(this.page, next);
    return this.go(next);
  }

  backLabel(): string | undefined {
    return this.back.peek(this.deps.accounts.env())?.backLabel();
  }

  // ---------------------------------------------------------------- navigation

  /** From a command: the panel comes forward (created if needed) with the new page. */
  private open(next: PageController): Promise<void> {
    this.back.leave(this.page, next);
    this.ensurePanel();
    return this.track(this.go(next));
  }

  private go(next: PageController): Promise<void> {
    this.page = next;
    return next.load();
  }

  private async goBack(): Promise<void> {
    const previous = this.back.pop(this.deps.accounts.env());
    if (previous) await this.go(previous);
  }

  private restoredPage(state: PanelState | undefined): PageController {
    switch (state?.view) {
      case 'event':
        return new EventController(this, state.id);
      case 'request':
        return new RequestController(this, state.id);
      case 'webhookCheck':
        return new WebhookCheckController(this, undefined);
      case 'finding':
        return new FindingController(this, state.id);
      case 'transaction':
        // Saved in another environment: the page says where it is (and shows it on a switch back).
        return new TransactionController(this, state.reference, ENVIRONMENT_IDS.find((id) => id === state.env) ?? this.deps.accounts.env());
      default:
        return new VerifyController(this);
    }
  }

  private ticket(controller: PageController, generation: number, env: EnvironmentId): PageTicket {
    const current = () => generation === this.generation && controller === this.page && this.panel !== undefined;
    const draw = (page: Page) => {
      if (current()) this.setPage(page);
    };
    return {
      env,
      current,
      draw,
      post: (message) => {
        if (current()) this.post(message);
      },
      loadingSoon: (page) => {
        if (!this.hasDocument) {
          draw(page);
          return () => undefined;
        }
        const timer = setTimeout(() => draw(page), LOADING_DELAY_MS);
        return () => clearTimeout(timer);
      },
    };
  }

  // ---------------------------------------------------------------- the webview panel

  private ensurePanel(): void {
    if (this.panel) {
      this.panel.reveal(undefined, false);
      return;
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
    this.hasDocument = false;
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
        this.page = undefined;
        this.hasDocument = false;
        this.back.clear();
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
    this.hasDocument = true;
    this.deps.recorder?.pageSet(page, document);
    panel.title = page.title;
    webview.html = document;
  }

  private post(message: HostMessage): void {
    this.deps.recorder?.posted(message);
    void this.panel?.webview.postMessage(message);
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
    const page = this.page;
    switch (message.type) {
      case 'ready':
        this.deps.recorder?.pageReady();
        if (page) {
          this.post({
            type: 'init',
            state: page.state(),
            recent: this.deps.verifier.recentFor(),
            reportRendered: this.deps.recorder !== undefined,
          });
          page.ready?.();
        }
        return;
      case 'rendered':
        this.deps.recorder?.pageRendered(message);
        return;
      case 'retry':
        await page?.load();
        return;
      case 'navigate':
        await this.navigate(new VerifyController(this));
        return;
      case 'back':
        await this.goBack();
        return;
      default:
        if (!(await page?.handle(message))) {
          this.deps.logger.warn(`Ignored a '${message.type}' message from the panel: the page on show does not send it.`);
        }
    }
  }

  private track<T>(work: Promise<T>): Promise<T> {
    this.pending.add(work);
    void work.finally(() => this.pending.delete(work)).catch(() => undefined);
    return work;
  }
}
