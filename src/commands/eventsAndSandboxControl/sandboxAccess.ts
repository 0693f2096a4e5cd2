import * as vscode from 'vscode';
import { COMMANDS } from '../../common/commandIds';
import { isRecord } from '../../common/isRecord';
import { UserFacingError } from '../../common/userFacingError';
import type { SandboxClient } from '../../sandbox';
import type { SandboxWatch } from '../../localSandbox/sandboxWatch';
import type { CommandDeps } from '../../commandDeps/commandDeps';

/** What the event and sandbox commands work on besides the accounts. */
export interface SandboxCommandDeps extends CommandDeps {
  watch: SandboxWatch;
}

/** The local sandbox (started if need be); the controls exist only in the local environment. */
export async function localSandbox(deps: SandboxCommandDeps): Promise<SandboxClient> {
  if (deps.accounts.env() !== 'local') {
    throw new UserFacingError(vscode.l10n.t('This works on the local sandbox only. Switch to it to use the sandbox controls.'), [
      { title: vscode.l10n.t('Switch Environment'), command: COMMANDS.switchEnvironment },
    ]);
  }
  return deps.watch.instance();
}

/** The wallet a control acts on: the tree node's, else the active wallet of the local environment. */
export function targetMobile(deps: SandboxCommandDeps, argument: unknown): string {
  if (isRecord(argument) && typeof argument.mobile === 'string') return argument.mobile;
  if (typeof argument === 'string') return argument;
  const mobile = deps.accounts.activeWallet('local')?.mobile;
  if (!mobile) {
    throw new UserFacingError(vscode.l10n.t('No wallet is connected. Connect a wallet first.'), [
      { title: vscode.l10n.t('Connect Wallet'), command: COMMANDS.connectWallet },
    ]);
  }
  return mobile;
}

/** A short notice that needs no answer. */
export function notify(deps: CommandDeps, message: string): void {
  void deps.ui().confirm(message, {});
}
