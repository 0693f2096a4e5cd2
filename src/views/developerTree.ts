import * as vscode from 'vscode';
import type { AccountService } from '../auth/accountService';
import type { AppListing, AppListState, ListedAppNode } from './appListing';
import { ENVIRONMENTS } from '../auth/environments';
import { COMMANDS } from '../common/commandIds';
import { formatMobileForPeople } from '../common/formatMobile';
import { Disposable } from '../common/lifecycle';
import { tidyItem } from './tidy';

export type DeveloperNode = { kind: 'developer' } | { kind: 'apps' } | { kind: 'app'; app: ListedAppNode['app']; appId: string };
/** An item a command shows after making it: the developer (Sign Up) or an app (Create App). */
export type DeveloperTarget = { kind: 'developer' } | { kind: 'app'; appId: string };

/**
 * The signed-in developer of the current environment, and its apps: the server's list where it has one, and those remembered here.
 *
 * The two top items never change identity: a change redraws them (and the apps under Apps) in
 * place, and only a change between "nothing to show" and "something" redraws the whole tree. A
 * whole-tree redraw drops every item VS Code knows while it may still be asking for the expanded
 * Apps item's children, which it logs as an error ("No tree item with id '1/walletConsole.apps'").
 */
export class DeveloperTreeProvider extends Disposable implements vscode.TreeDataProvider<DeveloperNode> {
  private readonly changed = this._register(new vscode.EventEmitter<DeveloperNode | DeveloperNode[] | undefined>());
  readonly onDidChangeTreeData = this.changed.event;
  private readonly developerNode: DeveloperNode = { kind: 'developer' };
  private readonly appsNode: DeveloperNode = { kind: 'apps' };
  /** What the view shows, read once per change (the app list may come from the server). */
  private latest: { shown: boolean; apps: ListedAppNode['app'][]; state: AppListState } = {
    shown: false,
    apps: [],
    state: { kind: 'local' },
  };
  /** Whether the top of the tree as last read had items; undefined until it is first read (nothing is read before). */
  private drawn: boolean | undefined;
  private reading: Promise<void> | undefined;
  private readAgain = false;

  constructor(
    private readonly service: AccountService,
    private readonly listing: AppListing,
  ) {
    super();
    this._register(service.onDidChange(() => this.update()));
    this._register(listing.onDidChange(() => this.update()));
  }

  /** Resolves once the view's data includes every change made so far (a reveal waits for it). */
  async settled(): Promise<void> {
    while (this.reading) await this.reading;
  }

  async getChildren(node?: DeveloperNode): Promise<DeveloperNode[]> {
    if (!node && this.drawn === undefined && !this.reading) this.read();
    await this.settled();
    if (!node) {
      this.drawn = this.latest.shown;
      // Empty when there is nothing at all: the welcome view offers Sign In / Sign Up then.
      return this.latest.shown ? [this.developerNode, this.appsNode] : [];
    }
    if (node.kind === 'apps') return this.latest.apps.map((app) => ({ kind: 'app', app, appId: app.id }));
    return [];
  }

  /** TreeView.reveal climbs from an app to the Apps item. */
  getParent(node: DeveloperNode): DeveloperNode | undefined {
    return node.kind === 'app' ? this.appsNode : undefined;
  }

  /** The target's node once the view's data is current, if the view shows it. */
  async nodeOf(target: DeveloperTarget): Promise<DeveloperNode | undefined> {
    const roots = await this.getChildren();
    if (target.kind === 'developer') return roots[0];
    return (await this.getChildren(this.appsNode)).find((node) => node.kind === 'app' && node.appId === target.appId);
  }

  private hasAnything(): boolean {
    const accounts = this.service.accounts();
    return Boolean(accounts.developer) || accounts.apps.length > 0;
  }

  /** A change: read again once the tree has been read at all; a change during a read makes one more. */
  private update(): void {
    if (this.drawn === undefined && !this.reading) return;
    if (this.reading) this.readAgain = true;
    else this.read();
  }

  private read(): void {
    this.reading = this.readUntilCurrent().finally(() => (this.reading = undefined));
  }

  private async readUntilCurrent(): Promise<void> {
    do {
      this.readAgain = false;
      const { apps, state } = await this.listing.apps();
      this.latest = { shown: this.hasAnything(), apps, state };
      if (this.drawn === undefined) continue;
      if (this.latest.shown !== this.drawn) {
        this.drawn = this.latest.shown;
        this.changed.fire(undefined);
      } else if (this.latest.shown) {
        this.changed.fire([this.developerNode, this.appsNode]);
      }
    } while (this.readAgain && !this.isDisposed);
  }

  getTreeItem(node: DeveloperNode): vscode.TreeItem {
    return tidyItem(this.buildItem(node));
  }

