import * as vscode from 'vscode';
import { Disposable } from '../common/lifecycle';
import type { AccountService } from './accountService';
import { ENVIRONMENTS } from './environments';

export const AUTH_PROVIDER_ID = 'walletConsole';

/**
 * Shows the signed-in developer of the current environment in VS Code's Accounts menu;
 * signing out there signs out here. Sign-in itself is the walletConsole.signIn command.
 */
export class DeveloperAuthProvider extends Disposable implements vscode.AuthenticationProvider {
  private readonly changed = this._register(new vscode.EventEmitter<vscode.AuthenticationProviderAuthenticationSessionsChangeEvent>());
  readonly onDidChangeSessions = this.changed.event;
  private last: vscode.AuthenticationSession | undefined;

  constructor(
    private readonly accounts: AccountService,
    private readonly signIn: () => Thenable<unknown>,
    private readonly signOut: () => Thenable<unknown>,
  ) {
    super();
    this._register(accounts.onDidChange(() => void this.sync()));
  }

  /** Compares the current session with the last one announced and fires the difference. */
  async sync(): Promise<void> {
    const [current] = await this.getSessions();
    const previous = this.last;
    this.last = current;
    if (previous?.id === current?.id) return;
    this.changed.fire({ added: current ? [current] : [], removed: previous ? [previous] : [], changed: [] });
  }

  async getSessions(): Promise<vscode.AuthenticationSession[]> {
    const env = this.accounts.env();
    const signedIn = await this.accounts.signedInDeveloper(env);
    if (!signedIn) return [];
    const { developer, secrets } = signedIn;
    return [
      {
        id: `${env}:${developer.id}`,
        accessToken: secrets.loginToken,
        account: { id: developer.id, label: vscode.l10n.t('{0} ({1})', developer.email, ENVIRONMENTS[env].label) },
        scopes: [],
      },
    ];
  }

  async createSession(): Promise<vscode.AuthenticationSession> {
    await this.signIn();
    const [session] = await this.getSessions();
    if (!session) throw new Error(vscode.l10n.t('Sign-in did not complete.'));
    return session;
  }

  async removeSession(): Promise<void> {
    await this.signOut();
  }
}
