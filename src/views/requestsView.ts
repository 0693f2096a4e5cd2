import * as vscode from 'vscode';
import type { LocalSandbox } from '../localSandbox/localSandbox';
import { COMMANDS } from '../common/commandIds';
import { formatClockSeconds } from '../common/formatTime';
import { countText } from '../common/plural';
import type { RequestHistory } from '../requests/requestHistory';
import { answerText, recordTarget, statusClassOf, type RequestRecord } from '../requests/requestRecord';
import { senderText } from '../requests/sender';
import { accessible } from './spoken';

export const REQUESTS_VIEW_ID = 'walletConsole.requests';
const REFRESH_EVERY_MS = 200;

const ICONS: Record<ReturnType<typeof statusClassOf>, vscode.ThemeIcon> = {
  '2xx': new vscode.ThemeIcon('pass', new vscode.ThemeColor('testing.iconPassed')),
  '3xx': new vscode.ThemeIcon('arrow-right'),
  '4xx': new vscode.ThemeIcon('warning', new vscode.ThemeColor('list.warningForeground')),
  '5xx': new vscode.ThemeIcon('error', new vscode.ThemeColor('list.errorForeground')),
  none: new vscode.ThemeIcon('debug-disconnect', new vscode.ThemeColor('list.errorForeground')),
};

/** The Requests view: one row per request, newest first; a click opens it in the panel. */
export class RequestsTreeProvider implements vscode.TreeDataProvider<RequestRecord>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly listener: vscode.Disposable;

  private timer: ReturnType<typeof setTimeout> | undefined;
  private lastFired = 0;
  /** Hidden views are not redrawn (the work, and a redraw racing the window's shutdown, is for nothing); they catch up when shown. */
  private visible = () => true;
  private missed = false;

  constructor(private readonly history: RequestHistory) {
    this.listener = history.onDidChange(() => this.refreshSoon());
  }

  /** Follows the view's visibility: changes while hidden are drawn once it is shown. */
  follow(view: vscode.TreeView<RequestRecord>): vscode.Disposable {
    this.visible = () => view.visible;
    return view.onDidChangeVisibility(({ visible }) => {
      if (visible && this.missed) this.refreshSoon();
    });
  }

  /**
   * At most one redraw per REFRESH_EVERY_MS: an app hammering the sandbox would otherwise have
   * VS Code redraw the list between every few requests, in the process that runs the sandbox.
   */
  private refreshSoon(): void {
    if (!this.visible()) {
      this.missed = true;
      return;
    }
    this.missed = false;
    if (this.timer) return;
    const wait = Math.max(0, this.lastFired + REFRESH_EVERY_MS - Date.now());
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.lastFired = Date.now();
      this.changed.fire(undefined);
    }, wait);
  }

  getChildren(element?: RequestRecord): RequestRecord[] {
    return element ? [] : this.history.visible();
  }

  getTreeItem(record: RequestRecord): vscode.TreeItem {
    const time = formatClockSeconds(record.at, vscode.env.language);
    const path = recordTarget(record);
    const item = new vscode.TreeItem(`${time}  ${record.method} ${path}`);
    item.id = String(record.id);
    const who = senderText(record);
    item.description = `${answerText(record)} · ${vscode.l10n.t('{0} ms', record.durationMs)} · ${who}`;
    item.iconPath = ICONS[statusClassOf(record.status)];
    item.contextValue = 'request';
    item.tooltip = vscode.l10n.t('{0} {1}: {2} in {3} ms, sent by {4}', record.method, path, answerText(record), record.durationMs, who);
    const ms = record.durationMs;
    const spokenMs = countText(ms, vscode.l10n.t('{0} millisecond', ms), vscode.l10n.t('{0} milliseconds', ms), vscode.env.language);
    item.accessibilityInformation = accessible(
      vscode.l10n.t('{0} {1} at {2}, status {3}, {4}, sent by {5}', record.method, path, time, answerText(record), spokenMs, who),
    );
    item.command = { command: COMMANDS.showRequest, title: vscode.l10n.t('Show Request'), arguments: [record.id] };
    return item;
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.listener.dispose();
    this.changed.dispose();
  }
}

export interface RequestsView {
  tree: RequestsTreeProvider;
  view: vscode.TreeView<RequestRecord>;
  disposables: vscode.Disposable[];
}

/** Creates the view and keeps its description (filter, sandbox address) and message current. */
export function registerRequestsView(history: RequestHistory, sandbox: LocalSandbox): RequestsView {
  const tree = new RequestsTreeProvider(history);
  const view = vscode.window.createTreeView(REQUESTS_VIEW_ID, { treeDataProvider: tree });
  let shownFiltered: boolean | undefined;
  const describe = () => {
    const { statusClass, path } = history.filter;
    const parts: string[] = [];
    if (statusClass) parts.push(statusClass === 'none' ? vscode.l10n.t('no answer') : statusClass);
    if (path) parts.push(vscode.l10n.t('path contains "{0}"', path));
    const address = sandbox.listening;
    if (address) parts.push(vscode.l10n.t('sandbox on port {0}', address.port));
    // This runs after every batch of recorded requests: set only what changed (each set is a
    // message to the window).
    const description = parts.join(' · ');
    if (view.description !== description) view.description = description;
    const filtered = Boolean(statusClass || path);
    if (filtered !== shownFiltered) {
      shownFiltered = filtered;
      void vscode.commands.executeCommand('setContext', 'walletConsole.requestsFiltered', filtered);
    }
    const message =
      address && address.askedPort !== 0 && address.port !== address.askedPort
        ? vscode.l10n.t('Port {0} was taken: the local sandbox listens on {1}.', address.askedPort, address.url)
        : undefined;
    if (view.message !== message) view.message = message;
  };
  describe();
  return {
    tree,
    view,
    disposables: [tree, view, tree.follow(view), history.onDidChange(describe), sandbox.onDidStart(describe)],
  };
}
