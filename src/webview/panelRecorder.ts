// What host tests read of the panel, kept apart from the panel itself: the panel tells a
// recorder what it did, and only extension tests get one (see register.ts), so in normal use
// nothing is kept and the page reports nothing back.

import type { WebviewPanel } from 'vscode';
import type { Page } from './html/shell';
import type { TransactionDetail } from './html/transactionDetail';
import type { HostMessage, PanelState, WebviewMessage } from './protocol';

/** The panel's live side of a snapshot. */
export interface PanelStatus {
  open: boolean;
  visible: boolean;
  /** The panel is the active editor (it has focus). */
  active: boolean;
  title: string | undefined;
  state: PanelState | undefined;
}

/** What a host test can see of the panel. */
export interface PanelSnapshot extends PanelStatus {
  /** Counts panels created (or restored): stays at 1 while one panel is reused. */
  panelsCreated: number;
  /** Counts documents set (each one reloads the webview), across panels. */
  documentsSet: number;
  pageKind: Page['kind'] | undefined;
  html: string;
  detail: TransactionDetail | undefined;
  /** Every message the host posted to the current page, oldest first. */
  sent: HostMessage[];
  /** The text the webview reported after drawing (undefined until its script runs). */
  renderedText: string | undefined;
  /** Where the page was scrolled to, and which document drew it, at that report. */
  renderedScrollY: number | undefined;
  renderedDocument: string | undefined;
  ready: boolean;
}

export class PanelRecorder {
  private panelsCreated = 0;
  private documentsSet = 0;
  private pageKind: Page['kind'] | undefined;
  private html = '';
  private detail: TransactionDetail | undefined;
  private sent: HostMessage[] = [];
  private renderedText: string | undefined;
  private renderedScrollY: number | undefined;
  private renderedDocument: string | undefined;
  private ready = false;

  panelAdopted(): void {
    this.panelsCreated++;
  }

  /** A new document: what the old page posted and drew no longer applies. */
  pageSet(page: Page, html: string): void {
    this.documentsSet++;
    this.pageKind = page.kind;
    this.html = html;
    this.sent = [];
    this.renderedText = this.renderedScrollY = this.renderedDocument = undefined;
    this.ready = false;
  }

  /** The model behind the transaction page being loaded (undefined while none is). */
  detailShown(detail: TransactionDetail | undefined): void {
    this.detail = detail;
  }

  panelClosed(): void {
    this.pageKind = undefined;
    this.html = '';
  }

  posted(message: HostMessage): void {
    this.sent.push(message);
  }

  pageReady(): void {
    this.ready = true;
  }

  pageRendered(report: Extract<WebviewMessage, { type: 'rendered' }>): void {
    this.renderedText = report.text;
    this.renderedScrollY = report.scrollY;
    this.renderedDocument = report.document;
  }

  snapshot(status: PanelStatus): PanelSnapshot {
    return {
      ...status,
      panelsCreated: this.panelsCreated,
      documentsSet: this.documentsSet,
      pageKind: this.pageKind,
      html: this.html,
      detail: this.detail,
      sent: [...this.sent],
      renderedText: this.renderedText,
      renderedScrollY: this.renderedScrollY,
      renderedDocument: this.renderedDocument,
      ready: this.ready,
    };
  }
}

/** Registered only while extension tests run: returns a {@link WebviewTestHandle}. */
export const WEBVIEW_TEST_COMMAND = 'walletConsole.test.webview';

/** What host tests get from {@link WEBVIEW_TEST_COMMAND}. */
export interface WebviewTestHandle {
  snapshot(): PanelSnapshot;
  /** Delivers a message as if the page had posted it (it goes through the same guard). */
  receive(message: unknown): Promise<void>;
  whenIdle(): Promise<void>;
  /** Runs the serializer's restore on a panel the test created. */
  restore(panel: WebviewPanel, state: unknown): Promise<void>;
  /** Posts to the live page as the host would (tests scroll it with 'testScroll'). */
  postToPage(message: HostMessage): void;
}

/** The panel as the test handle drives it. */
export interface PanelUnderTest extends Omit<WebviewTestHandle, 'snapshot'> {
  status(): PanelStatus;
}

export function webviewTestHandle(panel: PanelUnderTest, recorder: PanelRecorder): WebviewTestHandle {
  return {
    snapshot: () => recorder.snapshot(panel.status()),
    receive: (message) => panel.receive(message),
    whenIdle: () => panel.whenIdle(),
    restore: (restored, state) => panel.restore(restored, state),
    postToPage: (message) => panel.postToPage(message),
  };
}
