import * as vscode from 'vscode';
import type { AccountService } from '../auth/accountService';
import { formatMobileForPeople } from '../common/formatMobile';
import { formatDateTime } from '../common/formatTime';
import { Disposable } from '../common/lifecycle';
import type { Fault, SandboxClient, SandboxKnobs } from '../sandbox';
import { formatDuration } from '../localSandbox/durations';
import { faultDescription, faultTarget } from '../localSandbox/faultLabel';
import type { SandboxWatch } from '../localSandbox/sandboxWatch';
import { sandboxServerItem } from './sandboxServerItem';
import { tidyItem } from './tidy';

export type SandboxNode =
  | { kind: 'server' }
  | { kind: 'clock' }
  | { kind: 'latency' }
  | { kind: 'faults' }
  | { kind: 'fault'; fault: Fault }
  | { kind: 'wallet'; mobile: string | undefined }
  | { kind: 'terminals' };

/** What one redraw read from the sandbox (one read of each, whichever process serves it). */
interface Seen {
  knobs: SandboxKnobs;
  now: number;
}

/**
 * What the local sandbox is told to do now: which process serves it (when not this window), its
 * clock, the delay on every request, the faults waiting for requests, and the wallet the wallet
 * controls act on. Redrawn whenever the sandbox reports one of them changed, whoever changed it.
 * Empty (with a welcome that offers to start it) until something starts the sandbox.
 */
export class SandboxTreeProvider extends Disposable implements vscode.TreeDataProvider<SandboxNode> {
  private readonly changed = this._register(new vscode.EventEmitter<SandboxNode | undefined>());
  readonly onDidChangeTreeData = this.changed.event;
  /** The knobs and clock the rows show: read once per redraw (getChildren of the root). */
  private seen: Seen | undefined;

  constructor(
    private readonly service: AccountService,
    private readonly watch: SandboxWatch,
  ) {
    super();
    this._register(
      watch.onDidChange((change) => {
        if (change.sandbox) this.refresh();
      }),
    );
    this._register(service.onDidChange(() => this.refresh()));
  }

  refresh(): void {
    this.changed.fire(undefined);
  }

  private get sandbox(): SandboxClient | undefined {
    return this.service.env() === 'local' ? this.watch.current : undefined;
  }

  async getChildren(node?: SandboxNode): Promise<SandboxNode[]> {
    const sandbox = this.sandbox;
    if (!sandbox) return [];
    if (!node) {
      try {
        const [knobs, now] = await Promise.all([sandbox.knobs(), sandbox.clock.now()]);
        this.seen = { knobs, now: now.getTime() };
      } catch {
        // The process that served it went away mid-read (and it could not be opened here yet):
        // the rows keep what was last read; the view's message and the log say why.
      }
      return [
        ...(sandbox.server.here ? [] : [{ kind: 'server' } as const]),
        { kind: 'clock' },
        { kind: 'latency' },
        { kind: 'faults' },
        { kind: 'wallet', mobile: this.service.activeWallet('local')?.mobile },
        { kind: 'terminals' },
      ];
    }
    if (node.kind === 'faults') return (this.seen?.knobs.faults ?? []).map((fault) => ({ kind: 'fault', fault }));
    return [];
  }

  getTreeItem(node: SandboxNode): vscode.TreeItem {
    return tidyItem(this.buildItem(node, this.sandbox));
  }

  private buildItem(node: SandboxNode, sandbox: SandboxClient | undefined): vscode.TreeItem {
    switch (node.kind) {
      case 'server':
        return sandboxServerItem(sandbox);
      case 'clock':
        return clockItem(this.seen?.now);
      case 'latency':
        return latencyItem(this.seen?.knobs.latencyMs ?? 0);
      case 'faults':
        return faultsItem(this.seen?.knobs.faults.length ?? 0);
      case 'fault':
        return faultItem(node.fault);
      case 'terminals':
        return terminalsItem(sandbox);
      case 'wallet':
        return walletItem(node.mobile);
    }
  }
}

