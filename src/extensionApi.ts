import type * as vscode from 'vscode';
import type { McpStdioDefinition } from './agents/vscode/mcpProvider';
import type { AccountService } from './auth/accountService';
import type { Sandbox } from './sandbox';
import type { UserInput } from './common/userInput';
import type { Views } from './views/register';
import type { SandboxViews } from './views/sandboxViews';
import type { RequestHistory } from './requests/requestHistory';
import type { RequestsView } from './views/requestsView';
import type { FindingsView } from './views/findingsView';
import type { SandboxTerminalEnvironment } from './terminals/terminalEnvironment';

/** What any extension may read: timings, nothing that leads to a secret. */
export interface WalletConsolePublicApi {
  /** Milliseconds spent in activate() (npm run bench reads it). */
  activationMs: number;
  /** Whether the local sandbox has been started; it never is during activation. */
  readonly sandboxStarted: boolean;
  /** Whether it had when activate() returned (npm run bench holds this to false). */
  sandboxStartedAtActivation: boolean;
}

/**
 * The extension's inside, handed out only in extension tests: the account service reaches
 * SecretStorage, so other extensions must never get it.
 */
export interface WalletConsoleApi extends WalletConsolePublicApi {
  accounts: AccountService;
  views: Views;
  /** The Requests view and the history behind it. */
  requests: { history: RequestHistory; view: RequestsView };
  /** The Findings view (the local sandbox's integration review). */
  findingsView: FindingsView;
  sandboxUrl(): Promise<string>;
  /**
   * The in-process local sandbox (started if it was not), for its control methods and for tests
   * to check what the controls did; fails while another process serves it.
   */
  localSandbox(): Promise<Sandbox>;
  /** Stops this window's use of the local sandbox (as closing the window would); the next use starts or finds it again. */
  stopLocalSandbox(): Promise<void>;
  /** The Events and Sandbox views. */
  sandboxViews: SandboxViews;
  /** Replaces the prompts with a scripted stand-in. */
  setUserInput(input: UserInput | undefined): void;
  /** The language model tools as registered, and the MCP server definition (registered on VS Code 1.101+). */
  agents: {
    tools: ReadonlyMap<string, vscode.LanguageModelTool<unknown>>;
    mcpServerRegistered: boolean;
    mcpDefinitions: { provideMcpServerDefinitions(token: vscode.CancellationToken): Promise<McpStdioDefinition[]> };
  };
  /** What new terminals get while the local sandbox is the environment. */
  terminals: Pick<SandboxTerminalEnvironment, 'variables' | 'settled'>;
  /** Where VS Code keeps this extension's files (the secret audit reads them). */
  storagePaths: { globalStorage: string; logs: string };
}

export type TestHooks = Omit<WalletConsoleApi, keyof WalletConsolePublicApi>;

/** The object activate() returns: the test hooks only when VS Code runs extension tests. */
export function exportedApi(
  testing: boolean,
  activationMs: number,
  sandboxStarted: () => boolean,
  hooks: () => TestHooks,
): WalletConsolePublicApi | WalletConsoleApi {
  const visible: WalletConsolePublicApi = {
    activationMs,
    sandboxStartedAtActivation: sandboxStarted(),
    get sandboxStarted() {
      return sandboxStarted();
    },
  };
  return testing ? (Object.defineProperties(hooks(), Object.getOwnPropertyDescriptors(visible)) as WalletConsoleApi) : visible;
}
