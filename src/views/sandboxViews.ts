import * as vscode from 'vscode';
import type { AccountService } from '../auth/accountService';
import type { LocalSandbox } from '../localSandbox/localSandbox';
import { SandboxWatch } from '../localSandbox/sandboxWatch';
import { EventsTreeProvider, type EventNode } from './eventsTree';
import { SandboxTreeProvider, type SandboxNode } from './sandboxTree';

export interface SandboxViews {
  eventsTree: EventsTreeProvider;
  eventsView: vscode.TreeView<EventNode>;
  sandboxTree: SandboxTreeProvider;
  sandboxView: vscode.TreeView<SandboxNode>;
  disposables: vscode.Disposable[];
}

/**
 * The Events view (bottom panel, badge = failed deliveries) and the Sandbox view (sidebar, local
 * only), over one watch of the local sandbox (which the panel's event pages and the controls share).
 */
export function registerSandboxViews(
  context: vscode.ExtensionContext,
  service: AccountService,
  sandbox: LocalSandbox,
): { watch: SandboxWatch; views: SandboxViews } {
  const watch = new SandboxWatch(sandbox);
  const eventsTree = new EventsTreeProvider(service, watch);
  const eventsView = vscode.window.createTreeView('walletConsole.events', { treeDataProvider: eventsTree, showCollapseAll: true });
  const badge = () => {
    const failed = eventsTree.failedCount;
    eventsView.badge = failed > 0 ? { value: failed, tooltip: vscode.l10n.t('{0} failed webhook deliveries', failed) } : undefined;
  };
  badge();
  const sandboxTree = new SandboxTreeProvider(service, watch);
  const sandboxView = vscode.window.createTreeView('walletConsole.sandbox', { treeDataProvider: sandboxTree });
  const disposables: vscode.Disposable[] = [
    eventsTree,
    eventsView,
    eventsTree.onDidChangeTreeData(badge),
    sandboxTree,
    sandboxView,
    // The clock moves on its own, which the sandbox does not report: look again when shown.
    sandboxView.onDidChangeVisibility((event) => {
      if (event.visible) sandboxTree.refresh();
    }),
    // The process that served it went away: said here until the sandbox is reached again.
    sandbox.onDidLoseServer((pid) => {
      sandboxView.message = vscode.l10n.t(
        'Process {0}, which served the local sandbox, went away: this window opens the state file itself on its next read or action.',
        pid,
      );
    }),
    sandbox.onDidStart(() => (sandboxView.message = undefined)),
  ];
  context.subscriptions.push(watch, ...disposables);
  return { watch, views: { eventsTree, eventsView, sandboxTree, sandboxView, disposables } };
}
