import * as vscode from 'vscode';
import type { AccountService } from '../auth/accountService';
import { COMMANDS } from '../common/commandIds';
import { Disposable } from '../common/lifecycle';
import type { Logger } from '../common/logger';
import type { LocalSandbox } from '../localSandbox/localSandbox';
import type { SandboxClient } from '../sandbox';
import type { Finding, FindingSeverity } from '../sandbox/reference';
import { badgeTooltip, findingRows, type FindingRow } from '../requests/findingRows';

export const FINDINGS_VIEW_ID = 'walletConsole.findings';
/** Findings arriving closer together than this are read once (an app's burst of requests). */
const READ_DEBOUNCE_MS = 150;

const ICONS: Record<FindingSeverity, vscode.ThemeIcon> = {
  error: new vscode.ThemeIcon('error', new vscode.ThemeColor('list.errorForeground')),
  warning: new vscode.ThemeIcon('warning', new vscode.ThemeColor('list.warningForeground')),
  info: new vscode.ThemeIcon('info'),
};

/**
 * The local sandbox's findings (docs/integration-review.md), most severe first. Read again when
 * the sandbox says findings came or went (`findings: true`), on a reset, and when another process
 * starts serving it; never polls and never starts the sandbox.
 */
export class FindingsTreeProvider extends Disposable implements vscode.TreeDataProvider<FindingRow> {
  private readonly changed = this._register(new vscode.EventEmitter<undefined>());
  readonly onDidChangeTreeData = this.changed.event;
  private rows: FindingRow[] = [];
  private client: SandboxClient | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private reading: Promise<void> = Promise.resolve();

  constructor(
    private readonly service: AccountService,
    local: LocalSandbox,
    private readonly logger: Logger,
  ) {
    super();
    this._register(
      local.onDidStart((client) => {
        this.client = client;
        this.readSoon();
      }),
    );
    this._register(
      local.onDidChangeState((change) => {
        if (change.findings || change.reset) this.readSoon();
      }),
    );
    this._register(service.onDidChange(() => this.readSoon()));
    this._register({ dispose: () => clearTimeout(this.timer) });
  }

  /** The rows as last read (the badge and the tests read them). */
  get shown(): readonly FindingRow[] {
    return this.rows;
  }

  /** Reads the findings now; resolves once the view shows them (tests and Clear Findings wait on it). */
  refresh(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.reading = this.reading.then(() => this.read());
    return this.reading;
  }

  private readSoon(): void {
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      void this.refresh();
    }, READ_DEBOUNCE_MS);
  }

  private async read(): Promise<void> {
    const client = this.service.env() === 'local' ? this.client : undefined;
    let findings: Finding[];
    try {
      findings = client ? await client.findings() : [];
    } catch (error) {
      // The sandbox went away meanwhile (its next start reads again): keep what is shown.
      this.logger.warn(`Findings view: not read (${String(error)})`);
      return;
    }
    this.rows = findingRows(findings);
    this.changed.fire(undefined);
  }

  getChildren(row?: FindingRow): FindingRow[] {
    return row ? [] : this.rows;
  }

  getTreeItem(row: FindingRow): vscode.TreeItem {
    const item = new vscode.TreeItem(row.label, vscode.TreeItemCollapsibleState.None);
    item.id = row.id;
    item.description = row.description;
    item.tooltip = row.tooltip;
    item.iconPath = ICONS[row.severity];
    item.contextValue = 'finding';
    item.accessibilityInformation = { label: row.tooltip.split('\n').join(', ') };
    item.command = { command: COMMANDS.showFinding, title: vscode.l10n.t('Show Finding'), arguments: [row.id] };
    return item;
  }
}

export interface FindingsView {
  tree: FindingsTreeProvider;
  view: vscode.TreeView<FindingRow>;
  disposables: vscode.Disposable[];
}

/** Creates the Findings view and keeps its badge (how many findings) current. */
export function registerFindingsView(service: AccountService, local: LocalSandbox, logger: Logger): FindingsView {
  const tree = new FindingsTreeProvider(service, local, logger);
  const view = vscode.window.createTreeView(FINDINGS_VIEW_ID, { treeDataProvider: tree });
  const badge = () => {
    const count = tree.shown.length;
    view.badge = count > 0 ? { value: count, tooltip: badgeTooltip(count) } : undefined;
  };
  return { tree, view, disposables: [tree, view, tree.onDidChangeTreeData(badge)] };
}
