import * as vscode from 'vscode';
import { SANDBOX_STATE_FILE } from '../../localSandbox/localSandbox';

// MCP server definition providers became API in VS Code 1.101; our @types/vscode is 1.100, so
// the parts used are typed here and looked up at run time. 1.100 already has a function of that
// name, but as a proposal that wants another contribution point and fails activation: the
// version decides, not the function's presence. On 1.100 nothing is registered.

export const MCP_PROVIDER_ID = 'walletConsole.sandboxMcp';

export interface McpStdioDefinition {
  label: string;
  command: string;
  args: string[];
  env: Record<string, string | number | null>;
}

interface McpProvider {
  provideMcpServerDefinitions(token: vscode.CancellationToken): Promise<McpStdioDefinition[]>;
}

type McpApi = {
  registerMcpServerDefinitionProvider?: (id: string, provider: McpProvider) => vscode.Disposable;
};
type McpStdioConstructor = new (
  label: string,
  command: string,
  args: string[],
  env: Record<string, string | number | null>,
) => McpStdioDefinition;

/**
 * The agent tools over MCP (stdio), as a process of their own: node (VS Code's own runtime, told
 * to act as Node) on the shipped CLI, on the extension's own state file. One sandbox serves that
 * file: the server uses the one a window serves (or serves it itself, on the port of
 * `walletConsole.sandbox.port`, and the windows then use that one), so an agent and the views
 * see one world.
 */
export function sandboxMcpDefinitions(extensionPath: string, storagePath: string, port: () => number): McpProvider {
  return {
    provideMcpServerDefinitions: async () => {
      const Definition = (vscode as unknown as { McpStdioServerDefinition?: McpStdioConstructor }).McpStdioServerDefinition;
      if (!Definition || !hasMcpDefinitionApi()) return [];
      const cli = vscode.Uri.joinPath(vscode.Uri.file(extensionPath), 'dist', 'sandbox.js').fsPath;
      const storage = vscode.Uri.file(storagePath);
      await vscode.workspace.fs.createDirectory(storage);
      const data = vscode.Uri.joinPath(storage, SANDBOX_STATE_FILE).fsPath;
      return [
        new Definition(
          vscode.l10n.t('Wallet Console sandbox'),
          process.execPath,
          [cli, '--mcp', '--port', String(port()), '--data', data],
          { ELECTRON_RUN_AS_NODE: '1' },
        ),
      ];
    },
  };
}

/** True from VS Code 1.101 on, where MCP server definition providers are stable API. */
export function hasMcpDefinitionApi(version = vscode.version): boolean {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  return major > 1 || (major === 1 && minor >= 101);
}

/** Registers the provider where VS Code has the API; answers with the registration, if any. */
export function registerSandboxMcpServer(provider: McpProvider): vscode.Disposable | undefined {
  const register = (vscode.lm as unknown as McpApi).registerMcpServerDefinitionProvider;
  return hasMcpDefinitionApi() && register ? register.call(vscode.lm, MCP_PROVIDER_ID, provider) : undefined;
}
