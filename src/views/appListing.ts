import * as vscode from 'vscode';
import type { ListedApp } from '../api';
import type { AccountService } from '../auth/accountService';
import type { AppInfo } from '../auth/accountState';
import { Disposable } from '../common/lifecycle';
import type { Logger } from '../common/logger';

// The Developer view's app list: the server's (GET /v1/apps) where it answers, merged with the
// apps this editor remembers, so a key added by hand is never lost from the list. Read once per
// environment, developer and set of remembered apps; names and ids only, never a key.

/** An app in the view: one this editor holds a key for, or one only the server lists. */
export interface ListedAppNode {
  app: AppInfo | { id: string; name: string; origin: 'listed' };
}

export type AppListState =
  | { kind: 'listed'; count: number }
  | { kind: 'unsupported' }
  | { kind: 'failed'; reason: string }
  /** Not signed in, or not read yet. */
  | { kind: 'local' };

export class AppListing extends Disposable {
  private readonly changed = this._register(new vscode.EventEmitter<void>());
  /** Fires when a new answer arrived: the view draws again. */
  readonly onDidChange = this.changed.event;
  private key: string | undefined;
  private answer: { listed: ListedApp[] | 'unsupported' } | { failed: string } | undefined;
  private loading: Promise<void> | undefined;

  constructor(
    private readonly service: AccountService,
    private readonly logger: Logger,
  ) {
    super();
  }

  /** Reads the server's list again on the next draw. */
  invalidate(): void {
    this.key = undefined;
    this.changed.fire();
  }

  /** The merged list and what the server said, read from the server when what it depends on changed. */
  async apps(): Promise<{ apps: ListedAppNode['app'][]; state: AppListState }> {
    const env = this.service.env();
    const accounts = this.service.accounts(env);
    const remembered = accounts.apps;
    const key = accounts.developer ? `${env}|${accounts.developer.id}|${remembered.map((app) => app.id).join(',')}` : undefined;
    if (key === undefined) return { apps: remembered, state: { kind: 'local' } };
    if (key !== this.key) {
      this.key = key;
      this.answer = undefined;
      this.loading = this.load(env, key);
    }
    await this.loading;
    const answer = this.answer;
    if (!answer || 'failed' in answer) {
      return { apps: remembered, state: answer ? { kind: 'failed', reason: answer.failed } : { kind: 'local' } };
    }
    if (answer.listed === 'unsupported') return { apps: remembered, state: { kind: 'unsupported' } };
    const byId = new Map(remembered.map((app) => [app.id, app]));
    const fromServer = answer.listed.map((app) => byId.get(app._id) ?? { id: app._id, name: app.name, origin: 'listed' as const });
    const listedIds = new Set(answer.listed.map((app) => app._id));
    // Apps the server does not list (a key added by hand, an app of another server) stay, after its own.
    return {
      apps: [...fromServer, ...remembered.filter((app) => !listedIds.has(app.id))],
      state: { kind: 'listed', count: answer.listed.length },
    };
  }

  private async load(env: ReturnType<AccountService['env']>, key: string): Promise<void> {
    let answer: AppListing['answer'];
    try {
      answer = { listed: await this.service.listApps(env) };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.logger.warn(`[${env}] The app list (GET /v1/apps) could not be read: ${reason}`);
      answer = { failed: reason };
    }
    if (this.key === key) this.answer = answer;
  }
}
