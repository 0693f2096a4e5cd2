import * as vscode from 'vscode';
import { COMMANDS } from '../common/commandIds';
import { formatMobileForPeople } from '../common/formatMobile';
import { UserFacingError, type ErrorAction } from '../common/userFacingError';
import type { UserInput } from '../common/userInput';
import type { AppInfo } from './accountState';
import type { EnvironmentId } from './environments';

// A secret the accounts list says is stored but SecretStorage does not have (a host that did not
// keep it, a cleared keychain, another machine's settings sync). Each one is said once per
// session, plainly and with the way forward; the calls that meet it again end with the same
// words (views show them in place) but no second notification.

const ADD_APP_KEY = (): ErrorAction => ({ title: vscode.l10n.t('Add App Key'), command: COMMANDS.addAppKey });
const RENEW_SANDBOX_KEY = (): ErrorAction => ({ title: vscode.l10n.t('Get New Sandbox Key'), command: COMMANDS.renewSandboxKey });

export class MissingSecrets {
  private readonly told = new Set<string>();

  constructor(private readonly ui: () => UserInput) {}

  /** The error for an app whose key is missing; the first time, also a notification with its buttons. */
  appKey(env: EnvironmentId, app: AppInfo): UserFacingError {
    // An app made in the local sandbox can get new keys from it (the sandbox keeps only hashes).
    const renewable = env === 'local' && app.origin === 'created';
    const notKept =
      env === 'production'
        ? vscode.l10n.t('The production key of app "{0}" was not kept in this editor’s secret storage.', app.name)
        : vscode.l10n.t('The sandbox key of app "{0}" was not kept in this editor’s secret storage.', app.name);
    const remedy = renewable
      ? vscode.l10n.t('Get a new key from the local sandbox (the old one stops working), or add a key you have.')
      : vscode.l10n.t('Add its key again.');
    const message = `${notKept} ${remedy}`;
    const actions = renewable ? [RENEW_SANDBOX_KEY(), ADD_APP_KEY()] : [ADD_APP_KEY()];
    this.tellOnce(`app:${env}:${app.id}`, message, actions);
    return new UserFacingError(message, actions, true);
  }

  /** Words for a wallet whose tokens are missing (the caller marks it disconnected and offers Connect). */
  walletSession(mobile: string): string {
    return vscode.l10n.t(
      'The sign-in of wallet {0} was not kept in this editor’s secret storage. Connect it again to continue.',
      formatMobileForPeople(mobile),
    );
  }

  private tellOnce(key: string, message: string, actions: ErrorAction[]): void {
    if (this.told.has(key)) return;
    this.told.add(key);
    void this.ui()
      .confirm(message, { level: 'warning' }, ...actions.map((action) => action.title))
      .then((choice) => {
        const action = actions.find((candidate) => candidate.title === choice);
        if (action) void vscode.commands.executeCommand(action.command);
      });
  }

  /** After the user fixed it (a new key, a new sign-in), a later loss is news again. */
  forget(env: EnvironmentId, appId: string): void {
    this.told.delete(`app:${env}:${appId}`);
  }
}
