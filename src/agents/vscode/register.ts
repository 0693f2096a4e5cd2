import * as vscode from 'vscode';
import type { AccountService } from '../../auth/accountService';
import type { LocalSandbox } from '../../localSandbox/localSandbox';
import type { RequestHistory } from '../../requests/requestHistory';
import { HistoryRecentRequests } from './historyRequests';
import { registerSandboxMcpServer, sandboxMcpDefinitions } from './mcpProvider';
import { contributedToolNames, registerAgentTools } from './registerTools';
import { extensionToolContext } from './toolContext';

export interface AgentDeps {
  accounts: AccountService;
  sandbox: LocalSandbox;
  requests: RequestHistory;
  /** The port from the setting, for the MCP server VS Code starts. */
  sandboxPort: () => number;
}

/** What the extension tests read of the agents' registration (live: it follows the switch). */
export interface Agents {
  readonly tools: ReadonlyMap<string, vscode.LanguageModelTool<unknown>>;
  readonly mcpServerRegistered: boolean;
  mcpDefinitions: ReturnType<typeof sandboxMcpDefinitions>;
}

/**
 * The one switch: our setting, and VS Code's own "turn AI features off" (chat.disableAIFeatures)
 * where this VS Code has that switch (a version without it has no chat to turn off).
 */
export function agentsEnabled(config = vscode.workspace.getConfiguration()): boolean {
  const vsCodeHasSwitch = config.inspect('chat.disableAIFeatures')?.defaultValue !== undefined;
  const aiOff = vsCodeHasSwitch && config.get<boolean>('chat.disableAIFeatures') === true;
  return config.get<boolean>('walletConsole.agents.enabled', true) !== false && !aiOff;
}

/**
 * The language model tools (loaded when an agent first calls one) and, on VS Code 1.101+, the MCP
 * server, while the switch is on; turning it off unregisters both at once.
 */
export function registerAgents(context: vscode.ExtensionContext, deps: AgentDeps): Agents {
  const toolContext = extensionToolContext(deps.accounts, deps.sandbox, new HistoryRecentRequests(deps.requests));
  const names = contributedToolNames(context.extension.packageJSON);
  const mcpDefinitions = sandboxMcpDefinitions(context.extensionPath, context.globalStorageUri.fsPath, deps.sandboxPort);
  let tools: ReadonlyMap<string, vscode.LanguageModelTool<unknown>> = new Map();
  let registrations: vscode.Disposable[] = [];
  let mcpRegistered = false;
  let active = false;
  const apply = (): void => {
    const enabled = agentsEnabled();
    if (enabled === active) return;
    active = enabled;
    if (!enabled) {
      for (const registration of registrations) registration.dispose();
      [tools, registrations, mcpRegistered] = [new Map(), [], false];
      return;
    }
    const registered = registerAgentTools(names, toolContext);
    const mcp = registerSandboxMcpServer(mcpDefinitions);
    [tools, registrations, mcpRegistered] = [registered.tools, [...registered.disposables, ...(mcp ? [mcp] : [])], mcp !== undefined];
  };
  apply();
  context.subscriptions.push(
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration('walletConsole.agents.enabled') || event.affectsConfiguration('chat.disableAIFeatures')) apply();
    }),
    { dispose: () => registrations.forEach((registration) => registration.dispose()) },
  );
  return {
    get tools() {
      return tools;
    },
    get mcpServerRegistered() {
      return mcpRegistered;
    },
    mcpDefinitions,
  };
}
