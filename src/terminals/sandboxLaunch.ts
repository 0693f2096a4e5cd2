import * as vscode from 'vscode';
import type { AccountService } from '../auth/accountService';
import type { Logger } from '../common/logger';
import type { LocalSandbox } from '../localSandbox/localSandbox';
import {
  asWalletLaunch,
  isWalletLaunch,
  WALLET_DEBUG_TYPE,
  walletLaunchConfiguration,
  withSandboxEnvironment,
  type LaunchConfiguration,
} from './launchRules';
import { sandboxVariables } from './sandboxVariables';
import { includeAppKey, localSandboxSecrets } from './terminalEnvironment';

/** The configuration's name: what Run and Debug lists and launch.json keeps. */
export function walletLaunchName(): string {
  return vscode.l10n.t('Wallet Console: Launch Node app against the wallet sandbox');
}

/**
 * At launch, a Node configuration marked `"walletSandbox": true` gets the address of the
 * window's local sandbox, the one the Sandbox, Requests and Events views show (started if need
 * be; the port is read then, so it is always current) and, with walletConsole.terminal.includeAppKey
 * on, the app key and wallet token: what terminals get. Every other configuration passes untouched.
 */
export class SandboxLaunchResolver implements vscode.DebugConfigurationProvider {
  constructor(
    private readonly accounts: AccountService,
    private readonly sandbox: LocalSandbox,
    private readonly logger: Logger,
  ) {}

  async resolveDebugConfiguration(
    _folder: vscode.WorkspaceFolder | undefined,
    config: vscode.DebugConfiguration,
  ): Promise<vscode.DebugConfiguration | undefined> {
    if (!isWalletLaunch(config as LaunchConfiguration)) return config;
    let url: string;
    try {
      url = await this.sandbox.url();
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.logger.warn(`Launch "${config.name}": the local sandbox could not start (${reason}).`);
      void vscode.window.showErrorMessage(vscode.l10n.t('The app was not launched: the local sandbox could not start ({0}).', reason));
      return undefined;
    }
    const secrets = includeAppKey() ? await localSandboxSecrets(this.accounts) : {};
    this.logger.info(`Launch "${config.name}" against the local sandbox at ${url}${secrets.appKey ? ' (with the app key)' : ''}.`);
    return withSandboxEnvironment(config as LaunchConfiguration, sandboxVariables(url, secrets)) as vscode.DebugConfiguration;
  }
}

/**
 * The "Wallet Console" entry of Run and Debug's lists. VS Code shows only the first extension's
 * dynamic configurations (and snippets) of a debugger type, js-debug's for `node`, so the
 * configuration is offered under a type of its own, `wallet-sandbox`: its dynamic list (Run and
 * Debug's "Wallet Console…") gives the Node configuration, which the resolver above completes;
 * a configuration of this type is launched as that Node configuration.
 */
export const walletDebugType: vscode.DebugConfigurationProvider = {
  provideDebugConfigurations: () => [walletLaunchConfiguration(walletLaunchName())],
  resolveDebugConfiguration: (_folder, config) => asWalletLaunch(config, walletLaunchName()) as vscode.DebugConfiguration,
};

/**
 * Registers the resolver for `node` (no configurations of its own: js-debug's lists stay as they
 * are) and the `wallet-sandbox` type's lists.
 */
export function registerSandboxLaunch(accounts: AccountService, sandbox: LocalSandbox, logger: Logger): vscode.Disposable {
  return vscode.Disposable.from(
    vscode.debug.registerDebugConfigurationProvider('node', new SandboxLaunchResolver(accounts, sandbox, logger)),
    vscode.debug.registerDebugConfigurationProvider(
      WALLET_DEBUG_TYPE,
      walletDebugType,
      vscode.DebugConfigurationProviderTriggerKind.Dynamic,
    ),
  );
}