  private buildItem(node: DeveloperNode): vscode.TreeItem {
    const env = ENVIRONMENTS[this.service.env()];
    const accounts = this.service.accounts();
    switch (node.kind) {
      case 'developer': {
        const developer = accounts.developer;
        const item = new vscode.TreeItem(developer?.email ?? vscode.l10n.t('Not signed in'));
        // Stable ids: the label changes on sign-in and sign-out (see walletTree.ts).
        item.id = 'walletConsole.developer';
        item.contextValue = developer ? 'developer' : 'developer.signedOut';
        item.iconPath = new vscode.ThemeIcon(developer ? 'account' : 'sign-in');
        // The view's own description names the environment; repeat it only when it is live.
        item.description = developer && env.live ? vscode.l10n.t('live') : undefined;
        item.tooltip = developer
          ? [
              vscode.l10n.t('Signed in to {0} as {1}', env.label, developer.email),
              developer.sandboxMobile ? vscode.l10n.t('Sandbox wallet: {0}', formatMobileForPeople(developer.sandboxMobile)) : '',
            ]
              .filter(Boolean)
              .join('\n')
          : vscode.l10n.t('Sign in to {0} to create apps.', env.label);
        if (!developer) item.command = { command: COMMANDS.signIn, title: vscode.l10n.t('Sign In') };
        return item;
      }
      case 'apps': {
        const item = new vscode.TreeItem(vscode.l10n.t('Apps'), vscode.TreeItemCollapsibleState.Expanded);
        item.id = 'walletConsole.apps';
        item.contextValue = 'apps';
        item.iconPath = new vscode.ThemeIcon('package');
        const count = this.latest.apps.length;
        item.description = count === 0 ? vscode.l10n.t('none yet') : `${count}`;
        item.tooltip = appsTooltip(this.latest.state, env.label);
        return item;
      }
      case 'app': {
        if (node.app.origin === 'listed') return listedOnlyItem(node.app, env.live);
        const active = node.app.id === accounts.activeAppId;
        const item = new vscode.TreeItem(node.app.name);
        item.id = `walletConsole.app.${node.app.id}`;
        item.contextValue = active ? 'app.active' : 'app';
        item.iconPath = new vscode.ThemeIcon(active ? 'pass-filled' : 'circle-large-outline');
        item.description =
          [active ? vscode.l10n.t('active') : '', node.app.origin === 'added' ? vscode.l10n.t('key added by hand') : '']
            .filter(Boolean)
            .join(' · ') || undefined;
        item.tooltip = [
          node.app.name,
          vscode.l10n.t('App id: {0}', node.app.id),
          active ? vscode.l10n.t('Its key signs every wallet call.') : vscode.l10n.t('Click to make it the active app.'),
        ].join('\n');
        if (!active) item.command = { command: COMMANDS.selectApp, title: vscode.l10n.t('Select App'), arguments: [node.app.id] };
        return item;
      }
    }
  }
}

/**
 * Shows a new account or app in the Developer view: opens the view and selects the item, and leaves
 * the keyboard focus where it is (the editor or prompt the user is in: a background courtesy must
 * not take their typing). A reveal that fails is logged, never the command's failure.
 */
export async function revealDeveloperItem(
  view: vscode.TreeView<DeveloperNode>,
  tree: DeveloperTreeProvider,
  target: DeveloperTarget,
): Promise<void> {
  const node = await tree.nodeOf(target);
  if (node) await view.reveal(node, { select: true, focus: false });
}

function appsTooltip(state: AppListState, envLabel: string): string {
  switch (state.kind) {
    case 'listed':
      return vscode.l10n.t('The apps {0} lists for you, and the keys you added here.', envLabel);
    case 'unsupported':
      return vscode.l10n.t('{0} does not list apps: the apps you created or added here. Add App Key adds one made elsewhere.', envLabel);
    case 'failed':
      return vscode.l10n.t('The app list of {0} could not be read ({1}): the apps remembered here.', envLabel, state.reason);
    case 'local':
      return vscode.l10n.t('The apps remembered here.');
  }
}

/** An app the server lists whose key this editor does not hold: clicking it adds the key. */
function listedOnlyItem(app: { id: string; name: string }, live: boolean): vscode.TreeItem {
  const item = new vscode.TreeItem(app.name);
  item.id = `walletConsole.app.${app.id}`;
  item.contextValue = 'app.listed';
  item.iconPath = new vscode.ThemeIcon('key');
  item.description = vscode.l10n.t('no key here');
  item.tooltip = [
    app.name,
    vscode.l10n.t('App id: {0}', app.id),
    live
      ? vscode.l10n.t('Listed by the server; this editor holds no key for it. Click to add its production key.')
      : vscode.l10n.t('Listed by the server; this editor holds no key for it. Click to add its sandbox key.'),
  ].join('\n');
  item.command = { command: COMMANDS.addAppKey, title: vscode.l10n.t('Add App Key'), arguments: [{ appId: app.id, name: app.name }] };
  return item;
}
