// What the panel's host and its page controllers share. The host (../panel.ts) owns the webview
// panel, which page is on show, navigation ("back") and the generation guard; each controller
// (one per page: transaction, verify, event, request) owns its data: how it loads, what
// "Try again" and a switch of environment do, and the messages only its page sends.

import type * as vscode from 'vscode';
import type { AccountService } from '../../auth/accountService';
import type { EnvironmentId } from '../../auth/environments';
import type { BankDirectory } from '../../banks/bankDirectory';
import type { BankVerifier } from '../../banks/bankVerifier';
import type { Logger } from '../../common/logger';
import type { TransactionRecords } from '../transactionJson';
import type { SandboxWatch } from '../../localSandbox/sandboxWatch';
import type { RequestHistory } from '../../requests/requestHistory';
import type { RequestReplayer } from '../../requests/replay';
import type { PageContext } from '../html/parts';
import type { Page } from '../html/shell';
import type { PanelRecorder } from '../panelRecorder';
import type { HostMessage, PanelState, WebviewMessage } from '../protocol';

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

/** One page of the panel and the data behind it. */
export interface PageController {
  /** What the webview persists for a reload (the serializer reads it back). */
  state(): PanelState;
  /**
   * The environment this page's data belongs to, or undefined when it reads the same in any
   * (a recorded request): "back" returns only to pages of the current environment.
   */
  home(): EnvironmentId | undefined;
  /** The words of a "Back to …" button that returns here. */
  backLabel(): string;
  /** Draws the page from its data: on opening, on "Try again" or Refresh, on the way back. */
  load(): Promise<void>;
  /** The environment changed while this page is on show. */
  environmentChanged(): Promise<void>;
  /** A message only this page sends; false when it is not one of them (the host logs it). */
  handle(message: WebviewMessage): Promise<boolean>;
  /** The page's document (re)loaded and said 'ready', after the host's 'init'. */
  ready?(): void;
}

/** One drawing of a page: goes stale as soon as another load, navigation or close begins. */
export interface PageTicket {
  /** The environment the page is drawn for. */
  readonly env: EnvironmentId;
  current(): boolean;
  /** Sets the page's document (a new webview document), unless the ticket went stale. */
  draw(page: Page): void;
  /** Posts to the page on show, unless the ticket went stale. */
  post(message: HostMessage): void;
  /**
   * Draws `page` ("Loading…") only if the load takes a moment, so a quick answer replaces the
   * page once instead of flashing; call the returned function when the load is over.
   */
  loadingSoon(page: Page): () => void;
}

/** What a controller may ask of the host. */
export interface PageHost {
  readonly deps: DetailPanelDeps;
  /** Starts a new drawing of `controller`'s page (it must be the page on show). */
  begin(controller: PageController): PageTicket;
  /** The drawing in progress or last made, without starting one (background updates). */
  continue(controller: PageController): PageTicket;
  /** Where the data came from, for the line above each page. */
  context(env: EnvironmentId): PageContext;
  /** A short line in the page's status area. */
  notice(text: string, level?: 'info' | 'error'): void;
  /** Opens another page from this one; "back" returns here. */
  navigate(next: PageController): Promise<void>;
  /** The "Back to …" words for the page on show, when there is a page to go back to. */
  backLabel(): string | undefined;
}