/** The sandbox clock as last read (`now`; this machine's clock before any read), and how far it is ahead. */
function clockItem(seenNow: number | undefined): vscode.TreeItem {
  const item = new vscode.TreeItem(vscode.l10n.t('Clock'), vscode.TreeItemCollapsibleState.None);
  const now = seenNow ?? Date.now();
  const ahead = Math.round((now - Date.now()) / 1000);
  item.description =
    ahead >= 1
      ? vscode.l10n.t('{0} ({1} ahead)', formatDateTime(now, vscode.env.language, 'minutes'), formatDuration(ahead))
      : formatDateTime(now, vscode.env.language, 'minutes');
  item.iconPath = new vscode.ThemeIcon('watch');
  item.contextValue = 'sandbox.clock';
  item.tooltip = vscode.l10n.t('The sandbox clock: token expiry, bank settlements and webhook retries follow it. It only moves forward.');
  return item;
}

function latencyItem(latency: number): vscode.TreeItem {
  const item = new vscode.TreeItem(vscode.l10n.t('Delay on every request'), vscode.TreeItemCollapsibleState.None);
  item.description = latency > 0 ? vscode.l10n.t('{0} ms', latency) : vscode.l10n.t('none');
  item.iconPath = new vscode.ThemeIcon('clock');
  item.contextValue = latency > 0 ? 'sandbox.latency.set' : 'sandbox.latency';
  return item;
}

/** The faults waiting for requests: expanded when there are some. */
function faultsItem(count: number): vscode.TreeItem {
  const item = new vscode.TreeItem(
    vscode.l10n.t('Faults'),
    count > 0 ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.None,
  );
  // A new id when faults come or go: VS Code keeps a row's expanded state by id, so only a new id opens expanded.
  item.id = `faults-${count > 0 ? 'some' : 'none'}`;
  item.description = count > 0 ? String(count) : vscode.l10n.t('none');
  item.iconPath = new vscode.ThemeIcon('debug-disconnect');
  item.contextValue = count > 0 ? 'sandbox.faults.some' : 'sandbox.faults';
  return item;
}

/** A fault: what it matches, and its phase and effect ("after the work · drops the connection · 1 more time"). */
function faultItem(fault: Fault): vscode.TreeItem {
  const item = new vscode.TreeItem(faultTarget(fault), vscode.TreeItemCollapsibleState.None);
  item.description = faultDescription(fault);
  item.iconPath = new vscode.ThemeIcon('zap');
  item.contextValue = 'sandbox.fault';
  const phase =
    fault.phase === 'after'
      ? vscode.l10n.t('After the work: the API does its work (money moves), then the app hears this.')
      : vscode.l10n.t('Before the work: the API does nothing; no money moves.');
  item.tooltip = `${faultTarget(fault)}\n${faultDescription(fault)}\n${phase}`;
  return item;
}

/** What src/terminals gives new terminals while this sandbox is the environment. */
function terminalsItem(sandbox: SandboxClient | undefined): vscode.TreeItem {
  const withKey = vscode.workspace.getConfiguration('walletConsole').get<boolean>('terminal.includeAppKey', false) === true;
  const item = new vscode.TreeItem(vscode.l10n.t('Terminals get WALLET_BASE_URL'), vscode.TreeItemCollapsibleState.None);
  item.description = withKey
    ? vscode.l10n.t('WALLET_DEVELOPER_URL, WALLET_APP_KEY, WALLET_ACCESS_TOKEN and WALLET_REFRESH_TOKEN')
    : vscode.l10n.t('and WALLET_DEVELOPER_URL');
  item.iconPath = new vscode.ThemeIcon('terminal');
  item.contextValue = 'sandbox.terminals';
  item.tooltip = vscode.l10n.t(
    'New terminals get this sandbox’s address ({0}), never written to disk; its secrets only with walletConsole.terminal.includeAppKey on.',
    sandbox?.url ?? '',
  );
  return item;
}

/** The wallet the wallet controls act on (the local environment's active one), or none. */
function walletItem(mobile: string | undefined): vscode.TreeItem {
  const item = new vscode.TreeItem(vscode.l10n.t('Wallet'), vscode.TreeItemCollapsibleState.None);
  item.description = mobile ? formatMobileForPeople(mobile) : vscode.l10n.t('none connected');
  item.iconPath = new vscode.ThemeIcon('credit-card');
  item.contextValue = mobile ? 'sandbox.wallet' : 'sandbox.noWallet';
  item.tooltip = mobile
    ? vscode.l10n.t('Set its balance, add a transaction, expire or revoke its tokens, or reset it (right-click).')
    : vscode.l10n.t('Connect a wallet to control its balance, history and tokens.');
  return item;
}
