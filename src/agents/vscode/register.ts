import * as vscode from 'vscode';
import type { AccountService } from '../../auth/accountService';
import type { LocalSandbox } from '../../localSandbox/localSandbox';
import type { RequestHistory } from '../../requests/requestHistory';
import { HistoryRecentRequests } from './historyRequests';
import { registerSandboxMcpServer, sandboxMcpDefinitions } from './mcpProvider';
import { contributedToolNames, registerAgentTools, toolsBundle } from './registerTools';
import { extensionToolContext } from './toolContext';

export interface AgentDeps {
  accounts: AccountService;
  sandbox: LocalSandbox;
  requests: RequestHistory;
  /** The port from the setting, for the MCP server VS Code starts. */
  sandboxPort: () => number;
}

/** What the extension tests read of the agents' registration. */
export interface Agents {
  tools: ReadonlyMap<string, vscode.LanguageModelTool<unknown>>;
  mcpServerRegistered: boolean;
  mcpDefinitions: ReturnType<typeof sandboxMcpDefinitions>;
}

/** The language model tools (loaded when an agent first calls one) and, on VS Code 1.101+, the MCP server. */
export function registerAgents(context: vscode.ExtensionContext, deps: AgentDeps): Agents {
  const tools = registerAgentTools(
    contributedToolNames(context.extension.packageJSON),
    extensionToolContext(deps.accounts, deps.sandbox, new HistoryRecentRequests(deps.requests)),
    toolsBundle,
  );
  const mcpDefinitions = sandboxMcpDefinitions(context.extensionPath, context.globalStorageUri.fsPath, deps.sandboxPort);
  const mcpRegistration = registerSandboxMcpServer(mcpDefinitions);
  context.subscriptions.push(...tools.disposables, ...(mcpRegistration ? [mcpRegistration] : []));
  return { tools: tools.tools, mcpServerRegistered: mcpRegistration !== undefined, mcpDefinitions };
}
